/**
 * London wall-clock time. Timetable slots are London times; instants are stored in UTC.
 * All conversions read the IANA zone Europe/London through the platform's Intl time-zone
 * data: no DST rule is written by hand here. (date-fns-tz's formatInTimeZone was dropped: it
 * goes through the machine's own zone and shifts London times that do not exist there, e.g.
 * London midnight on the night Santiago's clocks go forward — see decision 033.)
 */

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
  // Date.UTC rolls 2027-02-30 over into March (and reads years 0-99 as 1900-1999); a real
  // date survives the round trip field by field.
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
    ? ms
    : undefined;
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

let londonFieldsFormat: Intl.DateTimeFormat | undefined;
/**
 * The zone's formatter, built on first use and kept. Built as the module loaded, it was the
 * page's first Intl object, whose locale and zone data cost ~20 ms of main thread (four times
 * that on a phone) on every page importing this module, used or not (decision 078).
 */
function londonFields(): Intl.DateTimeFormat {
  londonFieldsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return londonFieldsFormat;
}

interface LondonFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MS_PER_HOUR = 3_600_000;
/** The offset cache covers 1900-9999: before 1900 London kept local mean time (offset in seconds, changes off the hour). */
const CACHED_FROM_MS = Date.UTC(1900, 0, 1);
const CACHED_TO_MS = Date.UTC(9999, 0, 1);
const OFFSET_CACHE_LIMIT = 100_000;
/**
 * London's offset from UTC in ms through each whole UTC hour, keyed by hour number; NaN for an
 * hour in which the offset changes other than at its start. Filled from the zone itself (two
 * Intl reads per hour, at its first and last second), so no DST rule is written here: it only
 * spares the slow formatToParts call for every instant of an hour already seen. The booking
 * window's few thousand hours fit many times over; past the limit the cache starts again.
 */
const offsetByHour = new Map<number, number>();

/** The numeric London calendar and clock fields of an instant. */
function londonFieldsAt(ms: number): LondonFields {
  if (ms < CACHED_FROM_MS || ms >= CACHED_TO_MS) return zoneFieldsAt(ms);
  const hour = Math.floor(ms / MS_PER_HOUR);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const first = zoneOffsetMsAt(hour * MS_PER_HOUR);
    const last = zoneOffsetMsAt((hour + 1) * MS_PER_HOUR - 1000);
    offset = first === last ? first : Number.NaN;
    if (offsetByHour.size >= OFFSET_CACHE_LIMIT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  if (Number.isNaN(offset)) return zoneFieldsAt(ms);
  // Whole seconds, as the zone's formatter shows them, shifted to London's wall clock.
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** London's offset from UTC in ms at an instant (whole seconds), read from the zone. */
function zoneOffsetMsAt(ms: number): number {
  const f = zoneFieldsAt(ms);
  return (
    Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000
  );
}

/** The London fields of an instant straight from the zone's formatter (the slow, sure path). */
function zoneFieldsAt(ms: number): LondonFields {
  const fields: Record<string, number> = {};
  for (const part of londonFields().formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? Number.NaN,
    month: fields.month ?? Number.NaN,
    day: fields.day ?? Number.NaN,
    hour: fields.hour ?? Number.NaN,
    minute: fields.minute ?? Number.NaN,
    second: fields.second ?? Number.NaN,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The London UTC offset in force at an instant, e.g. "+01:00", read from the IANA zone. */
function londonOffsetAt(ms: number): string {
  const f = londonFieldsAt(ms);
  const wallAsUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  const minutes = Math.round((wallAsUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/**
 * The instant at which London clocks show `date` `time`.
 *
 * The offset is read from the zone on both sides of the date and each candidate is checked
 * by converting back, so the machine's own time zone never matters:
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
  const f = londonFieldsAt(instant.getTime());
  const date = `${String(f.year).padStart(4, '0')}-${pad2(f.month)}-${pad2(f.day)}`;
  return { date, time: `${pad2(f.hour)}:${pad2(f.minute)}`, weekday: weekdayOf(date) };
}

/** YYYY-MM-DD of an instant in London. */
export function londonDate(instant: Date): string {
  return toLondonWallClock(instant).date;
}

/**
 * 12-hour London time, e.g. "5:00 PM" (docs/product-rules.md#time). The hours either side of
 * 12 say which 12 they mean, as "12:18 AM" alone is read as midday by many (decision 071):
 * "12:00 AM (midnight)", "12:18 AM (just after midnight)", "12:00 PM (midday)".
 */
export function formatTime12h(instant: Date): string {
  requireInstant(instant);
  const { hour, minute } = londonFieldsAt(instant.getTime());
  const time = `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
  if (hour === 0) return `${time} (${minute === 0 ? 'midnight' : 'just after midnight'})`;
  if (hour === 12 && minute === 0) return `${time} (midday)`;
  return time;
}

/**
 * A dated session's time, e.g. "5:00 PM – 6:00 PM", London time: the one format every page,
 * e-mail list and admin screen shows a session's time in (decision 071).
 */
export function formatTimeRange(startsAt: Date, endsAt: Date): string {
  return `${formatTime12h(startsAt)} – ${formatTime12h(endsAt)}`;
}

/** Long London date, e.g. "Tuesday 3 November 2026". */
export function formatLondonDate(instant: Date): string {
  return formatCalendarDate(toLondonWallClock(instant).date);
}

/** A calendar date (YYYY-MM-DD) in the same long words: "2026-11-03" -> "Tuesday 3 November 2026". */
export function formatCalendarDate(date: string): string {
  const weekday = weekdayOf(date);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekday]} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Tuesdays": a weekday as something that happens every week. */
export function weekdayPlural(day: Weekday): string {
  return `${WEEKDAY_NAMES[day]}s`;
}

/**
 * A weekly class as families know it, "GCSE Higher, Tuesdays 7:00 PM", in the one time format
 * (decision 071). The time is read on a January day, when no clock change moves a wall clock.
 */
export function weeklyClassLabel(slot: { label: string; day: Weekday; startTime: string }): string {
  const time = formatTime12h(londonWallClockToUtc('2027-01-04', slot.startTime));
  return `${slot.label}, ${weekdayPlural(slot.day)} ${time}`;
}

const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

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
