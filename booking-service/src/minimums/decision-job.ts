import { addDays, listSessions, londonDate, type ServiceCode } from '@tuition/domain';
import type { BookingDeps } from '../bookings/bookings.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { type ClassMinimums, classMinimums, sessionMinimum } from '../sessions/class-minimums.ts';
import { ensureSessionRows, type SessionRow } from '../sessions/session-rows.ts';
import { decideSessionByMinimum } from './session-decision.ts';

/*
 * The decision job (docs/decisions/100): once a minute on the app clock, through the scheduler
 * of record (once across instances), and at once after a /dev/clock move, every session whose
 * decision time has come is decided. The ledger records each decision once under the session's
 * lock, so a second run, or an admin deciding at the same moment, changes nothing.
 */

/** How often the job looks for sessions whose decision time has come. */
export const DECISION_JOB_MS = 60_000;
/** Decisions are at most a week ahead of the start; a day more covers a clock change. */
const LOOK_AHEAD_DAYS = 8;

/** The undecided sessions, with a minimum, whose decision time has come and that have not started. */
export async function sessionsDue(
  deps: Pick<BookingDeps, 'db' | 'clock' | 'content'>,
  minimums: ClassMinimums,
  now: Date,
): Promise<SessionRow[]> {
  const services = [
    ...new Set([...minimums.keys()].map((key) => key.split(' ')[0] as ServiceCode)),
  ];
  if (services.length === 0) return [];
  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  const today = londonDate(now);
  const due: SessionRow[] = [];
  for (const service of services) {
    const sessions = listSessions(
      timetable,
      service,
      today,
      addDays(today, LOOK_AHEAD_DAYS),
      closures,
    ).filter((session) => {
      const state = sessionMinimum(minimums, session);
      return (
        state !== null &&
        state.decidedAt.getTime() <= now.getTime() &&
        session.startsAt.getTime() > now.getTime()
      );
    });
    if (sessions.length === 0) continue;
    const rows = await ensureSessionRows(deps.db, sessions, pricing.sessionPricePence);
    for (const row of rows.values()) {
      if (!row.decision && !row.cancelledAt) due.push(row);
    }
  }
  return due.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Decides every session that is due; one failure does not stop the others. */
export async function decideDueSessions(deps: BookingDeps): Promise<number> {
  const now = deps.clock.now();
  const minimums = await classMinimums(deps.db);
  if (minimums.size === 0) return 0;
  let decided = 0;
  let failed: unknown;
  for (const row of await sessionsDue(deps, minimums, now)) {
    try {
      if (await decideSessionByMinimum(deps, { sessionId: row.id, adminId: null })) decided++;
    } catch (error) {
      deps.logger.warn({ sessionId: row.id, err: error }, 'session not decided; trying again');
      failed = error;
    }
  }
  if (decided > 0) deps.logger.info({ decided }, 'sessions decided by their minimum');
  if (failed) throw failed;
  return decided;
}

export function minimumDecisionJob(deps: BookingDeps): ScheduledJob {
  const logger = deps.logger.child({ component: 'minimums' });
  return {
    name: 'class-minimum-decisions',
    intervalMs: DECISION_JOB_MS,
    onClockMove: true,
    failureMessage: 'class minimum decisions failed; trying again next time',
    run: async () => {
      await decideDueSessions({ ...deps, logger });
    },
  };
}
