import type { AdminStats, AdminSummary } from '@tuition/api-contract';
import { addDays, londonDate, londonWallClockToUtc, WEEKDAYS, weekdayOf } from '@tuition/domain';
import { and, count, countDistinct, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { bookings, checkouts, classSessions, user } from '../db/schema.ts';
import { isRevenue } from './customer-figures.ts';

interface FigureDeps {
  db: Database;
  clock: Clock;
}

export async function dashboardSummary(deps: FigureDeps): Promise<AdminSummary> {
  const now = deps.clock.now();
  const [[users], [booked], [upcoming], [revenue]] = await Promise.all([
    deps.db.select({ n: count() }).from(user),
    deps.db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'confirmed')),
    deps.db
      .select({ n: countDistinct(bookings.sessionId) })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(and(eq(bookings.status, 'confirmed'), gt(classSessions.startsAt, now))),
    deps.db
      .select({
        pence: sql<number>`coalesce(sum(${checkouts.amountPence}), 0)`.mapWith(Number),
      })
      .from(checkouts)
      .where(isRevenue),
  ]);
  return {
    totalUsers: Number(users?.n ?? 0),
    totalBookings: Number(booked?.n ?? 0),
    upcomingSessions: Number(upcoming?.n ?? 0),
    totalRevenuePence: revenue?.pence ?? 0,
  };
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
 * and revenue per London calendar month (by when it was paid). Bucketing happens here with the
 * domain's London-time functions, not with the database's time-zone data, so PGlite, PostgreSQL
 * and Neon agree; the rows read are bounded by the chart's range.
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
  const revenueStart = londonWallClockToUtc(`${months[0] ?? thisMonth}-01`, '00:00');
  const paidAt = sql<Date>`coalesce(${checkouts.paidAt}, ${checkouts.updatedAt})`.mapWith(
    checkouts.paidAt,
  );

  const [sessionStarts, payments] = await Promise.all([
    deps.db
      .select({ startsAt: classSessions.startsAt })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          gte(classSessions.startsAt, rangeStart),
          lt(classSessions.startsAt, rangeEnd),
        ),
      ),
    deps.db
      .select({ paidAt, amountPence: checkouts.amountPence })
      .from(checkouts)
      .where(and(isRevenue, sql`${paidAt} >= ${revenueStart.toISOString()}::timestamptz`)),
  ]);

  const perWeek = new Map(weeks.map((w) => [w, 0]));
  for (const { startsAt } of sessionStarts) {
    const week = mondayOf(londonDate(startsAt));
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
  }
  const perMonth = new Map(months.map((m) => [m, 0]));
  for (const payment of payments) {
    const month = londonDate(payment.paidAt).slice(0, 7);
    if (perMonth.has(month)) perMonth.set(month, (perMonth.get(month) ?? 0) + payment.amountPence);
  }
  return {
    currentWeekStart,
    bookingsPerWeek: weeks.map((weekStart) => ({
      weekStart,
      bookings: perWeek.get(weekStart) ?? 0,
    })),
    revenuePerMonth: months.map((month) => ({ month, revenuePence: perMonth.get(month) ?? 0 })),
  };
}
