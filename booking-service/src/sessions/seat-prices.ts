import { type PricingRules, seatLinePrices } from '@tuition/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings, checkoutItems, checkouts, classSessions, pupils } from '../db/schema.ts';

/*
 * The price a seat was charged (docs/decisions/074, 077): what a deletion would cost, what a
 * refund gives back when the business cancels.
 */

/**
 * What each seat of these checkouts was charged, by checkout and booking id: the price kept on
 * the seat when the pricing engine set one, else the card payment shared over the seats it paid
 * for by seatLinePrices, in line order (start, then pupil), the
 * order the checkout page and the receipt list them in. A rescheduled seat is priced as the
 * line it was bought as, found by following rescheduledFrom back to the booking the payment
 * made. A seat paid with credit, or one no paid checkout records, is 0 here: credit is valued by
 * its lot (docs/decisions/077).
 */
export async function chargedPriceLookup(
  db: DbExecutor,
  pricing: PricingRules,
  checkoutIds: readonly string[],
): Promise<(checkoutId: string, bookingId: string) => number> {
  if (checkoutIds.length === 0) return () => 0;
  const ids = [...checkoutIds];
  const [paid, lines, history] = await Promise.all([
    db
      .select({ id: checkouts.id, amountPence: checkouts.amountPence })
      .from(checkouts)
      .where(and(inArray(checkouts.id, ids), eq(checkouts.status, 'paid'))),
    db
      .select({
        checkoutId: checkoutItems.checkoutId,
        sessionId: checkoutItems.sessionId,
        pupilId: checkoutItems.pupilId,
        paidWithCredit: checkoutItems.paidWithCredit,
        pricePence: checkoutItems.pricePence,
      })
      .from(checkoutItems)
      .innerJoin(classSessions, eq(classSessions.id, checkoutItems.sessionId))
      .innerJoin(pupils, eq(pupils.id, checkoutItems.pupilId))
      .where(inArray(checkoutItems.checkoutId, ids))
      .orderBy(asc(classSessions.startsAt), asc(pupils.name), asc(pupils.id)),
    db
      .select({
        id: bookings.id,
        rescheduledFrom: bookings.rescheduledFrom,
        sessionId: bookings.sessionId,
        pupilId: bookings.pupilId,
      })
      .from(bookings)
      .where(inArray(bookings.checkoutId, ids)),
  ]);
  const byId = new Map(history.map((row) => [row.id, row]));
  const prices = new Map<string, number>();
  for (const checkout of paid) {
    const own = lines.filter((line) => line.checkoutId === checkout.id && !line.paidWithCredit);
    if (own.length === 0) continue;
    // Seats priced by the pricing engine keep their own price (docs/decisions/082).
    const shares = seatLinePrices(own.length, checkout.amountPence, pricing);
    own.forEach((line, i) => {
      prices.set(
        `${checkout.id} ${line.sessionId} ${line.pupilId}`,
        line.pricePence ?? shares[i] ?? 0,
      );
    });
  }
  return (checkoutId, bookingId) => {
    const first = firstBookingOf(byId, bookingId);
    if (!first) return 0;
    return prices.get(`${checkoutId} ${first.sessionId} ${first.pupilId}`) ?? 0;
  };
}

type SeatHistoryRow = {
  id: string;
  rescheduledFrom: string | null;
  sessionId: string;
  pupilId: string;
};

/** The booking the payment made for this seat: rescheduledFrom followed back to its start. */
function firstBookingOf(
  byId: ReadonlyMap<string, SeatHistoryRow>,
  bookingId: string,
): SeatHistoryRow | undefined {
  let row = byId.get(bookingId);
  const seen = new Set<string>();
  while (row?.rescheduledFrom && !seen.has(row.id)) {
    seen.add(row.id);
    const earlier = byId.get(row.rescheduledFrom);
    if (!earlier) break;
    row = earlier;
  }
  return row;
}
