import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, priceBasket, seatLinePrices } from './pricing.ts';
import {
  type BasketLine,
  type BasketQuoteInput,
  oneToOneLessonPence,
  PROMO_REASONS,
  type Promo,
  type PupilHistory,
  quoteBasket,
  type SessionSeatLine,
} from './pricing-engine.ts';
import { SERVICE_CODES } from './services.ts';

const MONDAY = '2026-12-07T17:00:00Z';
const TUESDAY = '2026-12-08T17:00:00Z';

function session(key: string, pupilId: string, startsAt = MONDAY, service = 'gcse'): BasketLine {
  return {
    key,
    kind: 'session',
    service: service as SessionSeatLine['service'],
    startsAt,
    pupilId,
  };
}

/** `count` seats for one pupil, one a day from 1 December. */
function weekOfSeats(pupilId: string, count: number): BasketLine[] {
  return Array.from({ length: count }, (_, i) =>
    session(`${pupilId}-${i}`, pupilId, `2026-12-${String(i + 1).padStart(2, '0')}T17:00:00Z`),
  );
}

function promo(overrides: Partial<Promo>): Promo {
  return {
    code: 'WELCOME',
    kind: 'percent',
    value: 10,
    services: null,
    firstTimePupilsOnly: false,
    ...overrides,
  };
}

const rulesWithSibling = (siblingPercent: number) => ({ ...DEFAULT_PRICING, siblingPercent });
const priceOf = (quote: ReturnType<typeof quoteBasket>, key: string) =>
  quote.lines.find((line) => line.key === key)?.pricePence;

describe('quoteBasket examples', () => {
  it('charges the second sibling in one session £13.50 with a 10% sibling discount', () => {
    const quote = quoteBasket({
      lines: [session('a', 'amy'), session('b', 'ben')],
      rules: rulesWithSibling(10),
    });
    expect(quote.deal).toBe('sibling');
    expect(priceOf(quote, 'a')).toBe(1500);
    expect(priceOf(quote, 'b')).toBe(1350);
    expect(quote.lines[1]?.discount).toEqual({ kind: 'sibling', label: 'Sibling discount 10%' });
    expect(quote).toMatchObject({ subtotalPence: 3000, discountPence: 150, totalPence: 2850 });
  });

  it('keeps the 10-for-£100 bundle when a 20% code would save less than it already does', () => {
    const lines = weekOfSeats('amy', 10);
    const quote = quoteBasket({ lines, promo: promo({ value: 20 }) });
    // The bundle makes each seat £10; 20% off that is £2 a seat: £80 beats £100.
    expect(quote.subtotalPence).toBe(10000);
    expect(quote.totalPence).toBe(8000);
    expect(quote.deal).toBe('promo');
    expect(quote.lines.every((line) => line.pricePence === 800)).toBe(true);
    expect(quote.promo).toEqual({ code: 'WELCOME', applied: true, reason: null });
  });

  it('takes a fixed £5 code off one £15 seat, leaving £10', () => {
    const quote = quoteBasket({
      lines: [session('a', 'amy')],
      promo: promo({ kind: 'fixed', value: 500 }),
    });
    expect(quote.totalPence).toBe(1000);
    expect(quote.lines[0]?.discount).toEqual({ kind: 'promo', label: 'WELCOME: £5.00 off' });
  });

  it('takes a fixed £20 code off one £15 seat down to £0, never below', () => {
    const quote = quoteBasket({
      lines: [session('a', 'amy')],
      promo: promo({ kind: 'fixed', value: 2000 }),
    });
    expect(quote).toMatchObject({ subtotalPence: 1500, discountPence: 1500, totalPence: 0 });
  });

  it('waives what a code leaves under the card minimum instead of asking a card for 5p', () => {
    const quote = quoteBasket({
      lines: [session('a', 'amy'), session('b', 'amy', TUESDAY, 'ks3')],
      promo: promo({ kind: 'fixed', value: 1495, services: ['gcse'] }),
    });
    // £14.95 off the GCSE seat leaves 5p there; the KS3 seat is not the code's, so £15.05 stays.
    expect(quote).toMatchObject({ totalPence: 1505, waivedPence: 0 });

    const one = quoteBasket({
      lines: [session('a', 'amy')],
      promo: promo({ kind: 'fixed', value: 1495 }),
    });
    expect(one).toMatchObject({ subtotalPence: 1500, discountPence: 1500, totalPence: 0 });
    expect(one.waivedPence).toBe(5);
    expect(one.lines[0]?.discount?.label).toBe(
      'WELCOME: £14.95 off (the last £0.05 waived: under the card minimum)',
    );

    const thirty = quoteBasket({
      lines: [session('a', 'amy')],
      promo: promo({ kind: 'fixed', value: 1470 }),
    });
    expect(thirty).toMatchObject({ totalPence: 30, waivedPence: 0 });
  });

  it('shares a fixed code across eligible seats in proportion, to the penny', () => {
    const quote = quoteBasket({
      lines: [
        session('a', 'amy'),
        session('b', 'amy', TUESDAY),
        session('c', 'amy', TUESDAY, 'ks3'),
      ],
      promo: promo({ kind: 'fixed', value: 1001, services: ['gcse'] }),
    });
    expect(quote.lines.map((line) => line.discountPence)).toEqual([501, 500, 0]);
    expect(quote.lines[2]?.discount).toBeNull();
    expect(quote.totalPence).toBe(4500 - 1001);
  });

  it('frees the earliest seat of each of two first-time pupils', () => {
    const lines = [...weekOfSeats('amy', 3), ...weekOfSeats('ben', 3)].reverse();
    const quote = quoteBasket({
      lines,
      promo: promo({ kind: 'free-session', value: 0, firstTimePupilsOnly: true }),
      history: { firstTimePupilIds: ['amy', 'ben'], freeSessionUsedPupilIds: [] },
    });
    const free = quote.lines.filter((line) => line.pricePence === 0).map((line) => line.key);
    expect(free.sort()).toEqual(['amy-0', 'ben-0']);
    expect(quote.totalPence).toBe(4 * 1500);
    expect(quote.deal).toBe('promo');
  });

  it('refuses a free-session code for a pupil who already used it, and says why', () => {
    const quote = quoteBasket({
      lines: weekOfSeats('amy', 3),
      promo: promo({ kind: 'free-session', value: 0 }),
      history: { firstTimePupilIds: [], freeSessionUsedPupilIds: ['amy'] },
    });
    expect(quote.totalPence).toBe(4500);
    expect(quote.deal).toBe('none');
    expect(quote.promo).toEqual({
      code: 'WELCOME',
      applied: false,
      reason: PROMO_REASONS.alreadyUsed,
    });
  });

  it('says a first-lesson code is for a first lesson only, and a course code names the course', () => {
    const history: PupilHistory = { firstTimePupilIds: [], freeSessionUsedPupilIds: [] };
    const firstOnly = quoteBasket({
      lines: [session('a', 'amy')],
      promo: promo({ firstTimePupilsOnly: true }),
      history,
    });
    expect(firstOnly.promo?.reason).toBe('This code is for a first lesson only.');
    const otherCourse = quoteBasket({
      lines: [session('a', 'amy')],
      promo: promo({ services: ['alevel'] }),
    });
    expect(otherCourse.promo?.reason).toBe('This code is not for this course.');
    expect(otherCourse.totalPence).toBe(1500);
  });

  it('prices a term seat at £10, and 10% off a sibling term seat in the same session', () => {
    const term = (key: string, pupilId: string): BasketLine => ({
      key,
      kind: 'term',
      service: 'ks3',
      startsAt: MONDAY,
      pupilId,
      termPricePence: 1000,
    });
    const quote = quoteBasket({
      lines: [term('a', 'amy'), term('b', 'ben')],
      rules: rulesWithSibling(10),
    });
    expect(quote.lines.map((line) => line.pricePence)).toEqual([1000, 900]);
    expect(quote.totalPence).toBe(1900);
  });

  it('prices weekly 1-to-1 lessons at the hourly price for their length; 20% off applies', () => {
    const lesson = (key: string, startsAt: string): BasketLine => ({
      key,
      kind: 'one-to-one',
      service: 'gcse',
      startsAt,
      pupilId: 'amy',
      lessonPricePence: oneToOneLessonPence(5000, 45),
    });
    const lines = [lesson('w1', MONDAY), lesson('w2', '2026-12-14T17:00:00Z')];
    expect(quoteBasket({ lines }).totalPence).toBe(7500);
    const coded = quoteBasket({ lines, promo: promo({ value: 20 }) });
    expect(coded.lines.map((line) => line.pricePence)).toEqual([3000, 3000]);
    expect(oneToOneLessonPence(5000, 90)).toBe(7500);
  });

  it('never spends a free-session code on a 1-to-1 lesson, and says it is for a group session', () => {
    const quote = quoteBasket({
      lines: [
        {
          key: 'l',
          kind: 'one-to-one',
          service: 'gcse',
          startsAt: MONDAY,
          pupilId: 'amy',
          lessonPricePence: 5000,
        },
      ],
      promo: promo({ kind: 'free-session', value: 0 }),
    });
    expect(quote.totalPence).toBe(5000);
    expect(quote.promo?.reason).toBe(PROMO_REASONS.groupOnly);
  });

  it('never discounts a pack, and a code for a pack-only basket is refused', () => {
    const quote = quoteBasket({
      lines: [{ key: 'p', kind: 'pack', packId: 'ten', pricePence: 9000 }],
      promo: promo({ value: 50 }),
    });
    expect(quote.totalPence).toBe(9000);
    expect(quote.promo?.reason).toBe(PROMO_REASONS.noLessons);
  });

  it('prefers the sibling discount on a tie with the code, and does not stack them', () => {
    const quote = quoteBasket({
      lines: [session('a', 'amy'), session('b', 'ben')],
      rules: rulesWithSibling(10),
      promo: promo({ kind: 'fixed', value: 150 }),
    });
    expect(quote.deal).toBe('sibling');
    expect(quote.totalPence).toBe(2850);
    expect(quote.promo).toEqual({
      code: 'WELCOME',
      applied: false,
      reason: PROMO_REASONS.siblingBetter,
    });
  });

  it('rounds a percentage discount down, per seat', () => {
    // 33% of £15 is 495p exactly; 10% of 999p is 99.9p.
    const quote = quoteBasket({ lines: [session('a', 'amy')], promo: promo({ value: 33 }) });
    expect(quote.discountPence).toBe(495);
    const odd = quoteBasket({
      lines: [
        {
          key: 't',
          kind: 'term',
          service: 'gcse',
          startsAt: MONDAY,
          pupilId: 'amy',
          termPricePence: 999,
        },
      ],
      promo: promo({ value: 10 }),
    });
    expect(odd.discountPence).toBe(99); // 99.9p rounds down
  });
});

describe('quoteBasket refuses invalid input with a RangeError naming the problem', () => {
  const one = [session('a', 'amy')];
  it.each<[string, BasketQuoteInput, RegExp]>([
    ['a duplicate key', { lines: [session('a', 'amy'), session('a', 'ben')] }, /Duplicate.*a/],
    [
      'a pupil twice in a session',
      { lines: [session('a', 'amy'), session('b', 'amy')] },
      /amy is twice/,
    ],
    [
      'a negative pack price',
      { lines: [{ key: 'p', kind: 'pack', packId: 'x', pricePence: -1 }] },
      /pricePence/,
    ],
    [
      'a negative term price',
      {
        lines: [
          {
            key: 't',
            kind: 'term',
            service: 'gcse',
            startsAt: MONDAY,
            pupilId: 'a',
            termPricePence: -5,
          },
        ],
      },
      /termPricePence/,
    ],
    ['a sibling percent over 50', { lines: one, rules: rulesWithSibling(51) }, /siblingPercent/],
    [
      'a fractional sibling percent',
      { lines: one, rules: rulesWithSibling(7.5) },
      /siblingPercent/,
    ],
    ['a promo percent of 0', { lines: one, promo: promo({ value: 0 }) }, /percent promo/],
    ['a promo percent over 100', { lines: one, promo: promo({ value: 101 }) }, /percent promo/],
    [
      'a negative fixed promo',
      { lines: one, promo: promo({ kind: 'fixed', value: -100 }) },
      /fixed promo/,
    ],
    ['a start that is not an instant', { lines: [session('a', 'amy', '7 Dec 2026')] }, /startsAt/],
    [
      'a bundle dearer than its sessions',
      { lines: one, rules: { ...DEFAULT_PRICING, bundlePricePence: 20000 } },
      /bundlePricePence/,
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(() => quoteBasket(input)).toThrow(RangeError);
    expect(() => quoteBasket(input)).toThrow(message);
  });
});

// Arbitrary baskets: seats over a few sessions and pupils (one seat per pupil per session),
// term seats, packs, and any promo.
const pupilIds = ['amy', 'ben', 'cal', 'dee'];
const starts = ['2026-12-01T16:00:00Z', '2026-12-01T17:00:00Z', '2026-12-02T16:00:00Z'];
const services = ['gcse', 'ks3'] as const;

const seatArb = fc.record({
  pupilId: fc.constantFrom(...pupilIds),
  startsAt: fc.constantFrom(...starts),
  service: fc.constantFrom(...services),
  term: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
});

const basketArb = fc
  .tuple(
    fc.uniqueArray(seatArb, {
      maxLength: 24,
      selector: (s) => `${s.pupilId}|${s.startsAt}|${s.service}`,
    }),
    fc.array(fc.integer({ min: 0, max: 20000 }), { maxLength: 2 }),
  )
  .map(([seats, packs]): BasketLine[] => [
    ...seats.map((s, i): BasketLine => {
      const common = { key: `s${i}`, service: s.service, startsAt: s.startsAt, pupilId: s.pupilId };
      return s.term === undefined
        ? { ...common, kind: 'session' }
        : { ...common, kind: 'term', termPricePence: s.term };
    }),
    ...packs.map(
      (pricePence, i): BasketLine => ({ key: `p${i}`, kind: 'pack', packId: 'x', pricePence }),
    ),
  ]);

const promoArb: fc.Arbitrary<Promo | null> = fc.option(
  fc
    .oneof(
      fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 50000 }) }),
      fc.record({ kind: fc.constant('free-session' as const), value: fc.constant(0) }),
    )
    .chain((deal) =>
      fc.record({
        code: fc.constant('CODE'),
        kind: fc.constant(deal.kind),
        value: fc.constant(deal.value),
        services: fc.option(fc.subarray([...SERVICE_CODES]), { nil: null }),
        firstTimePupilsOnly: fc.boolean(),
      }),
    ),
  { nil: null },
);

const historyArb: fc.Arbitrary<PupilHistory> = fc.record({
  firstTimePupilIds: fc.subarray(pupilIds),
  freeSessionUsedPupilIds: fc.subarray(pupilIds),
});

const inputArb = fc.record({
  lines: basketArb,
  rules: fc.integer({ min: 0, max: 50 }).map(rulesWithSibling),
  promo: promoArb,
  history: historyArb,
});

describe('quoteBasket properties', () => {
  it('never gives a negative total, nor one above the undiscounted subtotal', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const quote = quoteBasket(input);
        expect(quote.totalPence).toBeGreaterThanOrEqual(0);
        expect(quote.totalPence).toBeLessThanOrEqual(quote.subtotalPence);
        for (const line of quote.lines) {
          expect(line.pricePence).toBeGreaterThanOrEqual(0);
          expect(line.pricePence + line.discountPence).toBe(line.basePence);
          expect(Number.isSafeInteger(line.pricePence)).toBe(true);
        }
        expect(quote.totalPence).toBe(quote.lines.reduce((a, l) => a + l.pricePence, 0));
      }),
    );
  });

  it('gives the same prices whatever the order of the lines, and answers in input order', () => {
    fc.assert(
      fc.property(inputArb, fc.infiniteStream(fc.nat()), (input, randoms) => {
        const shuffled = input.lines
          .map((line) => ({ line, rank: randoms.next().value as number }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ line }) => line);
        const a = quoteBasket(input);
        const b = quoteBasket({ ...input, lines: shuffled });
        expect(b.lines.map((l) => l.key)).toEqual(shuffled.map((l) => l.key));
        const byKey = new Map(b.lines.map((line) => [line.key, line]));
        for (const line of a.lines) expect(byKey.get(line.key)).toEqual(line);
        expect({ ...b, lines: [] }).toEqual({ ...a, lines: [] });
      }),
    );
  });

  it('never stacks: the total is the lowest of no discount, sibling only and promo only', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const quote = quoteBasket(input);
        const siblingOnly = quoteBasket({ ...input, promo: null }).totalPence;
        const promoOnly = quoteBasket({ ...input, rules: rulesWithSibling(0) }).totalPence;
        expect(quote.totalPence).toBe(Math.min(quote.subtotalPence, siblingOnly, promoOnly));
        const kinds = new Set(quote.lines.flatMap((line) => line.discount?.kind ?? []));
        expect(kinds.size).toBeLessThanOrEqual(1);
        if (quote.deal === 'none') expect(quote.discountPence).toBe(0);
        else expect([...kinds]).toEqual([quote.deal]);
        expect(quote.promo?.applied ?? false).toBe(quote.deal === 'promo');
      }),
    );
  });

  it('with no sibling discount and no code, prices single sessions exactly as priceBasket', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 45 }), (n) => {
        // In (start, pupil, key) order, so the lines line up with seatLinePrices.
        const lines = Array.from({ length: n }, (_, i) =>
          session(
            `k${String(i).padStart(2, '0')}`,
            'amy',
            new Date(Date.UTC(2026, 11, 1, 0, i)).toISOString(),
          ),
        );
        const quote = quoteBasket({ lines });
        const expected = priceBasket(n).amountPence;
        expect(quote.totalPence).toBe(expected);
        expect(quote.deal).toBe('none');
        expect(quote.lines.map((line) => line.pricePence)).toEqual(seatLinePrices(n, expected));
      }),
    );
  });

  it('with no sibling discount and no code, any session-only basket totals priceBasket', () => {
    const sessionsOnly = basketArb.map((lines) => lines.filter((l) => l.kind === 'session'));
    fc.assert(
      fc.property(sessionsOnly, (lines) => {
        const quote = quoteBasket({ lines });
        expect(quote.totalPence).toBe(
          lines.length === 0 ? 0 : priceBasket(lines.length).amountPence,
        );
      }),
    );
  });
});
