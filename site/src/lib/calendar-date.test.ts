// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './calendar-date.ts';

describe('formatCalendarDate', () => {
  it('writes a CMS date the British way', () => {
    expect(formatCalendarDate('2026-09-07')).toBe('7 September 2026');
  });

  it('does not move a date across midnight whatever the build machine’s zone', () => {
    expect(formatCalendarDate('2027-03-28')).toBe('28 March 2027');
    expect(formatCalendarDate('2026-12-31')).toBe('31 December 2026');
  });

  it('shows an unreadable date as written rather than "Invalid Date"', () => {
    expect(formatCalendarDate('next spring')).toBe('next spring');
  });
});
