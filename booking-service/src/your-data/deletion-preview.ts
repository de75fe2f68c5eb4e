import type { AccountDeletionPreview, DeletionCredit, DeletionSeat } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import {
  bookings,
  checkouts,
  classSessions,
  creditLots,
  pupils,
  waitlistEntries,
} from '../db/schema.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { chargedPriceLookup } from '../sessions/seat-prices.ts';
import { pupilRef } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import { coolingOffRefundDue, unusedCreditPence } from '../wallet/wallet.ts';

/*
 * What deleting an account costs (docs/decisions/074): the upcoming seats it cancels without a
 * refund (docs/product-rules.md), each at the price it was charged, and the waiting-list places
 * and unpaid checkouts it gives up, and the credit it ends: refunded where a pack is still in
 * its cooling-off window, forfeited otherwise (docs/decisions/101). The delete dialog shows it;
 * the deletion's confirmation e-mail names the same seats and credit.
 */

export interface DeletionPreviewDeps {
  content: Pick<ContentLoader, 'timetable' | 'pricing'>;
}

/** The account's confirmed seats not yet started: what releaseAccountSeats cancels. */
export const upcomingSeatsOf = (userId: string, now: Date): SQL | undefined =>
  and(
    eq(bookings.userId, userId),
    eq(bookings.status, 'confirmed'),
    gt(classSessions.startsAt, now),
  );

/** GET /api/me/deletion-preview for one account, as of `now`. */
export async function deletionPreview(
  deps: DeletionPreviewDeps,
  db: DbExecutor,
  userId: string,
  now: Date,
): Promise<AccountDeletionPreview> {
  const [upcomingSeats, credit, waitingPlaces, [pending]] = await Promise.all([
    chargedSeats(deps, db, upcomingSeatsOf(userId, now)),
    creditAtStake(db, userId, now),
    waitingPlacesOf(db, userId),
    db
      .select({ n: count() })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.userId, userId),
          eq(checkouts.status, 'pending'),
          gt(checkouts.expiresAt, now),
        ),
      ),
  ]);
  return {
    upcomingSeats,
    totalPence: upcomingSeats.reduce((sum, seat) => sum + seat.pricePence, 0),
    waitingPlaces,
    pendingCheckouts: pending?.n ?? 0,
    credit,
  };
}

/**
 * The credit a deletion at `now` ends (docs/decisions/101): the unused sessions of every lot not
 * yet lapsed, at each lot's own price per session, and the part the cooling-off refund gives back
 * to the card (the wallet's own rule, coolingOffRefundDue). The deletion refunds exactly that.
 */
export async function creditAtStake(
  db: DbExecutor,
  userId: string,
  now: Date,
): Promise<DeletionCredit> {
  const lots = await db
    .select()
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, userId),
        gt(creditLots.remaining, 0),
        gt(creditLots.expiresAt, now),
      ),
    );
  const credit: DeletionCredit = {
    sessions: 0,
    valuePence: 0,
    refundableSessions: 0,
    refundablePence: 0,
    refundableUntil: null,
  };
  let latest: Date | null = null;
  for (const lot of lots) {
    credit.sessions += lot.remaining;
    credit.valuePence += unusedCreditPence(lot);
    const due = coolingOffRefundDue(lot, now);
    if (!due) continue;
    credit.refundableSessions += due.sessions;
    credit.refundablePence += due.pence;
    if (!latest || due.until > latest) latest = due.until;
  }
  credit.refundableUntil = latest?.toISOString() ?? null;
  return credit;
}

/** The account's waiting-list places, live offers included: what a deletion gives up. */
export async function waitingPlacesOf(db: DbExecutor, userId: string): Promise<number> {
  const [places] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    );
  return places?.n ?? 0;
}

/**
 * The seats `where` selects (a filter over bookings joined to their session), in start order,
 * each with the price it was charged: its share of its payment by seatLinePrices over the
 * payment's lines in line order, the order the checkout page and the receipt list them in. A
 * rescheduled seat is priced as the line it was bought as, found by following rescheduledFrom
 * back to the booking the payment made. A seat no paid checkout records is priced 0.
 */
export async function chargedSeats(
  deps: DeletionPreviewDeps,
  db: DbExecutor,
  where: SQL | undefined,
): Promise<DeletionSeat[]> {
  const seats = await selectBookingRows(db, where).orderBy(
    asc(classSessions.startsAt),
    asc(pupils.name),
    asc(pupils.id),
  );
  if (seats.length === 0) return [];
  const [timetable, pricing] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
  ]);
  const checkoutIds = [...new Set(seats.flatMap((seat) => seat.checkoutId ?? []))];
  const priceOf = await chargedPriceLookup(db, pricing, checkoutIds);
  return seats.map((seat) => ({
    ...describeSession(timetable, seat),
    pupil: pupilRef(seat),
    pricePence: seat.checkoutId ? priceOf(seat.checkoutId, seat.id) : 0,
  }));
}
