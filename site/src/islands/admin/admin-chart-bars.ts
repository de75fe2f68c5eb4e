// The figures of the /admin charts as bars: bookings per week and revenue per month, each with
// a short axis label and a long one for the table and screen readers.
import { formatPounds } from '@tuition/domain';
import type { AdminStats } from './admin-api.ts';

export interface ChartBar {
  /** Short axis label ("17 Aug", "Nov ’26"). */
  label: string;
  /** Full label for the table and screen readers ("Week of 17 August 2026"). */
  longLabel: string;
  value: number;
  /** The value as printed ("3", "£90"). */
  valueText: string;
  /** Drawn striped: a period still to come. */
  future?: boolean;
}

const twoDigitYear = (date: Date) => String(date.getUTCFullYear() % 100).padStart(2, '0');

/** The charts' date formats, built when the charts are first drawn (decision 078). */
let formats:
  | Record<'dayMonth' | 'longDay' | 'shortMonth' | 'longMonth', Intl.DateTimeFormat>
  | undefined;
function chartFormats() {
  formats ??= {
    dayMonth: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    longDay: new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    shortMonth: new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }),
    longMonth: new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  };
  return formats;
}

/** Calendar dates (YYYY-MM-DD) as UTC midnight, so formatting never shifts the day. */
const calendarDate = (date: string) => new Date(`${date}T00:00:00Z`);

export function weekBars(stats: AdminStats): ChartBar[] {
  const { dayMonth, longDay } = chartFormats();
  return stats.bookingsPerWeek.map((week) => ({
    label: dayMonth.format(calendarDate(week.weekStart)),
    longLabel: `Week of ${longDay.format(calendarDate(week.weekStart))}`,
    value: week.bookings,
    valueText: String(week.bookings),
    future: week.weekStart > stats.currentWeekStart,
  }));
}

export function monthBars(stats: AdminStats): ChartBar[] {
  const { shortMonth, longMonth } = chartFormats();
  return stats.revenuePerMonth.map((month) => ({
    // With its year: twelve months back always span two years ("Dec ’25", "Jan ’26").
    label: `${shortMonth.format(calendarDate(`${month.month}-01`))} ’${twoDigitYear(calendarDate(`${month.month}-01`))}`,
    longLabel: longMonth.format(calendarDate(`${month.month}-01`)),
    value: month.revenuePence,
    valueText:
      month.revenuePence % 100 === 0
        ? `£${(month.revenuePence / 100).toLocaleString('en-GB')}`
        : formatPounds(month.revenuePence),
  }));
}
