import { smsParts } from '../src/sms/sms-setup.ts';
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';
import { systemClock } from '@tuition/domain';
import pg from 'pg';
import { type AppDeps, roomParts } from '../src/app-deps.ts';
import { startAuth } from '../src/auth/start-auth.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDb } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createLogger } from '../src/logging/logger.ts';
import { createMailOutbox } from '../src/mail/mail-setup.ts';
import { paymentProviderFromConfig } from '../src/payments/provider-from-config.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../src/testing/embedded-postgres.ts';
import { freePort } from '../src/testing/free-port.ts';
import { ensurePgBouncer, type PgBouncer, startPgBouncer } from '../src/testing/pgbouncer.ts';

/*
 * The bench's PostgreSQL (TEST_DATABASE_URL, or an embedded server started here), a fresh
 * database migrated the normal way, and the service's dependencies on it as server.ts builds
 * them (silent logger, content cached for a minute).
 */

export const usingEmbeddedPostgres = !process.env.TEST_DATABASE_URL;

/**
 * BENCH_POOLER=pgbouncer: the app reaches the database through Debian's PgBouncer in transaction
 * mode, as instances reach Neon's pooler (decision 091). BENCH_POOLED=true|false chooses unnamed
 * or named seat reads (default: unnamed through the bouncer, named without it), so the cost of
 * each can be measured on its own.
 */
const throughPgBouncer = process.env.BENCH_POOLER === 'pgbouncer';
const pooled = process.env.BENCH_POOLED ? process.env.BENCH_POOLED === 'true' : throughPgBouncer;

/** How the bench reaches the database, for its report. */
export const benchConnection = `${throughPgBouncer ? 'through PgBouncer (transaction mode)' : 'direct'}, ${pooled ? 'unnamed' : 'named'} seat reads`;

async function startPostgres(): Promise<EmbeddedServer> {
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) return { adminUrl: existing, stop: async () => {} };
  return startEmbeddedPostgres('booking-bench-pg-');
}

export interface BenchDeps {
  deps: AppDeps;
  /** The port the app will listen on (loadConfig needs it for PUBLIC_URL). */
  port: number;
  /** Where the app's connections go (through PgBouncer when the bench uses it). */
  appUrl: string;
  close(): Promise<void>;
}

/** A fresh, migrated database and the app's dependencies on it. */
export async function openBenchDeps(): Promise<BenchDeps> {
  const postgres = await startPostgres();
  const databaseName = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(postgres.adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  let bouncer: PgBouncer | undefined;
  const appUrl = new URL(databaseUrl);
  if (throughPgBouncer) {
    const executable = ensurePgBouncer();
    if ('unavailable' in executable) throw new Error(executable.unavailable);
    bouncer = await startPgBouncer(executable.path, postgres.adminUrl);
    const through = new URL(bouncer.adminUrl);
    appUrl.hostname = through.hostname;
    appUrl.port = through.port;
  }

  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    // Sign-in is measured as production pays for it (decision 120).
    PASSWORD_HASHING: 'standard',
    PORT: String(port),
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_DRIVER: 'pg',
  });
  const direct = await createDb({ databaseUrl: databaseUrl.toString(), driver: 'pg' });
  await migrate(direct);
  await direct.close();
  const dbHandle = await createDb({ databaseUrl: appUrl.toString(), driver: 'pg', pooled });
  const logger = createLogger({ level: 'silent' });
  const content = createContentLoader(contentConfigFromEnv(config.contentEnv), {
    cacheTtlMs: 60_000,
  });
  const mail = await createMailOutbox({ config, dbHandle, logger, maintenance: false });
  const auth = await startAuth({ config, db: dbHandle.db, mail, content, logger });
  const deps: AppDeps = {
    config,
    db: dbHandle.db,
    dbHandle,
    clock: systemClock,
    content,
    logger,
    auth,
    mail,
    payments: paymentProviderFromConfig(config),
    ...roomParts(config, dbHandle.db, () => systemClock),
    ...smsParts(config, dbHandle.db, () => systemClock),
  };
  return {
    deps,
    port,
    appUrl: appUrl.toString(),
    async close() {
      await dbHandle.close();
      await bouncer?.stop();
      await admin.query(`DROP DATABASE ${databaseName} WITH (FORCE)`);
      await admin.end();
      await postgres.stop();
    },
  };
}
