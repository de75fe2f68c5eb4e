import { describe, expect, it } from 'vitest';
import { sessionsPaidFor } from './receipts.ts';

describe('what a receipt says was paid for', () => {
  it('names a pack by its credit, and seats paid with credit', () => {
    expect(
      sessionsPaidFor({
        sessionCount: 10,
        isSpecialOffer: false,
        pack: { name: '10-session pack', sessions: 10 },
        creditUsed: 0,
      }),
    ).toBe('10-session pack: 10 sessions of credit');
    expect(
      sessionsPaidFor({ sessionCount: 4, isSpecialOffer: false, pack: null, creditUsed: 2 }),
    ).toBe('4 sessions · 2 paid with credit');
    expect(sessionsPaidFor({ sessionCount: 10, isSpecialOffer: true })).toBe(
      '10 sessions · 10-session offer applied',
    );
  });
});
