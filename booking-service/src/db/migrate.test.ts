import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { createLogger } from '../logging/logger.ts';
import { createMailOutbox, stopMailWorker } from '../mail/mail-setup.ts';
import { EVERY_TEST_DB_KIND, type TestDbKind } from '../testing/database-kinds.ts';
import { createTestDatabase, openEmptyTestDb, openTestDb } from '../testing/test-database.ts';
import { waitUntil } from '../testing/wait-until.ts';
import type { DbHandle } from './client.ts';
import {
  ensureSchemaCurrent,
  MIGRATE_COMMAND,
  MIGRATION_LOCK_KEY,
  MIGRATIONS_FOLDER,
  migrate,
  pendingMigrations,
  prepareSchemaAtStart,
  SchemaNotCurrentError,
} from './migrate.ts';

/** The committed migrations' tags, in order. */
async function committedTags(): Promise<string[]> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/** The committed migrations without the last, as a folder the migrator can apply. */
async function migrationsWithoutTheLast(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-but-last-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, -1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/** How many connections to the database wait for an advisory lock. */
async function lockWaiters(client: pg.Client, databaseName: string): Promise<number> {
  const waiting = await client.query<{ count: number }>(
    `select count(*)::int as count from pg_locks l join pg_database d on d.oid = l.database
     where l.locktype = 'advisory' and not l.granted and d.datname = $1`,
    [databaseName],
  );
  return waiting.rows[0]?.count ?? 0;
}

/** A production instance's config as prepareSchemaAtStart reads it; the handle is the test's. */
const PRODUCTION = { isProduction: true, database: loadConfig({}).database };

const rowsOf = async <T>(handle: DbHandle, query: SQL) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** An empty database of this kind. */
async function emptyDatabase(kind: TestDbKind) {
  const { dbHandle, dropDatabase } = await openEmptyTestDb(kind);
  return {
    handle: dbHandle,
    drop: async () => {
      await dbHandle.close();
      await dropDatabase();
    },
  };
}

describe.each(EVERY_TEST_DB_KIND)('the production schema check on %s', (kind) => {
  let tags: string[];
  let butLast: string;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    tags = await committedTags();
    butLast = await migrationsWithoutTheLast();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await rm(butLast, { recursive: true, force: true });
  });

  it('refuses an empty database, naming every migration and the release step', async () => {
    const { handle, drop } = await emptyDatabase(kind);
    cleanups.push(drop);
    expect(await pendingMigrations(handle)).toEqual(tags);
    await expect(ensureSchemaCurrent(handle)).rejects.toBeInstanceOf(SchemaNotCurrentError);
  });

  it('refuses a database missing the last migration and accepts it once migrated, with nothing left to apply', async () => {
    const { handle, drop } = await emptyDatabase(kind);
    cleanups.push(drop);
    await migrate(handle, butLast);
    const last = tags.at(-1)!;

    expect(await pendingMigrations(handle)).toEqual([last]);
    const refusal = await ensureSchemaCurrent(handle).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SchemaNotCurrentError);
    expect((refusal as Error).message).toContain(last);
    expect((refusal as Error).message).toContain(MIGRATE_COMMAND);
    // A production instance starting on it refuses and leaves the schema as it found it.
    await expect(prepareSchemaAtStart(PRODUCTION, handle)).rejects.toBeInstanceOf(
      SchemaNotCurrentError,
    );
    expect(await pendingMigrations(handle)).toEqual([last]);

    expect(await migrate(handle)).toEqual([last]);
    expect(await pendingMigrations(handle)).toEqual([]);
    await expect(ensureSchemaCurrent(handle)).resolves.toBeUndefined();
    await expect(prepareSchemaAtStart(PRODUCTION, handle)).resolves.toBeUndefined();
    expect(await migrate(handle)).toEqual([]);
  });
});

/*
 * N instances, or N release steps, started together on one empty database: without the lock
 * each creates drizzle's schema and table at once and all but one crash (duplicate pg_type).
 * PGlite is one process's database and cannot be shared, so this runs on a real server only.
 */
const SERVER_KINDS = EVERY_TEST_DB_KIND.filter((kind) => kind !== 'pglite');

describe.skipIf(SERVER_KINDS.length > 0)('migrators on one database', () => {
  it.skip('runs on postgres or neon only (TEST_DB_KINDS has neither)', () => {});
});

describe.each(SERVER_KINDS)('migrators on one empty %s database', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A fresh empty database and `count` handles on it, each with its own pool as a process has. */
  async function handlesOnOneDatabase(count: number) {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const handles: DbHandle[] = [];
    for (let i = 0; i < count; i++) {
      const { dbHandle } = await openTestDb(kind, database.url);
      cleanups.push(() => dbHandle.close());
      handles.push(dbHandle);
    }
    return { database, handles };
  }

  it('three at once all resolve, and the schema is built exactly once', async () => {
    const tags = await committedTags();
    const { handles } = await handlesOnOneDatabase(3);

    const applied = await Promise.all(handles.map((handle) => migrate(handle)));

    // One migrator applied everything; the others waited on the lock and found nothing to do.
    expect(applied.filter((tagsApplied) => tagsApplied.length > 0)).toEqual([tags]);
    expect(applied.filter((tagsApplied) => tagsApplied.length === 0)).toHaveLength(2);
    const [reader] = handles;
    expect(
      await rowsOf<{ rows: number; migrations: number }>(
        reader!,
        sql`select count(*)::int as rows, count(distinct hash)::int as migrations
            from drizzle.__drizzle_migrations`,
      ),
    ).toEqual([{ rows: tags.length, migrations: tags.length }]);
    expect(await pendingMigrations(reader!)).toEqual([]);
  });

  it('three instances starting together all start: schema built once, then each its mail queue', async () => {
    const { database, handles } = await handlesOnOneDatabase(3);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATABASE_DRIVER: kind === 'neon' ? 'neon' : 'pg',
    });
    const logger = createLogger({ level: 'silent' });

    const started = await Promise.allSettled(
      handles.map(async (dbHandle) => {
        await prepareSchemaAtStart(config, dbHandle);
        // pg-boss creates its own schema as it starts, on the instance's own pool.
        const mail = await createMailOutbox({ config, dbHandle, logger, maintenance: false });
        await stopMailWorker({ mail });
      }),
    );

    const outcomes = started.map((result) =>
      result.status === 'fulfilled' ? 'started' : String(result.reason),
    );
    expect(outcomes).toEqual(['started', 'started', 'started']);
    const tags = await committedTags();
    expect(
      await rowsOf<{ rows: number }>(
        handles[0]!,
        sql`select count(*)::int as rows from drizzle.__drizzle_migrations`,
      ),
    ).toEqual([{ rows: tags.length }]);
  });

  it('waits while another migrator holds the lock', async () => {
    const { database, handles } = await handlesOnOneDatabase(1);
    // Another release step, mid-way through its transaction.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);

    let settled = false;
    const migrating = migrate(handles[0]!).finally(() => {
      settled = true;
    });
    await waitUntil('the migrator waits for the advisory lock', () =>
      lockWaiters(other, database.name).then((n) => n === 1),
    );
    expect(settled).toBe(false);
    expect(
      await rowsOf<{ name: string | null }>(
        handles[0]!,
        sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
      ),
    ).toEqual([{ name: null }]);

    await other.query('commit');
    expect(await migrating).toEqual(await committedTags());
  });
});
