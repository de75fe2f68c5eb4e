import { describe, expect, it } from 'vitest';
import { weekdayOf } from './london-time.ts';
import {
  type Closure,
  closedDays,
  closureOn,
  findSession,
  listSessions,
  type WeeklySlot,
} from './timetable.ts';
import { closureSchema, weeklySlotSchema } from './timetable-schemas.ts';

// The weekly timetable of docs/product-rules.md#time.
const TIMETABLE: readonly WeeklySlot[] = [
  { day: 'tue', startTime: '17:00', label: 'GCSE Foundation', service: 'gcse' },
  { day: 'tue', startTime: '18:00', label: 'KS3', service: 'ks3' },
  { day: 'tue', startTime: '19:00', label: 'GCSE Higher', service: 'gcse-higher' },
  { day: 'wed', startTime: '17:00', label: 'SATs', service: 'sats' },
  { day: 'wed', startTime: '18:00', label: 'AS Level', service: 'aslevel' },
  { day: 'wed', startTime: '19:00', label: 'GCSE Higher', service: 'gcse-higher' },
  { day: 'thu', startTime: '17:00', label: 'KS3', service: 'ks3' },
  { day: 'thu', startTime: '18:00', label: 'GCSE Foundation', service: 'gcse' },
  { day: 'thu', startTime: '19:00', label: 'A Level', service: 'alevel' },
  { day: 'sat', startTime: '10:00', label: 'SATs', service: 'sats' },
  { day: 'sat', startTime: '12:00', label: 'GCSE Foundation', service: 'gcse' },
  { day: 'sat', startTime: '13:00', label: 'AS Level', service: 'aslevel' },
  { day: 'sun', startTime: '10:00', label: 'A Level', service: 'alevel' },
  { day: 'sun', startTime: '12:00', label: 'GCSE Higher', service: 'gcse-higher' },
  { day: 'sun', startTime: '13:00', label: 'KS3', service: 'ks3' },
];

describe('listSessions', () => {
  it('gives the A Level sessions across the spring change with the right UTC instants', () => {
    const sessions = listSessions(TIMETABLE, 'alevel', '2027-03-18', '2027-04-01');
    expect(sessions.map((s) => [s.date, s.time, s.startsAt.toISOString()])).toEqual([
      ['2027-03-18', '7:00 PM – 8:00 PM', '2027-03-18T19:00:00.000Z'],
      ['2027-03-21', '10:00 AM – 11:00 AM', '2027-03-21T10:00:00.000Z'],
      ['2027-03-25', '7:00 PM – 8:00 PM', '2027-03-25T19:00:00.000Z'],
      ['2027-03-28', '10:00 AM – 11:00 AM', '2027-03-28T09:00:00.000Z'],
      ['2027-04-01', '7:00 PM – 8:00 PM', '2027-04-01T18:00:00.000Z'],
    ]);
  });

  it('gives the KS3 sessions across the autumn change with the right UTC instants', () => {
    const sessions = listSessions(TIMETABLE, 'ks3', '2027-10-28', '2027-11-02');
    expect(sessions.map((s) => [s.date, s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual(
      [
        ['2027-10-28', '2027-10-28T16:00:00.000Z', '2027-10-28T17:00:00.000Z'],
        ['2027-10-31', '2027-10-31T13:00:00.000Z', '2027-10-31T14:00:00.000Z'],
        ['2027-11-02', '2027-11-02T18:00:00.000Z', '2027-11-02T19:00:00.000Z'],
      ],
    );
  });

  it("lists only the service's own weekdays, labels and times", () => {
    const sessions = listSessions(TIMETABLE, 'gcse', '2026-11-02', '2026-11-29');
    expect(sessions).toHaveLength(12);
    expect(new Set(sessions.map((s) => s.time))).toEqual(
      new Set(['5:00 PM – 6:00 PM', '6:00 PM – 7:00 PM', '12:00 PM (midday) – 1:00 PM']),
    );
    for (const session of sessions) {
      expect(session.service).toBe('gcse');
      expect(session.label).toBe('GCSE Foundation');
      expect(['tue', 'thu', 'sat']).toContain(weekdayOf(session.date));
    }
  });

  it('sorts by start, also when two slots fall on one day', () => {
    const slots: WeeklySlot[] = [
      { day: 'sat', startTime: '15:00', label: 'Late', service: 'sats' },
      { day: 'sat', startTime: '10:00', label: 'Early', service: 'sats' },
    ];
    const sessions = listSessions(slots, 'sats', '2026-11-07', '2026-11-07');
    expect(sessions.map((s) => s.label)).toEqual(['Early', 'Late']);
  });

  it('includes both end dates and is empty when the range is backwards', () => {
    expect(listSessions(TIMETABLE, 'sats', '2026-11-04', '2026-11-07')).toHaveLength(2);
    expect(listSessions(TIMETABLE, 'sats', '2026-11-07', '2026-11-04')).toEqual([]);
  });

  it('makes one session of two slots with the same start', () => {
    const doubled = [...TIMETABLE, { ...TIMETABLE[0]!, label: 'Copy' }];
    expect(listSessions(doubled, 'gcse', '2026-11-03', '2026-11-03')).toHaveLength(1);
  });

  it('refuses dates that are not YYYY-MM-DD', () => {
    expect(() => listSessions(TIMETABLE, 'gcse', '3/11/2026', '2026-11-30')).toThrow(RangeError);
  });
});

describe('findSession', () => {
  it('finds a real timetable start, winter and summer', () => {
    const winter = findSession(TIMETABLE, 'alevel', new Date('2027-03-21T10:00:00Z'));
    expect(winter).toMatchObject({
      date: '2027-03-21',
      time: '10:00 AM – 11:00 AM',
      label: 'A Level',
    });
    const summer = findSession(TIMETABLE, 'alevel', new Date('2027-03-28T09:00:00Z'));
    expect(summer?.endsAt.toISOString()).toBe('2027-03-28T10:00:00.000Z');
  });

  it('refuses an instant one hour off, as a DST mistake would produce', () => {
    expect(findSession(TIMETABLE, 'alevel', new Date('2027-03-28T10:00:00Z'))).toBeUndefined();
    expect(findSession(TIMETABLE, 'alevel', new Date('2027-03-21T09:00:00Z'))).toBeUndefined();
  });

  it("refuses another service's slot", () => {
    // Sunday 12:00 is GCSE Higher, not A Level.
    expect(findSession(TIMETABLE, 'alevel', new Date('2027-03-21T12:00:00Z'))).toBeUndefined();
    expect(findSession(TIMETABLE, 'gcse-higher', new Date('2027-03-21T12:00:00Z'))).toBeDefined();
  });

  it('refuses an instant a minute off and an invalid Date', () => {
    expect(findSession(TIMETABLE, 'alevel', new Date('2027-03-21T10:01:00Z'))).toBeUndefined();
    expect(findSession(TIMETABLE, 'alevel', new Date('nope'))).toBeUndefined();
  });

  it('refuses, without throwing, an instant no calendar date names (year 0, year 10000)', () => {
    expect(findSession(TIMETABLE, 'alevel', new Date('0000-01-01T00:00:00Z'))).toBeUndefined();
    expect(findSession(TIMETABLE, 'alevel', new Date(8.64e15))).toBeUndefined();
  });
});

describe('weeklySlotSchema', () => {
  it('accepts a timetable row from the CMS', () => {
    expect(weeklySlotSchema.parse(TIMETABLE[0])).toEqual(TIMETABLE[0]);
  });

  it('refuses a malformed row with a message naming the field', () => {
    const result = weeklySlotSchema.safeParse({
      day: 'tues',
      startTime: '5pm',
      label: ' ',
      service: 'gcse-foundation',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['day', 'Day must be one of mon, tue, wed, thu, fri, sat, sun.'],
      ['startTime', 'Start time must be written HH:mm.'],
      ['label', 'Label is required.'],
      ['service', 'Service is not a known service code.'],
    ]);
  });
});

describe('closures', () => {
  const CHRISTMAS: Closure = { from: '2026-12-21', to: '2027-01-03', reason: 'Christmas holiday' };
  const GOOD_FRIDAY: Closure = { from: '2027-03-26', to: '2027-03-26', reason: 'Good Friday' };
  const CLOSURES = [CHRISTMAS, GOOD_FRIDAY];

  it('offers no session on a closed day, and the days around it as usual', () => {
    // Tuesday 15 and 22 December 2026, 5 January 2027: only the first and last are open.
    const open = listSessions(TIMETABLE, 'gcse', '2026-12-14', '2027-01-06', CLOSURES);
    expect(open.map((s) => s.date)).toEqual([
      '2026-12-15',
      '2026-12-17',
      '2026-12-19',
      '2027-01-05',
    ]);
    // Without closures the same range has the Christmas sessions.
    expect(listSessions(TIMETABLE, 'gcse', '2026-12-14', '2027-01-06').length).toBeGreaterThan(4);
  });

  it('closes both ends of a range and a single-day closure', () => {
    const sunday = listSessions(TIMETABLE, 'alevel', '2026-12-20', '2026-12-21', CLOSURES);
    expect(sunday.map((s) => s.date)).toEqual(['2026-12-20']);
    expect(listSessions(TIMETABLE, 'alevel', '2027-01-03', '2027-01-03', CLOSURES)).toEqual([]);
    // Good Friday is a Friday: no slot anyway; the Thursday before stays open.
    expect(listSessions(TIMETABLE, 'alevel', '2027-03-25', '2027-03-26', CLOSURES)).toHaveLength(1);
  });

  it('findSession refuses a start on a closed day but still finds it without closures', () => {
    // Thursday 24 December 2026, 6 pm GMT: a GCSE Foundation slot.
    const christmasEve = new Date('2026-12-24T18:00:00Z');
    expect(findSession(TIMETABLE, 'gcse', christmasEve)).toBeDefined();
    expect(findSession(TIMETABLE, 'gcse', christmasEve, CLOSURES)).toBeUndefined();
    expect(
      findSession(TIMETABLE, 'gcse', new Date('2026-12-17T18:00:00Z'), CLOSURES),
    ).toBeDefined();
  });

  it('judges the closed day by the London date, not the UTC one', () => {
    // 23:30 on 31 March 2027 in UTC is already 1 April in London (BST).
    const aprilFools: Closure = { from: '2027-04-01', to: '2027-04-01', reason: 'Staff training' };
    expect(closureOn([aprilFools], '2027-03-31')).toBeUndefined();
    expect(closureOn([aprilFools], '2027-04-01')).toBe(aprilFools);
    // Thursday 1 April 2027, 7 pm BST = 18:00 UTC.
    expect(findSession(TIMETABLE, 'alevel', new Date('2027-04-01T18:00:00Z'), [aprilFools])).toBe(
      undefined,
    );
  });

  it('lists each closed day in a range with its reason', () => {
    expect(closedDays(CLOSURES, '2027-01-02', '2027-01-05')).toEqual([
      { date: '2027-01-02', reason: 'Christmas holiday' },
      { date: '2027-01-03', reason: 'Christmas holiday' },
    ]);
    expect(closedDays([], '2027-01-01', '2027-12-31')).toEqual([]);
    expect(() => closedDays(CLOSURES, '2027-1-2', '2027-01-05')).toThrow(RangeError);
  });

  it('checks a closure from the CMS, naming the field', () => {
    expect(closureSchema.parse(CHRISTMAS)).toEqual(CHRISTMAS);
    const result = closureSchema.safeParse({ from: '2027-01-03', to: '2026-12-21', reason: ' ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reason', 'Reason is required.'],
      ['to', 'The last closed day must not be before the first.'],
    ]);
  });
});
