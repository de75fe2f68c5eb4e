import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBookable } from './booking-window.ts';
import {
  addDays,
  londonDate,
  londonWallClockToUtc,
  toLondonWallClock,
  WEEKDAYS,
} from './london-time.ts';
import {
  type AvailabilityException,
  type AvailabilityWindow,
  freeSlots,
  type Interval,
  isSlotFree,
  LESSON_GAP_MINUTES,
  ONE_TO_ONE_LENGTHS,
  type TutorHours,
} from './one-to-one-slots.ts';
import type { Closure } from './timetable.ts';

const london = londonWallClockToUtc;
const MINUTE = 60_000;
const none: TutorHours = { windows: [], exceptions: [], busy: [], lessons: [] };
const mondays: AvailabilityWindow[] = [{ day: 'mon', from: '16:00', to: '18:00' }];
// Tuesday 2 March 2027, before the spring clock change (28 March).
const now = london('2027-03-02', '09:00');
const query = {
  now,
  closures: [] as Closure[],
  from: '2027-03-08',
  to: '2027-03-08',
  lengthMinutes: 60,
};
const starts = (slots: Interval[]) => slots.map((slot) => toLondonWallClock(slot.startsAt).time);
const interval = (date: string, from: string, to: string): Interval => ({
  startsAt: london(date, from),
  endsAt: london(date, to),
});

describe('free 1-to-1 slots', () => {
  it('a tutor with no windows has no slot at all', () => {
    expect(freeSlots(none, { ...query, from: '2027-03-02', to: '2027-04-27' })).toEqual([]);
  });

  it('starts every quarter hour inside a window, each of the asked length', () => {
    const slots = freeSlots({ ...none, windows: mondays }, query);
    expect(starts(slots)).toEqual(['16:00', '16:15', '16:30', '16:45', '17:00']);
    expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 60 * MINUTE)).toBe(
      true,
    );
    const ninety = freeSlots({ ...none, windows: mondays }, { ...query, lengthMinutes: 90 });
    expect(starts(ninety)).toEqual(['16:00', '16:15', '16:30']);
  });

  it('joins windows that touch, so a lesson may run across both', () => {
    const windows: AvailabilityWindow[] = [
      { day: 'mon', from: '16:00', to: '17:00' },
      { day: 'mon', from: '17:00', to: '18:00' },
    ];
    expect(starts(freeSlots({ ...none, windows }, query))).toContain('16:30');
  });

  it('keeps the same London hours across both clock changes', () => {
    const windows: AvailabilityWindow[] = [{ day: 'mon', from: '16:00', to: '17:00' }];
    const spring = freeSlots(
      { ...none, windows },
      { ...query, from: '2027-03-22', to: '2027-03-29' },
    );
    expect(spring.map((s) => s.startsAt.toISOString())).toEqual([
      '2027-03-22T16:00:00.000Z', // GMT
      '2027-03-29T15:00:00.000Z', // BST
    ]);
    const autumnNow = london('2027-10-20', '09:00');
    const autumn = freeSlots(
      { ...none, windows },
      { ...query, now: autumnNow, from: '2027-10-25', to: '2027-11-01' },
    );
    expect(autumn.map((s) => s.startsAt.toISOString())).toEqual([
      '2027-10-25T15:00:00.000Z', // BST
      '2027-11-01T16:00:00.000Z', // GMT
    ]);
  });

  it('a window across the night the clocks go forward holds only the real hours', () => {
    // Sunday 28 March 2027: 01:00 GMT becomes 02:00 BST; 00:00-03:00 London is two real hours.
    const windows: AvailabilityWindow[] = [{ day: 'sun', from: '00:00', to: '03:00' }];
    const slots = freeSlots(
      { ...none, windows },
      { ...query, from: '2027-03-28', to: '2027-03-28' },
    );
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2027-03-28T00:00:00.000Z',
      '2027-03-28T00:15:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T00:45:00.000Z',
      '2027-03-28T01:00:00.000Z',
    ]);
  });

  it('skips a whole-day exception and the hours of a part-day one', () => {
    const whole: AvailabilityException = { date: '2027-03-08', available: false };
    expect(freeSlots({ ...none, windows: mondays, exceptions: [whole] }, query)).toEqual([]);
    const part: AvailabilityException = {
      date: '2027-03-08',
      from: '16:00',
      to: '16:30',
      available: false,
    };
    expect(starts(freeSlots({ ...none, windows: mondays, exceptions: [part] }, query))).toEqual([
      '16:30',
      '16:45',
      '17:00',
    ]);
  });

  it('a calendar busy time blocks exactly its hours, with no gap added', () => {
    const busy = [interval('2027-03-08', '16:45', '17:00')];
    expect(starts(freeSlots({ ...none, windows: mondays, busy }, query))).toEqual(['17:00']);
  });

  it('keeps 15 minutes between a 1-to-1 and any other lesson of the tutor', () => {
    const lessons = [interval('2027-03-08', '17:00', '18:00')];
    // 16:00-17:00 would end as the group lesson starts; 15:45 is outside the window.
    expect(freeSlots({ ...none, windows: mondays, lessons }, query)).toEqual([]);
    const windows: AvailabilityWindow[] = [{ day: 'mon', from: '15:00', to: '20:00' }];
    const around = freeSlots({ ...none, windows, lessons }, query);
    expect(starts(around)).toEqual([
      '15:00',
      '15:15',
      '15:30',
      '15:45',
      '18:15',
      '18:30',
      '18:45',
      '19:00',
    ]);
    expect(LESSON_GAP_MINUTES).toBe(15);
  });

  it('offers nothing on a closed day', () => {
    const closures: Closure[] = [{ from: '2027-03-08', to: '2027-03-09', reason: 'Training' }];
    expect(freeSlots({ ...none, windows: mondays }, { ...query, closures })).toEqual([]);
  });

  it('offers nothing already started, nor past the 56-day booking window', () => {
    const at1620 = london('2027-03-08', '16:20');
    const today = freeSlots({ ...none, windows: mondays }, { ...query, now: at1620 });
    expect(starts(today)).toEqual(['16:30', '16:45', '17:00']);
    const far = freeSlots(
      { ...none, windows: mondays },
      { ...query, from: '2027-04-26', to: '2027-05-10' },
    );
    expect([...new Set(far.map((s) => londonDate(s.startsAt)))]).toEqual(['2027-04-26']);
  });

  it('isSlotFree refuses off-quarter starts, slots spilling out of a window, and taken hours', () => {
    const hours: TutorHours = {
      ...none,
      windows: mondays,
      busy: [interval('2027-03-08', '17:15', '17:30')],
    };
    const rules = { now, closures: [] };
    expect(isSlotFree(hours, interval('2027-03-08', '16:00', '17:00'), rules)).toBe(true);
    expect(isSlotFree(hours, interval('2027-03-08', '16:10', '17:10'), rules)).toBe(false);
    expect(isSlotFree(hours, interval('2027-03-08', '17:30', '18:30'), rules)).toBe(false);
    expect(isSlotFree(hours, interval('2027-03-08', '16:30', '17:30'), rules)).toBe(false);
    expect(isSlotFree(none, interval('2027-03-08', '16:00', '17:00'), rules)).toBe(false);
  });
});

/* Properties: any windows, exceptions, busy times, lessons and closures, across both changes. */

const FIRST_DAY = '2027-02-15';
const quarter = fc.integer({ min: 0, max: 95 });
const wall = (q: number) =>
  `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
const dayIn = (span: number) => fc.integer({ min: 0, max: span }).map((n) => addDays(FIRST_DAY, n));

const windowArb = fc
  .tuple(fc.constantFrom(...WEEKDAYS), quarter, fc.integer({ min: 1, max: 40 }))
  .filter(([, from, length]) => from + length <= 95)
  .map(
    ([day, from, length]): AvailabilityWindow => ({
      day,
      from: wall(from),
      to: wall(from + length),
    }),
  );

const exceptionArb = fc.oneof(
  dayIn(300).map((date): AvailabilityException => ({ date, available: false })),
  fc
    .tuple(dayIn(300), quarter, fc.integer({ min: 1, max: 12 }))
    .filter(([, from, length]) => from + length <= 95)
    .map(
      ([date, from, length]): AvailabilityException => ({
        date,
        from: wall(from),
        to: wall(from + length),
        available: false,
      }),
    ),
);

const intervalArb = fc
  .tuple(dayIn(300), fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 180 }))
  .map(([date, minute, length]): Interval => {
    const startsAt = new Date(london(date, '00:00').getTime() + minute * MINUTE);
    return { startsAt, endsAt: new Date(startsAt.getTime() + length * MINUTE) };
  });

const closureArb = fc
  .tuple(dayIn(300), fc.integer({ min: 0, max: 3 }))
  .map(([from, days]): Closure => ({ from, to: addDays(from, days), reason: 'Closed' }));

const hoursArb = fc.record({
  windows: fc.array(windowArb, { minLength: 1, maxLength: 6 }),
  exceptions: fc.array(exceptionArb, { maxLength: 30 }),
  busy: fc.array(intervalArb, { maxLength: 40 }),
  lessons: fc.array(intervalArb, { maxLength: 40 }),
});

// Around both 2027 clock changes (28 March, 31 October), at any minute of the day.
const nowArb = fc
  .tuple(
    fc.constantFrom('2027-03-20', '2027-10-23', '2027-06-01'),
    fc.integer({ min: 0, max: 1439 }),
  )
  .map(([date, minute]) => new Date(london(date, '00:00').getTime() + minute * MINUTE));

const caseArb = fc.record({
  hours: hoursArb,
  now: nowArb,
  closures: fc.array(closureArb, { maxLength: 3 }),
  lengthMinutes: fc.constantFrom(...ONE_TO_ONE_LENGTHS),
});

const overlapsWith = (slot: Interval, other: Interval, padMinutes = 0) =>
  slot.startsAt.getTime() < other.endsAt.getTime() + padMinutes * MINUTE &&
  other.startsAt.getTime() - padMinutes * MINUTE < slot.endsAt.getTime();

function insideAWindow(hours: TutorHours, slot: Interval): boolean {
  const date = londonDate(slot.startsAt);
  const { weekday } = toLondonWallClock(slot.startsAt);
  const spans = hours.windows
    .filter((w) => w.day === weekday)
    .map((w) => ({ from: london(date, w.from).getTime(), to: london(date, w.to).getTime() }))
    .sort((a, b) => a.from - b.from);
  // Walk the touching windows from the slot's start to its end.
  let reached = slot.startsAt.getTime();
  for (const span of spans) {
    if (span.from <= reached && span.to > reached) reached = span.to;
  }
  return reached >= slot.endsAt.getTime();
}

describe('free 1-to-1 slots, for any tutor', () => {
  const runs = { numRuns: 40 };

  it('never overlap a busy time, a lesson with its gap, an exception or a closure; lie in a window', () => {
    fc.assert(
      fc.property(caseArb, ({ hours, now, closures, lengthMinutes }) => {
        const from = londonDate(now);
        const slots = freeSlots(hours, {
          now,
          closures,
          from,
          to: addDays(from, 14),
          lengthMinutes,
        });
        for (const slot of slots) {
          const date = londonDate(slot.startsAt);
          expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(lengthMinutes * MINUTE);
          expect(slot.startsAt.getTime() % (15 * MINUTE)).toBe(0);
          expect(isBookable(slot.startsAt, now)).toBe(true);
          expect(hours.busy.some((b) => overlapsWith(slot, b))).toBe(false);
          expect(hours.lessons.some((l) => overlapsWith(slot, l, LESSON_GAP_MINUTES))).toBe(false);
          expect(closures.some((c) => c.from <= date && date <= c.to)).toBe(false);
          for (const exception of hours.exceptions.filter((e) => e.date === date)) {
            expect(exception.from).toBeDefined();
            const away = interval(date, exception.from ?? '00:00', exception.to ?? '00:00');
            expect(overlapsWith(slot, away)).toBe(false);
          }
          expect(insideAWindow(hours, slot)).toBe(true);
          expect(isSlotFree(hours, slot, { now, closures })).toBe(true);
        }
      }),
      runs,
    );
  });

  it('lists every slot isSlotFree accepts (the checkout and the list agree)', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.integer({ min: 0, max: 14 }),
        quarter,
        ({ hours, now, closures, lengthMinutes }, day, q) => {
          const from = londonDate(now);
          const date = addDays(from, day);
          const startsAt = london(date, wall(q));
          const slot = { startsAt, endsAt: new Date(startsAt.getTime() + lengthMinutes * MINUTE) };
          const listed = freeSlots(hours, { now, closures, from: date, to: date, lengthMinutes });
          const isListed = listed.some((s) => s.startsAt.getTime() === startsAt.getTime());
          expect(isListed).toBe(isSlotFree(hours, slot, { now, closures }));
        },
      ),
      { numRuns: 300 },
    );
  });
});
