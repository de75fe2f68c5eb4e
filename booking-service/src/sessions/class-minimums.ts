import type { ContentLoader } from '@tuition/content';
import {
  addDays,
  type ClassMinimum,
  isBookable,
  listSessions,
  londonDate,
  SISTER_SESSION_DAYS,
  type ServiceCode,
  seatsLeft,
  sessionDecisionAt,
} from '@tuition/domain';
import { and, inArray } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { weeklyClasses } from '../db/schema.ts';
import { type ClassMinimumJson, HAS_MINIMUM } from './class-minimums-sql.ts';
import { ensureSessionRowsWithSeats, type SessionRowWithSeats } from './session-rows.ts';
import { londonSlotKey } from './session-tutors.ts';

/*
 * Each weekly class's minimum (docs/decisions/100), found by a session's London slot as its
 * tutor and meeting link are. Shared below the features: availability shows the condition, the
 * confirmation e-mail and calendar entry say it, the decision job and the admin lists act on it.
 */

/** A class's minimum, keyed by its London slot (londonSlotKey). */
export type ClassMinimums = ReadonlyMap<string, ClassMinimum & { classId: string }>;

/** What a session's minimum means now: its condition, or that it was decided. */
export interface SessionMinimumState {
  minPupils: number;
  decidedAt: Date;
  decision: 'runs' | 'cancelled' | null;
}

/** What a class's minimum is read from. */
const MINIMUM_COLUMNS = {
  id: weeklyClasses.id,
  service: weeklyClasses.service,
  day: weeklyClasses.day,
  startTime: weeklyClasses.startTime,
  minPupils: weeklyClasses.minPupils,
  decisionHoursBefore: weeklyClasses.decisionHoursBefore,
  setAt: weeklyClasses.minimumSetAt,
};

/** The minimums of the classes of these services (all services when none are named). */
export async function classMinimums(
  db: DbExecutor,
  services?: readonly ServiceCode[],
): Promise<ClassMinimums> {
  if (services && services.length === 0) return new Map();
  const rows = await db
    .select(MINIMUM_COLUMNS)
    .from(weeklyClasses)
    .where(and(HAS_MINIMUM, services ? inArray(weeklyClasses.service, [...services]) : undefined));
  return minimumsByKey(rows);
}

/** The minimums read with the session rows (classMinimumsJsonSql), keyed like classMinimums. */
export function minimumsFromJson(rows: readonly ClassMinimumJson[] | null): ClassMinimums {
  return minimumsByKey(
    (rows ?? []).map((row) => ({ ...row, setAt: new Date(Number(row.setAtMs)) })),
  );
}

function minimumsByKey(
  rows: ReadonlyArray<{
    id: string;
    service: string;
    day: string;
    startTime: string;
    minPupils: number | null;
    decisionHoursBefore: number;
    setAt: Date | null;
  }>,
): ClassMinimums {
  return new Map(
    rows.flatMap((row) =>
      row.minPupils !== null && row.setAt !== null
        ? [
            [
              `${row.service} ${row.day} ${row.startTime}`,
              {
                classId: row.id,
                minPupils: row.minPupils,
                decisionHoursBefore: row.decisionHoursBefore,
                setAt: row.setAt,
              },
            ] as const,
          ]
        : [],
    ),
  );
}

/**
 * A session's minimum and decision: the session's own recorded decision when it has one, else
 * its class's minimum if that governs it (set before its decision time); null for a session
 * that runs however few book.
 */
export function sessionMinimum(
  minimums: ClassMinimums,
  session: {
    service: string;
    startsAt: Date;
    decision?: 'runs' | 'cancelled' | null;
    decidedAt?: Date | null;
  },
): SessionMinimumState | null {
  // No class has a minimum (the usual case): skip the London slot key of every session.
  const minimum =
    minimums.size === 0
      ? undefined
      : minimums.get(londonSlotKey(session.service, session.startsAt));
  const decidedAt = sessionDecisionAt(minimum, session.startsAt);
  if (session.decision && session.decidedAt) {
    return {
      minPupils: minimum?.minPupils ?? 0,
      decidedAt: session.decidedAt,
      decision: session.decision,
    };
  }
  if (!minimum || !decidedAt) return null;
  return { minPupils: minimum.minPupils, decidedAt, decision: null };
}

/**
 * What a family is shown (docs/decisions/100): the condition while the decision is ahead, "confirmed
 * to run" once it ran; nothing for a session without a minimum, or once the decision time has
 * passed (a family booking then is not told a condition that no longer applies).
 */
export function publishedMinimum(
  state: SessionMinimumState | null,
  now: Date,
): { runsIf?: { minPupils: number; decidedAt: Date }; confirmedToRun?: true } {
  if (!state) return {};
  if (state.decision === 'runs') return { confirmedToRun: true };
  if (state.decision === null && state.decidedAt.getTime() > now.getTime()) {
    return { runsIf: { minPupils: state.minPupils, decidedAt: state.decidedAt } };
  }
  return {};
}

const MS_PER_DAY = 86_400_000;

/** A session that might take a thin or cancelled session's families, with its seats left now. */
export interface SisterCandidateRow {
  id: string;
  service: ServiceCode;
  startsAt: Date;
  endsAt: Date;
  seatsLeft: number;
  cancelled: boolean;
}

/**
 * The sessions that might take a session's families: the same course within SISTER_SESSION_DAYS
 * either side, still bookable, with their seats left now (an advisory count: a booking or a merge
 * checks the seats again under the lock). The domain's sisterSessions picks among them.
 */
export async function sisterCandidates(
  deps: { db: Database; content: Pick<ContentLoader, 'pricing' | 'timetable' | 'closures'> },
  session: { service: ServiceCode; startsAt: Date },
  now: Date,
): Promise<SisterCandidateRow[]> {
  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  const from = londonDate(new Date(session.startsAt.getTime() - SISTER_SESSION_DAYS * MS_PER_DAY));
  const to = londonDate(new Date(session.startsAt.getTime() + SISTER_SESSION_DAYS * MS_PER_DAY));
  const sessions = listSessions(timetable, session.service, from, to, closures).filter(
    (found) =>
      found.startsAt.getTime() !== session.startsAt.getTime() && isBookable(found.startsAt, now),
  );
  if (sessions.length === 0) return [];
  const rows = await ensureSessionRowsWithSeats(deps.db, sessions, pricing.sessionPricePence, now);
  return [...rows.values()].map((row) => ({
    id: row.id,
    service: row.service,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    seatsLeft: seatsLeft({ capacity: row.capacity, taken: row.seatsTaken }),
    cancelled: row.cancelledAt !== null || row.decision === 'cancelled',
  }));
}

/** How far ahead the admin's at-risk list looks. */
export const AT_RISK_DAYS = 7;

/**
 * The sessions at risk (docs/decisions/100): starting in the next AT_RISK_DAYS, with a minimum
 * still to be decided, and fewer confirmed pupils than it. Soonest first.
 */
export async function atRiskSessions(
  deps: { db: Database; content: Pick<ContentLoader, 'pricing' | 'timetable' | 'closures'> },
  now: Date,
): Promise<Array<{ row: SessionRowWithSeats; minimum: SessionMinimumState }>> {
  const minimums = await classMinimums(deps.db);
  if (minimums.size === 0) return [];
  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  const services = [
    ...new Set([...minimums.keys()].map((key) => key.split(' ')[0] as ServiceCode)),
  ];
  const until = now.getTime() + AT_RISK_DAYS * MS_PER_DAY;
  const found: Array<{ row: SessionRowWithSeats; minimum: SessionMinimumState }> = [];
  for (const service of services) {
    const sessions = listSessions(
      timetable,
      service,
      londonDate(now),
      addDays(londonDate(now), AT_RISK_DAYS),
      closures,
    ).filter(
      (session) =>
        session.startsAt.getTime() > now.getTime() &&
        session.startsAt.getTime() <= until &&
        sessionMinimum(minimums, session) !== null,
    );
    if (sessions.length === 0) continue;
    const rows = await ensureSessionRowsWithSeats(
      deps.db,
      sessions,
      pricing.sessionPricePence,
      now,
    );
    for (const row of rows.values()) {
      const minimum = sessionMinimum(minimums, row);
      if (!minimum || minimum.decision || row.cancelledAt) continue;
      if (row.confirmedCount < minimum.minPupils) found.push({ row, minimum });
    }
  }
  return found.sort((a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime());
}
