import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bandLabel,
  formatCalendarDate,
  formatLondonDate,
  formatTime12h,
  isCalendarDate,
  londonDate,
  londonWallClockToUtc,
  toLondonWallClock,
  weekdayOf,
} from './london-time.ts';

// Each run converts through Intl several times; on a busy shared machine 200 runs can take
// seconds, which is not a failure of the rule under test.
const PROPERTY_TIMEOUT_MS = 30_000;

const iso = (date: string, time: string) => londonWallClockToUtc(date, time).toISOString();

describe('londonWallClockToUtc across the spring change (last Sunday of March)', () => {
  it('reads a Sunday 10:00 slot as 10:00Z before the change and 09:00Z after it', () => {
    expect(iso('2027-03-21', '10:00')).toBe('2027-03-21T10:00:00.000Z');
    expect(iso('2027-03-28', '10:00')).toBe('2027-03-28T09:00:00.000Z');
  });

  it('reads 00:30 on the change day as GMT and 02:30 as BST', () => {
    expect(iso('2027-03-28', '00:30')).toBe('2027-03-28T00:30:00.000Z');
    expect(iso('2027-03-28', '02:30')).toBe('2027-03-28T01:30:00.000Z');
  });

  it('moves a time the clocks skip (01:30) forward by the hour skipped', () => {
    const instant = londonWallClockToUtc('2027-03-28', '01:30');
    expect(instant.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(toLondonWallClock(instant).time).toBe('02:30');
  });
});

describe('londonWallClockToUtc across the autumn change (last Sunday of October)', () => {
  it('reads a Sunday 10:00 slot as 09:00Z the week before and 10:00Z on the change day', () => {
    expect(iso('2027-10-24', '10:00')).toBe('2027-10-24T09:00:00.000Z');
    expect(iso('2027-10-31', '10:00')).toBe('2027-10-31T10:00:00.000Z');
  });

  it('reads a time that happens twice (01:30) as its first occurrence, in BST', () => {
    expect(iso('2027-10-31', '01:30')).toBe('2027-10-31T00:30:00.000Z');
  });

  it('treats summer evening slots as BST and winter ones as GMT', () => {
    expect(iso('2026-07-07', '17:00')).toBe('2026-07-07T16:00:00.000Z');
    expect(iso('2026-11-03', '17:00')).toBe('2026-11-03T17:00:00.000Z');
  });
});

describe('wall clock round trip', () => {
  const dates = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => d.toISOString().slice(0, 10));
  const times = fc
    .tuple(fc.integer({ min: 6, max: 21 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
    .chain((t) => fc.constantFrom(t, '22:00'));

  it(
    'gets back the same London date and time for any date and any time 06:00-22:00',
    () => {
      fc.assert(
        fc.property(dates, times, (date, time) => {
          const wall = toLondonWallClock(londonWallClockToUtc(date, time));
          expect(wall).toEqual({ date, time, weekday: weekdayOf(date) });
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'gets back the same instant from any whole-minute instant',
    () => {
      const instants = fc
        .integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2099, 0, 1) / 60_000 })
        .map((minutes) => new Date(minutes * 60_000));
      fc.assert(
        fc.property(instants, (instant) => {
          const wall = toLondonWallClock(instant);
          const back = londonWallClockToUtc(wall.date, wall.time);
          // The one exception: the second 01:xx of an autumn change day reads as the first.
          const isSecondOccurrence = back.getTime() === instant.getTime() - 3_600_000;
          expect(back.getTime() === instant.getTime() || isSecondOccurrence).toBe(true);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('londonWallClockToUtc input', () => {
  it.each([
    ['2027-02-30', '10:00'],
    ['2027-2-3', '10:00'],
    ['2027-03-21', '24:00'],
    ['2027-03-21', '9:00'],
    ['2027-03-21', '10:00:00'],
    ['', ''],
  ])('refuses %s %s', (date, time) => {
    expect(() => londonWallClockToUtc(date, time)).toThrow(RangeError);
  });
});

describe('toLondonWallClock and londonDate', () => {
  it('gives the London date, which after 23:00Z in summer is already tomorrow', () => {
    const lateSummerEvening = new Date('2026-07-07T23:30:00Z');
    expect(toLondonWallClock(lateSummerEvening)).toEqual({
      date: '2026-07-08',
      time: '00:30',
      weekday: 'wed',
    });
    expect(londonDate(lateSummerEvening)).toBe('2026-07-08');
    expect(londonDate(new Date('2026-12-07T23:30:00Z'))).toBe('2026-12-07');
  });

  it('refuses an invalid Date', () => {
    expect(() => londonDate(new Date('nope'))).toThrow(RangeError);
    expect(() => toLondonWallClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('addDays and weekdayOf', () => {
  it('does calendar arithmetic across months, years, leap days and DST changes', () => {
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(addDays('2027-10-30', 2)).toBe('2027-11-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2027-01-01', 56)).toBe('2027-02-26');
  });

  it('refuses a non-date or a fractional number of days', () => {
    expect(() => addDays('2027-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('2027-01-01', 0.5)).toThrow(RangeError);
  });

  it('names the weekday of a date', () => {
    expect(weekdayOf('2026-11-03')).toBe('tue');
    expect(weekdayOf('2027-03-28')).toBe('sun');
    expect(weekdayOf('2027-03-29')).toBe('mon');
  });

  it('recognises real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-03-21T00:00:00Z')).toBe(false);
  });
});

describe('display', () => {
  it('shows 12-hour London time', () => {
    expect(formatTime12h(new Date('2026-11-03T17:00:00Z'))).toBe('5:00 PM');
    expect(formatTime12h(new Date('2026-07-07T16:00:00Z'))).toBe('5:00 PM');
    expect(formatTime12h(new Date('2026-07-07T09:30:00Z'))).toBe('10:30 AM');
    // Either 12 says which it is: "12:05 AM" alone is read as midday by many.
    expect(formatTime12h(new Date('2026-11-03T12:00:00Z'))).toBe('12:00 PM (midday)');
    expect(formatTime12h(new Date('2026-11-03T12:18:00Z'))).toBe('12:18 PM');
    expect(formatTime12h(new Date('2026-11-03T00:05:00Z'))).toBe('12:05 AM (just after midnight)');
    expect(formatTime12h(new Date('2026-11-03T00:00:00Z'))).toBe('12:00 AM (midnight)');
  });

  it('shows the long London date', () => {
    expect(formatLondonDate(new Date('2026-11-03T17:00:00Z'))).toBe('Tuesday 3 November 2026');
    expect(formatLondonDate(new Date('2026-07-07T23:30:00Z'))).toBe('Wednesday 8 July 2026');
  });

  it('writes a calendar date in the same words, whatever the zone', () => {
    expect(formatCalendarDate('2027-01-04')).toBe('Monday 4 January 2027');
    expect(formatCalendarDate('2026-03-29')).toBe('Sunday 29 March 2026');
  });

  it.each([
    ['17:00', '5-6pm'],
    ['18:00', '6-7pm'],
    ['19:00', '7-8pm'],
    ['10:00', '10-11am'],
    ['12:00', '12-1pm'],
    ['13:00', '1-2pm'],
    ['11:00', '11am-12pm'],
    ['23:00', '11pm-12am'],
    ['00:00', '12-1am'],
    ['17:30', '5:30-6:30pm'],
  ])('labels a one-hour band starting %s as "%s"', (start, label) => {
    expect(bandLabel(start)).toBe(label);
  });

  it('labels bands of other lengths', () => {
    expect(bandLabel('10:00', 90)).toBe('10-11:30am');
    expect(bandLabel('11:30', 30)).toBe('11:30am-12pm');
  });

  it('refuses a malformed start or duration', () => {
    expect(() => bandLabel('5pm')).toThrow(RangeError);
    expect(() => bandLabel('17:00', 0)).toThrow(RangeError);
    expect(() => bandLabel('17:00', 1.5)).toThrow(RangeError);
  });
});

describe('London times that do not exist in the machine zone (tests run in America/Santiago)', () => {
  // Santiago's clocks jump from 00:00 to 01:00 on the first Sunday of September, so
  // "00:30 on 6 Sep 2026" never happens there; in London it is an ordinary half past midnight.
  it('reads London midnight correctly on the night Santiago springs forward', () => {
    const instant = new Date('2026-09-05T23:30:00Z');
    expect(toLondonWallClock(instant)).toEqual({
      date: '2026-09-06',
      time: '00:30',
      weekday: 'sun',
    });
    expect(londonDate(instant)).toBe('2026-09-06');
    expect(formatTime12h(instant)).toBe('12:30 AM (just after midnight)');
    expect(londonWallClockToUtc('2026-09-06', '00:30').toISOString()).toBe(instant.toISOString());
  });

  it('agrees with every hour of a year of London clock readings', () => {
    const reference = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
      const parts = Object.fromEntries(reference.formatToParts(ms).map((p) => [p.type, p.value]));
      const wall = toLondonWallClock(new Date(ms));
      expect(`${wall.date} ${wall.time}`).toBe(
        `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
      );
    }
  });
});

describe('the per-hour offset cache', () => {
  // An independent reading of the zone, as london-time.ts did before it cached offsets.
  const zone = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const fromZone = (instant: Date) => {
    const p = Object.fromEntries(zone.formatToParts(instant).map((x) => [x.type, x.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  };

  it(
    'gives the zone formatter’s own date and time for any instant 1900-2100, seen twice',
    () => {
      const instants = fc
        .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) })
        .map((ms) => new Date(ms));
      fc.assert(
        fc.property(instants, (instant) => {
          const { date, time } = toLondonWallClock(instant);
          expect({ date, time }).toEqual(fromZone(instant));
          // The second read comes from the cache.
          expect(toLondonWallClock(instant)).toEqual(toLondonWallClock(instant));
        }),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('agrees with the zone on every minute around both 2026 clock changes', () => {
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      const at = Date.parse(change);
      for (let ms = at - 7_200_000; ms <= at + 7_200_000; ms += 60_000) {
        const { date, time } = toLondonWallClock(new Date(ms));
        expect({ date, time }).toEqual(fromZone(new Date(ms)));
      }
    }
  });

  it('agrees with the zone before 1900, when London kept local mean time', () => {
    const instant = new Date('1847-06-01T12:00:00Z');
    const { date, time } = toLondonWallClock(instant);
    expect({ date, time }).toEqual(fromZone(instant));
  });

  it('still refuses years 0000-0099, which Date.UTC reads as 1900-1999', () => {
    expect(isCalendarDate('0050-01-01')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
  });
});
