import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import {
  bookings,
  checkoutItems,
  checkouts,
  classSessions,
  waitlistEntries,
} from '../../db/schema.ts';
import { endHolds } from './hold-end.ts';
import { offerFreedSeats, type WaitlistDeps } from './offer-engine.ts';
import { lockSessionRows } from './seat-locks.ts';

/**
 * Frees every seat an account holds, as its deletion does (docs/decisions/058): its pending
 * checkouts are cancelled, its confirmed bookings not yet started are cancelled, and it leaves
 * every waiting list (a live offer is declined). Checkouts first: a payment being booked holds
 * its checkout's row, so this waits for it and the seats it booked are cancelled below; a
 * payment after this finds its checkout cancelled and is refunded. The sessions' rows are then
 * locked and every freed seat goes to the next on its waiting list in this transaction
 * (decision 060). Answers the cancelled bookings' ids and the released checkouts.
 */
export async function releaseAccountSeats(
  deps: WaitlistDeps,
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<{
  cancelledBookingIds: string[];
  releasedCheckouts: { id: string; providerSessionId: string | null }[];
}> {
  const pending = await tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'pending')));
  // Through the give-back; its credit is forfeited with the wallet (the privacy policy).
  const releasedCheckouts = (
    await endHolds(deps, tx, {
      checkoutIds: pending.map((row) => row.id),
      how: 'account-deleted',
      now,
    })
  ).map((hold) => ({ id: hold.id, providerSessionId: hold.providerSessionId }));
  const held = await seatsHeldBy(
    tx,
    userId,
    now,
    releasedCheckouts.map((row) => row.id),
  );
  const sessionIds = [...held.future.map((row) => row.sessionId), ...held.otherSessionIds];
  if (sessionIds.length === 0) return { cancelledBookingIds: [], releasedCheckouts };
  await lockSessionRows(tx, sessionIds);
  const ids = held.future.map((row) => row.id);
  if (ids.length > 0) {
    await tx.update(bookings).set({ status: 'cancelled' }).where(inArray(bookings.id, ids));
  }
  const mine = eq(waitlistEntries.userId, userId);
  await tx
    .update(waitlistEntries)
    .set({ status: 'left' })
    .where(and(mine, eq(waitlistEntries.status, 'waiting')));
  await tx
    .update(waitlistEntries)
    .set({ status: 'declined' })
    .where(and(mine, eq(waitlistEntries.status, 'offered')));
  await offerFreedSeats(deps, tx, sessionIds);
  return { cancelledBookingIds: ids, releasedCheckouts };
}

/**
 * The account's confirmed bookings not yet started, and the other sessions it holds seats or
 * places in: open waiting-list places, and the items of the checkouts just released.
 */
async function seatsHeldBy(
  tx: Transaction,
  userId: string,
  now: Date,
  releasedCheckoutIds: readonly string[],
): Promise<{ future: { id: string; sessionId: string }[]; otherSessionIds: string[] }> {
  const future = await tx
    .select({ id: bookings.id, sessionId: bookings.sessionId })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'confirmed'),
        gt(classSessions.startsAt, now),
      ),
    );
  const places = await tx
    .select({ sessionId: waitlistEntries.sessionId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    );
  const held =
    releasedCheckoutIds.length > 0
      ? await tx
          .select({ sessionId: checkoutItems.sessionId })
          .from(checkoutItems)
          .where(inArray(checkoutItems.checkoutId, [...releasedCheckoutIds]))
      : [];
  return { future, otherSessionIds: [...places, ...held].map((row) => row.sessionId) };
}
