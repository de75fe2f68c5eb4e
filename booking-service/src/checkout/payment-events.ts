import { isId } from '@tuition/api-contract';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import type { CheckoutDeps } from './checkout.ts';
import {
  confirmHold,
  endHolds,
  lockHoldRows,
  releaseHold,
  SeatsGoneError,
} from '../sessions/seat-ledger/seat-ledger.ts';
import { describeSession } from '../sessions/session-description.ts';
import {
  checkoutItems,
  checkouts,
  classSessions,
  processedEvents,
  pupils,
  user,
} from '../db/schema.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { PaymentEvent } from '../payments/payment-provider.ts';
import { latePaymentRefundEmail } from './checkout-emails.ts';
import { mailConfirmation } from './confirmation-mail.ts';
import { creditPaidPack } from '../wallet/pack-checkout.ts';

/** Booking a paid checkout also sends the confirmation: checkout's needs plus the outbox. */
export type PaymentEventDeps = CheckoutDeps;

export type PaymentEventOutcome =
  | 'booked'
  | 'refunded'
  | 'released'
  | 'duplicate-event'
  | 'no-change'
  | 'unknown-checkout'
  | 'amount-mismatch'
  | 'ignored';

/** The one currency we charge in (Stripe writes ISO codes in lower case). */
export const CHECKOUT_CURRENCY = 'gbp';

/**
 * Checkout ids are UUIDs. A reference in any other format names no checkout of ours; it must
 * not reach the uuid column, where Postgres would refuse the query (a 500 Stripe retries).
 */
function couldBeOurCheckout(reference: string): boolean {
  return isId(reference);
}

/**
 * Applies one verified provider event. Idempotent twice over: an event id is handled once
 * (processed_events, written in the same transaction as its effect), and every change is
 * guarded by the checkout's state, so replays and out-of-order deliveries change nothing twice:
 * an expiry after the payment does nothing; a payment after an expiry books the seats if they
 * are still free and otherwise refunds the payment in full.
 */
export async function handlePaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
): Promise<PaymentEventOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  if (!couldBeOurCheckout(event.checkoutId)) {
    deps.logger.warn(
      { eventId: event.id, kind: event.kind, reference: event.checkoutId.slice(0, 100) },
      'payment event names no checkout of ours',
    );
    return 'unknown-checkout';
  }
  if (event.kind === 'expired') return releaseOnExpiry(deps, event);
  try {
    return await bookPaidCheckout(deps, event);
  } catch (error) {
    if (!(error instanceof SeatsGoneError)) throw error;
    return refundLatePayment(deps, event);
  }
}

/** Records the event id; false when it was handled before (the caller then changes nothing). */
async function firstDelivery(tx: Transaction, event: PaymentEvent): Promise<boolean> {
  const inserted = await tx
    .insert(processedEvents)
    .values({ eventId: event.id, type: event.kind })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return inserted.length > 0;
}

async function lockCheckout(tx: Transaction, checkoutId: string) {
  const [checkout] = (await lockHoldRows(tx, { checkoutIds: [checkoutId] })).checkouts;
  return checkout;
}

async function releaseOnExpiry(
  deps: PaymentEventDeps,
  event: Extract<PaymentEvent, { kind: 'expired' }>,
): Promise<PaymentEventOutcome> {
  return deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event))) return 'duplicate-event';
    const checkout = await lockCheckout(tx, event.checkoutId);
    if (!checkout) {
      deps.logger.warn(
        { eventId: event.id, checkoutId: event.checkoutId },
        'expiry for an unknown checkout',
      );
      return 'unknown-checkout';
    }
    if (checkout.status !== 'pending') return 'no-change';
    // The released seats go to the sessions' waiting lists, under their row locks (decision 060).
    await releaseHold(deps, tx, { checkoutId: checkout.id, to: 'expired' });
    return 'released';
  });
}

async function bookPaidCheckout(
  deps: PaymentEventDeps,
  event: Extract<PaymentEvent, { kind: 'completed' }>,
): Promise<PaymentEventOutcome> {
  const now = deps.clock.now();
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  return deps.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event))) return 'duplicate-event';
    const checkout = await lockCheckout(tx, event.checkoutId);
    if (!checkout) {
      deps.logger.warn(
        { eventId: event.id, checkoutId: event.checkoutId },
        'payment for an unknown checkout',
      );
      return 'unknown-checkout';
    }
    if (checkout.status === 'paid' || checkout.refundedAt) return 'no-change';
    if (
      event.amountTotal !== checkout.amountPence ||
      event.currency?.toLowerCase() !== CHECKOUT_CURRENCY
    ) {
      // Not what we priced: book nothing and keep the hold (the checkout stays as it is), and
      // tell staff, who can refund or settle it by hand. The event is recorded as handled and
      // acknowledged, since Stripe retrying the same event would change nothing.
      deps.logger.error(
        {
          eventId: event.id,
          checkoutId: checkout.id,
          expected: { amountPence: checkout.amountPence, currency: CHECKOUT_CURRENCY },
          got: { amountPence: event.amountTotal, currency: event.currency },
          paymentIntentId: event.paymentIntentId,
        },
        'payment amount or currency differs from the checkout: nothing booked',
      );
      return 'amount-mismatch';
    }
    // A cancelled checkout (released, replaced, or its account deleted) holds nothing for this
    // payment, and a deleted account must not come back as "Deleted customer" holding seats:
    // both are refunded as a payment whose seats are gone.
    if (checkout.status === 'cancelled' || (await ownerDeleted(tx, checkout.userId))) {
      throw new SeatsGoneError();
    }
    const paid = {
      status: 'paid' as const,
      paidAt: now,
      paymentIntentId: event.paymentIntentId,
      providerSessionId: checkout.providerSessionId ?? event.providerSessionId,
    };
    if (checkout.packId) {
      // A pack holds no seats: paid late or not, its credit is added (docs/decisions/077).
      await tx.update(checkouts).set(paid).where(eq(checkouts.id, checkout.id));
      await creditPaidPack(deps, tx, checkout, now);
      return 'booked';
    }

    const confirmed = await confirmHold(deps, tx, checkout, paid);
    // Same transaction: the e-mail exists if and only if the bookings do.
    await mailConfirmation(deps, tx, { brand, timetable, checkout, confirmed, now });
    return 'booked';
  });
}

async function ownerDeleted(tx: Transaction, userId: string): Promise<boolean> {
  const [owner] = await tx
    .select({ deletedAt: user.deletedAt })
    .from(user)
    .where(eq(user.id, userId));
  return !owner || owner.deletedAt !== null;
}

/**
 * The refund runs outside any transaction (no locks held over a network call). Its
 * idempotency key is per checkout, so a retried delivery cannot refund twice; the event is
 * recorded only after the refund succeeded, so a failed refund is retried with the webhook.
 */
async function refundLatePayment(
  deps: PaymentEventDeps,
  event: Extract<PaymentEvent, { kind: 'completed' }>,
): Promise<PaymentEventOutcome> {
  const now = deps.clock.now();
  if (!event.paymentIntentId) {
    throw new Error(`late payment for checkout ${event.checkoutId} names no payment to refund`);
  }
  await deps.payments.refund(event.paymentIntentId, {
    idempotencyKey: `refund-checkout-${event.checkoutId}`,
  });
  deps.logger.warn(
    { checkoutId: event.checkoutId },
    'late payment refunded: its hold had lapsed or been released and the seats were gone',
  );
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  return deps.db.transaction(async (tx) => {
    await firstDelivery(tx, event);
    const checkout = await lockCheckout(tx, event.checkoutId);
    if (!checkout || checkout.refundedAt) return 'no-change';
    if (checkout.status === 'paid') {
      // Only if the seats freed up and another delivery booked them between our two steps.
      deps.logger.error({ checkoutId: checkout.id }, 'a booked checkout was also refunded');
      return 'no-change';
    }
    // The hold ends whole if it had not: credit back, code's use released, seats offered on.
    await endHolds(deps, tx, { checkoutIds: [checkout.id], how: 'late-payment', now });
    const [refunded] = await tx
      .update(checkouts)
      .set({ refundedAt: now, paymentIntentId: event.paymentIntentId })
      .where(eq(checkouts.id, checkout.id))
      .returning();
    if (!refunded) return 'no-change';
    const [customer] = await tx
      .select({ email: user.email, name: user.name, deletedAt: user.deletedAt })
      .from(user)
      .where(eq(user.id, refunded.userId));
    const sessions = await tx
      .select({
        service: classSessions.service,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
        pupilName: pupils.name,
        cancelledAt: classSessions.cancelledAt,
      })
      .from(checkoutItems)
      .innerJoin(classSessions, eq(classSessions.id, checkoutItems.sessionId))
      .innerJoin(pupils, eq(pupils.id, checkoutItems.pupilId))
      .where(eq(checkoutItems.checkoutId, refunded.id))
      .orderBy(asc(classSessions.startsAt), asc(pupils.name));
    // A deleted account has no address to write to (its refund still goes to the card).
    if (customer && customer.deletedAt === null) {
      await deps.mail.enqueue(
        latePaymentRefundEmail(brand, {
          to: customer.email,
          name: customer.name,
          sessions: sessions.map((s) => ({
            ...describeSession(timetable, s),
            pupilName: s.pupilName,
          })),
          amountPence: refunded.amountPence,
          creditReturned: refunded.creditUsed,
          sessionCancelled: sessions.some((s) => s.cancelledAt !== null),
        }),
        { tx },
      );
    }
    return 'refunded';
  });
}
