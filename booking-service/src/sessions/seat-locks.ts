import { asc, inArray } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../db/client.ts';
import { classSessions } from '../db/schema.ts';
import { seatsTaken, userSeats } from './seats.ts';
import type { SessionRow } from './session-rows.ts';

/**
 * Locks the session rows (SELECT … FOR UPDATE) in id order. Every write that can take a seat
 * (checkout, late payment, reschedule) goes through here first, so two of them touching the
 * same session run one after the other, and always lock in the same order: no deadlock, and
 * the seat count read afterwards cannot change until the transaction ends.
 */
export async function lockSessionRows(
  tx: Transaction,
  sessionIds: readonly string[],
): Promise<SessionRow[]> {
  const ids = [...new Set(sessionIds)].sort();
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(classSessions)
    .where(inArray(classSessions.id, ids))
    .orderBy(asc(classSessions.id))
    .for('update');
}

export interface SeatCheck {
  /** Sessions the user has a confirmed booking for: a real duplicate. */
  booked: Set<string>;
  /** Sessions in one of the user's own pending, unexpired checkouts (replaceable by them). */
  pending: Set<string>;
  /**
   * Sessions the user holds either way. A payment that arrives after its hold lapsed must not
   * book over either (a pending checkout of the same seats will book them when it is paid).
   */
  duplicates: Set<string>;
  /** Sessions with no seat left for this user (their own pending hold counts as theirs). */
  full: Set<string>;
}

/**
 * What stands in the way of this user taking a seat in each session. Authoritative only after
 * lockSessionRows in the same transaction (then the answer holds until commit); without the
 * lock it is an early answer that can only become less favourable.
 */
export async function checkSeats(
  tx: DbExecutor,
  locked: readonly SessionRow[],
  userId: string,
  now: Date,
): Promise<SeatCheck> {
  const ids = locked.map((row) => row.id);
  const [taken, mine] = await Promise.all([
    seatsTaken(tx, ids, now),
    userSeats(tx, userId, ids, now),
  ]);
  const full = new Set<string>();
  for (const row of locked) {
    const ownHold = mine.pending.has(row.id) ? 1 : 0;
    if ((taken.get(row.id) ?? 0) - ownHold >= row.capacity) full.add(row.id);
  }
  return {
    booked: mine.booked,
    pending: mine.pending,
    duplicates: new Set([...mine.booked, ...mine.pending]),
    full,
  };
}
