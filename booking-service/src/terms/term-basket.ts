import type { TermSessionStatus } from '@tuition/api-contract';
import type { Term } from '@tuition/content';
import {
  type Closure,
  type ConcreteSession,
  formatCalendarDate,
  londonDate,
  seatsLeft,
  termSessionsLeft,
  type WeeklySlot,
  weeklyClassLabel,
} from '@tuition/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checkouts, termEnrolments, weeklyClasses } from '../db/schema.ts';
import { ConflictError, HttpProblem, NotFoundError, ValidationError } from '../http/problem.ts';
import { isId } from '@tuition/api-contract';
import { userSeats } from '../sessions/seats.ts';
import { ensureSessionRowsWithSeats, type SessionRowWithSeats } from '../sessions/session-rows.ts';
import type { Clock } from '../clock.ts';
import type { ContentLoader } from '@tuition/content';

/*
 * A term's basket (docs/decisions/083): the weekly class's sessions from today, or the term's
 * first day, to its last day; closed days listed but never charged; each session ok, full or
 * already booked for the pupils named; and whether enrolment is open for them yet.
 */

export interface TermDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
}

/** A weekly class as a term enrols in it: its row id and its timetable slot. */
export interface TermClass {
  id: string;
  slot: WeeklySlot;
  /** "GCSE Higher, Tuesdays 7:00 PM". */
  label: string;
}

export interface TermSession {
  startsAt: Date;
  status: TermSessionStatus;
  row?: SessionRowWithSeats | undefined;
}

/** The term by id, or 404. */
export async function findTerm(content: ContentLoader, termId: string): Promise<Term> {
  const term = (await content.terms()).find((t) => t.id === termId);
  if (!term) throw new NotFoundError('No such term.');
  return term;
}

/** The weekly class by id, still in the timetable, or 404. */
export async function findTermClass(deps: TermDeps, classId: string): Promise<TermClass> {
  if (!isId(classId)) throw new NotFoundError('No such class.');
  const [row] = await deps.db
    .select()
    .from(weeklyClasses)
    .where(eq(weeklyClasses.id, classId))
    .limit(1);
  const timetable = await deps.content.timetable();
  const slot =
    row &&
    timetable.find(
      (s) => s.service === row.service && s.day === row.day && s.startTime === row.startTime,
    );
  if (!row || !slot) throw new NotFoundError('No such class.');
  return { id: row.id, slot, label: weeklyClassLabel(slot) };
}

/** The class's sessions left in the term (termSessionsLeft); 400 once the term has ended. */
export function termStarts(
  term: Term,
  slot: WeeklySlot,
  closures: readonly Closure[],
  now: Date,
): { startsAt: Date; session: ConcreteSession; closed: boolean }[] {
  if (term.lastDay < londonDate(now)) {
    throw new ValidationError([{ field: 'termId', message: `${term.name} has ended.` }]);
  }
  return termSessionsLeft(term, slot, closures, now).map(({ session, closed }) => ({
    startsAt: session.startsAt,
    session,
    closed,
  }));
}

/**
 * Priority re-enrolment (docs/decisions/083): pupils who were all enrolled in this class for
 * the term before may enrol from the priority date; anyone else from the public date. Before
 * the date that applies, 409 not-open naming it.
 */
export async function assertEnrolmentOpen(
  deps: TermDeps,
  input: { term: Term; classId: string; pupilIds: readonly string[]; now: Date },
): Promise<void> {
  const today = londonDate(input.now);
  if (today >= input.term.publicOpensOn) return;
  const previous = await previousTerm(deps.content, input.term);
  const returning = previous
    ? await enrolledPupils(deps.db, {
        termId: previous.id,
        classId: input.classId,
        pupilIds: input.pupilIds,
      })
    : new Set<string>();
  const allReturning = input.pupilIds.every((id) => returning.has(id));
  const opensOn = allReturning ? input.term.priorityOpensOn : input.term.publicOpensOn;
  if (today >= opensOn) return;
  throw new HttpProblem(409, 'Conflict', notOpenMessage(input.term, opensOn, allReturning), {
    type: 'urn:tuition:problem:not-open',
    code: 'not-open',
    opensOn,
  });
}

function notOpenMessage(term: Term, opensOn: string, returning: boolean): string {
  const day = formatCalendarDate(opensOn);
  return returning
    ? `Re-enrolment for ${term.name} opens on ${day}.`
    : `Enrolment for ${term.name} opens on ${day}. Pupils already in this class may re-enrol earlier.`;
}

/** The term that comes before this one (by first day), if the CMS has one. */
export async function previousTerm(content: ContentLoader, term: Term): Promise<Term | undefined> {
  const earlier = (await content.terms()).filter((t) => t.firstDay < term.firstDay);
  return earlier.sort((a, b) => b.firstDay.localeCompare(a.firstDay))[0];
}

/** Of these pupils, those with a paid enrolment in the class for the term. */
async function enrolledPupils(
  db: Database,
  input: { termId: string; classId: string; pupilIds: readonly string[] },
): Promise<Set<string>> {
  if (input.pupilIds.length === 0) return new Set();
  const rows = await db
    .select({ pupilId: termEnrolments.pupilId })
    .from(termEnrolments)
    .innerJoin(checkouts, eq(checkouts.id, termEnrolments.checkoutId))
    .where(
      and(
        eq(termEnrolments.termId, input.termId),
        eq(termEnrolments.classId, input.classId),
        inArray(termEnrolments.pupilId, [...input.pupilIds]),
        eq(checkouts.status, 'paid'),
      ),
    );
  return new Set(rows.map((row) => row.pupilId));
}

/**
 * Each session left in the term for these pupils: closed (a closed day or a session the business
 * cancelled), duplicate (a pupil has a confirmed seat), full (fewer seats than pupils), else ok.
 * An advisory count: the hold re-checks every seat under the session locks.
 */
export async function termSessions(
  deps: TermDeps,
  input: { term: Term; termClass: TermClass; userId: string; pupilIds: readonly string[] },
): Promise<TermSession[]> {
  const now = deps.clock.now();
  const [closures, pricing] = await Promise.all([deps.content.closures(), deps.content.pricing()]);
  const starts = termStarts(input.term, input.termClass.slot, closures, now);
  const sessions = starts.filter((s) => !s.closed).map((s) => s.session);
  const rows = await ensureSessionRowsWithSeats(deps.db, sessions, pricing.sessionPricePence, now);
  const mine = await userSeats(
    deps.db,
    input.userId,
    [...rows.values()].map((row) => row.id),
    now,
  );
  return starts.map(({ startsAt, closed }): TermSession => {
    const row = rows.get(startsAt.getTime());
    if (closed || !row || row.cancelledAt) return { startsAt, status: 'closed' };
    if (input.pupilIds.some((id) => mine.booked.get(row.id)?.has(id))) {
      return { startsAt, status: 'duplicate', row };
    }
    const offered = input.pupilIds.filter((id) => mine.offered.get(row.id)?.has(id)).length;
    // The account's own unpaid hold of these seats is replaced by the new one (decision 041).
    const ownPending = input.pupilIds.filter((id) => mine.pending.get(row.id)?.has(id)).length;
    const free = seatsLeft(
      { capacity: row.capacity, taken: row.seatsTaken },
      { pending: ownPending, offered },
    );
    return { startsAt, status: free < input.pupilIds.length ? 'full' : 'ok', row };
  });
}

/** 409 full listing the full sessions' starts, in the catalogue's words. */
export function fullSessions(full: readonly TermSession[]): ConflictError {
  return new ConflictError(
    'full',
    full.map((s) => s.startsAt.toISOString()),
    `${full.length === 1 ? 'One session' : `${full.length} sessions`} of this term ${full.length === 1 ? 'is' : 'are'} full. Enrol for the others and join the waiting list for ${full.length === 1 ? 'it' : 'them'}, or choose another class.`,
  );
}
