import { and, eq, inArray } from 'drizzle-orm';
import { returnCheckoutCredit } from '../../credit/credit-ledger.ts';
import type { Transaction } from '../../db/client.ts';
import { checkoutItems, checkouts } from '../../db/schema.ts';
import { releasePromoClaims } from '../../pricing/promo-claims.ts';
import { lockHoldRows } from '../hold-locks.ts';
import { offerFreedSeats, type WaitlistDeps } from './offer-engine.ts';

/*
 * The one give-back (docs/decisions/086). A hold is the seats of a pending checkout, the credit
 * that pays for some of them and the promo code's claim. Every way a hold ends before it is paid
 * ends it here, whole: the checkout leaves `pending`, the credit goes back to the lots it came
 * from (unless the account is being deleted: its credit is forfeited, as the privacy policy
 * says), the claim is released, and seats that were still live go to the waiting lists. A new
 * way for a hold to end is a new `HoldEnd`, never a new copy of these steps.
 */

/** Why a hold ends before it is paid. */
export type HoldEnd =
  /** A newer basket of the same family took the same seats (decision 041). */
  | 'replaced'
  /** The family left the payment page or released the payment. */
  | 'released'
  /** Its time ran out (HOLD_MINUTES), or the provider said the page expired. */
  | 'lapsed'
  /** The payment provider refused to open the page: nobody can have paid. */
  | 'page-failed'
  /** The business cancelled a session the hold has a seat in. */
  | 'session-cancelled'
  /** A payment arrived for seats that are gone: its card part is refunded. */
  | 'late-payment'
  /** The account is being deleted. */
  | 'account-deleted';

/** The status a pending checkout ends in. */
const STATUS_AFTER: Record<HoldEnd, 'cancelled' | 'expired'> = {
  replaced: 'cancelled',
  released: 'cancelled',
  lapsed: 'expired',
  'page-failed': 'cancelled',
  'session-cancelled': 'cancelled',
  'late-payment': 'expired',
  'account-deleted': 'cancelled',
};

/** A hold given back. */
export interface EndedHold {
  id: string;
  userId: string;
  providerSessionId: string | null;
  /** Sessions of credit returned to the wallet by this end (0 when it held none). */
  creditReturned: number;
  /** The sessions the hold had seats in. */
  sessionIds: string[];
}

/**
 * Ends these holds (checkout ids), inside the caller's transaction: the checkouts are locked
 * through the door, then their sessions. Only a checkout still `pending` (and `userId`'s, when
 * given) is ended; one already ended by another path is skipped, except that a late payment
 * also sweeps up anything an ended hold still keeps (credit, a claim), so nothing is lost
 * whichever path came first. Answers the holds ended, in id order.
 */
export async function endHolds(
  deps: WaitlistDeps,
  tx: Transaction,
  request: {
    checkoutIds: readonly string[];
    how: HoldEnd;
    now: Date;
    userId?: string | undefined;
  },
): Promise<EndedHold[]> {
  const ids = [...new Set(request.checkoutIds)];
  if (ids.length === 0) return [];
  const items = await tx
    .select({ checkoutId: checkoutItems.checkoutId, sessionId: checkoutItems.sessionId })
    .from(checkoutItems)
    .where(inArray(checkoutItems.checkoutId, ids));
  const locked = await lockHoldRows(tx, {
    checkoutIds: ids,
    sessionIds: items.map((item) => item.sessionId),
  });
  const endable = locked.checkouts.filter(
    (row) =>
      (row.status === 'pending' || (request.how === 'late-payment' && row.status !== 'paid')) &&
      (!request.userId || row.userId === request.userId),
  );
  if (endable.length === 0) return [];
  const pendingIds = endable.filter((row) => row.status === 'pending').map((row) => row.id);
  if (pendingIds.length > 0) {
    await tx
      .update(checkouts)
      .set({ status: STATUS_AFTER[request.how] })
      .where(and(inArray(checkouts.id, pendingIds), eq(checkouts.status, 'pending')));
  }
  const sessionsOf = new Map<string, Set<string>>();
  for (const item of items) {
    sessionsOf.set(
      item.checkoutId,
      (sessionsOf.get(item.checkoutId) ?? new Set()).add(item.sessionId),
    );
  }
  const ended: EndedHold[] = [];
  const freed: string[] = [];
  for (const row of endable) {
    const creditReturned =
      request.how === 'account-deleted' || row.creditUsed === 0
        ? 0
        : await returnCheckoutCredit(tx, row, request.now);
    const sessionIds = [...(sessionsOf.get(row.id) ?? [])];
    ended.push({
      id: row.id,
      userId: row.userId,
      providerSessionId: row.providerSessionId,
      creditReturned,
      sessionIds,
    });
    // Seats still live a moment ago are free now: the next family in line is offered them.
    if (row.status === 'pending' && row.expiresAt.getTime() > request.now.getTime()) {
      freed.push(...sessionIds);
    }
  }
  await releasePromoClaims(
    tx,
    endable.map((row) => row.id),
  );
  if (freed.length > 0 && request.how !== 'account-deleted') {
    await offerFreedSeats(deps, tx, freed);
  }
  return ended;
}

/**
 * The pending holds that have a seat in any of these sessions, by id: what a business cancel of
 * the sessions ends. Read without a lock; the caller locks them through the door first.
 */
export async function pendingHoldsIn(
  tx: Transaction,
  sessionIds: readonly string[],
): Promise<{ id: string; sessionIds: string[] }[]> {
  if (sessionIds.length === 0) return [];
  const rows = await tx
    .select({ id: checkouts.id, sessionId: checkoutItems.sessionId })
    .from(checkoutItems)
    .innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId))
    .where(
      and(
        eq(checkouts.status, 'pending'),
        inArray(
          checkoutItems.checkoutId,
          tx
            .select({ id: checkoutItems.checkoutId })
            .from(checkoutItems)
            .where(inArray(checkoutItems.sessionId, [...sessionIds])),
        ),
      ),
    );
  const byHold = new Map<string, Set<string>>();
  for (const row of rows) byHold.set(row.id, (byHold.get(row.id) ?? new Set()).add(row.sessionId));
  return [...byHold].map(([id, sessions]) => ({ id, sessionIds: [...sessions] }));
}
