import type { AdminBookingCounts as BookingCounts, Spending } from '@tuition/api-contract';
import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings, checkouts, classSessions, paymentRefunds } from '../db/schema.ts';

/**
 * The per-customer figures the admin pages show beside a name: booking counts and spending.
 * One definition, used by the user table, the session attendee lists and the user page, so the
 * same customer never shows two different totals. See docs/decisions/030 and 054 (a booking is
 * a confirmed seat).
 */

/** The figures beside a name (the contract's AdminBookingCounts and Spending). */
export type CustomerFigures = { bookings: BookingCounts } & Spending;

export const NO_BOOKINGS: BookingCounts = {
  total: 0,
  upcoming: 0,
  previous: 0,
  cancelled: 0,
  moved: 0,
};
export const NO_SPENDING: Spending = { totalSpentPence: 0, lastPaymentAt: null };

/**
 * Money that stayed with the business: a checkout the provider confirmed as paid and that was
 * not refunded afterwards (a payment that arrived after its seats were gone is refunded).
 */
export const isRevenue: SQL = and(
  eq(checkouts.status, 'paid'),
  isNull(checkouts.refundedAt),
) as SQL;

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function bookingCountsByUser(
  db: DbExecutor,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, BookingCounts>> {
  const counts = new Map<string, BookingCounts>();
  if (userIds.length === 0) return counts;
  // Each booking's session is read by its key (docs/decisions/075, "Search"). The LIMIT keeps
  // PostgreSQL from flattening the lateral subquery into a join, which hashes every session in
  // the timetable (15,600 at ten years) to count a page of customers' bookings; sessions.id is
  // the key, so LIMIT 1 drops nothing.
  const session = db
    .select({ startsAt: classSessions.startsAt })
    .from(classSessions)
    .where(eq(classSessions.id, bookings.sessionId))
    .limit(1)
    .as('session');
  const rows = await db
    .select({
      userId: bookings.userId,
      upcoming: countWhere(and(eq(bookings.status, 'confirmed'), gt(session.startsAt, now))),
      previous: countWhere(and(eq(bookings.status, 'confirmed'), lte(session.startsAt, now))),
      cancelled: countWhere(eq(bookings.status, 'cancelled')),
      moved: countWhere(eq(bookings.status, 'rescheduled')),
    })
    .from(bookings)
    .crossJoinLateral(session)
    .where(inArray(bookings.userId, [...new Set(userIds)]))
    .groupBy(bookings.userId);
  for (const row of rows) {
    counts.set(row.userId, {
      // "Bookings" are confirmed seats (docs/decisions/054): cancelled ones are counted apart,
      // and a moved seat counts once, as the confirmed booking it became.
      total: row.upcoming + row.previous,
      upcoming: row.upcoming,
      previous: row.previous,
      cancelled: row.cancelled,
      moved: row.moved,
    });
  }
  return counts;
}

export async function spendingByUser(
  db: DbExecutor,
  userIds: readonly string[],
): Promise<Map<string, Spending>> {
  const spending = new Map<string, Spending>();
  if (userIds.length === 0) return spending;
  // What each payment kept: its amount less its refunds, read by checkout through
  // payment_refunds_checkout_id_idx, so the cost follows the page's payments (docs/decisions/075;
  // docs/product-rules.md "Admin figures": spending is net of refunds).
  const refunded = sql`(select coalesce(sum(${paymentRefunds.amountPence}), 0) from ${paymentRefunds} where ${paymentRefunds.checkoutId} = ${checkouts.id})`;
  const rows = await db
    .select({
      userId: checkouts.userId,
      totalSpentPence:
        sql<number>`coalesce(sum(${checkouts.amountPence} - ${refunded}), 0)`.mapWith(Number),
      // paid_at is set by the payment webhook; rows from before that column fall back to the
      // moment the checkout last changed, which for a paid checkout is when it was paid.
      lastPaymentAt:
        sql<Date | null>`max(coalesce(${checkouts.paidAt}, ${checkouts.updatedAt}))`.mapWith(
          checkouts.paidAt,
        ),
    })
    .from(checkouts)
    .where(and(inArray(checkouts.userId, [...new Set(userIds)]), isRevenue))
    .groupBy(checkouts.userId);
  for (const row of rows) {
    spending.set(row.userId, {
      totalSpentPence: row.totalSpentPence,
      lastPaymentAt: toIsoOrNull(row.lastPaymentAt),
    });
  }
  return spending;
}

/** Both figures for each user id, zeros for a customer with no bookings or payments. */
export async function customerFigures(
  db: DbExecutor,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, CustomerFigures>> {
  const [counts, spending] = await Promise.all([
    bookingCountsByUser(db, userIds, now),
    spendingByUser(db, userIds),
  ]);
  return new Map(
    userIds.map((id) => [
      id,
      { bookings: counts.get(id) ?? NO_BOOKINGS, ...(spending.get(id) ?? NO_SPENDING) },
    ]),
  );
}

export function toIsoOrNull(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
