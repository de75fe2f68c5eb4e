import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMonth,
  isPayMonthClosed,
  openPayLinesFrom,
  payMonthClosesAt,
  payMonthRange,
  shiftMonth,
  tutorPayLinePence,
} from './tutor-pay.ts';

describe('tutorPayLinePence examples', () => {
  it('pays the session rate plus the pupil rate for each pupil who came', () => {
    const rates = { perSessionPence: 2000, perPupilPence: 250 };
    expect(tutorPayLinePence(rates, 6)).toBe(3500);
    expect(tutorPayLinePence(rates, 0)).toBe(2000);
    expect(tutorPayLinePence({ perSessionPence: 0, perPupilPence: 0 }, 8)).toBe(0);
  });

  it('refuses rates or pupils that are not whole numbers >= 0', () => {
    expect(() => tutorPayLinePence({ perSessionPence: 20.5, perPupilPence: 0 }, 1)).toThrow(
      RangeError,
    );
    expect(() => tutorPayLinePence({ perSessionPence: 0, perPupilPence: -1 }, 1)).toThrow(
      RangeError,
    );
    expect(() => tutorPayLinePence({ perSessionPence: 0, perPupilPence: 1 }, 1.5)).toThrow(
      RangeError,
    );
  });
});

const pence = fc.integer({ min: 0, max: 100_000 });
const pupils = fc.integer({ min: 0, max: 40 });

describe('tutorPayLinePence properties', () => {
  it('is whole pence, never less than the session rate', () => {
    fc.assert(
      fc.property(pence, pence, pupils, (perSessionPence, perPupilPence, attended) => {
        const pay = tutorPayLinePence({ perSessionPence, perPupilPence }, attended);
        expect(Number.isSafeInteger(pay)).toBe(true);
        expect(pay).toBeGreaterThanOrEqual(perSessionPence);
      }),
    );
  });

  it('pays exactly one pupil rate more for each pupil more', () => {
    fc.assert(
      fc.property(pence, pence, pupils, (perSessionPence, perPupilPence, attended) => {
        const rates = { perSessionPence, perPupilPence };
        expect(tutorPayLinePence(rates, attended + 1) - tutorPayLinePence(rates, attended)).toBe(
          perPupilPence,
        );
      }),
    );
  });

  it('adds up across lines as the rates do (a month of lines sums to the rates times counts)', () => {
    fc.assert(
      fc.property(pence, pence, fc.array(pupils, { maxLength: 25 }), (s, p, registers) => {
        const total = registers.reduce(
          (sum, attended) =>
            sum + tutorPayLinePence({ perSessionPence: s, perPupilPence: p }, attended),
          0,
        );
        const attendedInAll = registers.reduce((a, b) => a + b, 0);
        expect(total).toBe(s * registers.length + p * attendedInAll);
      }),
    );
  });
});

describe('pay months (docs/decisions/113)', () => {
  it('moves across a year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
    expect(formatMonth('2027-01')).toBe('January 2027');
  });

  it('runs from London midnight to London midnight, through a clock change', () => {
    // October 2026: BST at its start, GMT at its end.
    expect(payMonthRange('2026-10')).toEqual({
      from: new Date('2026-09-30T23:00:00Z'),
      to: new Date('2026-11-01T00:00:00Z'),
    });
  });

  it('closes at 00:00 London on the 8th of the next month', () => {
    expect(payMonthClosesAt('2026-11')).toEqual(new Date('2026-12-08T00:00:00Z'));
    // March closes on 8 April, in summer time.
    expect(payMonthClosesAt('2027-03')).toEqual(new Date('2027-04-07T23:00:00Z'));
    expect(isPayMonthClosed('2026-11', new Date('2026-12-07T23:59:59Z'))).toBe(false);
    expect(isPayMonthClosed('2026-11', new Date('2026-12-08T00:00:00Z'))).toBe(true);
  });

  it('keeps last month open until it closes, then only this month', () => {
    expect(openPayLinesFrom(new Date('2026-12-03T09:00:00Z'))).toEqual(
      new Date('2026-11-01T00:00:00Z'),
    );
    expect(openPayLinesFrom(new Date('2026-12-08T00:00:00Z'))).toEqual(
      new Date('2026-12-01T00:00:00Z'),
    );
    // 1 January 2027: December is open, and November closed on 8 December.
    expect(openPayLinesFrom(new Date('2027-01-01T10:00:00Z'))).toEqual(
      new Date('2026-12-01T00:00:00Z'),
    );
  });

  it('never re-prices a session whose attendance can still change once its month closed', () => {
    // The last lesson a month can hold starts before midnight on its last day; its register
    // settles 7 days later, before the month closes.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36 }), (offset) => {
        const month = shiftMonth('2026-01', offset);
        const lastStart = new Date(payMonthRange(month).to.getTime() - 60_000);
        const settles = new Date(lastStart.getTime() + 7 * 24 * 60 * 60_000);
        expect(settles < payMonthClosesAt(month)).toBe(true);
      }),
    );
  });
});
