/**
 * Free 1-to-1 slots of one tutor (docs/decisions/104-a-tutors-free-hours.md): their weekly
 * windows (London wall clock) minus dated exceptions, minus the busy times of their private
 * calendar, minus their lessons (group or 1-to-1) each padded by a 15-minute gap, minus closed
 * days, inside the booking window, starting on the quarter hour. A tutor with no windows has
 * no free slot: never "available at all times".
 */
import { bookingWindow, isBookable } from './booking-window.ts';
import {
  addDays,
  isCalendarDate,
  londonDate,
  londonWallClockToUtc,
  type Weekday,
  weekdayOf,
} from './london-time.ts';
import { type Closure, closureOn } from './timetable.ts';

/** Lesson lengths a 1-to-1 may be sold in; the CMS picks which are offered. */
export const ONE_TO_ONE_LENGTHS = [30, 45, 60, 90] as const;
export type OneToOneLength = (typeof ONE_TO_ONE_LENGTHS)[number];
/** Offered when the CMS says nothing. */
export const DEFAULT_ONE_TO_ONE_LENGTHS: readonly OneToOneLength[] = [60];
export const DEFAULT_ONE_TO_ONE_LENGTH: OneToOneLength = 60;
/** Slots start on the quarter hour, and every window and exception is written in quarters. */
export const SLOT_STEP_MINUTES = 15;
/** The least time between any two of a tutor's lessons, group or 1-to-1. */
export const LESSON_GAP_MINUTES = 15;

export function isOneToOneLength(minutes: number): minutes is OneToOneLength {
  return (ONE_TO_ONE_LENGTHS as readonly number[]).includes(minutes);
}

/** A weekly stretch of London wall-clock time the tutor offers, e.g. Tuesdays 16:00-19:00. */
export interface AvailabilityWindow {
  day: Weekday;
  /** HH:mm, London. */
  from: string;
  /** HH:mm, London, after `from` on the same day. */
  to: string;
}

/** A London date the tutor is away: the whole day, or from..to (HH:mm) when both are given. */
export interface AvailabilityException {
  date: string;
  from?: string;
  to?: string;
  available: false;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** Everything about one tutor the free-slot arithmetic reads. */
export interface TutorHours {
  windows: readonly AvailabilityWindow[];
  exceptions: readonly AvailabilityException[];
  /** Busy times read from the tutor's private calendar: no gap is added around them. */
  busy: readonly Interval[];
  /** Group sessions they lead or cover, and their live 1-to-1 lessons: padded by the gap. */
  lessons: readonly Interval[];
}

/** What the arithmetic needs from outside the tutor: the clock and the school's closed days. */
export interface SlotRules {
  now: Date;
  closures: readonly Closure[];
}

export interface SlotQuery extends SlotRules {
  /** First and last London dates asked for, both included; clamped to the booking window. */
  from: string;
  to: string;
  lengthMinutes: number;
}

const MINUTE_MS = 60_000;
const STEP_MS = SLOT_STEP_MINUTES * MINUTE_MS;
const GAP_MS = LESSON_GAP_MINUTES * MINUTE_MS;

/** The tutor's offered time on one London date, as instants, merged where windows touch. */
function offeredOn(hours: TutorHours, date: string): Interval[] {
  const weekday = weekdayOf(date);
  const spans = hours.windows
    .filter((window) => window.day === weekday && window.from < window.to)
    .map((window) => ({
      startsAt: londonWallClockToUtc(date, window.from),
      endsAt: londonWallClockToUtc(date, window.to),
    }))
    .filter((span) => span.startsAt < span.endsAt)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: Interval[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.startsAt <= last.endsAt) {
      if (span.endsAt > last.endsAt) merged[merged.length - 1] = { ...last, endsAt: span.endsAt };
    } else merged.push(span);
  }
  return merged;
}

function overlaps(slot: Interval, other: Interval, paddingMs = 0): boolean {
  return (
    slot.startsAt.getTime() < other.endsAt.getTime() + paddingMs &&
    other.startsAt.getTime() - paddingMs < slot.endsAt.getTime()
  );
}

/** The tutor's exceptions on a date: the whole day (true), or the intervals they are away. */
function awayOn(hours: TutorHours, date: string): true | Interval[] {
  const away: Interval[] = [];
  for (const exception of hours.exceptions) {
    if (exception.date !== date) continue;
    if (exception.from === undefined || exception.to === undefined) return true;
    away.push({
      startsAt: londonWallClockToUtc(date, exception.from),
      endsAt: londonWallClockToUtc(date, exception.to),
    });
  }
  return away;
}

/** Why one candidate slot on `date` is taken, if it is: the checks every slot goes through. */
function isBlocked(hours: TutorHours, slot: Interval, away: Interval[], rules: SlotRules) {
  return (
    !isBookable(slot.startsAt, rules.now) ||
    away.some((interval) => overlaps(slot, interval)) ||
    hours.busy.some((interval) => overlaps(slot, interval)) ||
    hours.lessons.some((lesson) => overlaps(slot, lesson, GAP_MS))
  );
}

function isQuarterHour(instant: Date): boolean {
  // London's offset from UTC is a whole number of hours, so a UTC quarter is a London quarter.
  return instant.getTime() % STEP_MS === 0;
}

/** The free slots of `lengthMinutes` on one London date, in start order. */
function slotsOn(hours: TutorHours, date: string, lengthMs: number, rules: SlotRules): Interval[] {
  if (closureOn(rules.closures, date)) return [];
  const away = awayOn(hours, date);
  if (away === true) return [];
  const slots: Interval[] = [];
  for (const offered of offeredOn(hours, date)) {
    const first = Math.ceil(offered.startsAt.getTime() / STEP_MS) * STEP_MS;
    for (let start = first; start + lengthMs <= offered.endsAt.getTime(); start += STEP_MS) {
      const slot = { startsAt: new Date(start), endsAt: new Date(start + lengthMs) };
      if (!isBlocked(hours, slot, away, rules)) slots.push(slot);
    }
  }
  return slots;
}

/**
 * Every free slot of one tutor between two London dates (both included, clamped to the
 * booking window), of the given length, starting on the quarter hour, in start order.
 */
export function freeSlots(hours: TutorHours, query: SlotQuery): Interval[] {
  if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) {
    throw new RangeError(`freeSlots: dates must be YYYY-MM-DD: ${query.from}, ${query.to}`);
  }
  if (!Number.isInteger(query.lengthMinutes) || query.lengthMinutes <= 0) {
    throw new RangeError(`freeSlots: length must be whole minutes: ${query.lengthMinutes}`);
  }
  if (hours.windows.length === 0) return [];
  const window = bookingWindow(query.now);
  // biome-ignore lint/complexity/useMathMinMax: YYYY-MM-DD strings, which Math.max cannot order
  const from = query.from > window.from ? query.from : window.from;
  // biome-ignore lint/complexity/useMathMinMax: as above
  const last = query.to < window.to ? query.to : window.to;
  const lengthMs = query.lengthMinutes * MINUTE_MS;
  const slots: Interval[] = [];
  for (let date = from; date <= last; date = addDays(date, 1)) {
    slots.push(...slotsOn(hours, date, lengthMs, query));
  }
  return slots;
}

/**
 * Whether one slot is free for this tutor now: the same checks as `freeSlots`, for the checkout
 * to repeat under the tutor's row lock. A slot must start on the quarter hour and lie wholly in
 * one of the tutor's windows on its London date. The length is the caller's to check.
 */
export function isSlotFree(hours: TutorHours, slot: Interval, rules: SlotRules): boolean {
  const start = slot.startsAt.getTime();
  const end = slot.endsAt.getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return false;
  if (!isQuarterHour(slot.startsAt) || !isQuarterHour(slot.endsAt)) return false;
  if (!isBookable(slot.startsAt, rules.now)) return false;
  const date = londonDate(slot.startsAt);
  if (closureOn(rules.closures, date)) return false;
  const away = awayOn(hours, date);
  if (away === true) return false;
  const inWindow = offeredOn(hours, date).some(
    (offered) => offered.startsAt.getTime() <= start && end <= offered.endsAt.getTime(),
  );
  return inWindow && !isBlocked(hours, slot, away, rules);
}
