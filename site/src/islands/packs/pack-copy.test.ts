// @vitest-environment node
import type { Pack } from '@tuition/content';
import { describe, expect, it } from 'vitest';
import { packPriceLine, packsOnSale, packValidityLine } from './pack-copy.ts';

const tenPack: Pack = {
  id: 'ten-session-pack',
  name: '10-session pack',
  sessions: 10,
  pricePence: 10000,
  validityMonths: 6,
  onSale: true,
};

describe('a session pack card', () => {
  it('states the price, the sessions and the price of one session', () => {
    expect(packPriceLine(tenPack)).toBe('£100 for 10 sessions (£10 a session)');
    expect(packPriceLine({ ...tenPack, sessions: 3, pricePence: 4000 })).toBe(
      '£40 for 3 sessions (£13.33 a session)',
    );
    expect(packPriceLine({ ...tenPack, sessions: 4, pricePence: 5450 })).toBe(
      '£54.50 for 4 sessions (£13.63 a session)',
    );
    expect(packPriceLine({ ...tenPack, sessions: 1, pricePence: 1400 })).toBe('£14 for 1 session');
  });

  it('says how long the credit lasts and that any child may use it', () => {
    expect(packValidityLine(tenPack)).toBe('Use them within 6 months for any of your children');
    expect(packValidityLine({ ...tenPack, validityMonths: 1 })).toBe(
      'Use them within 1 month for any of your children',
    );
    expect(packValidityLine({ ...tenPack, validityMonths: 12 })).toBe(
      'Use them within 1 year for any of your children',
    );
    expect(packValidityLine({ ...tenPack, sessions: 1 })).toBe(
      'Use it within 6 months for any of your children',
    );
  });

  it('offers only the packs on sale, in the editors’ order', () => {
    const old = { ...tenPack, id: 'old-pack', onSale: false };
    const five = { ...tenPack, id: 'five-pack', sessions: 5 };
    expect(packsOnSale([five, old, tenPack]).map((pack) => pack.id)).toEqual([
      'five-pack',
      'ten-session-pack',
    ]);
  });
});
