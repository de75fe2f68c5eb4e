import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Config } from '../config/env.ts';
import { createDb, type DbExecutor, type DbHandle } from './client.ts';

/** The committed drizzle-kit migrations (booking-service/drizzle). */
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/**
 * The advisory lock every migrator takes first, so migrators started together queue and each
 * later one finds nothing left to do. Any fixed number would do; it must never change, or a
 * migrator of the old release and one of the new would not wait for each other.
 */
export const MIGRATION_LOCK_KEY = 4_181_305_507;

/** The release step that brings a production database's schema up to date. */
export const MIGRATE_COMMAND = 'npx -y pnpm@10 --filter booking-service migrate';

/**
 * Applies every committed migration not yet applied, in one transaction behind
 * MIGRATION_LOCK_KEY (PGlite is one connection in one process: it needs no lock), and answers
 * the tags it applied. Safe to run at every start and from several processes at once. Tests of
 * one migration pass a folder holding only the migrations before it, to build the old schema.
 *
 * It keeps drizzle's own migrator's table (drizzle.__drizzle_migrations) and rule (a migration
 * is pending when its journal time is after the last one applied), so databases migrated
 * before keep working; unlike drizzle's, it creates that table inside the locked transaction
 * too, where two migrators on an empty database would otherwise both create it (decision 089).
 */
export async function migrate(
  handle: DbHandle,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<string[]> {
  const journal = readJournal(migrationsFolder);
  const migrations = readMigrationFiles({ migrationsFolder });
  return handle.db.transaction(async (tx) => {
    if (handle.kind !== 'pglite') {
      // Transaction-scoped: released by the commit or rollback, also through a pooler.
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    }
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
      id serial primary key,
      hash text not null,
      created_at bigint
    )`);
    const lastApplied = await lastAppliedAt(tx);
    const applied: string[] = [];
    for (const [index, migration] of migrations.entries()) {
      if (lastApplied !== undefined && migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${migration.hash}, ${migration.folderMillis})`,
      );
      applied.push(journal[index]?.tag ?? String(migration.folderMillis));
    }
    return applied;
  });
}

/**
 * The committed migrations this database has not applied, by tag: the ones `migrate` would
 * apply now. Reads only; an empty database lacks them all.
 */
export async function pendingMigrations(
  handle: DbHandle,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<string[]> {
  const journal = readJournal(migrationsFolder);
  const [table] = await rowsOf<{ name: string | null }>(
    handle.db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  const lastApplied = table?.name ? await lastAppliedAt(handle.db) : undefined;
  return journal
    .filter((entry) => lastApplied === undefined || entry.when > lastApplied)
    .map((entry) => entry.tag);
}

/** The database lacks migrations this release needs; production refuses to start on it. */
export class SchemaNotCurrentError extends Error {
  constructor(readonly pending: string[]) {
    const named = pending.length > 3 ? `${pending[0]} … ${pending.at(-1)}` : pending.join(', ');
    super(
      `The database schema is behind this release: ${pending.length} ` +
        `${pending.length === 1 ? 'migration is' : 'migrations are'} not applied (${named}). ` +
        `Run the release step first:\n  ${MIGRATE_COMMAND}\n` +
        '(it connects to DATABASE_URL_DIRECT, else DATABASE_URL). Instances never migrate in production.',
    );
    this.name = 'SchemaNotCurrentError';
  }
}

/** Throws SchemaNotCurrentError when any committed migration is not applied yet. */
export async function ensureSchemaCurrent(
  handle: DbHandle,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  const pending = await pendingMigrations(handle, migrationsFolder);
  if (pending.length > 0) throw new SchemaNotCurrentError(pending);
}

/**
 * What an instance does with the schema as it starts (server.ts). In production it only
 * checks: the release step migrated, and N instances must not race to. Elsewhere it migrates;
 * on PostgreSQL over a connection of its own (DATABASE_URL_DIRECT, else DATABASE_URL), closed
 * after, as the release step does: an app connection that had waited for the lock while another
 * instance built the schema was seen to keep a stale catalog cache, and pg-boss then failed to
 * create its own schema on it (decision 089).
 */
export async function prepareSchemaAtStart(
  config: Pick<Config, 'isProduction' | 'database'>,
  dbHandle: DbHandle,
): Promise<void> {
  if (config.isProduction) {
    await ensureSchemaCurrent(dbHandle);
    return;
  }
  if (dbHandle.kind === 'pglite') {
    await migrate(dbHandle);
    return;
  }
  const { directUrl, driver } = config.database;
  const own = await createDb({ databaseUrl: directUrl, driver });
  try {
    await migrate(own);
  } finally {
    await own.close();
  }
}

interface JournalEntry {
  tag: string;
  /** drizzle-kit's creation time, which drizzle's migrator records as created_at. */
  when: number;
}

function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

async function lastAppliedAt(executor: DbExecutor): Promise<number | undefined> {
  const [last] = await rowsOf<{ created_at: string | number | null }>(
    executor,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return last?.created_at == null ? undefined : Number(last.created_at);
}

/** Every driver's execute answers an object with rows; only its declared type differs. */
async function rowsOf<T>(executor: DbExecutor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}
