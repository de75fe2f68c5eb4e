import type { ContentLoader } from '@tuition/content';
import { type RetentionCutoffs, retentionCutoffs, retentionPeriods } from '@tuition/domain';
import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bookings, checkouts, enquiries, user } from '../db/schema.ts';
import { removeIdleRateLimits } from '../http/rate-limit.ts';
import {
  eraseExpiredMailBodies,
  MAIL_RETENTION_BATCH_SIZE,
  type MailRetentionCounts,
} from '../your-data/mail-bodies.ts';

/*
 * Retention (docs/decisions/058): what the privacy policy promises to remove, removed; the
 * periods and their cut-offs are domain rules (`retentionPeriods`, `retentionCutoffs`). One run
 * deletes enquiries past the CMS period, accounts never verified after 30 days, e-mail bodies
 * after 90 days, and deleted customers' anonymised booking and payment records 7 years after
 * payment, and rate-limit counts idle for longer than any limit looks back (keyed by hashed
 * addresses, but still a trace of who did what). A dry run does the same work in a transaction
 * it rolls back, so its counts are exactly what a real run would remove and it changes nothing.
 * A real run removes the records in one transaction and the mail in batches, each its own
 * transaction under the same advisory lock (docs/decisions/076).
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
  /** Recipient records of mail about someone, deleted with that mail (docs/decisions/076). */
  mailRecords: number;
  bookingRecords: number;
  paymentRecords: number;
  deletedAccounts: number;
  rateLimitRows: number;
}

class DryRunRollback extends Error {}

/** Instances running the job at once take turns; the second finds nothing left to do. */
const takeRetentionLock = (tx: Transaction) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('retention'))`);

/**
 * One retention pass; `dryRun` reports the same counts and changes nothing. Mail, the one
 * backlog that can run to many thousands of rows, is erased in batches of `batchSize`
 * (MAIL_RETENTION_BATCH_SIZE by default), each committed on its own (docs/decisions/076).
 */
export async function runRetention(
  deps: RetentionDeps,
  options: { dryRun: boolean; batchSize?: number },
): Promise<RetentionCounts> {
  const periods = retentionPeriods((await deps.content.siteSettings()).enquiryRetentionMonths);
  const cutoffs = retentionCutoffs(deps.clock.now(), periods);
  const batchSize = options.batchSize ?? MAIL_RETENTION_BATCH_SIZE;
  if (!options.dryRun) {
    const records = await deps.db.transaction(async (tx) => {
      await takeRetentionLock(tx);
      return removeExpiredRecords(tx, cutoffs);
    });
    const mail = await eraseExpiredMailBodies(deps.db, cutoffs.mailBodies, {
      batchSize,
      runBatch: (work) =>
        deps.db.transaction(async (tx) => {
          await takeRetentionLock(tx);
          return work(tx);
        }),
    });
    return withMail(records, mail);
  }
  // The dry run does it all in one transaction, rolled back, so its counts are exact.
  let counts: RetentionCounts | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      await takeRetentionLock(tx);
      const records = await removeExpiredRecords(tx, cutoffs);
      counts = withMail(
        records,
        await eraseExpiredMailBodies(tx, cutoffs.mailBodies, { batchSize }),
      );
      throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!counts) throw new Error('retention run produced no counts');
  return counts;
}

type RecordCounts = Omit<RetentionCounts, 'mailBodies' | 'outboxBodies' | 'mailRecords'>;

const withMail = (records: RecordCounts, mail: MailRetentionCounts): RetentionCounts => ({
  ...records,
  mailBodies: mail.mailbox,
  outboxBodies: mail.outbox,
  mailRecords: mail.records,
});

async function removeExpiredRecords(
  tx: Transaction,
  cutoffs: RetentionCutoffs,
): Promise<RecordCounts> {
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

  const records = await purgeAnonymisedRecords(tx, cutoffs.bookingRecords);
  // Wall-clock time, as the limits themselves count (http/rate-limit.ts), not the booking clock.
  const rateLimitRows = await removeIdleRateLimits(tx, Date.now());

  return {
    enquiries: oldEnquiries.length,
    unverifiedAccounts: unverified.length,
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
