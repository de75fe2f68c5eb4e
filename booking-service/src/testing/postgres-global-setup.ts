import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
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

  const server = await startEmbeddedPostgres('booking-service-pg-');
  project.provide('postgresAdminUrl', server.adminUrl);

  return () => server.stop();
}
