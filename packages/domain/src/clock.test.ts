import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from './clock.ts';

describe('fixedClock', () => {
  it('always answers the instant it was given, from a string or a Date', () => {
    const clock = fixedClock('2027-03-28T09:00:00Z');
    expect(clock.now().toISOString()).toBe('2027-03-28T09:00:00.000Z');
    expect(fixedClock(new Date('2027-03-28T09:00:00Z')).now().getTime()).toBe(
      clock.now().getTime(),
    );
  });

  it('cannot be moved by mutating the Date it returned', () => {
    const clock = fixedClock('2027-03-28T09:00:00Z');
    clock.now().setUTCFullYear(2000);
    expect(clock.now().toISOString()).toBe('2027-03-28T09:00:00.000Z');
  });

  it('does not follow later changes to the Date it was given', () => {
    const at = new Date('2027-03-28T09:00:00Z');
    const clock = fixedClock(at);
    at.setUTCFullYear(2000);
    expect(clock.now().toISOString()).toBe('2027-03-28T09:00:00.000Z');
  });

  it('refuses an instant that cannot be parsed', () => {
    expect(() => fixedClock('next tuesday')).toThrow(RangeError);
    expect(() => fixedClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('tells the real time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
