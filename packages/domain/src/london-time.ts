/**
 * London wall-clock time. Timetable slots are London times; instants are stored in UTC.
 * All conversions go through the IANA zone Europe/London via date-fns-tz: no DST rule is
 * written by hand here.
 */
import { formatInTimeZone } from 'date-fns-tz';

export const LONDON_TZ = 'Europe/London';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date written YYYY-MM-DD (so 2027-02-30 is refused). */
export function isCalendarDate(date: string): boolean {
  return parseCalendarDate(date) !== undefined;
}

/** True for a 24-hour wall-clock time written HH:mm. */
export function isWallClockTime(time: string): boolean {
  return TIME_PATTERN.test(time);
}

function parseCalendarDate(date: string): number | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  // Date.UTC rolls 2027-02-30 over into March; a real date survives the round trip.
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : undefined;
}

function requireCalendarDate(date: string): number {
  const ms = parseCalendarDate(date);
  if (ms === undefined) throw new RangeError(`Expected a date as YYYY-MM-DD, got "${date}"`);
  return ms;
}

function requireWallClockTime(time: string): void {
  if (!isWallClockTime(time)) throw new RangeError(`Expected a time as HH:mm, got "${time}"`);
}

function requireInstant(instant: Date): void {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) {
    throw new RangeError('Expected a valid Date');
  }
}

/** Calendar arithmetic on YYYY-MM-DD, independent of any time zone. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`addDays: days must be an integer: ${days}`);
  return new Date(requireCalendarDate(date) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Day of the week of a calendar date. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  const sundayFirst = new Date(requireCalendarDate(date)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** The London UTC offset in force at an instant, e.g. "+01:00", read from the IANA zone. */
function londonOffsetAt(ms: number): string {
  return formatInTimeZone(ms, LONDON_TZ, 'xxx');
}

/**
 * The instant at which London clocks show `date` `time`.
 *
 * date-fns-tz's fromZonedTime resolves the two DST edge cases differently depending on the
 * machine's own time zone, so the offset is instead read from the zone on both sides of the
 * date and each candidate is checked by converting back:
 * - a time that happens twice (autumn, 01:00-01:59) gives the first occurrence (BST);
 * - a time that never happens (spring, 01:00-01:59) is read with the offset in force before
 *   the change, i.e. moved forward by the gap, as JavaScript's Temporal does by default.
 */
export function londonWallClockToUtc(date: string, time: string): Date {
  const dayMs = requireCalendarDate(date);
  requireWallClockTime(time);
  const before = londonOffsetAt(dayMs - MS_PER_DAY);
  const after = londonOffsetAt(dayMs + 2 * MS_PER_DAY);
  const candidates = [...new Set([before, after])]
    .map((offset) => new Date(`${date}T${time}:00${offset}`))
    .filter((instant) => {
      const wall = toLondonWallClock(instant);
      return wall.date === date && wall.time === time;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates[0] ?? new Date(`${date}T${time}:00${before}`);
}

/** London date, time and weekday of an instant. */
export function toLondonWallClock(instant: Date): { date: string; time: string; weekday: Weekday } {
  requireInstant(instant);
  const [date, time, isoDay] = formatInTimeZone(instant, LONDON_TZ, "yyyy-MM-dd'|'HH:mm'|'i").split(
    '|',
  ) as [string, string, string];
  // ISO day of week: 1 = Monday ... 7 = Sunday.
  return { date, time, weekday: WEEKDAYS[Number(isoDay) - 1] as Weekday };
}

/** YYYY-MM-DD of an instant in London. */
export function londonDate(instant: Date): string {
  requireInstant(instant);
  return formatInTimeZone(instant, LONDON_TZ, 'yyyy-MM-dd');
}

/** 12-hour London time, e.g. "5:00 PM". */
export function formatTime12h(instant: Date): string {
  requireInstant(instant);
  return formatInTimeZone(instant, LONDON_TZ, 'h:mm a');
}

/** Long London date, e.g. "Tuesday 3 November 2026". */
export function formatLondonDate(instant: Date): string {
  requireInstant(instant);
  return formatInTimeZone(instant, LONDON_TZ, 'EEEE d MMMM yyyy');
}

function hourLabel(minutesOfDay: number): { text: string; meridiem: 'am' | 'pm' } {
  const wrapped = ((minutesOfDay % 1440) + 1440) % 1440;
  const hours24 = Math.floor(wrapped / 60);
  const minutes = wrapped % 60;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const text = minutes === 0 ? `${hours12}` : `${hours12}:${String(minutes).padStart(2, '0')}`;
  return { text, meridiem: hours24 < 12 ? 'am' : 'pm' };
}

/**
 * The short time band the timetable and basket show, e.g. "17:00" -> "5-6pm" and
 * "11:00" -> "11am-12pm": the meridiem is written once when both ends share it.
 * Pure wall-clock arithmetic (a band is a label, not an instant).
 */
export function bandLabel(startTime: string, durationMinutes = 60): string {
  requireWallClockTime(startTime);
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0 || durationMinutes >= 1440) {
    throw new RangeError(
      `bandLabel: duration must be whole minutes under a day: ${durationMinutes}`,
    );
  }
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const start = hourLabel(h * 60 + m);
  const end = hourLabel(h * 60 + m + durationMinutes);
  return start.meridiem === end.meridiem
    ? `${start.text}-${end.text}${end.meridiem}`
    : `${start.text}${start.meridiem}-${end.text}${end.meridiem}`;
}
