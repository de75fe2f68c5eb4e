import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  coolingOffEndsAt,
  creditExpiresAt,
  creditLastDay,
  packRefundPence,
} from './credit.ts';

describe('credit expiry', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(addMonthsClamped('2026-11-26', 6)).toBe('2027-05-26');
    expect(addMonthsClamped('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonthsClamped('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('lapses at London midnight after the last day, in summer and in winter', () => {
    // Bought 26 November (GMT) for 6 months: usable all of 26 May (BST).
    const expires = creditExpiresAt(new Date('2026-11-26T10:00:00Z'), 6);
    expect(expires.toISOString()).toBe('2027-05-26T23:00:00.000Z');
    expect(creditLastDay(expires)).toBe('2027-05-26');
    const winter = creditExpiresAt(new Date('2027-05-01T23:30:00Z'), 6); // 2 May in London
    expect(winter.toISOString()).toBe('2027-11-03T00:00:00.000Z');
    expect(creditLastDay(winter)).toBe('2027-11-02');
  });

  it('allows a refund for 14 days after purchase', () => {
    expect(coolingOffEndsAt(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe(
      '2026-12-10T10:00:00.000Z',
    );
  });
});

describe('packRefundPence', () => {
  it('refunds unused sessions at the pack rate, not the single price', () => {
    expect(packRefundPence({ sessions: 10, pricePence: 10_000 }, 3, 7)).toBe(7_000);
    expect(packRefundPence({ sessions: 10, pricePence: 10_000 }, 0, 10)).toBe(10_000);
    expect(packRefundPence({ sessions: 10, pricePence: 10_000 }, 10, 0)).toBe(0);
  });

  it('never refunds more than was paid, and parts add up to the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }),
        (sessions, pricePence, steps) => {
          let used = 0;
          let refunded = 0;
          for (const step of steps) {
            const take = Math.min(step, sessions - used);
            refunded += packRefundPence({ sessions, pricePence }, used, take);
            used += take;
          }
          refunded += packRefundPence({ sessions, pricePence }, used, sessions - used);
          expect(refunded).toBe(pricePence);
        },
      ),
    );
  });

  it('refuses more sessions than the pack has', () => {
    expect(() => packRefundPence({ sessions: 10, pricePence: 100 }, 5, 6)).toThrow(RangeError);
  });
});
