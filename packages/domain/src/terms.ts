/**
 * A term's weekly class (docs/decisions/083): the dated sessions of its slot from the term's
 * first day to its last, London dates both included.
 */
import { addDays, londonDate } from './london-time.ts';
import {
  type Closure,
  type ConcreteSession,
  closureOn,
  listSessions,
  type WeeklySlot,
} from './timetable.ts';

/** A term's dates as the CMS gives them: London calendar dates (YYYY-MM-DD), both included. */
export interface TermDates {
  firstDay: string;
  lastDay: string;
}

/** One of a term's sessions still to come, and whether a closure falls on its day. */
export interface TermSessionLeft {
  session: ConcreteSession;
  /** A closed day: listed so the family sees the gap, never taught or charged. */
  closed: boolean;
}

/**
 * The class's sessions in the term that have not started at `now` (a session starting at
 * `now` has started), in start order, each marked closed when a closure covers its day. The
 * sessions left to teach are those not closed. None once the term has ended.
 */
export function termSessionsLeft(
  term: TermDates,
  slot: WeeklySlot,
  closures: readonly Closure[],
  now: Date,
): TermSessionLeft[] {
  const today = londonDate(now);
  if (term.lastDay < today) return [];
  // The later of the two dates: YYYY-MM-DD strings compare in calendar order.
  const from = term.firstDay.localeCompare(today) > 0 ? term.firstDay : today;
  return listSessions([slot], slot.service, from, term.lastDay)
    .filter((session) => session.startsAt.getTime() > now.getTime())
    .map((session) => ({ session, closed: closureOn(closures, session.date) !== undefined }));
}

/** The enrolment dates of a term as the CMS gives them (London calendar dates). */
export interface TermOpenings {
  priorityOpensOn: string;
  publicOpensOn: string;
}

/**
 * Days before the priority date the re-enrolment invitation goes when the CMS does not say
 * (docs/decisions/107): none, so it arrives the day re-enrolment opens.
 */
export const DEFAULT_REENROL_INVITE_DAYS_BEFORE = 0;

/**
 * Whether the re-enrolment invitation is due on the London date `today` (docs/decisions/107):
 * from `daysBefore` days before the priority date, and never on or after the public date, when
 * it would invite a family to a priority that is over. A term without a priority period (both
 * dates the same) sends none.
 */
export function isReenrolInviteDue(term: TermOpenings, daysBefore: number, today: string): boolean {
  if (term.priorityOpensOn >= term.publicOpensOn) return false;
  return addDays(term.priorityOpensOn, -daysBefore) <= today && today < term.publicOpensOn;
}

/** Who may enrol for a term on the London date `today`. */
export type TermOpenTo = 'nobody-yet' | 'returning-pupils' | 'everyone';

export function termOpenTo(term: TermOpenings, today: string): TermOpenTo {
  if (today >= term.publicOpensOn) return 'everyone';
  if (today >= term.priorityOpensOn) return 'returning-pupils';
  return 'nobody-yet';
}
