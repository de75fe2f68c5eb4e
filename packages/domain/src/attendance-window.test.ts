import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MARKABLE_DAYS,
  ATTENDANCE_WINDOW_STATES,
  attendanceWindow,
  attendanceWindowState,
  isAttendanceMarkable,
} from './attendance-window.ts';

const startsAt = new Date('2026-11-03T19:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the attendance window', () => {
  it('opens at the start and closes 7 days after it', () => {
    expect(ATTENDANCE_MARKABLE_DAYS).toBe(7);
    const { opensAt, closesAt } = attendanceWindow(startsAt);
    expect(opensAt.toISOString()).toBe('2026-11-03T19:00:00.000Z');
    expect(closesAt.toISOString()).toBe('2026-11-10T19:00:00.000Z');
  });

  it('refuses a mark 40 days ahead, and one millisecond before the start', () => {
    expect(attendanceWindowState(startsAt, at('2026-09-24T19:00:00Z'))).toBe('not-started');
    expect(attendanceWindowState(startsAt, at('2026-11-03T18:59:59.999Z'))).toBe('not-started');
    expect(isAttendanceMarkable(startsAt, at('2026-11-03T18:59:59.999Z'))).toBe(false);
  });

  it('takes a mark from the start itself, during the session and within the week', () => {
    for (const iso of [
      '2026-11-03T19:00:00Z',
      '2026-11-03T19:30:00Z',
      '2026-11-10T18:59:59.999Z',
    ]) {
      expect(attendanceWindowState(startsAt, at(iso)), iso).toBe('open');
      expect(isAttendanceMarkable(startsAt, at(iso)), iso).toBe(true);
    }
  });

  it('is closed from exactly 7 days after the start, and 8 days after', () => {
    expect(attendanceWindowState(startsAt, at('2026-11-10T19:00:00Z'))).toBe('closed');
    expect(attendanceWindowState(startsAt, at('2026-11-11T19:00:00Z'))).toBe('closed');
  });

  it('counts 7 days of 24 hours across the October clock change', () => {
    // London leaves BST on 25 October 2026: the week is still 168 hours.
    const beforeChange = new Date('2026-10-22T18:00:00Z');
    expect(attendanceWindow(beforeChange).closesAt.toISOString()).toBe('2026-10-29T18:00:00.000Z');
  });

  it('answers exactly one state for any instant, open only inside [start, start + 7 days)', () => {
    const week = ATTENDANCE_MARKABLE_DAYS * 24 * 60 * 60_000;
    fc.assert(
      fc.property(fc.integer({ min: -2 * week, max: 2 * week }), (offset) => {
        const now = new Date(startsAt.getTime() + offset);
        const state = attendanceWindowState(startsAt, now);
        expect(ATTENDANCE_WINDOW_STATES).toContain(state);
        expect(state === 'open').toBe(offset >= 0 && offset < week);
        expect(state === 'not-started').toBe(offset < 0);
      }),
    );
  });
});
