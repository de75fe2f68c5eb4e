import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonWallClockToUtc, toLondonWallClock } from './london-time.ts';
import {
  DEFAULT_FIRST_REMINDER_HOURS,
  DEFAULT_SECOND_REMINDER_HOURS,
  reminderDueAt,
  reminderKindsFromSettings,
} from './reminder-times.ts';

describe('reminder times', () => {
  it('reminds 24 hours and 1 hour before by default', () => {
    expect(DEFAULT_FIRST_REMINDER_HOURS).toBe(24);
    expect(DEFAULT_SECOND_REMINDER_HOURS).toBe(1);
    expect(
      reminderKindsFromSettings({
        firstReminderHours: DEFAULT_FIRST_REMINDER_HOURS,
        secondReminderHours: DEFAULT_SECOND_REMINDER_HOURS,
      }),
    ).toEqual([
      { kind: '24h', minutesBefore: 1440 },
      { kind: '1h', minutesBefore: 60 },
    ]);
  });

  it('keeps a time named twice once', () => {
    expect(reminderKindsFromSettings({ firstReminderHours: 3, secondReminderHours: 3 })).toEqual([
      { kind: '3h', minutesBefore: 180 },
    ]);
  });

  it('orders the times earliest first whichever setting holds which', () => {
    expect(
      reminderKindsFromSettings({ firstReminderHours: 2, secondReminderHours: 48 }).map(
        (k) => k.kind,
      ),
    ).toEqual(['48h', '2h']);
  });

  it('is due the given minutes before the start', () => {
    const startsAt = new Date('2026-11-10T19:00:00Z');
    expect(reminderDueAt(startsAt, { kind: '24h', minutesBefore: 1440 }).toISOString()).toBe(
      '2026-11-09T19:00:00.000Z',
    );
    expect(reminderDueAt(startsAt, { kind: '1h', minutesBefore: 60 }).toISOString()).toBe(
      '2026-11-10T18:00:00.000Z',
    );
  });

  it('counts 24 real hours across the autumn clock change', () => {
    // 17:00 GMT on Sunday 25 October 2026; 24 hours earlier London read 18:00 BST.
    const startsAt = londonWallClockToUtc('2026-10-25', '17:00');
    const due = reminderDueAt(startsAt, { kind: '24h', minutesBefore: 1440 });
    expect(due.toISOString()).toBe('2026-10-24T17:00:00.000Z');
    expect(toLondonWallClock(due).time).toBe('18:00');
  });

  it('names each kind by its hours, one per distinct time, latest due last', () => {
    const hours = fc.integer({ min: 1, max: 168 });
    fc.assert(
      fc.property(hours, hours, (first, second) => {
        const kinds = reminderKindsFromSettings({
          firstReminderHours: first,
          secondReminderHours: second,
        });
        expect(kinds).toHaveLength(first === second ? 1 : 2);
        for (const k of kinds) expect(k.kind).toBe(`${k.minutesBefore / 60}h`);
        const minutes = kinds.map((k) => k.minutesBefore);
        expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
        expect(new Set(minutes)).toEqual(new Set([first * 60, second * 60]));
      }),
    );
  });
});
