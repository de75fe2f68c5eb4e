// The figures of the /admin charts as bars: bookings per week and revenue per month, each with
// a short axis label and a long one for the table and screen readers.
import { formatRoundPounds, MONTH_NAMES } from '@tuition/domain';
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

/**
 * A month's short name as en-GB writes it ("Sept" for September). Written out rather than asked
 * of `Intl.DateTimeFormat`: the charts draw on the first screen, and a page's first `Intl` date
 * formatter costs ~20 ms of main thread for its locale data (docs/decisions/084).
 */
const shortMonth = (name: string) => (name === 'September' ? 'Sept' : name.slice(0, 3));

/** A calendar date or month ("2026-11-16", "2026-11") as its parts. */
function calendarParts(date: string): { year: number; short: string; long: string; day: number } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const long = MONTH_NAMES[month - 1] ?? MONTH_NAMES[0];
  return { year, short: shortMonth(long), long, day };
}

export function weekBars(stats: AdminStats): ChartBar[] {
  return stats.bookingsPerWeek.map((week) => {
    const { year, short, long, day } = calendarParts(week.weekStart);
    return {
      label: `${day} ${short}`,
      longLabel: `Week of ${day} ${long} ${year}`,
      value: week.bookings,
      valueText: String(week.bookings),
      future: week.weekStart > stats.currentWeekStart,
    };
  });
}

export function monthBars(stats: AdminStats): ChartBar[] {
  return stats.revenuePerMonth.map((month) => {
    const { year, short, long } = calendarParts(month.month);
    return {
      // With its year: twelve months back always span two years ("Dec ’25", "Jan ’26").
      label: `${short} ’${String(year % 100).padStart(2, '0')}`,
      longLabel: `${long} ${year}`,
      value: month.revenuePence,
      valueText: formatRoundPounds(month.revenuePence),
    };
  });
}
