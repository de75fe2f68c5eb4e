import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, DbExecutor, Transaction } from '../db/client.ts';
import { checkouts, paymentRefunds } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import type { PaymentProvider } from './payment-provider.ts';

/*
 * Part of a payment given back to the card (docs/decisions/077). The decision is written in
 * the caller's transaction, under the checkout's row lock, and never exceeds what the payment
 * took less what was refunded before; the provider is asked after commit (no lock is held over
 * a network call), with the refund row's id as the idempotency key, and asked again by the
 * periodic run until it has said yes.
 */

export type RefundReason = (typeof paymentRefunds.$inferSelect)['reason'];

/** Thrown when a refund would give back more than is left of the payment. */
export class RefundTooLargeError extends Error {
  constructor(readonly leftPence: number) {
    super(`only ${leftPence} pence of this payment is left to refund`);
  }
}

/**
 * Records a refund of `amountPence` of a paid checkout; answers its id. The checkout row is
 * locked first, so two refunds of one payment cannot both pass the cap.
 */
export async function recordRefund(
  tx: Transaction,
  refund: {
    checkoutId: string;
    amountPence: number;
    reason: RefundReason;
    bookingId?: string | null;
    lotId?: string | null;
    now: Date;
  },
): Promise<string> {
  const [checkout] = (await lockHoldRows(tx, { checkoutIds: [refund.checkoutId] })).checkouts;
  if (checkout?.status !== 'paid' || checkout.refundedAt) {
    throw new RefundTooLargeError(0);
  }
  const left = checkout.amountPence - (await refundedPence(tx, refund.checkoutId));
  if (refund.amountPence > left) throw new RefundTooLargeError(left);
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      checkoutId: refund.checkoutId,
      userId: checkout.userId,
      amountPence: refund.amountPence,
      reason: refund.reason,
      bookingId: refund.bookingId ?? null,
      lotId: refund.lotId ?? null,
      requestedAt: refund.now,
    })
    .returning({ id: paymentRefunds.id });
  if (!row) throw new Error('the refund row was not written');
  return row.id;
}

/** What has been refunded (or decided to be) of one payment. */
export async function refundedPence(db: DbExecutor, checkoutId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amountPence}), 0)::int` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.checkoutId, checkoutId));
  return Number(row?.total ?? 0);
}

/** Refunded pence per checkout, for lists of payments. */
export async function refundedByCheckout(
  db: DbExecutor,
  checkoutIds: readonly string[],
): Promise<Map<string, number>> {
  if (checkoutIds.length === 0) return new Map();
  const rows = await db
    .select({
      checkoutId: paymentRefunds.checkoutId,
      total: sql<number>`sum(${paymentRefunds.amountPence})::int`,
    })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.checkoutId, [...checkoutIds]))
    .groupBy(paymentRefunds.checkoutId);
  return new Map(rows.map((row) => [row.checkoutId, Number(row.total)]));
}

/** One refund as a family reads it: how much, and when we made it. */
export interface RefundMade {
  amountPence: number;
  refundedAt: Date;
}

/**
 * Each payment's refunds, oldest first, for lists of payments (/payments-invoices names each
 * one with its date: docs/product-rules.md "Admin figures" and "Pages"). Dated when decided,
 * the moment the family was told; the provider is asked at once and again until it takes it.
 */
export async function refundsByCheckout(
  db: DbExecutor,
  checkoutIds: readonly string[],
): Promise<Map<string, RefundMade[]>> {
  const refunds = new Map<string, RefundMade[]>();
  if (checkoutIds.length === 0) return refunds;
  const rows = await db
    .select({
      checkoutId: paymentRefunds.checkoutId,
      amountPence: paymentRefunds.amountPence,
      refundedAt: paymentRefunds.requestedAt,
    })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.checkoutId, [...checkoutIds]))
    .orderBy(asc(paymentRefunds.requestedAt), asc(paymentRefunds.id));
  for (const { checkoutId, ...refund } of rows) {
    refunds.set(checkoutId, [...(refunds.get(checkoutId) ?? []), refund]);
  }
  return refunds;
}

/**
 * Asks the provider for every refund decided but not yet sent (or only `ids`), oldest first.
 * A refusal or an outage is logged and left for the next run. Answers the refunds sent.
 */
export async function sendPendingRefunds(
  deps: { db: Database; clock: Clock; logger: Logger; payments: PaymentProvider },
  ids?: readonly string[],
): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const pending = await deps.db
    .select({
      id: paymentRefunds.id,
      amountPence: paymentRefunds.amountPence,
      paymentIntentId: checkouts.paymentIntentId,
    })
    .from(paymentRefunds)
    .innerJoin(checkouts, eq(checkouts.id, paymentRefunds.checkoutId))
    .where(
      and(
        isNull(paymentRefunds.refundedAt),
        ...(ids ? [inArray(paymentRefunds.id, [...ids])] : []),
      ),
    )
    .orderBy(asc(paymentRefunds.requestedAt))
    .limit(100);
  let sent = 0;
  for (const refund of pending) {
    if (!refund.paymentIntentId) {
      deps.logger.error({ refundId: refund.id }, 'refund names no payment to refund');
      continue;
    }
    try {
      await deps.payments.refund(refund.paymentIntentId, {
        idempotencyKey: `refund-${refund.id}`,
        amountPence: refund.amountPence,
      });
    } catch (error) {
      deps.logger.error({ err: error, refundId: refund.id }, 'refund not sent; trying again later');
      continue;
    }
    await deps.db
      .update(paymentRefunds)
      .set({ refundedAt: deps.clock.now() })
      .where(eq(paymentRefunds.id, refund.id));
    sent += 1;
  }
  return sent;
}

/** How often the service asks the provider again for refunds it has not taken yet. */
export const PENDING_REFUNDS_MS = 60_000;

/**
 * Refunds decided while the provider was away, sent once a minute on one instance per
 * occurrence (docs/decisions/095). Its own job, so a slow provider delays no seat or credit
 * sweep; each refund carries its idempotency key, so a retried run refunds nothing twice.
 */
export function pendingRefundsJob(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  payments: PaymentProvider;
}): ScheduledJob {
  const log = deps.logger.child({ component: 'card-refunds' });
  return {
    name: 'card-refunds',
    intervalMs: PENDING_REFUNDS_MS,
    onClockMove: false,
    failureMessage: 'pending card refunds failed; trying again next time',
    async run() {
      const refunded = await sendPendingRefunds({ ...deps, logger: log });
      if (refunded > 0) log.info({ refunded }, 'pending card refunds sent');
    },
  };
}
