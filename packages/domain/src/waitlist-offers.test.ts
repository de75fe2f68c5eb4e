import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonWallClockToUtc, toLondonWallClock } from './london-time.ts';
import {
  DEFAULT_OFFER_HOURS,
  LIST_CLOSES_BEFORE_START_MINUTES,
  listClosesAt,
  OFFER_ENDS_BEFORE_START_MINUTES,
  OFFER_MIN_MINUTES,
  offerExpiry,
} from './waitlist-offers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const start = new Date('2026-11-10T19:00:00Z');
const minutesBeforeStart = (minutes: number) => new Date(start.getTime() - minutes * MINUTE);
const expiry = (now: Date, hours = DEFAULT_OFFER_HOURS) =>
  offerExpiry(now, start, hours)?.toISOString() ?? null;

describe('the offer hold', () => {
  it('holds 12 hours by default, ends 2 hours before the start, needs 30 minutes', () => {
    expect(DEFAULT_OFFER_HOURS).toBe(12);
    expect(OFFER_ENDS_BEFORE_START_MINUTES).toBe(120);
    expect(OFFER_MIN_MINUTES).toBe(30);
    expect(LIST_CLOSES_BEFORE_START_MINUTES).toBe(150);
  });

  it('runs the offer time in full when the session is far off', () => {
    expect(expiry(new Date('2026-11-08T10:00:00Z'))).toBe('2026-11-08T22:00:00.000Z');
    expect(expiry(new Date('2026-11-08T10:00:00Z'), 1)).toBe('2026-11-08T11:00:00.000Z');
    expect(expiry(new Date('2026-11-08T10:00:00Z'), 72)).toBe('2026-11-10T17:00:00.000Z');
  });

  it('ends 2 hours before the start when the offer time would run past it', () => {
    // 15 hours ahead the 12 hours fit; 14 hours ahead they end at the cut-off itself.
    expect(expiry(minutesBeforeStart(15 * 60))).toBe('2026-11-10T16:00:00.000Z');
    expect(expiry(minutesBeforeStart(14 * 60))).toBe('2026-11-10T17:00:00.000Z');
    expect(expiry(minutesBeforeStart(13 * 60))).toBe('2026-11-10T17:00:00.000Z');
    expect(expiry(minutesBeforeStart(4 * 60))).toBe('2026-11-10T17:00:00.000Z');
  });

  it('offers with exactly 30 minutes left, and not with a millisecond less', () => {
    expect(expiry(minutesBeforeStart(150))).toBe('2026-11-10T17:00:00.000Z');
    expect(offerExpiry(new Date(minutesBeforeStart(150).getTime() + 1), start, 12)).toBeNull();
    expect(expiry(minutesBeforeStart(149))).toBeNull();
    expect(expiry(minutesBeforeStart(120))).toBeNull();
    expect(expiry(minutesBeforeStart(0))).toBeNull();
    expect(expiry(minutesBeforeStart(-60))).toBeNull();
  });

  it('counts real hours across the autumn clock change, not wall-clock hours', () => {
    // 20:00 BST on Saturday 24 October 2026 plus 12 hours is 07:00 GMT on the Sunday.
    const now = londonWallClockToUtc('2026-10-24', '20:00');
    const ends = offerExpiry(now, londonWallClockToUtc('2026-10-27', '19:00'), 12);
    expect(ends?.toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(ends && toLondonWallClock(ends)).toEqual({
      date: '2026-10-25',
      time: '07:00',
      weekday: 'sun',
    });
  });

  it('closes the list 150 minutes before the start', () => {
    expect(listClosesAt(start).toISOString()).toBe('2026-11-10T16:30:00.000Z');
  });

  const instants = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) });
  const ahead = fc.integer({ min: -6 * HOUR, max: 96 * HOUR });
  const offerHours = fc.integer({ min: 1, max: 72 });

  it('never passes the offer time, the 2-hour cut-off, or gives under 30 minutes', () => {
    fc.assert(
      fc.property(instants, ahead, offerHours, (nowMs, until, hours) => {
        const now = new Date(nowMs);
        const startsAt = new Date(nowMs + until);
        const ends = offerExpiry(now, startsAt, hours);
        const bound = Math.min(nowMs + hours * HOUR, startsAt.getTime() - 120 * MINUTE);
        if (bound - nowMs < 30 * MINUTE) {
          expect(ends).toBeNull();
        } else {
          expect(ends?.getTime()).toBe(bound);
        }
      }),
    );
  });

  it('makes an offer exactly while the list is open (with an offer time of an hour or more)', () => {
    fc.assert(
      fc.property(instants, ahead, offerHours, (nowMs, until, hours) => {
        const now = new Date(nowMs);
        const startsAt = new Date(nowMs + until);
        const open = now.getTime() <= listClosesAt(startsAt).getTime();
        expect(offerExpiry(now, startsAt, hours) !== null).toBe(open);
      }),
    );
  });
});
