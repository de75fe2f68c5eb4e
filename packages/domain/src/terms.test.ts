import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, londonDate, londonWallClockToUtc, WEEKDAYS, weekdayOf } from './london-time.ts';
import { isReenrolInviteDue, termOpenTo, termSessionsLeft } from './terms.ts';
import type { Closure, WeeklySlot } from './timetable.ts';

const TUESDAY_7PM: WeeklySlot = {
  day: 'tue',
  startTime: '19:00',
  label: 'GCSE Higher',
  service: 'gcse',
};
// Autumn term 2026: Tuesday 1 September to Tuesday 15 December, half term in October.
const AUTUMN = { firstDay: '2026-09-01', lastDay: '2026-12-15' };
const HALF_TERM: Closure = { from: '2026-10-26', to: '2026-10-30', reason: 'Half term' };

const open = (left: ReturnType<typeof termSessionsLeft>) => left.filter((s) => !s.closed);
const dates = (left: ReturnType<typeof termSessionsLeft>) => left.map((s) => s.session.date);

describe('termSessionsLeft examples', () => {
  it('lists every Tuesday of the term before it starts, the half-term one closed', () => {
    const left = termSessionsLeft(AUTUMN, TUESDAY_7PM, [HALF_TERM], new Date('2026-08-20T12:00Z'));
    expect(left).toHaveLength(16);
    expect(left[0]?.session.startsAt.toISOString()).toBe('2026-09-01T18:00:00.000Z'); // BST
    expect(left.at(-1)?.session.startsAt.toISOString()).toBe('2026-12-15T19:00:00.000Z'); // GMT
    expect(left.filter((s) => s.closed).map((s) => s.session.date)).toEqual(['2026-10-27']);
    expect(open(left)).toHaveLength(15);
  });

  it('counts from now in the middle of the term, a session starting now having started', () => {
    const startOf17November = new Date('2026-11-17T19:00:00Z');
    const left = termSessionsLeft(AUTUMN, TUESDAY_7PM, [HALF_TERM], startOf17November);
    expect(dates(left)).toEqual(['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15']);
    const minuteBefore = new Date(startOf17November.getTime() - 60_000);
    expect(dates(termSessionsLeft(AUTUMN, TUESDAY_7PM, [], minuteBefore))[0]).toBe('2026-11-17');
  });

  it('has none left once the term has ended or its last session started', () => {
    expect(termSessionsLeft(AUTUMN, TUESDAY_7PM, [], new Date('2026-12-16T09:00Z'))).toEqual([]);
    expect(termSessionsLeft(AUTUMN, TUESDAY_7PM, [], new Date('2026-12-15T19:00Z'))).toEqual([]);
  });
});

const dayOffset = fc.integer({ min: 0, max: 700 });
const termArb = fc
  .record({ start: dayOffset, length: fc.integer({ min: 0, max: 120 }) })
  .map(({ start, length }) => {
    const firstDay = addDays('2026-01-01', start);
    return { firstDay, lastDay: addDays(firstDay, length) };
  });
const slotArb = fc.record({
  day: fc.constantFrom(...WEEKDAYS),
  startTime: fc.constantFrom('09:00', '16:30', '19:00'),
  label: fc.constant('Class'),
  service: fc.constant('gcse' as const),
});
const closuresArb = fc.array(
  fc.record({ start: dayOffset, length: fc.integer({ min: 0, max: 14 }) }).map(
    ({ start, length }): Closure => ({
      from: addDays('2026-01-01', start),
      to: addDays('2026-01-01', start + length),
      reason: 'Closed',
    }),
  ),
  { maxLength: 4 },
);
/** An instant from a month before the term to a month after it. */
const nowFor = (term: { firstDay: string; lastDay: string }) =>
  fc
    .integer({
      min: londonWallClockToUtc(addDays(term.firstDay, -30), '00:00').getTime(),
      max: londonWallClockToUtc(addDays(term.lastDay, 30), '23:59').getTime(),
    })
    .map((ms) => new Date(ms));
const caseArb = fc
  .tuple(termArb, slotArb, closuresArb)
  .chain(([term, slot, closures]) => nowFor(term).map((now) => ({ term, slot, closures, now })));

describe('termSessionsLeft properties', () => {
  it("lists only the slot's sessions inside the term that start after now, a week apart", () => {
    fc.assert(
      fc.property(caseArb, ({ term, slot, closures, now }) => {
        const left = termSessionsLeft(term, slot, closures, now);
        for (const [i, { session }] of left.entries()) {
          expect(session.startsAt.getTime()).toBeGreaterThan(now.getTime());
          expect(session.date >= term.firstDay && session.date <= term.lastDay).toBe(true);
          expect(weekdayOf(session.date)).toBe(slot.day);
          expect(londonDate(session.startsAt)).toBe(session.date);
          const previous = left[i - 1];
          if (previous) expect(session.date).toBe(addDays(previous.session.date, 7));
        }
      }),
    );
  });

  it('marks closed days without dropping them, so closures never change the list', () => {
    fc.assert(
      fc.property(caseArb, ({ term, slot, closures, now }) => {
        const left = termSessionsLeft(term, slot, closures, now);
        expect(dates(left)).toEqual(dates(termSessionsLeft(term, slot, [], now)));
        for (const { session, closed } of left) {
          const covered = closures.some((c) => c.from <= session.date && session.date <= c.to);
          expect(closed).toBe(covered);
        }
      }),
    );
  });

  it('never has more sessions left later on', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.integer({ min: 0, max: 60 * 24 * 60 * 60_000 }),
        ({ term, slot, closures, now }, later) => {
          const before = open(termSessionsLeft(term, slot, closures, now)).length;
          const after = open(
            termSessionsLeft(term, slot, closures, new Date(now.getTime() + later)),
          );
          expect(after.length).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it('before the term, lists every session of it', () => {
    fc.assert(
      fc.property(termArb, slotArb, (term, slot) => {
        const dayBefore = londonWallClockToUtc(addDays(term.firstDay, -1), '12:00');
        const left = termSessionsLeft(term, slot, [], dayBefore);
        let expected = 0;
        for (let date = term.firstDay; date <= term.lastDay; date = addDays(date, 1)) {
          if (weekdayOf(date) === slot.day) expected += 1;
        }
        expect(left).toHaveLength(expected);
      }),
    );
  });
});

// Spring 2027: priority from Monday 30 November, public from Monday 14 December (decision 107).
const SPRING_OPENINGS = { priorityOpensOn: '2026-11-30', publicOpensOn: '2026-12-14' };

describe('the re-enrolment invitation date', () => {
  it('is due from the priority date by default, and never on or after the public date', () => {
    expect(isReenrolInviteDue(SPRING_OPENINGS, 0, '2026-11-29')).toBe(false);
    expect(isReenrolInviteDue(SPRING_OPENINGS, 0, '2026-11-30')).toBe(true);
    expect(isReenrolInviteDue(SPRING_OPENINGS, 0, '2026-12-13')).toBe(true);
    expect(isReenrolInviteDue(SPRING_OPENINGS, 0, '2026-12-14')).toBe(false);
    expect(isReenrolInviteDue(SPRING_OPENINGS, 0, '2027-01-04')).toBe(false);
  });

  it('is due the set number of days before the priority date', () => {
    expect(isReenrolInviteDue(SPRING_OPENINGS, 7, '2026-11-22')).toBe(false);
    expect(isReenrolInviteDue(SPRING_OPENINGS, 7, '2026-11-23')).toBe(true);
  });

  it('is never due for a term whose priority and public dates are the same', () => {
    const same = { priorityOpensOn: '2026-12-14', publicOpensOn: '2026-12-14' };
    for (const today of ['2026-12-01', '2026-12-13', '2026-12-14'])
      expect(isReenrolInviteDue(same, 14, today)).toBe(false);
  });
});

describe('who may enrol for a term', () => {
  it('is nobody, then pupils already in a class, then everyone', () => {
    expect(termOpenTo(SPRING_OPENINGS, '2026-11-29')).toBe('nobody-yet');
    expect(termOpenTo(SPRING_OPENINGS, '2026-11-30')).toBe('returning-pupils');
    expect(termOpenTo(SPRING_OPENINGS, '2026-12-13')).toBe('returning-pupils');
    expect(termOpenTo(SPRING_OPENINGS, '2026-12-14')).toBe('everyone');
  });
});
