import { describe, expect, it } from 'vitest';
import {
  type CreditHistoryEntry,
  type CreditLot,
  changeText,
  creditPaidSeats,
  historyWords,
  lastUseDay,
  lastUseText,
  lotLeft,
  paidWithWords,
  splitBasket,
} from './credit-words.ts';

const LOT: CreditLot = {
  id: 'lot-1',
  name: '10-session pack',
  sessions: 10,
  remaining: 7,
  pricePaidPence: 10000,
  purchasedAt: '2026-11-26T10:00:00.000Z',
  // The end of Wednesday 26 May 2027 in London (BST): midnight is 23:00 UTC.
  expiresAt: '2027-05-26T23:00:00.000Z',
  held: 0,
  refundableUntil: null,
};

const entry = (over: Partial<CreditHistoryEntry>): CreditHistoryEntry => ({
  at: '2026-11-26T10:00:00.000Z',
  change: -1,
  reason: 'book',
  lotId: 'lot-1',
  pupil: { id: 'p1', name: 'Maya', yearGroup: 'y10' },
  session: { startsAt: '2026-11-10T17:00:00.000Z', label: 'GCSE Higher' },
  note: null,
  ...over,
});

describe('a lot in words', () => {
  it('says what is left and names the last London day, not the day it lapses', () => {
    expect(lotLeft(LOT)).toBe('7 of 10 left');
    expect(lastUseText(LOT)).toBe('Use by Wednesday 26 May 2027');
    // In winter London midnight is midnight UTC.
    expect(lastUseDay('2027-01-01T00:00:00.000Z')).toBe('Thursday 31 December 2026');
  });
});

describe('the history in words', () => {
  it('names the child and the session a booking used', () => {
    expect(historyWords(entry({}), [LOT])).toBe(
      'Maya used 1 session: GCSE Higher, Tuesday 10 November',
    );
  });

  it('says why credit came back, lapsed, was bought, refunded or granted', () => {
    expect(historyWords(entry({ reason: 'return', change: 1 }), [LOT])).toBe(
      'Returned: payment not completed (Maya, GCSE Higher, Tuesday 10 November)',
    );
    const bare = { pupil: null, session: null };
    expect(historyWords(entry({ ...bare, reason: 'expire', change: -3 }), [LOT])).toBe(
      'Lapsed: 3 sessions',
    );
    expect(historyWords(entry({ ...bare, reason: 'purchase', change: 10 }), [LOT])).toBe(
      'Bought: 10-session pack',
    );
    expect(historyWords(entry({ ...bare, reason: 'refund', change: -2 }), [LOT])).toBe(
      'Refunded: 2 sessions',
    );
    expect(
      historyWords(entry({ ...bare, reason: 'grant', change: 1, note: 'Missed lesson' }), []),
    ).toBe('Added by us: 1 session (Missed lesson)');
    expect(changeText(10)).toBe('+10');
    expect(changeText(-1)).toBe('−1');
  });
});

describe('splitting a basket between credit and card', () => {
  it('pays as many seats as the credit covers, and none when unticked', () => {
    expect(splitBasket(4, 10, true)).toEqual({ creditSeats: 4, leftAfter: 6, cardSeats: 0 });
    expect(splitBasket(4, 3, true)).toEqual({ creditSeats: 3, leftAfter: 0, cardSeats: 1 });
    expect(splitBasket(4, 3, false)).toEqual({ creditSeats: 0, leftAfter: 3, cardSeats: 4 });
    expect(splitBasket(0, 3, true)).toEqual({ creditSeats: 0, leftAfter: 3, cardSeats: 0 });
  });

  it('marks the earliest seats, then by pupil name, as the service does', () => {
    const seats = [
      { startsAt: '2026-11-05T17:00:00Z', pupilName: 'Alex' },
      { startsAt: '2026-11-03T17:00:00Z', pupilName: 'Sam' },
      { startsAt: '2026-11-03T17:00:00Z', pupilName: 'Alex' },
    ];
    expect([...creditPaidSeats(seats, 2)]).toEqual([
      '2026-11-03T17:00:00Z Alex',
      '2026-11-03T17:00:00Z Sam',
    ]);
  });

  it('says how a checkout was paid', () => {
    expect(paidWithWords('£0.00', 0, 4)).toBe('Paid with 4 sessions of credit');
    expect(paidWithWords('£30.00', 3000, 6)).toBe('£30.00 by card and 6 sessions of credit');
    expect(paidWithWords('£30.00', 3000, 0)).toBe('£30.00');
  });
});
