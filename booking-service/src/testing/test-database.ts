import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createDb, type DbHandle, PGLITE_OPTIONS, pgliteHandle } from '../db/client.ts';
import type { TestDbKind } from './database-kinds.ts';
import { migratedPgliteArchive } from './db-templates.ts';
import { useLocalNeonProxy } from './neon-ws-proxy.ts';

/** A database of its own on the shared test server, dropped again by `drop()`. */
export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function postgresAdminUrl(): string {
  const url = inject('postgresAdminUrl');
  if (!url) {
    throw new Error(
      'No test PostgreSQL: add src/testing/postgres-global-setup.ts to globalSetup, or set TEST_DATABASE_URL',
    );
  }
  return url;
}

/**
 * A database of its own on the test server: empty, or with `migrated` a copy of the run's
 * migrated template (the global setup's), which is what most suites want and far quicker than
 * migrating.
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? inject('postgresTemplate') : undefined;
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}

/**
 * Kills every server connection to a test database, as a failover or admin would; answers the
 * process ids of the backends it signalled.
 */
export async function terminateConnections(databaseName: string): Promise<number[]> {
  const result = await withAdminClient(postgresAdminUrl(), (client) =>
    client.query<{ pid: number }>(
      'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    ),
  );
  return result.rows.map((row) => row.pid);
}

/** How many of these server backends are still running. */
export async function runningBackends(pids: readonly number[]): Promise<number> {
  const result = await withAdminClient(postgresAdminUrl(), (client) =>
    client.query<{ count: number }>(
      'select count(*)::int as count from pg_stat_activity where pid = any($1::int[])',
      [pids],
    ),
  );
  return result.rows[0]?.count ?? 0;
}

async function withAdminClient<T>(adminUrl: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the given kind with every migration applied (a copy of a migrated
 * template), or a handle on `databaseUrl` as it is. Tests of the migrations themselves use
 * `openEmptyTestDb`.
 */
export async function openTestDb(kind: TestDbKind, databaseUrl?: string): Promise<OpenedTestDb> {
  if (kind === 'pglite') {
    const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate() });
    return { dbHandle: pgliteHandle(client), dropDatabase: async () => {} };
  }
  return openServerDb(kind, databaseUrl ?? (await createTestDatabase({ migrated: true })));
}

/** A fresh database of the given kind with no schema at all. */
export async function openEmptyTestDb(kind: TestDbKind): Promise<OpenedTestDb> {
  if (kind === 'pglite') {
    const empty = await pgliteEmptyTemplate();
    const client = empty
      ? await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: empty })
      : await PGlite.create('memory://', PGLITE_OPTIONS);
    return { dbHandle: pgliteHandle(client), dropDatabase: async () => {} };
  }
  return openServerDb(kind, await createTestDatabase());
}

/** An opened test database; `directUrl` is the server's own URL (not through the bouncer). */
export interface OpenedTestDb {
  dbHandle: DbHandle;
  directUrl?: string;
  dropDatabase: () => Promise<void>;
}

async function openServerDb(
  kind: Exclude<TestDbKind, 'pglite'>,
  target: string | TestDatabase,
): Promise<OpenedTestDb> {
  const database = typeof target === 'string' ? undefined : target;
  const url = typeof target === 'string' ? target : target.url;
  if (kind === 'neon') await useLocalNeonProxy();
  const dbHandle =
    kind === 'pgbouncer'
      ? await createDb({ databaseUrl: throughPgBouncer(url), driver: 'pg', pooled: true })
      : await createDb({ databaseUrl: url, driver: kind === 'neon' ? 'neon' : 'pg' });
  return { dbHandle, directUrl: url, dropDatabase: async () => database?.drop() };
}

/**
 * The URL of a database on the test server as reached through the run's PgBouncer (transaction
 * mode): same user, password and database, the bouncer's host and port.
 */
export function throughPgBouncer(databaseUrl: string): string {
  const bouncer = inject('pgbouncer');
  if (!bouncer?.adminUrl) {
    throw new Error(
      `No PgBouncer for the pgbouncer kind: ${bouncer?.unavailable ?? 'the global setup started none (is pgbouncer in TEST_DB_KINDS?)'}`,
    );
  }
  const url = new URL(databaseUrl);
  const through = new URL(bouncer.adminUrl);
  url.hostname = through.hostname;
  url.port = through.port;
  return url.toString();
}

let template: Promise<Blob> | undefined;
let emptyTemplate: Promise<Blob | undefined> | undefined;

/**
 * The migrated PGlite data directory every pglite test app starts from: the run's archive
 * (written once by the global setup), or, without one, made once in this worker.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = inject('pgliteTemplateFile');
    return file ? new Blob([await readFile(file)]) : migratedPgliteArchive();
  })();
  return template;
}

/**
 * The empty PGlite data directory the migration tests start from: the run's archive, read once
 * per worker; undefined without one (initdb then runs for each).
 */
function pgliteEmptyTemplate(): Promise<Blob | undefined> {
  emptyTemplate ??= (async () => {
    const file = inject('pgliteEmptyTemplateFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return emptyTemplate;
}
