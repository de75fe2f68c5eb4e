import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  coolingOffEndsAt,
  creditExpiresAt,
  creditLastDay,
  GRANTED_CREDIT_MONTHS,
  grantedCreditExpiresAt,
  packRefundPence,
  splitBasketPayment,
} from './credit.ts';
import { londonDate, toLondonWallClock } from './london-time.ts';

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

describe('grantedCreditExpiresAt', () => {
  it('lasts six months, to the end of that London day', () => {
    const granted = grantedCreditExpiresAt(new Date('2026-11-26T10:00:00Z'));
    expect(granted.toISOString()).toBe('2027-05-26T23:00:00.000Z');
    expect(creditLastDay(granted)).toBe('2027-05-26');
    // 31 August + 6 months is the last day of February.
    expect(creditLastDay(grantedCreditExpiresAt(new Date('2026-08-31T12:00:00Z')))).toBe(
      '2027-02-28',
    );
  });

  it('always lapses at a London midnight, after now, on the day six months on', () => {
    const instants = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(instants, (ms) => {
        const now = new Date(ms);
        const expires = grantedCreditExpiresAt(now);
        expect(expires.getTime()).toBeGreaterThan(now.getTime());
        expect(toLondonWallClock(expires).time).toBe('00:00');
        expect(creditLastDay(expires)).toBe(
          addMonthsClamped(londonDate(now), GRANTED_CREDIT_MONTHS),
        );
        // Never less than about six months: at least 181 days (Sep to Feb is the shortest).
        expect(expires.getTime() - now.getTime()).toBeGreaterThan(180 * 24 * 60 * 60_000);
      }),
    );
  });
});

describe('splitBasketPayment', () => {
  const at = (day: number, hour = 17) => new Date(Date.UTC(2026, 11, day, hour));
  const seat = (key: string, day: number, hour?: number) => ({ key, startsAt: at(day, hour) });
  const keys = (seats: readonly { key: string }[]) => seats.map((s) => s.key);
  const creditKeys = (split: { credit: { seat: { key: string } }[] }) =>
    split.credit.map((c) => c.seat.key);

  it('pays for the earliest seats with credit and leaves the rest for the card', () => {
    const split = splitBasketPayment(
      [seat('wed', 9), seat('mon', 7), seat('tue', 8)],
      [{ id: 'pack', remaining: 2 }],
    );
    expect(creditKeys(split)).toEqual(['mon', 'tue']);
    expect(keys(split.card)).toEqual(['wed']);
  });

  it('keeps the order given for seats starting together (two pupils in one session)', () => {
    const split = splitBasketPayment(
      [seat('amy', 7), seat('ben', 7), seat('amy-next', 14)],
      [{ remaining: 1 }],
    );
    expect(creditKeys(split)).toEqual(['amy']);
    expect(keys(split.card)).toEqual(['ben', 'amy-next']);
  });

  it('spends the lots in the order given, skipping empty ones', () => {
    const split = splitBasketPayment(
      [seat('a', 1), seat('b', 2), seat('c', 3), seat('d', 4)],
      [
        { id: 'first', remaining: 1 },
        { id: 'empty', remaining: 0 },
        { id: 'second', remaining: 5 },
      ],
    );
    expect(split.credit.map((c) => [c.seat.key, c.lot.id])).toEqual([
      ['a', 'first'],
      ['b', 'second'],
      ['c', 'second'],
      ['d', 'second'],
    ]);
    expect(split.card).toEqual([]);
  });

  it('leaves every seat for the card without credit', () => {
    const seats = [seat('a', 1), seat('b', 2)];
    expect(splitBasketPayment(seats, [])).toEqual({ credit: [], card: seats });
    expect(splitBasketPayment(seats, [{ remaining: 0 }])).toEqual({ credit: [], card: seats });
  });

  it('refuses a lot with a negative or fractional balance, and a seat with no start', () => {
    expect(() => splitBasketPayment([seat('a', 1)], [{ remaining: -1 }])).toThrow(RangeError);
    expect(() => splitBasketPayment([seat('a', 1)], [{ remaining: 0.5 }])).toThrow(RangeError);
    expect(() =>
      splitBasketPayment([{ startsAt: new Date(Number.NaN) }], [{ remaining: 1 }]),
    ).toThrow(RangeError);
  });

  const basket = fc.array(
    fc.record({ day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 9, max: 20 }) }),
    { maxLength: 30 },
  );
  const lotSizes = fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 5 });
  const seatsOf = (picks: { day: number; hour: number }[]) =>
    picks.map((p, i) => ({ key: `s${i}`, startsAt: at(p.day, p.hour) }));
  const lotsOf = (sizes: number[]) => sizes.map((remaining, i) => ({ id: `lot${i}`, remaining }));

  it('pays every seat exactly once, credit for as many as it covers', () => {
    fc.assert(
      fc.property(basket, lotSizes, (picks, sizes) => {
        const seats = seatsOf(picks);
        const split = splitBasketPayment(seats, lotsOf(sizes));
        const balance = sizes.reduce((a, b) => a + b, 0);
        expect(split.credit.length).toBe(Math.min(seats.length, balance));
        expect([...creditKeys(split), ...keys(split.card)].sort()).toEqual(keys(seats).sort());
      }),
    );
  });

  it('never lets a card seat start before a credit seat', () => {
    fc.assert(
      fc.property(basket, lotSizes, (picks, sizes) => {
        const split = splitBasketPayment(seatsOf(picks), lotsOf(sizes));
        const lastCredit = Math.max(...split.credit.map((c) => c.seat.startsAt.getTime()));
        for (const card of split.card) {
          expect(card.startsAt.getTime()).toBeGreaterThanOrEqual(lastCredit);
        }
      }),
    );
  });

  it('never overspends a lot, and spends the lots in order', () => {
    fc.assert(
      fc.property(basket, lotSizes, (picks, sizes) => {
        const lots = lotsOf(sizes);
        const split = splitBasketPayment(seatsOf(picks), lots);
        const used = split.credit.map((c) => lots.indexOf(c.lot));
        expect(used).toEqual([...used].sort((a, b) => a - b));
        for (const [i, lot] of lots.entries()) {
          expect(used.filter((u) => u === i).length).toBeLessThanOrEqual(lot.remaining);
        }
      }),
    );
  });

  it('splits the seats the same whether the balance comes in lots or as one', () => {
    fc.assert(
      fc.property(basket, lotSizes, (picks, sizes) => {
        const seats = seatsOf(picks);
        const inLots = splitBasketPayment(seats, lotsOf(sizes));
        const asOne = splitBasketPayment(seats, [{ remaining: sizes.reduce((a, b) => a + b, 0) }]);
        expect(creditKeys(inLots)).toEqual(creditKeys(asOne));
        expect(keys(inLots.card)).toEqual(keys(asOne.card));
      }),
    );
  });
});
