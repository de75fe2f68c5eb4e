import { CREDIT_EXPIRY_WARNING_DAYS } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { creditExpiryNotices, creditLots, user } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import type { Config } from '../config/env.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { lockWallet, recordExpiry } from '../credit/credit-ledger.ts';
import { creditExpiryWarningEmail } from './wallet-emails.ts';

/*
 * Credit that lapses (docs/decisions/077): each lot's unused sessions expire at its expiry
 * instant, by the app clock, with an `expire` entry; the family is e-mailed 14 and 3 days
 * before. Like the reminders (decision 056), a sweep by the app clock on one instance per
 * occurrence (decision 095); each lot's expiry also runs under its wallet lock and leaves
 * nothing to expire twice, and each warning is decided once by its (lot, days) row.
 */

export interface CreditExpiryDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Config;
  mail: MailOutbox;
}

/** How often the service looks for credit to expire or warn about. */
export const CREDIT_EXPIRY_SWEEP_MS = 60_000;

const DAY_MS = 24 * 60 * 60_000;

/** Expires every lot whose time has come; answers the sessions that lapsed. */
export async function expireDueCredit(deps: CreditExpiryDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: creditLots.id, userId: creditLots.userId })
    .from(creditLots)
    .where(and(gt(creditLots.remaining, 0), lte(creditLots.expiresAt, now)))
    .orderBy(asc(creditLots.expiresAt))
    .limit(500);
  let lapsed = 0;
  for (const lot of due) {
    lapsed += await deps.db.transaction(async (tx) => {
      await lockWallet(tx, lot.userId);
      return recordExpiry(tx, lot.id, now);
    });
  }
  return lapsed;
}

/**
 * Queues the warnings that fell due: each lot with credit left is warned once when it lapses
 * within 14 days and once more within 3. A lot first found inside 3 days (a grant that short,
 * or a service that was down) gets one warning, not two at once. Answers the e-mails queued.
 */
export async function warnOfLapsingCredit(deps: CreditExpiryDeps): Promise<number> {
  const now = deps.clock.now();
  const brand = await mailBrand(deps);
  let sent = 0;
  // Latest warning first, so a lot found inside 3 days is warned once, not twice at once.
  for (const days of [...CREDIT_EXPIRY_WARNING_DAYS].sort((a, b) => a - b)) {
    const horizon = new Date(now.getTime() + days * DAY_MS);
    const lots = await deps.db
      .select({
        id: creditLots.id,
        name: creditLots.name,
        remaining: creditLots.remaining,
        expiresAt: creditLots.expiresAt,
        email: user.email,
        customerName: user.name,
        deletedAt: user.deletedAt,
      })
      .from(creditLots)
      .innerJoin(user, eq(user.id, creditLots.userId))
      .where(
        and(
          gt(creditLots.remaining, 0),
          gt(creditLots.expiresAt, now),
          lte(creditLots.expiresAt, horizon),
          // No warning this close to the lapse was queued for the lot yet.
          sql`(${days}::int < all (select n.days_before from ${creditExpiryNotices} n where n.lot_id = ${creditLots.id}))`,
        ),
      )
      .limit(500);
    for (const lot of lots) {
      sent += await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(creditExpiryNotices)
          .values({ lotId: lot.id, daysBefore: days, sentAt: now })
          .onConflictDoNothing()
          .returning({ lotId: creditExpiryNotices.lotId });
        if (!claimed || lot.deletedAt) return 0;
        await deps.mail.enqueue(
          creditExpiryWarningEmail(brand, {
            to: lot.email,
            name: lot.customerName,
            lotName: lot.name,
            remaining: lot.remaining,
            expiresAt: lot.expiresAt,
          }),
          { tx },
        );
        return 1;
      });
    }
  }
  return sent;
}

/**
 * The warnings and the expiry once a minute by the app clock. Card refunds the provider has not
 * taken yet are a job of their own (payments/), so a slow provider never delays the expiry.
 */
export function creditExpiryJob(deps: CreditExpiryDeps & { logger: Logger }): ScheduledJob {
  const log = deps.logger.child({ component: 'credit-expiry' });
  return {
    name: 'credit-expiry',
    intervalMs: CREDIT_EXPIRY_SWEEP_MS,
    onClockMove: true,
    failureMessage: 'credit expiry failed; trying again next time',
    async run() {
      const warned = await warnOfLapsingCredit(deps);
      const lapsed = await expireDueCredit(deps);
      if (warned > 0 || lapsed > 0) log.info({ warned, lapsed }, 'credit expiry run');
    },
  };
}
