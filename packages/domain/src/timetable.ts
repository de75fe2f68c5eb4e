/**
 * The weekly timetable (London wall-clock slots, edited in the CMS) turned into concrete,
 * dated sessions with UTC instants.
 */
import {
  addDays,
  formatTimeRange,
  isCalendarDate,
  londonDate,
  londonWallClockToUtc,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from './london-time.ts';
import type { ServiceCode } from './services.ts';

export { WEEKDAYS, type Weekday };

/** Every group session lasts one hour (docs/product-rules.md#time). */
export const SESSION_MINUTES = 60;

export interface WeeklySlot {
  day: Weekday;
  /** HH:mm, London wall clock. */
  startTime: string;
  /** Class name shown to customers, e.g. "GCSE Foundation". */
  label: string;
  service: ServiceCode;
}

export interface ConcreteSession {
  service: ServiceCode;
  label: string;
  startsAt: Date;
  endsAt: Date;
  /** YYYY-MM-DD in London. */
  date: string;
  /** Its time, London, e.g. "5:00 PM – 6:00 PM" (formatTimeRange). */
  time: string;
}

/**
 * Days the school is closed (a holiday, a bank holiday, a half term), edited in the CMS: London
 * dates, both included, and the reason customers are shown ("Christmas holiday"). No session is
 * offered on a closed day, whatever the timetable says.
 */
export interface Closure {
  /** YYYY-MM-DD in London, the first closed day. */
  from: string;
  /** YYYY-MM-DD in London, the last closed day (the same as `from` for one day). */
  to: string;
  reason: string;
}

/** One closed London date and why, as the calendar and the timelines show it. */
export interface ClosedDay {
  date: string;
  reason: string;
}

/** The closure covering a London date, if any (the first listed wins when two overlap). */
export function closureOn(closures: readonly Closure[], date: string): Closure | undefined {
  return closures.find((closure) => closure.from <= date && date <= closure.to);
}

/** Every closed London date between two dates, both included, in date order, with its reason. */
export function closedDays(
  closures: readonly Closure[],
  fromDate: string,
  toDate: string,
): ClosedDay[] {
  if (!isCalendarDate(fromDate) || !isCalendarDate(toDate)) {
    throw new RangeError(`closedDays: dates must be YYYY-MM-DD: ${fromDate}, ${toDate}`);
  }
  const days: ClosedDay[] = [];
  if (closures.length === 0) return days;
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    const closure = closureOn(closures, date);
    if (closure) days.push({ date, reason: closure.reason });
  }
  return days;
}

function toSession(slot: WeeklySlot, date: string): ConcreteSession {
  const startsAt = londonWallClockToUtc(date, slot.startTime);
  return {
    service: slot.service,
    label: slot.label,
    startsAt,
    // Elapsed time, not wall-clock: a session is one real hour long.
    endsAt: new Date(startsAt.getTime() + SESSION_MINUTES * 60_000),
    date,
    time: formatTimeRange(startsAt, new Date(startsAt.getTime() + SESSION_MINUTES * 60_000)),
  };
}

function sessionsOnDate(
  slots: readonly WeeklySlot[],
  service: ServiceCode,
  date: string,
  closures: readonly Closure[],
): ConcreteSession[] {
  if (closureOn(closures, date)) return [];
  const weekday = weekdayOf(date);
  return slots
    .filter((slot) => slot.service === service && slot.day === weekday)
    .map((slot) => toSession(slot, date));
}

/**
 * The sessions of one service between two London dates, both included, sorted by start.
 * Two slots with the same start are one session (sessions are unique per service and start).
 * None falls on a closed day.
 */
export function listSessions(
  slots: readonly WeeklySlot[],
  service: ServiceCode,
  fromDate: string,
  toDate: string,
  closures: readonly Closure[] = [],
): ConcreteSession[] {
  if (!isCalendarDate(fromDate) || !isCalendarDate(toDate)) {
    throw new RangeError(`listSessions: dates must be YYYY-MM-DD: ${fromDate}, ${toDate}`);
  }
  const byStart = new Map<number, ConcreteSession>();
  // YYYY-MM-DD strings compare in calendar order.
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    for (const session of sessionsOnDate(slots, service, date, closures)) {
      if (!byStart.has(session.startsAt.getTime()))
        byStart.set(session.startsAt.getTime(), session);
    }
  }
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * The session of `service` that starts exactly at `startsAt`, if the timetable has one and the
 * day is not closed. Used to refuse instants a client made up (an hour off, or another
 * service's slot) and days the school closed. Describing an existing booking passes no
 * closures: a booking made before a closure still has its session.
 */
export function findSession(
  slots: readonly WeeklySlot[],
  service: ServiceCode,
  startsAt: Date,
  closures: readonly Closure[] = [],
): ConcreteSession | undefined {
  if (!(startsAt instanceof Date) || Number.isNaN(startsAt.getTime())) return undefined;
  const date = calendarDateOf(startsAt);
  if (date === undefined) return undefined;
  return sessionsOnDate(slots, service, date, closures).find(
    (session) => session.startsAt.getTime() === startsAt.getTime(),
  );
}

/**
 * The London date of an instant, or undefined for one no YYYY-MM-DD names (a year before 0001
 * or after 9999, as a client may send): such an instant is no session, never an error.
 */
function calendarDateOf(instant: Date): string | undefined {
  try {
    return londonDate(instant);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
