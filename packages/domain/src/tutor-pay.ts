import { ATTENDANCE_MARKABLE_DAYS } from './attendance-window.ts';
import { londonDate, londonWallClockToUtc, MONTH_NAMES } from './london-time.ts';

/**
 * A tutor's pay for a session taught (docs/decisions/079): a rate for the session plus a rate
 * for each pupil present or late, at the rates of the register's first submission.
 */

/** A tutor's rates, in whole pence. */
export interface TutorRates {
  perSessionPence: number;
  perPupilPence: number;
}

/**
 * The pence of one pay line: the session rate plus the pupil rate times the pupils who
 * attended. Whole pence times whole pupils, so nothing is rounded.
 */
export function tutorPayLinePence(rates: TutorRates, pupilsAttended: number): number {
  const { perSessionPence, perPupilPence } = rates;
  for (const [name, value] of Object.entries({ perSessionPence, perPupilPence, pupilsAttended })) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`tutorPayLinePence: ${name} must be a whole number >= 0: ${value}`);
    }
  }
  const pence = perSessionPence + perPupilPence * pupilsAttended;
  if (!Number.isSafeInteger(pence)) throw new RangeError('tutorPayLinePence: too large to pay');
  return pence;
}

/*
 * Pay months (docs/decisions/113): pay lines are summed by London month of the session's start.
 * A month stays open, and its lines follow the tutor's current rates, until 00:00 London on the
 * 8th of the next month: by then the register of its last session is settled (attendance closes
 * 7 days after a start), so the month can be paid. A closed month's lines are never re-priced.
 */

/** The day of the next month on which a pay month closes (at 00:00 London). */
export const PAY_MONTH_CLOSES_ON_DAY = 1 + ATTENDANCE_MARKABLE_DAYS;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-12" -> "2027-01"; "2026-11" -> "2026-10" with by = -1. */
export function shiftMonth(month: string, by: number): string {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month as YYYY-MM: ${month}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "2026-11" -> "November 2026". */
export function formatMonth(month: string): string {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month as YYYY-MM: ${month}`);
  return `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
}

/** The first instant of a London month and of the month after it. */
export function payMonthRange(month: string): { from: Date; to: Date } {
  return {
    from: londonWallClockToUtc(`${month}-01`, '00:00'),
    to: londonWallClockToUtc(`${shiftMonth(month, 1)}-01`, '00:00'),
  };
}

/** When a London month's pay closes: 00:00 London on the 8th of the next month. */
export function payMonthClosesAt(month: string): Date {
  const day = String(PAY_MONTH_CLOSES_ON_DAY).padStart(2, '0');
  return londonWallClockToUtc(`${shiftMonth(month, 1)}-${day}`, '00:00');
}

export function isPayMonthClosed(month: string, now: Date): boolean {
  return now >= payMonthClosesAt(month);
}

/**
 * The first instant whose pay lines are in a month not yet closed: the start of last month
 * before it closes, else of this month. Lines starting from it may be re-priced.
 */
export function openPayLinesFrom(now: Date): Date {
  const thisMonth = londonDate(now).slice(0, 7);
  const lastMonth = shiftMonth(thisMonth, -1);
  return payMonthRange(isPayMonthClosed(lastMonth, now) ? thisMonth : lastMonth).from;
}
