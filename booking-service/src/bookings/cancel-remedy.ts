import type { CancelRemedy, RemedyOutcome } from '@tuition/api-contract';
import {
  CANCELLED_LESSON_CREDIT_MONTHS,
  creditExpiresAt,
  RETURNED_CREDIT_MIN_DAYS,
} from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { addLot, returnSeatCredit } from '../credit/credit-ledger.ts';
import type { Transaction } from '../db/client.ts';
import { recordRefund } from '../payments/payment-refunds.ts';
import type { BookingRow } from '../sessions/booking-rows.ts';
import { chargedPriceLookup } from '../sessions/seat-prices.ts';

/*
 * When the business cancels a seat, the family is made whole (docs/decisions/077): `credit`
 * gives a credit-paid seat its session back (its lot kept usable for 30 more days at least) and
 * a card-paid seat one session of credit worth what the seat was charged; `refund` gives a
 * card-paid seat its charged price back to the card (a bundle seat is £10) and a credit-paid
 * seat its session back. `none` is a cancel the family asked for: nothing comes back
 * (docs/product-rules.md).
 */

/** Runs inside the cancel's transaction, after the seat is freed. */
export async function applyRemedy(
  deps: { content: ContentLoader },
  tx: Transaction,
  input: { booking: BookingRow; remedy: CancelRemedy; now: Date; note: string },
): Promise<RemedyOutcome & { refundIds: string[] }> {
  const { booking, now } = input;
  // A 1-to-1 lesson is paid by card, never with a session of credit: what comes back for it is
  // the card refund (docs/decisions/106).
  const remedy =
    booking.kind === 'one-to-one' && input.remedy === 'credit' ? 'refund' : input.remedy;
  const nothing = { remedy, refundedPence: 0, creditReturned: 0, refundIds: [] };
  if (remedy === 'none') return nothing;
  if (booking.creditLotId) {
    const creditReturned = await returnSeatCredit(tx, {
      userId: booking.userId,
      lotId: booking.creditLotId,
      bookingCheckoutId: booking.checkoutId,
      sessionId: booking.sessionId,
      pupilId: booking.pupilId,
      now,
      minDays: RETURNED_CREDIT_MIN_DAYS,
      note: input.note,
    });
    return { ...nothing, creditReturned };
  }
  const price = booking.checkoutId
    ? (await chargedPriceLookup(tx, await deps.content.pricing(), [booking.checkoutId]))(
        booking.checkoutId,
        booking.id,
      )
    : 0;
  if (remedy === 'refund') {
    if (!booking.checkoutId || price === 0) return nothing;
    const id = await recordRefund(tx, {
      checkoutId: booking.checkoutId,
      amountPence: price,
      reason: booking.kind === 'one-to-one' ? 'lesson-cancel' : 'business-cancel',
      bookingId: booking.id,
      now,
    });
    return { ...nothing, refundedPence: price, refundIds: [id] };
  }
  await addLot(tx, {
    userId: booking.userId,
    name: 'Credit for a cancelled lesson',
    packId: null,
    checkoutId: null,
    sessions: 1,
    pricePaidPence: price,
    purchasedAt: now,
    expiresAt: creditExpiresAt(now, CANCELLED_LESSON_CREDIT_MONTHS),
    reason: 'return',
    sessionId: booking.sessionId,
    pupilId: booking.pupilId,
    note: input.note,
  });
  return { ...nothing, creditReturned: 1 };
}
