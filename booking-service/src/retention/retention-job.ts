import { PgBoss } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import { pgBossDatabase } from '../mail/outbox.ts';
import { type RetentionDeps, runRetention } from './retention.ts';

/*
 * The daily retention run (docs/decisions/058), from the Postgres job queue: pg-boss's cron
 * creates one job per day however many instances are running (its schedule is a row in the
 * database, and each occurrence is sent once), one instance works it, and a failed run is
 * retried. The run itself takes an advisory lock and only deletes what has expired, so a
 * second run the same day finds nothing.
 */

export const RETENTION_QUEUE = 'retention';
/** 03:30 London: after the evening classes and before anyone books in the morning. */
export const RETENTION_CRON = '30 3 * * *';

export interface RetentionSchedule {
  stop(): Promise<void>;
}

export async function scheduleRetention(
  deps: RetentionDeps & { dbHandle: DbHandle; logger: Logger },
): Promise<RetentionSchedule> {
  const log = deps.logger.child({ component: 'retention' });
  const boss = new PgBoss({
    db: pgBossDatabase(deps.dbHandle),
    backend: deps.dbHandle.kind === 'pglite' ? 'pglite' : 'postgres',
    // The mail outbox's pg-boss supervises and migrates; this one only runs the cron.
    supervise: false,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'retention queue error'));
  await boss.start();
  await boss.createQueue(RETENTION_QUEUE, { retryLimit: 3, retryDelay: 600, retryBackoff: true });
  await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, null, { tz: 'Europe/London' });
  await boss.work(RETENTION_QUEUE, async () => {
    const counts = await runRetention(deps, { dryRun: false });
    log.info({ counts }, 'retention run removed expired data');
  });
  return {
    async stop() {
      await boss.stop({ graceful: true, close: false, timeout: 5_000 });
    },
  };
}
