import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Pool as NeonPool, neonConfig } from '@neondatabase/serverless';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNeon } from 'drizzle-orm/neon-serverless';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import ws from 'ws';
import type { DbKind } from '../config/env.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** The drizzle database every feature codes against; PGlite, node-postgres and Neon all satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** An open drizzle transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A database or an open transaction: reads that must also work inside a transaction take this. */
export type DbExecutor = Database | Transaction;

export type { DbKind };

export interface DbHandle {
  db: Database;
  kind: DbKind;
  /** One round trip to the database; rejects when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL with $1.. parameters; the shape pg-boss's `db` option expects. */
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's IDatabase contract returns untyped rows
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface CreateDbOptions {
  databaseUrl?: string;
  driver?: DbKind;
  /** PGlite only: a folder, or 'memory://' for a throw-away in-memory database. */
  dataDir?: string;
  /**
   * The URL reaches the database through a transaction pooler (DATABASE_POOLED), which hands
   * each transaction whichever server connection is free: no named statements then (decision
   * 091). Default: isTransactionPoolerUrl(databaseUrl).
   */
  pooled?: boolean;
  /** pg and Neon only: the pool's size (default 10) and its name in pg_stat_activity. */
  pool?: { max?: number; applicationName?: string };
}

export const DEFAULT_PGLITE_DIR = '.data/pglite';

/** The job queue's connections per instance: one worker's fetches and settles, and upkeep. */
export const JOB_QUEUE_POOL_SIZE = 4;
/** How the job queue's connections show in pg_stat_activity. */
export const JOB_QUEUE_APPLICATION_NAME = 'booking-service job queue';

/**
 * The connections pg-boss works the queues on (docs/decisions/097): the direct URL when
 * DATABASE_URL goes elsewhere (a pooler), so the queue's polling and upkeep never take the
 * pooler's connections from requests; else the app's own handle. Jobs are still queued on the
 * app's connection, inside the transaction of the change that causes them.
 */
export async function openJobQueueDb(
  database: { url: string | undefined; directUrl: string | undefined; driver: DbKind | undefined },
  app: DbHandle,
): Promise<DbHandle> {
  if (!database.url || !database.directUrl || database.directUrl === database.url) return app;
  return createDb({
    databaseUrl: database.directUrl,
    ...(database.driver ? { driver: database.driver } : {}),
    pooled: false,
    pool: { max: JOB_QUEUE_POOL_SIZE, applicationName: JOB_QUEUE_APPLICATION_NAME },
  });
}

/** Which driver a configuration selects: explicit driver, else a Neon host, else pg, else PGlite. */
export function chooseDbKind(opts: CreateDbOptions): DbKind {
  if (opts.driver) return opts.driver;
  if (!opts.databaseUrl) return 'pglite';
  return isNeonUrl(opts.databaseUrl) ? 'neon' : 'pg';
}

export function isNeonUrl(databaseUrl: string): boolean {
  try {
    return new URL(databaseUrl).hostname.endsWith('.neon.tech');
  } catch {
    return false;
  }
}

/**
 * Whether a URL names a transaction pooler by itself: Neon's pooled endpoint (an `-pooler`
 * host) or a `pgbouncer=true` parameter (the convention Prisma and Supabase use). Any other
 * pooler is declared with DATABASE_POOLED=true.
 */
export function isTransactionPoolerUrl(databaseUrl: string): boolean {
  try {
    const url = new URL(databaseUrl);
    if (url.searchParams.get('pgbouncer') === 'true') return true;
    return isNeonUrl(databaseUrl) && url.hostname.split('.')[0]!.endsWith('-pooler');
  } catch {
    return false;
  }
}

/** Databases reached through a transaction pooler (createDb's `pooled`). */
const pooledDatabases = new WeakSet<Database>();

/**
 * The name to prepare a statement under on `db`: `name` on a direct connection, where the
 * server keeps the plan for the connection's life; '' (the protocol's unnamed statement, parsed
 * with each execution) through a transaction pooler, whose next transaction may run on a server
 * connection that never saw the name, or one that already has it (decision 091).
 */
export function preparedStatementName(db: Database, name: string): string {
  return pooledDatabases.has(db) ? '' : name;
}

export async function createDb(opts: CreateDbOptions = {}): Promise<DbHandle> {
  const kind = chooseDbKind(opts);
  if (kind === 'pglite') return createPgliteDb(opts.dataDir ?? DEFAULT_PGLITE_DIR);
  if (!opts.databaseUrl) throw new Error(`DATABASE_URL is required for the ${kind} driver`);
  const handle =
    kind === 'neon'
      ? await createNeonDb(opts.databaseUrl, opts.pool)
      : await createNodePgDb(opts.databaseUrl, opts.pool);
  if (opts.pooled ?? isTransactionPoolerUrl(opts.databaseUrl)) pooledDatabases.add(handle.db);
  return handle;
}

async function createPgliteDb(dataDir: string): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  return pgliteHandle(await PGlite.create(dataDir, PGLITE_OPTIONS));
}

/**
 * The extensions the migrations create, which PGlite loads only when asked: pg_trgm for the
 * admin's name and address search (docs/decisions/075). Every PGlite the service opens uses these.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** Wraps an open PGlite (e.g. a clone of a migrated template, in tests) as a DbHandle. */
export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async executeSql(text, values) {
      // pg-boss sends multi-statement scripts without parameters; only `exec` runs those.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/** Errors on idle pooled connections (server restart, terminated backend) must not crash the process. */
function ignoreIdleClientErrors(pool: {
  on(event: 'error', listener: (err: Error) => void): unknown;
}) {
  pool.on('error', () => {
    // The pool drops the broken client and opens a fresh one on the next query; /api/health reports outages.
  });
}

const POOL_OPTIONS = {
  max: 10,
  // Fail fast while the database is unreachable, so health checks and requests answer instead of hanging.
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
};

/** The pool's options: POOL_OPTIONS with CreateDbOptions' size and name. */
function poolOptions(connectionString: string, pool: CreateDbOptions['pool'] = {}) {
  return {
    connectionString,
    ...POOL_OPTIONS,
    ...(pool.max === undefined ? {} : { max: pool.max }),
    ...(pool.applicationName === undefined ? {} : { application_name: pool.applicationName }),
  };
}

async function createNodePgDb(
  connectionString: string,
  options?: CreateDbOptions['pool'],
): Promise<DbHandle> {
  const pool = new pg.Pool(poolOptions(connectionString, options));
  ignoreIdleClientErrors(pool);
  const db = drizzleNodePg({ client: pool, schema });
  return poolHandle('pg', db, pool);
}

async function createNeonDb(
  connectionString: string,
  options?: CreateDbOptions['pool'],
): Promise<DbHandle> {
  // Node has a global WebSocket from v22, but `ws` is the constructor Neon documents and tests use.
  neonConfig.webSocketConstructor ??= ws;
  const pool = new NeonPool(poolOptions(connectionString, options));
  ignoreIdleClientErrors(pool);
  const db = drizzleNeon({ client: pool, schema });
  return poolHandle('neon', db, pool);
}

type SqlResult = { rows: Record<string, unknown>[] };

interface QueryablePool {
  query(text: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

function poolHandle(kind: 'pg' | 'neon', db: Database, pool: QueryablePool): DbHandle {
  let closed = false;
  return {
    db,
    kind,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as SqlResult | SqlResult[];
      // A multi-statement script answers with one result per statement.
      if (Array.isArray(result)) return { rows: result.at(-1)?.rows ?? [] };
      return { rows: result.rows };
    },
  };
}
