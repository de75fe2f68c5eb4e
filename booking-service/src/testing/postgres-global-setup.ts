import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { ensurePgBouncer, startPgBouncer } from './pgbouncer.ts';
import { createMigratedTemplate, writePgliteTemplates } from './db-templates.ts';
import { testSettings } from './test-settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL (database "postgres") of the server the postgres and neon kinds use. */
    postgresAdminUrl: string | undefined;
    /**
     * A database on that server with every migration applied, which test databases are
     * created from (`create database … template …`) instead of migrating each one.
     */
    postgresTemplate: string | undefined;
    /**
     * A file holding the data directory of a PGlite with every migration applied, which each
     * pglite test app starts from (made once per run, not once per test file).
     */
    pgliteTemplateFile: string | undefined;
    /** The same for a PGlite with no schema at all, for tests of the migrations themselves. */
    pgliteEmptyTemplateFile: string | undefined;
    /**
     * The pgbouncer kind's PgBouncer in front of that server (its admin URL through the
     * bouncer), or why there is none; undefined when no suite asks for it.
     */
    pgbouncer: { adminUrl?: string; unavailable?: string } | undefined;
  }
}

/**
 * vitest globalSetup: a migrated PGlite data directory for the pglite kind; one PostgreSQL
 * server per test run, unless TEST_DATABASE_URL names one or no suite runs on
 * postgres/neon/pgbouncer, with a migrated template database; and one PgBouncer in front of it
 * when a suite may run on pgbouncer. Each test app then starts from a copy of a template.
 */
export default async function setup(project: TestProject) {
  const kinds = new Set([
    ...testSettings.dbKinds,
    ...testSettings.everyDbKind,
    ...testSettings.coreDbKinds,
    ...testSettings.moneyDbKinds,
    ...testSettings.poolerSuiteDbKinds,
  ]);
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops) await stop();
  };
  project.provide('pgbouncer', undefined);
  project.provide('postgresTemplate', undefined);
  project.provide('pgliteTemplateFile', undefined);
  project.provide('pgliteEmptyTemplateFile', undefined);
  if (kinds.has('pglite')) {
    const templates = await writePgliteTemplates();
    stops.push(templates.remove);
    project.provide('pgliteTemplateFile', templates.migratedFile);
    project.provide('pgliteEmptyTemplateFile', templates.emptyFile);
  }
  if (!kinds.has('postgres') && !kinds.has('neon') && !kinds.has('pgbouncer')) {
    project.provide('postgresAdminUrl', undefined);
    return stopAll;
  }

  let adminUrl = testSettings.databaseUrl;
  if (!adminUrl) {
    const server = await startEmbeddedPostgres('booking-service-pg-');
    stops.push(() => server.stop());
    adminUrl = server.adminUrl;
  }
  project.provide('postgresAdminUrl', adminUrl);

  // Migrated once here: a test database is then a copy of it (a fraction of the migrations'
  // time, paid by every test app of the postgres, neon and pgbouncer kinds).
  const template = await createMigratedTemplate(adminUrl);
  stops.unshift(() => template.drop());
  project.provide('postgresTemplate', template.name);

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

  return stopAll;
}
