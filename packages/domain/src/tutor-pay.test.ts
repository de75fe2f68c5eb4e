import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tutorPayLinePence } from './tutor-pay.ts';

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
