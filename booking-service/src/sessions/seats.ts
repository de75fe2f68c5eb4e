import { and, type Column, count, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings, checkoutItems, checkouts, classSessions } from '../db/schema.ts';
import {
  bySession,
  liveOffersSql,
  type PupilsBySession,
  type QueryInstant,
  userLiveOffers,
  waitingClaimsSql,
} from './waitlist-seats.ts';

/**
 * Statuses are written into these statements, not sent as values: a prepared statement's
 * generic plan can then use the partial indexes on them (checkouts_pending_expires_at_idx);
 * with a value, PostgreSQL planned bookability afresh on every run at size L (docs/decisions/122).
 */
const PENDING_CHECKOUT = sql`${checkouts.status} = 'pending'`;

/** The derived table of seatsTakenSql holding the seats taken before the list's claims. */
const SEATS_TAKEN = 'seats_taken';

/**
 * Seats taken in the session whose id is `sessionId` (the outer query's `sessions.id`) =
 * confirmed bookings + items of pending checkouts (one of each per pupil) that have not expired yet (a checkout holds
 * its seats while the customer pays). The one definition every feature uses (availability,
 * bookability, checkout and reschedule), as an SQL expression so a read of session rows can
 * carry its seat counts in the same round trip. Each count is an index lookup by session.
 *
 * The waiting list adds two terms (docs/decisions/060): seats held by live offers, and, while
 * the list is open, the free seats up to one per place still waiting (they belong to the queue).
 * `claims: false` leaves the second out: what the offer engine counts to find freed seats.
 */
export function seatsTakenSql(
  sessionId: Column,
  now: QueryInstant,
  options: { claims?: boolean } = {},
): SQL<number> {
  // The confirmed seats as the session row keeps them (sessions.confirmed_count, kept by a
  // trigger in the transaction that writes the booking: docs/decisions/075 and 122), not
  // counted again per session; `sessionId` is the outer query's `sessions.id`.
  const confirmed = sql`${classSessions.confirmedCount}`;
  const held = sql`(select ${count()} from ${checkoutItems} inner join ${checkouts} on ${eq(
    checkouts.id,
    checkoutItems.checkoutId,
  )} where ${and(
    eq(checkoutItems.sessionId, sessionId),
    PENDING_CHECKOUT,
    gt(checkouts.expiresAt, now),
  )})`;
  const offered = liveOffersSql(sessionId, now);
  if (options.claims === false) {
    return sql<number>`(${confirmed} + ${held} + ${offered})`.mapWith(Number);
  }
  // The claims need the seats taken too: counted once in a derived table that OFFSET 0 keeps
  // the planner from inlining (it would count them twice per session).
  const taken = sql.raw(`${SEATS_TAKEN}.n`);
  return sql<number>`(select ${taken} + ${waitingClaimsSql(sessionId, now, taken)} from (select ${confirmed} + ${held} + ${offered} as n offset 0) as ${sql.identifier(SEATS_TAKEN)})`.mapWith(
    Number,
  );
}

/**
 * Seats taken per session (seatsTakenSql), in one query. Takes a DbExecutor: seat counts must
 * be readable inside a seat-taking transaction. Inside a transaction that locked the session
 * rows (SELECT … FOR UPDATE), the answer cannot change under the caller.
 */
export async function seatsTaken(
  db: DbExecutor,
  sessionIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const taken = new Map<string, number>(sessionIds.map((id) => [id, 0]));
  if (sessionIds.length === 0) return taken;
  const ids = [...new Set(sessionIds)];
  const rows = await db
    .select({ sessionId: classSessions.id, n: seatsTakenSql(classSessions.id, now) })
    .from(classSessions)
    .where(inArray(classSessions.id, ids));
  for (const row of rows) taken.set(row.sessionId, row.n);
  return taken;
}

/** What one account already has in some sessions, per pupil, the two kinds kept apart. */
export interface UserSeats {
  /** Confirmed bookings: taking such a seat again for that pupil is a duplicate. */
  booked: PupilsBySession;
  /**
   * Seats in the account's own pending, unexpired checkouts: nothing is booked or paid yet, the
   * customer may resume, release or replace that checkout ("Payment pending").
   */
  pending: PupilsBySession;
  /** Seats held for the account's pupils by live waiting-list offers: theirs to check out. */
  offered: PupilsBySession;
}

/**
 * The seats among `sessionIds` that this account's pupils have booked, or hold in a checkout
 * being paid, per session and pupil.
 */
export async function userSeats(
  db: DbExecutor,
  userId: string,
  sessionIds: readonly string[],
  now: Date,
): Promise<UserSeats> {
  if (sessionIds.length === 0) return { booked: new Map(), pending: new Map(), offered: new Map() };
  const ids = [...new Set(sessionIds)];
  const [booked, held, offered] = await Promise.all([
    db
      .select({ sessionId: bookings.sessionId, pupilId: bookings.pupilId })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          inArray(bookings.sessionId, ids),
          eq(bookings.status, 'confirmed'),
        ),
      ),
    db
      .select({ sessionId: checkoutItems.sessionId, pupilId: checkoutItems.pupilId })
      .from(checkoutItems)
      .innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId))
      .where(
        and(
          eq(checkouts.userId, userId),
          inArray(checkoutItems.sessionId, ids),
          eq(checkouts.status, 'pending'),
          gt(checkouts.expiresAt, now),
        ),
      ),
    userLiveOffers(db, userId, ids, now),
  ]);
  return { booked: bySession(booked), pending: bySession(held), offered };
}
