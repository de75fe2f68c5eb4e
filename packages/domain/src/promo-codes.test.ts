import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  perAccountLimitOf,
  type PromoCodeLimits,
  promoCodeRefusal,
  UNKNOWN_PROMO_CODE_MESSAGE,
} from './promo-codes.ts';

const OPEN: PromoCodeLimits = {
  active: true,
  validFrom: null,
  validTo: null,
  maxRedemptions: null,
  perAccountLimit: null,
};
const NONE = { all: 0, mine: 0 };
const NOW = new Date('2026-12-01T12:00:00Z');
const reasonOf = (code: Partial<PromoCodeLimits>, uses = NONE, now = NOW) =>
  promoCodeRefusal({ ...OPEN, ...code }, uses, now)?.reason ?? 'ok';

describe('promoCodeRefusal examples', () => {
  it('lets an open code be used, and reads a switched-off one as unknown', () => {
    expect(promoCodeRefusal(OPEN, NONE, NOW)).toBeNull();
    expect(promoCodeRefusal({ ...OPEN, active: false }, NONE, NOW)).toEqual({
      reason: 'inactive',
      message: UNKNOWN_PROMO_CODE_MESSAGE,
    });
  });

  it('names the London day a code starts on, and takes it from that instant', () => {
    // Midnight in London on 4 January 2027 (GMT).
    const validFrom = new Date('2027-01-04T00:00:00Z');
    expect(promoCodeRefusal({ ...OPEN, validFrom }, NONE, NOW)).toEqual({
      reason: 'not-yet-valid',
      message: 'This code can be used from 4 January 2027.',
    });
    expect(reasonOf({ validFrom }, NONE, validFrom)).toBe('ok');
    // Midnight in London on 1 June 2027 is 23:00 UTC the day before.
    const summer = new Date('2027-05-31T23:00:00Z');
    expect(promoCodeRefusal({ ...OPEN, validFrom: summer }, NONE, NOW)?.message).toBe(
      'This code can be used from 1 June 2027.',
    );
  });

  it('expires at validTo itself, not a moment after', () => {
    const validTo = new Date('2026-12-01T12:00:00Z');
    expect(reasonOf({ validTo }, NONE, new Date(validTo.getTime() - 1))).toBe('ok');
    expect(promoCodeRefusal({ ...OPEN, validTo }, NONE, validTo)).toEqual({
      reason: 'expired',
      message: 'This code has expired.',
    });
  });

  it('is used up at its limit, and refuses an account at its own', () => {
    expect(reasonOf({ maxRedemptions: 100 }, { all: 99, mine: 0 })).toBe('ok');
    expect(reasonOf({ maxRedemptions: 100 }, { all: 100, mine: 0 })).toBe('used-up');
    expect(reasonOf({ perAccountLimit: 1 }, { all: 5, mine: 0 })).toBe('ok');
    expect(promoCodeRefusal({ ...OPEN, perAccountLimit: 1 }, { all: 5, mine: 1 }, NOW)).toEqual({
      reason: 'account-limit',
      message: 'You have already used this code.',
    });
  });

  it('answers the first rule broken: off, window, then limits', () => {
    const everything = {
      active: false,
      validFrom: new Date('2027-01-01T00:00:00Z'),
      validTo: new Date('2026-11-01T00:00:00Z'),
      maxRedemptions: 1,
      perAccountLimit: 1,
    };
    const uses = { all: 1, mine: 1 };
    expect(reasonOf(everything, uses)).toBe('inactive');
    expect(reasonOf({ ...everything, active: true }, uses)).toBe('not-yet-valid');
    expect(reasonOf({ ...everything, active: true, validFrom: null }, uses)).toBe('expired');
    expect(reasonOf({ ...everything, active: true, validFrom: null, validTo: null }, uses)).toBe(
      'used-up',
    );
  });
});

const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) });
const limit = fc.option(fc.integer({ min: 0, max: 20 }), { nil: null });
const codeArb = fc.record({
  active: fc.boolean(),
  validFrom: fc.option(
    instant.map((ms) => new Date(ms)),
    { nil: null },
  ),
  validTo: fc.option(
    instant.map((ms) => new Date(ms)),
    { nil: null },
  ),
  maxRedemptions: limit,
  perAccountLimit: limit,
});
const usesArb = fc
  .record({ mine: fc.integer({ min: 0, max: 20 }), others: fc.integer({ min: 0, max: 20 }) })
  .map(({ mine, others }) => ({ mine, all: mine + others }));

describe('promoCodeRefusal properties', () => {
  it('lets a code be used exactly when every rule holds', () => {
    fc.assert(
      fc.property(codeArb, usesArb, instant, (code, uses, nowMs) => {
        const now = new Date(nowMs);
        const usable =
          code.active &&
          (code.validFrom === null || nowMs >= code.validFrom.getTime()) &&
          (code.validTo === null || nowMs < code.validTo.getTime()) &&
          (code.maxRedemptions === null || uses.all < code.maxRedemptions) &&
          (code.perAccountLimit === null || uses.mine < code.perAccountLimit);
        expect(promoCodeRefusal(code, uses, now) === null).toBe(usable);
      }),
    );
  });

  it('never lets one more use through a limit it refused', () => {
    fc.assert(
      fc.property(codeArb, usesArb, instant, (code, uses, nowMs) => {
        const now = new Date(nowMs);
        if (promoCodeRefusal(code, uses, now) === null) return;
        const more = { all: uses.all + 1, mine: uses.mine + 1 };
        expect(promoCodeRefusal(code, more, now)).not.toBeNull();
      }),
    );
  });

  it('never looks at the uses of a code with no limits', () => {
    fc.assert(
      fc.property(codeArb, usesArb, instant, (code, uses, nowMs) => {
        const unlimited = { ...code, maxRedemptions: null, perAccountLimit: null };
        const now = new Date(nowMs);
        expect(promoCodeRefusal(unlimited, uses, now)).toEqual(
          promoCodeRefusal(unlimited, { all: 0, mine: 0 }, now),
        );
      }),
    );
  });

  it('is usable for the whole of a window and at no instant outside it', () => {
    fc.assert(
      fc.property(instant, instant, instant, (a, b, nowMs) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const code = { ...OPEN, validFrom: new Date(from), validTo: new Date(to) };
        const inside = from <= nowMs && nowMs < to;
        expect(promoCodeRefusal(code, NONE, new Date(nowMs)) === null).toBe(inside);
      }),
    );
  });
});

describe('perAccountLimitOf', () => {
  it('keeps the admin limit, else once for a free session, else none', () => {
    expect(perAccountLimitOf({ kind: 'percent', perAccountLimit: null })).toBeNull();
    expect(perAccountLimitOf({ kind: 'percent', perAccountLimit: 2 })).toBe(2);
    expect(perAccountLimitOf({ kind: 'free-session', perAccountLimit: null })).toBe(1);
    expect(perAccountLimitOf({ kind: 'free-session', perAccountLimit: 4 })).toBe(4);
  });
});
