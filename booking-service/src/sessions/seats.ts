import { and, type Column, count, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings, checkoutItems, checkouts, classSessions } from '../db/schema.ts';

/**
 * Seats taken in the session whose id is `sessionId` (a column of the outer query) =
 * confirmed bookings + items of pending checkouts that have not expired yet (a checkout holds
 * its seats while the customer pays). The one definition every feature uses (availability,
 * bookability, checkout and reschedule), as an SQL expression so a read of session rows can
 * carry its seat counts in the same round trip. Each count is an index lookup by session.
 */
export function seatsTakenSql(sessionId: Column, now: Date): SQL<number> {
  const confirmed = sql`(select ${count()} from ${bookings} where ${and(
    eq(bookings.sessionId, sessionId),
    eq(bookings.status, 'confirmed'),
  )})`;
  const held = sql`(select ${count()} from ${checkoutItems} inner join ${checkouts} on ${eq(
    checkouts.id,
    checkoutItems.checkoutId,
  )} where ${and(
    eq(checkoutItems.sessionId, sessionId),
    eq(checkouts.status, 'pending'),
    gt(checkouts.expiresAt, now),
  )})`;
  return sql<number>`(${confirmed} + ${held})`.mapWith(Number);
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

/** What one user already has in some sessions, the two kinds kept apart. */
export interface UserSeats {
  /** Confirmed bookings: taking such a session again is a duplicate ("Already Booked"). */
  booked: Set<string>;
  /**
   * Seats in the user's own pending, unexpired checkouts: nothing is booked or paid yet, the
   * customer may resume, release or replace that checkout ("Payment pending").
   */
  pending: Set<string>;
}

/** The sessions among `sessionIds` that this user has booked, or holds in a checkout being paid. */
export async function userSeats(
  db: DbExecutor,
  userId: string,
  sessionIds: readonly string[],
  now: Date,
): Promise<UserSeats> {
  if (sessionIds.length === 0) return { booked: new Set(), pending: new Set() };
  const ids = [...new Set(sessionIds)];
  const [booked, held] = await Promise.all([
    db
      .select({ sessionId: bookings.sessionId })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          inArray(bookings.sessionId, ids),
          eq(bookings.status, 'confirmed'),
        ),
      ),
    db
      .select({ sessionId: checkoutItems.sessionId })
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
  ]);
  return {
    booked: new Set(booked.map((row) => row.sessionId)),
    pending: new Set(held.map((row) => row.sessionId)),
  };
}
