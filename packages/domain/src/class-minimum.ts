import {
  formatCalendarDate,
  formatTime12h,
  londonWallClockToUtc,
  toLondonWallClock,
} from './london-time.ts';

/*
 * A weekly class that does not fill is decided at a published hour (docs/decisions/100,
 * docs/product-rules.md#class-minimums): the class's minimum, the instant its sessions are
 * decided, what families are told, and which session a family is offered instead.
 */

/** The smallest and largest minimum an admin may set (a full group is 10). */
export const MIN_PUPILS_LOWEST = 2;
export const MIN_PUPILS_HIGHEST = 10;
/** How long before the start a session is decided, in hours. */
export const DECISION_HOURS_FEWEST = 12;
export const DECISION_HOURS_MOST = 168;
export const DEFAULT_DECISION_HOURS_BEFORE = 48;
/** A sister session starts within this many days either side of the cancelled one… */
export const SISTER_SESSION_DAYS = 3;
/** …and at least this many hours after the decision, so the family can plan for it. */
export const SISTER_SESSION_NOTICE_HOURS = 24;
/** What a family gets for a seat in a session that did not run, unless content says otherwise. */
export const DEFAULT_UNFILLED_CLASS_REMEDY: 'credit' | 'refund' = 'credit';
/** The reason a session cancelled by its minimum gives families, the tutor and the audit. */
export const MINIMUM_NOT_MET_REASON = 'minimum not met';
/** What a session decided to run shows where its condition was. */
export const CONFIRMED_TO_RUN = 'Confirmed to run';

const MS_PER_HOUR = 3_600_000;

/**
 * The instant a session is decided: `hoursBefore` hours before its start on London clocks, so a
 * 5 pm Thursday class with 48 hours is decided at 5 pm on Tuesday whether or not the clocks
 * changed in between. A wall time the spring change skips is moved forward by the gap; one the
 * autumn change repeats is its first occurrence (londonWallClockToUtc).
 */
export function decisionInstant(startsAt: Date, hoursBefore: number): Date {
  if (!Number.isInteger(hoursBefore) || hoursBefore < 0) {
    throw new RangeError(`decisionInstant: hoursBefore must be a whole number: ${hoursBefore}`);
  }
  const wall = toLondonWallClock(startsAt);
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = wall.time.split(':').map(Number) as [number, number];
  // Wall-clock arithmetic: the fields as if UTC, moved, then read back as London clocks.
  const moved = new Date(Date.UTC(year, month - 1, day, hour, minute) - hoursBefore * MS_PER_HOUR);
  const date = moved.toISOString().slice(0, 10);
  const time = moved.toISOString().slice(11, 16);
  return londonWallClockToUtc(date, time);
}

/** "Runs if at least 4 pupils are booked by Tuesday 3 March, 5:00 PM" (London time). */
export function runsIfText(minPupils: number, decidedAt: Date): string {
  const day = formatCalendarDate(toLondonWallClock(decidedAt).date).replace(/ \d{4}$/, '');
  return `Runs if at least ${minPupils} pupils are booked by ${day}, ${formatTime12h(decidedAt)}`;
}

/** A class's minimum as the admin set it, and when (it governs decisions after that). */
export interface ClassMinimum {
  minPupils: number;
  decisionHoursBefore: number;
  setAt: Date;
}

/**
 * The instant this session is decided under its class's minimum, or null when it has none: a
 * minimum governs only the sessions whose decision time was still ahead when it was set.
 */
export function sessionDecisionAt(
  minimum: ClassMinimum | null | undefined,
  startsAt: Date,
): Date | null {
  if (!minimum) return null;
  const at = decisionInstant(startsAt, minimum.decisionHoursBefore);
  return at.getTime() > minimum.setAt.getTime() ? at : null;
}

/** A session that might take a cancelled session's family. */
export interface SisterCandidate {
  id: string;
  service: string;
  startsAt: Date;
  seatsLeft: number;
  cancelled: boolean;
}

/**
 * Whether `candidate` is a sister of the cancelled session for a family of `pupils` children:
 * the same course, starting within SISTER_SESSION_DAYS either side of it and at least
 * SISTER_SESSION_NOTICE_HOURS after `now`, not cancelled, with a free seat for every one of them.
 */
export function isSisterSession(
  cancelled: { id: string; service: string; startsAt: Date },
  candidate: SisterCandidate,
  pupils: number,
  now: Date,
): boolean {
  const apart = Math.abs(candidate.startsAt.getTime() - cancelled.startsAt.getTime());
  return (
    candidate.id !== cancelled.id &&
    candidate.service === cancelled.service &&
    !candidate.cancelled &&
    apart <= SISTER_SESSION_DAYS * 24 * MS_PER_HOUR &&
    candidate.startsAt.getTime() - now.getTime() >= SISTER_SESSION_NOTICE_HOURS * MS_PER_HOUR &&
    candidate.seatsLeft >= Math.max(1, pupils)
  );
}

/** The sister sessions for a family of `pupils`, nearest the cancelled one first. */
export function sisterSessions<T extends SisterCandidate>(
  cancelled: { id: string; service: string; startsAt: Date },
  candidates: readonly T[],
  pupils: number,
  now: Date,
): T[] {
  return candidates
    .filter((candidate) => isSisterSession(cancelled, candidate, pupils, now))
    .sort(
      (a, b) =>
        Math.abs(a.startsAt.getTime() - cancelled.startsAt.getTime()) -
          Math.abs(b.startsAt.getTime() - cancelled.startsAt.getTime()) ||
        a.startsAt.getTime() - b.startsAt.getTime(),
    );
}
