/**
 * The weekly timetable (London wall-clock slots, edited in the CMS) turned into concrete,
 * dated sessions with UTC instants.
 */
import { z } from 'zod';
import {
  addDays,
  bandLabel,
  isCalendarDate,
  isWallClockTime,
  londonDate,
  londonWallClockToUtc,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from './london-time.ts';
import { SERVICE_CODES, type ServiceCode } from './services.ts';

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
  /** Band label, e.g. "5-6pm". */
  time: string;
}

/** Shape of one timetable row, for checking CMS content before it is used. */
export const weeklySlotSchema = z.object({
  day: z.enum(WEEKDAYS, { error: 'Day must be one of mon, tue, wed, thu, fri, sat, sun.' }),
  startTime: z.string().refine(isWallClockTime, { error: 'Start time must be written HH:mm.' }),
  label: z.string().trim().min(1, { error: 'Label is required.' }),
  service: z.enum(SERVICE_CODES, { error: 'Service is not a known service code.' }),
});

function toSession(slot: WeeklySlot, date: string): ConcreteSession {
  const startsAt = londonWallClockToUtc(date, slot.startTime);
  return {
    service: slot.service,
    label: slot.label,
    startsAt,
    // Elapsed time, not wall-clock: a session is one real hour long.
    endsAt: new Date(startsAt.getTime() + SESSION_MINUTES * 60_000),
    date,
    time: bandLabel(slot.startTime, SESSION_MINUTES),
  };
}

function sessionsOnDate(
  slots: readonly WeeklySlot[],
  service: ServiceCode,
  date: string,
): ConcreteSession[] {
  const weekday = weekdayOf(date);
  return slots
    .filter((slot) => slot.service === service && slot.day === weekday)
    .map((slot) => toSession(slot, date));
}

/**
 * The sessions of one service between two London dates, both included, sorted by start.
 * Two slots with the same start are one session (sessions are unique per service and start).
 */
export function listSessions(
  slots: readonly WeeklySlot[],
  service: ServiceCode,
  fromDate: string,
  toDate: string,
): ConcreteSession[] {
  if (!isCalendarDate(fromDate) || !isCalendarDate(toDate)) {
    throw new RangeError(`listSessions: dates must be YYYY-MM-DD: ${fromDate}, ${toDate}`);
  }
  const byStart = new Map<number, ConcreteSession>();
  // YYYY-MM-DD strings compare in calendar order.
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    for (const session of sessionsOnDate(slots, service, date)) {
      if (!byStart.has(session.startsAt.getTime()))
        byStart.set(session.startsAt.getTime(), session);
    }
  }
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * The session of `service` that starts exactly at `startsAt`, if the timetable has one.
 * Used to refuse instants a client made up (an hour off, or another service's slot).
 */
export function findSession(
  slots: readonly WeeklySlot[],
  service: ServiceCode,
  startsAt: Date,
): ConcreteSession | undefined {
  if (!(startsAt instanceof Date) || Number.isNaN(startsAt.getTime())) return undefined;
  return sessionsOnDate(slots, service, londonDate(startsAt)).find(
    (session) => session.startsAt.getTime() === startsAt.getTime(),
  );
}
