import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { ensurePgBouncer, startPgBouncer } from './pgbouncer.ts';
import { testSettings } from './test-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL (database "postgres") of the server the postgres and neon kinds use. */
    postgresAdminUrl: string | undefined;
    /**
     * The pgbouncer kind's PgBouncer in front of that server (its admin URL through the
     * bouncer), or why there is none; undefined when no suite asks for it.
     */
    pgbouncer: { adminUrl?: string; unavailable?: string } | undefined;
  }
}

/**
 * vitest globalSetup: one PostgreSQL server per test run, unless TEST_DATABASE_URL names one
 * or no suite runs on postgres/neon/pgbouncer, and one PgBouncer in front of it when a suite
 * may run on pgbouncer. Each test app then creates its own database on the server.
 */
export default async function setup(project: TestProject) {
  const kinds = new Set([...testSettings.dbKinds, ...testSettings.poolerSuiteDbKinds]);
  project.provide('pgbouncer', undefined);
  if (!kinds.has('postgres') && !kinds.has('neon') && !kinds.has('pgbouncer')) {
    project.provide('postgresAdminUrl', undefined);
    return;
  }

  const stops: Array<() => Promise<void>> = [];
  let adminUrl = testSettings.databaseUrl;
  if (!adminUrl) {
    const server = await startEmbeddedPostgres('booking-service-pg-');
    stops.push(() => server.stop());
    adminUrl = server.adminUrl;
  }
  project.provide('postgresAdminUrl', adminUrl);

  if (kinds.has('pgbouncer')) {
    const executable = ensurePgBouncer();
    const bouncer =
      'path' in executable
        ? await startPgBouncer(executable.path, adminUrl).catch((error: Error) => ({
            unavailable: `pgbouncer did not start: ${error.message}`,
          }))
        : executable;
    if ('stop' in bouncer) {
      stops.unshift(() => bouncer.stop());
      project.provide('pgbouncer', { adminUrl: bouncer.adminUrl });
    } else {
      console.warn(`[pgbouncer] the pgbouncer kind is skipped: ${bouncer.unavailable}`);
      project.provide('pgbouncer', { unavailable: bouncer.unavailable });
    }
  }

  return async () => {
    for (const stop of stops) await stop();
  };
}
