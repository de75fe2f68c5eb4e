import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isJoinOpen,
  JOIN_OPENS_MINUTES_BEFORE,
  JOIN_STATES,
  type JoinableSeat,
  joinOpensAt,
  joinState,
} from './join-window.ts';
import { londonWallClockToUtc, toLondonWallClock } from './london-time.ts';
import { BOOKING_STATUSES } from './policies.ts';

const seat: JoinableSeat = {
  id: '6f1c1d1e-0000-4000-8000-000000000001',
  status: 'confirmed',
  startsAt: new Date('2026-11-03T19:00:00Z'),
  endsAt: new Date('2026-11-03T20:00:00Z'),
};
const at = (iso: string) => new Date(iso);
const LINK = 'https://meet.example.org/abc';

describe('the join window', () => {
  it('opens 15 minutes before the start', () => {
    expect(JOIN_OPENS_MINUTES_BEFORE).toBe(15);
    expect(joinOpensAt(seat.startsAt).toISOString()).toBe('2026-11-03T18:45:00.000Z');
  });

  it('is shut one second before it opens (15:01 before the start)', () => {
    expect(isJoinOpen(seat, at('2026-11-03T18:44:59Z'))).toBe(false);
  });

  it('is open from exactly 15:00 before the start', () => {
    expect(isJoinOpen(seat, at('2026-11-03T18:45:00Z'))).toBe(true);
  });

  it('stays open until the end, and shuts at the end itself', () => {
    expect(isJoinOpen(seat, at('2026-11-03T19:59:59.999Z'))).toBe(true);
    expect(isJoinOpen(seat, at('2026-11-03T20:00:00Z'))).toBe(false);
  });

  it('never opens for a cancelled or moved seat', () => {
    for (const status of ['cancelled', 'rescheduled'] as const) {
      expect(isJoinOpen({ ...seat, status }, at('2026-11-03T19:10:00Z'))).toBe(false);
    }
  });

  it('counts 15 real minutes across the spring clock change, not wall-clock minutes', () => {
    // 02:05 BST on 29 March 2026 is 01:05Z; 15 minutes earlier the London clock read 00:50 GMT.
    const startsAt = londonWallClockToUtc('2026-03-29', '02:05');
    expect(joinOpensAt(startsAt).toISOString()).toBe('2026-03-29T00:50:00.000Z');
    expect(toLondonWallClock(joinOpensAt(startsAt)).time).toBe('00:50');
  });
});

describe('joinState', () => {
  it('tells the join page why it cannot send the pupil in', () => {
    expect(joinState(seat, at('2026-11-03T18:44:59Z'), LINK)).toBe('too-early');
    expect(joinState(seat, at('2026-11-03T18:45:00Z'), LINK)).toBe('open');
    expect(joinState(seat, at('2026-11-03T18:45:00Z'), null)).toBe('no-link');
    expect(joinState(seat, at('2026-11-03T18:45:00Z'), '')).toBe('no-link');
    expect(joinState(seat, at('2026-11-03T20:00:00Z'), LINK)).toBe('ended');
    expect(joinState({ ...seat, status: 'cancelled' }, at('2026-11-03T19:00:00Z'), LINK)).toBe(
      'not-active',
    );
    expect(joinState({ ...seat, status: 'rescheduled' }, at('2026-11-03T18:00:00Z'), null)).toBe(
      'not-active',
    );
  });

  it('lists every state the join page can be told', () => {
    // waiting-for-tutor comes from the service's rooms, never from joinState (decision 098).
    expect(JOIN_STATES).toEqual([
      'open',
      'too-early',
      'waiting-for-tutor',
      'ended',
      'no-link',
      'not-active',
    ]);
  });

  const MINUTE = 60_000;
  const seats = fc.record({
    id: fc.uuid(),
    status: fc.constantFrom(...BOOKING_STATUSES),
    startsAt: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
    minutes: fc.integer({ min: 1, max: 180 }),
  });
  const offsets = fc.integer({ min: -240 * MINUTE, max: 240 * MINUTE });

  it('is open with a link exactly when the window is open', () => {
    fc.assert(
      fc.property(seats, offsets, fc.boolean(), (s, offset, hasLink) => {
        const candidate: JoinableSeat = {
          id: s.id,
          status: s.status,
          startsAt: new Date(s.startsAt),
          endsAt: new Date(s.startsAt + s.minutes * MINUTE),
        };
        const now = new Date(s.startsAt + offset);
        const state = joinState(candidate, now, hasLink ? LINK : null);
        expect(JOIN_STATES).toContain(state);
        expect(state === 'open').toBe(hasLink && isJoinOpen(candidate, now));
        expect(state === 'open' || state === 'no-link').toBe(isJoinOpen(candidate, now));
      }),
    );
  });
});
