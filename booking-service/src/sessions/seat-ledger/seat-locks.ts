import { seatsLeft } from '@tuition/domain';
import type { DbExecutor, Transaction } from '../../db/client.ts';
import { HOLD_LOCK_TIMEOUT_MS, lockHoldRows } from '../hold-locks.ts';
import { seatsTaken, userSeats } from '../seats.ts';
import type { SessionRow } from '../session-rows.ts';

/** How long a seat write waits for another transaction's locks: the hold door's one timeout. */
export const SEAT_LOCK_TIMEOUT_MS = HOLD_LOCK_TIMEOUT_MS;

/**
 * Locks the session rows through the hold door (sessions/hold-locks.ts), in id order. Every
 * write that can take or free a seat goes through here or names the rows in its own call of
 * the door, so two of them touching the same session run one after the other, and the seat
 * count read afterwards cannot change until the transaction ends.
 */
export async function lockSessionRows(
  tx: Transaction,
  sessionIds: readonly string[],
): Promise<SessionRow[]> {
  return (await lockHoldRows(tx, { sessionIds })).sessions;
}

export interface SeatCheck {
  /** Per session, the wanted pupils with a confirmed booking of it: a real duplicate. */
  booked: Map<string, string[]>;
  /**
   * Per session, the wanted pupils whose seat is in one of the account's own pending,
   * unexpired checkouts (replaceable by them).
   */
  pending: Map<string, string[]>;
  /** Per session, the wanted pupils holding a live waiting-list offer of it (docs/decisions/060). */
  offered: Map<string, string[]>;
  /**
   * Sessions a wanted pupil holds either way. A payment that arrives after its hold lapsed
   * must not book over either (a pending checkout of the same seats will book them when paid).
   */
  duplicates: Set<string>;
  /**
   * Sessions with fewer seats left than pupils wanted (the account's own pending holds and
   * live offers of those same seats count as theirs).
   */
  full: Set<string>;
}

/**
 * What stands in the way of this account taking a seat for each wanted pupil in each session
 * (`wanted`: session id -> pupil ids; each pair is one seat). Authoritative only after
 * lockSessionRows in the same transaction (then the answer holds until commit); without the
 * lock it is an early answer that can only become less favourable.
 */
export async function checkSeats(
  tx: DbExecutor,
  locked: readonly SessionRow[],
  userId: string,
  wanted: ReadonlyMap<string, readonly string[]>,
  now: Date,
): Promise<SeatCheck> {
  const ids = locked.map((row) => row.id);
  const [taken, mine] = await Promise.all([
    seatsTaken(tx, ids, now),
    userSeats(tx, userId, ids, now),
  ]);
  const check: SeatCheck = {
    booked: new Map(),
    pending: new Map(),
    offered: new Map(),
    duplicates: new Set(),
    full: new Set(),
  };
  for (const row of locked) {
    const pupils = wanted.get(row.id) ?? [];
    const booked = pupils.filter((id) => mine.booked.get(row.id)?.has(id));
    const pending = pupils.filter((id) => mine.pending.get(row.id)?.has(id));
    if (booked.length > 0) check.booked.set(row.id, booked);
    if (pending.length > 0) check.pending.set(row.id, pending);
    if (booked.length > 0 || pending.length > 0) check.duplicates.add(row.id);
    // A seat held for one of them by a live offer is theirs, like their own pending hold.
    const offered = pupils.filter((id) => mine.offered.get(row.id)?.has(id));
    if (offered.length > 0) check.offered.set(row.id, offered);
    // Every caller names at least one pupil per row it passes, so seatsLeft stopping at none
    // changes no answer: a session taken past its capacity is still full.
    const left = seatsLeft(
      { capacity: row.capacity, taken: taken.get(row.id) ?? 0 },
      { pending: pending.length, offered: offered.length },
    );
    if (left < pupils.length) check.full.add(row.id);
  }
  return check;
}
