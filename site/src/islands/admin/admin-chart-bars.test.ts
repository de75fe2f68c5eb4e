// The /admin charts' bars: revenue months name their year (twelve months back span two years),
// weeks to come are marked, and round pounds print without pence.
import { describe, expect, it } from 'vitest';
import type { AdminStats } from './admin-api.ts';
import { monthBars, weekBars } from './admin-chart-bars.ts';

const stats = {
  currentWeekStart: '2026-11-23',
  bookingsPerWeek: [
    { weekStart: '2026-11-16', bookings: 4 },
    { weekStart: '2026-11-30', bookings: 2 },
  ],
  revenuePerMonth: [
    { month: '2025-12', revenuePence: 9000 },
    { month: '2026-01', revenuePence: 10050 },
  ],
} as unknown as AdminStats;

describe('chart bars', () => {
  it('names every month and week as en-GB dates do', () => {
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    const bars = monthBars({
      ...stats,
      revenuePerMonth: months.map((month) => ({ month, revenuePence: 123_400 })),
    });
    const short = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    bars.forEach((bar, i) => {
      const first = new Date(`${months[i]}-01T00:00:00Z`);
      expect(bar.label).toBe(`${short.format(first)} ’26`);
      expect(bar.longLabel).toBe(long.format(first));
      expect(bar.valueText).toBe('£1,234');
    });
    const week = weekBars({
      ...stats,
      bookingsPerWeek: [{ weekStart: '2026-09-07', bookings: 1 }],
    })[0];
    expect(week?.label).toBe('7 Sept');
    expect(week?.longLabel).toBe('Week of 7 September 2026');
  });

  it('labels each month with its year', () => {
    expect(monthBars(stats).map((bar) => [bar.label, bar.longLabel, bar.valueText])).toEqual([
      ['Dec ’25', 'December 2025', '£90'],
      ['Jan ’26', 'January 2026', '£100.50'],
    ]);
  });

  it('marks the weeks still to come', () => {
    expect(weekBars(stats).map((bar) => [bar.label, bar.future])).toEqual([
      ['16 Nov', false],
      ['30 Nov', true],
    ]);
  });
});
