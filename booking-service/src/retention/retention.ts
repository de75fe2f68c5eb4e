import type { ContentLoader } from '@tuition/content';
import { type RetentionCutoffs, retentionCutoffs, retentionPeriods } from '@tuition/domain';
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bookings, checkouts, enquiries, user } from '../db/schema.ts';
import { removeIdleRateLimits } from '../http/rate-limit.ts';
import { eraseExpiredMailBodies } from '../your-data/mail-bodies.ts';

/*
 * Retention (docs/decisions/058): what the privacy policy promises to remove, removed; the
 * periods and their cut-offs are domain rules (`retentionPeriods`, `retentionCutoffs`). One run
 * deletes enquiries past the CMS period, accounts never verified after 30 days, e-mail bodies
 * after 90 days, and deleted customers' anonymised booking and payment records 7 years after
 * payment, and rate-limit counts idle for longer than any limit looks back (keyed by hashed
 * addresses, but still a trace of who did what). A dry run does the same work in a transaction
 * it rolls back, so its counts are exactly what a real run would remove and it changes nothing.
 */

export interface RetentionDeps {
  db: Database;
  clock: Clock;
  content: Pick<ContentLoader, 'siteSettings'>;
}

export interface RetentionCounts {
  enquiries: number;
  unverifiedAccounts: number;
  mailBodies: number;
  outboxBodies: number;
  bookingRecords: number;
  paymentRecords: number;
  deletedAccounts: number;
  rateLimitRows: number;
}

class DryRunRollback extends Error {}

/** One retention pass; `dryRun` reports the same counts and changes nothing. */
export async function runRetention(
  deps: RetentionDeps,
  options: { dryRun: boolean },
): Promise<RetentionCounts> {
  const periods = retentionPeriods((await deps.content.siteSettings()).enquiryRetentionMonths);
  const cutoffs = retentionCutoffs(deps.clock.now(), periods);
  let counts: RetentionCounts | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      // Instances running the job at once take turns; the second finds nothing left to do.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('retention'))`);
      counts = await removeExpired(tx, cutoffs);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!counts) throw new Error('retention run produced no counts');
  return counts;
}

async function removeExpired(tx: Transaction, cutoffs: RetentionCutoffs): Promise<RetentionCounts> {
  const oldEnquiries = await tx
    .delete(enquiries)
    .where(lt(enquiries.createdAt, cutoffs.enquiries))
    .returning({ id: enquiries.id });

  // Never verified, older than the period, and nothing booked or paid (such an account, rare,
  // is kept for its records). Its sessions, credentials and pupils go with it (cascades).
  const unverified = await tx
    .delete(user)
    .where(
      and(
        eq(user.emailVerified, false),
        isNull(user.deletedAt),
        lt(user.createdAt, cutoffs.unverifiedAccounts),
        notExists(tx.select().from(checkouts).where(eq(checkouts.userId, user.id))),
        notExists(tx.select().from(bookings).where(eq(bookings.userId, user.id))),
      ),
    )
    .returning({ id: user.id });

  const mail = await eraseExpiredMailBodies(tx, cutoffs.mailBodies);
  const records = await purgeAnonymisedRecords(tx, cutoffs.bookingRecords);
  // Wall-clock time, as the limits themselves count (http/rate-limit.ts), not the booking clock.
  const rateLimitRows = await removeIdleRateLimits(tx, Date.now());

  return {
    enquiries: oldEnquiries.length,
    unverifiedAccounts: unverified.length,
    mailBodies: mail.mailbox,
    outboxBodies: mail.outbox,
    ...records,
    rateLimitRows,
  };
}

/**
 * Deleted customers' payments older than the cutoff, with every booking they paid for (moves
 * included: a moved seat keeps its checkout), and bookings without a payment older than the
 * cutoff; then the anonymised account itself once nothing of it is left.
 */
async function purgeAnonymisedRecords(tx: Transaction, cutoff: Date) {
  const deletedOwner = (column: typeof checkouts.userId | typeof bookings.userId) =>
    inArray(column, tx.select({ id: user.id }).from(user).where(isNotNull(user.deletedAt)));
  const expiredPayments = await tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        deletedOwner(checkouts.userId),
        lt(sql`coalesce(${checkouts.paidAt}, ${checkouts.createdAt})`, cutoff),
      ),
    );
  const paymentIds = expiredPayments.map((row) => row.id);
  const bookingRows = await tx
    .delete(bookings)
    .where(
      and(
        deletedOwner(bookings.userId),
        or(
          paymentIds.length > 0 ? inArray(bookings.checkoutId, paymentIds) : sql`false`,
          and(isNull(bookings.checkoutId), lt(bookings.createdAt, cutoff)),
        ),
      ),
    )
    .returning({ id: bookings.id });
  const paymentRows =
    paymentIds.length > 0
      ? await tx
          .delete(checkouts)
          .where(
            and(
              inArray(checkouts.id, paymentIds),
              notExists(tx.select().from(bookings).where(eq(bookings.checkoutId, checkouts.id))),
            ),
          )
          .returning({ id: checkouts.id })
      : [];
  const emptied = await tx
    .delete(user)
    .where(
      and(
        isNotNull(user.deletedAt),
        notExists(tx.select().from(checkouts).where(eq(checkouts.userId, user.id))),
        notExists(tx.select().from(bookings).where(eq(bookings.userId, user.id))),
      ),
    )
    .returning({ id: user.id });
  return {
    bookingRecords: bookingRows.length,
    paymentRecords: paymentRows.length,
    deletedAccounts: emptied.length,
  };
}
