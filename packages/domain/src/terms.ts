/**
 * A term's weekly class (docs/decisions/083): the dated sessions of its slot from the term's
 * first day to its last, London dates both included.
 */
import { londonDate } from './london-time.ts';
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
