/**
 * One retention run by hand, or a dry run that prints what it would remove:
 *   npx -y pnpm@10 --filter booking-service retention -- --dry-run
 * Uses the same DATABASE_URL (or local PGlite folder), content and TEST_CLOCK as the service.
 */
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';
import { clockFromConfig } from '../clock.ts';
import { loadConfig } from '../config/env.ts';
import { createDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { type RetentionCounts, runRetention } from './retention.ts';

const LABELS: Record<keyof RetentionCounts, string> = {
  enquiries: 'enquiries past the CMS period',
  unverifiedAccounts: 'accounts never verified',
  mailBodies: 'local mailbox message bodies',
  outboxBodies: 'outbox message bodies',
  mailRecords: 'records of mail about someone',
  bookingRecords: "deleted customers' booking records",
  paymentRecords: "deleted customers' payment records",
  deletedAccounts: 'anonymised accounts with nothing left',
  rateLimitRows: 'rate-limit counts idle for over an hour',
};

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const config = loadConfig();
  const handle = await createDb({
    ...(config.database.url ? { databaseUrl: config.database.url } : {}),
    ...(config.database.driver ? { driver: config.database.driver } : {}),
    dataDir: config.database.pgliteDataDir,
  });
  try {
    await migrate(handle);
    const counts = await runRetention(
      {
        db: handle.db,
        clock: clockFromConfig(config),
        content: createContentLoader(contentConfigFromEnv(config.contentEnv)),
      },
      { dryRun },
    );
    console.log(dryRun ? 'Retention dry run: would remove' : 'Retention run: removed');
    for (const [key, label] of Object.entries(LABELS)) {
      console.log(`  ${counts[key as keyof RetentionCounts]} ${label}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
