import type { AdminStats, AdminSummary } from '@tuition/api-contract';
import { addDays, londonDate, londonWallClockToUtc, WEEKDAYS, weekdayOf } from '@tuition/domain';
import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import { atRiskSessions } from '../sessions/class-minimums.ts';
import { chargedPriceLookup } from '../sessions/seat-prices.ts';
import type { Database } from '../db/client.ts';
import {
  adminFigures,
  bookings,
  classSessions,
  creditLots,
  revenueMonths,
  user,
} from '../db/schema.ts';

interface FigureDeps {
  db: Database;
  clock: Clock;
  content: Pick<ContentLoader, 'pricing' | 'timetable' | 'closures'>;
}

/**
 * The summary figures. Accounts, seats, payments and refunds come from the figures the database
 * keeps as they change (admin_figures, revenue_months: docs/decisions/075, 114, 118), so the
 * answer costs the same in year ten as in week one. Payments taken are before refunds, shown
 * beside them, and cash received takes them off; the credit families still hold is read from
 * the lots with some left (live credit, not history), less those of deleted accounts, whose
 * credit is forfeited (docs/decisions/077, 114, docs/product-rules.md "Admin figures").
 */
export async function dashboardSummary(deps: FigureDeps): Promise<AdminSummary> {
  const now = deps.clock.now();
  const [[figures], owedSeats, atRisk] = await Promise.all([
    keptFigures(deps.db, now),
    owedForUpcomingSeats(deps, now),
    // Sessions whose class minimum is not yet met (docs/decisions/100).
    atRiskSessions(deps, now),
  ]);
  const takenPence = figures?.takenPence ?? 0;
  const refundedPence = figures?.refundedPence ?? 0;
  const cashReceivedPence = takenPence - refundedPence;
  const creditOutstandingPence = figures?.creditPence ?? 0;
  return {
    totalUsers: figures?.accounts ?? 0,
    totalBookings: figures?.bookedSeats ?? 0,
    upcomingSessions: figures?.upcomingSessions ?? 0,
    totalRevenuePence: takenPence,
    refundedPence,
    cashReceivedPence,
    revenueDeliveredPence: cashReceivedPence - owedSeats - creditOutstandingPence,
    creditOutstandingSessions: figures?.creditSessions ?? 0,
    atRiskSessions: atRisk.length,
    creditOutstandingPence,
  };
}

/**
 * The summary's figures in one statement, one round trip (docs/decisions/118), each part
 * bounded: accounts and seats summed over their 1,024 kept shards; sessions still to come that
 * have a seat, through the date index; payments and refunds as kept per month (one row a
 * month); and the lots with credit left, through their partial index (docs/decisions/077), each
 * joined to its account by key, so a deleted account's forfeited credit is not owed.
 */
function keptFigures(db: Database, now: Date) {
  const kept = db
    .select({
      accounts: sql<number>`coalesce(sum(${adminFigures.accounts}), 0)`.as('accounts'),
      bookedSeats: sql<number>`coalesce(sum(${adminFigures.bookedSeats}), 0)`.as('booked_seats'),
    })
    .from(adminFigures)
    .as('kept');
  const upcoming = db
    .select({ n: sql<number>`count(*)`.as('upcoming_sessions') })
    .from(classSessions)
    .where(and(gt(classSessions.startsAt, now), gt(classSessions.confirmedCount, 0)))
    .as('upcoming');
  const months = db
    .select({
      pence: sql<number>`coalesce(sum(${revenueMonths.pence}), 0)`.as('taken_pence'),
      refundedPence: sql<number>`coalesce(sum(${revenueMonths.refundedPence}), 0)`.as(
        'refunded_pence',
      ),
    })
    .from(revenueMonths)
    .as('months');
  const credit = db
    .select({
      sessions: sql<number>`coalesce(sum(${creditLots.remaining}), 0)`.as('credit_sessions'),
      pence:
        sql<number>`coalesce(sum(${creditLots.remaining} * ${creditLots.pricePaidPence} / ${creditLots.sessions}), 0)`.as(
          'credit_pence',
        ),
    })
    .from(creditLots)
    .innerJoin(user, eq(user.id, creditLots.userId))
    .where(and(gt(creditLots.remaining, 0), gt(creditLots.expiresAt, now), isNull(user.deletedAt)))
    .as('credit');
  return db
    .select({
      accounts: sql<number>`${kept.accounts}`.mapWith(Number),
      bookedSeats: sql<number>`${kept.bookedSeats}`.mapWith(Number),
      upcomingSessions: sql<number>`${upcoming.n}`.mapWith(Number),
      takenPence: sql<number>`${months.pence}`.mapWith(Number),
      refundedPence: sql<number>`${months.refundedPence}`.mapWith(Number),
      creditSessions: sql<number>`${credit.sessions}`.mapWith(Number),
      creditPence: sql<number>`${credit.pence}`.mapWith(Number),
    })
    .from(months)
    .crossJoin(upcoming)
    .crossJoin(credit)
    .crossJoin(kept);
}

/**
 * What the seats still to come were paid for: a card seat at its share of its payment, a seat
 * paid with credit at its lot's price per session (docs/decisions/077). Bounded by the
 * booking window, so the same cost in year ten as in week one.
 */
async function owedForUpcomingSeats(deps: FigureDeps, now: Date): Promise<number> {
  const seats = await deps.db
    .select({
      id: bookings.id,
      checkoutId: bookings.checkoutId,
      lotPricePence: creditLots.pricePaidPence,
      lotSessions: creditLots.sessions,
    })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .leftJoin(creditLots, eq(creditLots.id, bookings.creditLotId))
    .where(and(eq(bookings.status, 'confirmed'), gt(classSessions.startsAt, now)));
  const cardCheckouts = [
    ...new Set(
      seats.flatMap((s) => (s.lotSessions === null && s.checkoutId ? [s.checkoutId] : [])),
    ),
  ];
  const priceOf = await chargedPriceLookup(deps.db, await deps.content.pricing(), cardCheckouts);
  return seats.reduce((sum, seat) => {
    if (seat.lotSessions !== null && seat.lotPricePence !== null) {
      return sum + Math.floor(seat.lotPricePence / seat.lotSessions);
    }
    return sum + (seat.checkoutId ? priceOf(seat.checkoutId, seat.id) : 0);
  }, 0);
}

/** The chart on /admin: 12 weeks back (this week included) and 8 ahead; 12 months of revenue. */
export const WEEKS_BACK = 12;
export const WEEKS_AHEAD = 8;
export const REVENUE_MONTHS = 12;

/** Monday of the London week that contains this London date. */
export function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** YYYY-MM, `offset` months after the month of `month` (YYYY-MM). */
export function addMonths(month: string, offset: number): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Bookings per London week (by the session's date, so weeks ahead show what is already booked)
 * and payments taken per London calendar month (by when paid, before refunds: the summary shows
 * the refunds beside the total, docs/product-rules.md "Admin figures"). Both read stored figures
 * (docs/decisions/075): the sessions of the chart's range with their confirmed seats, bucketed
 * here with the domain's London-time functions, and the revenue months the database keeps.
 */
export async function dashboardStats(deps: FigureDeps): Promise<AdminStats> {
  const now = deps.clock.now();
  const today = londonDate(now);
  const currentWeekStart = mondayOf(today);
  const weeks = Array.from({ length: WEEKS_BACK + WEEKS_AHEAD }, (_, i) =>
    addDays(currentWeekStart, (i - (WEEKS_BACK - 1)) * 7),
  );
  const firstWeek = weeks[0] ?? currentWeekStart;
  const rangeStart = londonWallClockToUtc(firstWeek, '00:00');
  const rangeEnd = londonWallClockToUtc(addDays(currentWeekStart, WEEKS_AHEAD * 7 + 7), '00:00');

  const thisMonth = today.slice(0, 7);
  const months = Array.from({ length: REVENUE_MONTHS }, (_, i) =>
    addMonths(thisMonth, i - (REVENUE_MONTHS - 1)),
  );

  const [sessionSeats, monthRows] = await Promise.all([
    deps.db
      .select({ startsAt: classSessions.startsAt, seats: classSessions.confirmedCount })
      .from(classSessions)
      .where(
        and(
          gt(classSessions.confirmedCount, 0),
          gte(classSessions.startsAt, rangeStart),
          lt(classSessions.startsAt, rangeEnd),
        ),
      ),
    deps.db.select().from(revenueMonths).where(inArray(revenueMonths.month, months)),
  ]);

  const perWeek = new Map(weeks.map((w) => [w, 0]));
  for (const { startsAt, seats } of sessionSeats) {
    const week = mondayOf(londonDate(startsAt));
    perWeek.set(week, (perWeek.get(week) ?? 0) + seats);
  }
  const perMonth = new Map(monthRows.map((row) => [row.month, row.pence]));
  return {
    currentWeekStart,
    bookingsPerWeek: weeks.map((weekStart) => ({
      weekStart,
      bookings: perWeek.get(weekStart) ?? 0,
    })),
    revenuePerMonth: months.map((month) => ({ month, revenuePence: perMonth.get(month) ?? 0 })),
  };
}
