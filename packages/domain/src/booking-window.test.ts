import { describe, expect, it } from 'vitest';
import { BOOKING_WINDOW_DAYS, bookingWindow, isBookable } from './booking-window.ts';
import { londonWallClockToUtc } from './london-time.ts';

const london = londonWallClockToUtc;

describe('bookingWindow', () => {
  it('runs from today to 56 days ahead in London dates', () => {
    expect(BOOKING_WINDOW_DAYS).toBe(56);
    expect(bookingWindow(new Date('2026-11-03T12:00:00Z'))).toEqual({
      from: '2026-11-03',
      to: '2026-12-29',
    });
  });

  it('starts on the London date, which late on a summer evening UTC is already tomorrow', () => {
    // 23:30Z on 7 July is 00:30 on 8 July in London (BST).
    expect(bookingWindow(new Date('2026-07-07T23:30:00Z'))).toEqual({
      from: '2026-07-08',
      to: '2026-09-02',
    });
  });
});

describe('isBookable', () => {
  const now = london('2026-11-03', '17:30'); // a Tuesday, between the 5pm and 6pm slots

  it("refuses today's slot that has already started", () => {
    expect(isBookable(london('2026-11-03', '17:00'), now)).toBe(false);
  });

  it("accepts today's slot that is still to come", () => {
    expect(isBookable(london('2026-11-03', '18:00'), now)).toBe(true);
  });

  it('refuses a slot starting at this very instant', () => {
    expect(isBookable(now, now)).toBe(false);
  });

  it('accepts a slot on day 56 and refuses one on day 57', () => {
    expect(isBookable(london('2026-12-29', '19:00'), now)).toBe(true);
    expect(isBookable(london('2026-12-30', '10:00'), now)).toBe(false);
  });

  it('counts the 56 days in London dates near midnight UTC in summer', () => {
    // 23:30Z on Tuesday 7 July 2026 is already Wednesday 8 July in London: day 56 is 2 Sept.
    const lateEvening = new Date('2026-07-07T23:30:00Z');
    expect(isBookable(london('2026-09-02', '19:00'), lateEvening)).toBe(true);
    expect(isBookable(london('2026-09-03', '17:00'), lateEvening)).toBe(false);
    // A 00:15 London session on 3 Sept is 23:15Z on 2 Sept: its London date is day 57.
    expect(isBookable(new Date('2026-09-02T23:15:00Z'), lateEvening)).toBe(false);
  });

  it('refuses an invalid start', () => {
    expect(isBookable(new Date('nope'), now)).toBe(false);
  });
});
