import { describe, expect, it } from 'vitest';
import {
  decisionInstant,
  isSisterSession,
  runsIfText,
  sessionDecisionAt,
  sisterSessions,
} from './class-minimum.ts';

const at = (iso: string) => new Date(iso);

describe('the decision instant', () => {
  it('is the same London wall time the given hours before, in winter and summer', () => {
    // Thursday 5 March 2026, 5 pm GMT → Tuesday 3 March, 5 pm GMT.
    expect(decisionInstant(at('2026-03-05T17:00:00Z'), 48).toISOString()).toBe(
      '2026-03-03T17:00:00.000Z',
    );
    // Thursday 11 June 2026, 5 pm BST (16:00Z) → Tuesday 9 June, 5 pm BST.
    expect(decisionInstant(at('2026-06-11T16:00:00Z'), 48).toISOString()).toBe(
      '2026-06-09T16:00:00.000Z',
    );
    expect(decisionInstant(at('2026-06-11T16:00:00Z'), 12).toISOString()).toBe(
      '2026-06-11T04:00:00.000Z',
    );
  });

  it('keeps the wall time across the spring and autumn changes', () => {
    // Clocks go forward on Sunday 29 March 2026. Monday 30 March 5 pm BST → Saturday 28 March
    // 5 pm GMT: 47 real hours, the same time on the clock.
    expect(decisionInstant(at('2026-03-30T16:00:00Z'), 48).toISOString()).toBe(
      '2026-03-28T17:00:00.000Z',
    );
    // Clocks go back on Sunday 25 October 2026. Monday 26 October 5 pm GMT → Saturday 24
    // October 5 pm BST: 49 real hours.
    expect(decisionInstant(at('2026-10-26T17:00:00Z'), 48).toISOString()).toBe(
      '2026-10-24T16:00:00.000Z',
    );
  });

  it('moves a skipped wall time forward and takes the first of a repeated one', () => {
    // 01:30 on 29 March 2026 never shows on London clocks: read as 02:30 BST (01:30Z).
    expect(decisionInstant(at('2026-03-30T00:30:00Z'), 24).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 01:30 on 25 October 2026 shows twice: the first (BST, 00:30Z).
    expect(decisionInstant(at('2026-10-26T01:30:00Z'), 24).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses a negative or fractional number of hours', () => {
    expect(() => decisionInstant(at('2026-03-05T17:00:00Z'), -1)).toThrow(RangeError);
    expect(() => decisionInstant(at('2026-03-05T17:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('what families are told', () => {
  it('names the minimum and the London day and time of the decision', () => {
    expect(runsIfText(4, at('2026-03-03T17:00:00Z'))).toBe(
      'Runs if at least 4 pupils are booked by Tuesday 3 March, 5:00 PM',
    );
    expect(runsIfText(3, at('2026-06-09T16:00:00Z'))).toBe(
      'Runs if at least 3 pupils are booked by Tuesday 9 June, 5:00 PM',
    );
  });
});

describe('which sessions a minimum governs', () => {
  const minimum = { minPupils: 4, decisionHoursBefore: 48, setAt: at('2026-03-02T12:00:00Z') };

  it('decides the sessions whose decision time was ahead when it was set', () => {
    expect(sessionDecisionAt(minimum, at('2026-03-05T17:00:00Z'))?.toISOString()).toBe(
      '2026-03-03T17:00:00.000Z',
    );
  });

  it('leaves alone a session whose decision time had passed, and a class without one', () => {
    expect(sessionDecisionAt(minimum, at('2026-03-03T17:00:00Z'))).toBeNull();
    expect(sessionDecisionAt(null, at('2026-03-05T17:00:00Z'))).toBeNull();
  });
});

describe('the sister session', () => {
  const cancelled = { id: 's0', service: 'gcse-higher', startsAt: at('2026-03-05T17:00:00Z') };
  const now = at('2026-03-03T17:00:00Z');
  const candidate = (over: Partial<Parameters<typeof isSisterSession>[1]>) => ({
    id: 's1',
    service: 'gcse-higher',
    startsAt: at('2026-03-06T17:00:00Z'),
    seatsLeft: 5,
    cancelled: false,
    ...over,
  });

  it('is the same course within three days either side, with a seat for every child', () => {
    expect(isSisterSession(cancelled, candidate({}), 2, now)).toBe(true);
    expect(
      isSisterSession(cancelled, candidate({ startsAt: at('2026-03-08T17:00:00Z') }), 2, now),
    ).toBe(true);
    expect(
      isSisterSession(cancelled, candidate({ startsAt: at('2026-03-08T17:01:00Z') }), 2, now),
    ).toBe(false);
    expect(isSisterSession(cancelled, candidate({ service: 'gcse-foundation' }), 2, now)).toBe(
      false,
    );
    expect(isSisterSession(cancelled, candidate({ seatsLeft: 1 }), 2, now)).toBe(false);
    expect(isSisterSession(cancelled, candidate({ cancelled: true }), 2, now)).toBe(false);
    expect(isSisterSession(cancelled, candidate({ id: 's0' }), 2, now)).toBe(false);
  });

  it('starts at least 24 hours after the decision, even when it is before the cancelled one', () => {
    expect(
      isSisterSession(cancelled, candidate({ startsAt: at('2026-03-04T17:00:00Z') }), 1, now),
    ).toBe(true);
    expect(
      isSisterSession(cancelled, candidate({ startsAt: at('2026-03-04T16:59:00Z') }), 1, now),
    ).toBe(false);
  });

  it('lists the nearest to the cancelled session first', () => {
    const list = sisterSessions(
      cancelled,
      [
        candidate({ id: 'far', startsAt: at('2026-03-07T17:00:00Z') }),
        candidate({ id: 'near', startsAt: at('2026-03-04T18:00:00Z') }),
        candidate({ id: 'full', startsAt: at('2026-03-06T17:00:00Z'), seatsLeft: 0 }),
      ],
      1,
      now,
    );
    expect(list.map((s) => s.id)).toEqual(['near', 'far']);
  });
});
