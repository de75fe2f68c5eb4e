import { smsParts } from '../sms/sms-setup.ts';
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';
import { fixedClock, systemClock } from '@tuition/domain';
import { type AppDeps, roomParts } from '../app-deps.ts';
import { createApp } from '../app.ts';
import { startAuth } from '../auth/start-auth.ts';
import { loadConfig } from '../config/env.ts';
import { openJobQueueDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger, type Logger } from '../logging/logger.ts';
import { createMailOutbox, stopMailWorker } from '../mail/mail-setup.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { paymentProviderFromConfig } from '../payments/provider-from-config.ts';
import { TEST_DB_KINDS, type TestDbKind } from './database-kinds.ts';
import { openTestDb, throughPgBouncer } from './test-database.ts';

export interface TestAppOptions {
  /** Fixed "now" (ISO instant) for every booking rule; default the real clock. */
  now?: string;
  /** Default: the run's first kind, TEST_DB_KINDS[0] (PostgreSQL unless chosen otherwise). */
  dbKind?: TestDbKind;
  /** Extra environment for loadConfig (NODE_ENV defaults to 'test'). */
  env?: Partial<Record<string, string>>;
  /**
   * postgres/neon only: use this database instead of a fresh one (e.g. one reached through a
   * TcpProxy). The caller owns it; it is not dropped on close.
   */
  databaseUrl?: string;
  /** Capture logs (default: a logger at LOG_LEVEL, silent under NODE_ENV=test). */
  logger?: Logger;
  /** Replaces the local mailbox (e.g. a mailer that fails, to exercise retries). */
  mailer?: Mailer;
  /** Replaces the configured payment provider (e.g. Stripe pointed at a recording server). */
  payments?: PaymentProvider;
  /**
   * pgbouncer only: pg-boss works the queue on the database's direct URL, as server.ts does
   * when DATABASE_URL_DIRECT differs from DATABASE_URL (docs/decisions/097).
   */
  jobQueueOnDirectUrl?: boolean;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated database of the chosen kind. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  // A suite that names no kind runs on the run's first (PostgreSQL unless TEST_DB_KINDS says):
  // a fresh PostgreSQL database costs about 0.4 s a test, a PGlite one 1.6 s (decision 120).
  const kind = opts.dbKind ?? TEST_DB_KINDS[0] ?? 'pglite';
  const config = loadConfig({ NODE_ENV: 'test', ...opts.env });
  const { dbHandle, directUrl, dropDatabase } = await openTestDb(kind, opts.databaseUrl);
  try {
    await migrate(dbHandle);
  } catch (error) {
    await dbHandle.close();
    await dropDatabase();
    throw error;
  }

  const logger = opts.logger ?? createLogger({ level: config.logLevel });
  const content = createContentLoader(contentConfigFromEnv(config.contentEnv));
  const queueHandle =
    opts.jobQueueOnDirectUrl && kind === 'pgbouncer' && directUrl
      ? await openJobQueueDb(
          { url: throughPgBouncer(directUrl), directUrl, driver: 'pg' },
          dbHandle,
        )
      : dbHandle;
  // No background timers in tests: mail goes out when a test calls deliverPendingMail().
  const mail = await createMailOutbox({
    config,
    dbHandle,
    queueHandle,
    logger,
    maintenance: false,
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
  });
  const auth = await startAuth({ config, db: dbHandle.db, mail, content, logger });
  const deps: AppDeps = {
    config,
    db: dbHandle.db,
    dbHandle,
    clock: opts.now ? fixedClock(opts.now) : systemClock,
    content,
    logger,
    auth,
    mail,
    payments: opts.payments ?? paymentProviderFromConfig(config),
    ...roomParts(config, dbHandle.db, () => deps.clock),
    ...smsParts(config, dbHandle.db, () => deps.clock),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    async close() {
      await stopMailWorker(deps);
      if (queueHandle !== dbHandle) await queueHandle.close();
      await dbHandle.close();
      await dropDatabase();
    },
  };
}
