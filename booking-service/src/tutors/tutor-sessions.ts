import type {
  RegisterPupil,
  ReportState,
  TutorAttendance,
  TutorAttendanceRequest,
  TutorRegister,
  TutorSession,
} from '@tuition/api-contract';
import { addDays, attendanceWindowState, listSessions, londonDate } from '@tuition/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { DbExecutor } from '../db/client.ts';
import { bookings, lessonReports, pupils, weeklyClasses } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import { markAttendance } from '../lessons/attendance.ts';
import { meetingUrlsOf } from '../lessons/weekly-classes.ts';
import { describeSession } from '../sessions/session-description.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { sessionsTaughtBy, type TaughtSession } from '../sessions/session-tutors.ts';
import type { TutorDeps } from './tutor-accounts.ts';
import { firstNameOf, taughtSession } from './taught-session.ts';
import { lastReportBefore, reportView } from './lesson-reports.ts';

/*
 * The tutor's own sessions and registers (docs/decisions/079): only what they teach, a
 * register line with the pupil's first name and year group (never the family's contact
 * details), the host's meeting link, and attendance by the one rule admins follow too.
 */

/** How far ahead the tutor's list looks, and how far back "previous" goes. */
const UPCOMING_DAYS = 28;
const PREVIOUS_DAYS = 56;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Makes sure the weeks ahead of the classes this tutor leads have session rows, so a week
 * nobody booked yet is on their list too (rows are otherwise made when first looked at).
 */
async function ensureLedRows(deps: Pick<TutorDeps, 'db' | 'content' | 'clock'>, tutorId: string) {
  const led = await deps.db
    .select({
      service: weeklyClasses.service,
      day: weeklyClasses.day,
      startTime: weeklyClasses.startTime,
    })
    .from(weeklyClasses)
    .where(eq(weeklyClasses.leadTutorId, tutorId));
  if (led.length === 0) return;
  const [timetable, closures, pricing] = await Promise.all([
    deps.content.timetable(),
    deps.content.closures(),
    deps.content.pricing(),
  ]);
  const today = londonDate(deps.clock.now());
  const slots = timetable.filter((s) =>
    led.some((c) => c.service === s.service && c.day === s.day && c.startTime === s.startTime),
  );
  const services = [...new Set(slots.map((s) => s.service))];
  const sessions = services.flatMap((service) =>
    listSessions(slots, service, today, addDays(today, UPCOMING_DAYS), closures),
  );
  await ensureSessionRows(deps.db, sessions, pricing.sessionPricePence);
}

function reportState(row: { sessionId: string | null; sentAt: Date | null }): ReportState {
  if (!row.sessionId) return 'none';
  return row.sentAt ? 'sent' : 'draft';
}

async function toTutorSessions(
  deps: Pick<TutorDeps, 'db' | 'content' | 'clock'>,
  rows: readonly TaughtSession[],
): Promise<TutorSession[]> {
  if (rows.length === 0) return [];
  const now = deps.clock.now();
  const [timetable, links, reports] = await Promise.all([
    deps.content.timetable(),
    meetingUrlsOf(deps.db, rows),
    deps.db
      .select({ sessionId: lessonReports.sessionId, sentAt: lessonReports.sentAt })
      .from(lessonReports)
      .where(
        inArray(
          lessonReports.sessionId,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  const reportOf = new Map(reports.map((r) => [r.sessionId, r]));
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    label: describeSession(timetable, row).label,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    role: row.role,
    bookedCount: row.confirmedCount,
    capacity: row.capacity,
    meetingUrl: links.get(row.id) ?? null,
    register: attendanceWindowState(row.startsAt, now),
    report: reportState(reportOf.get(row.id) ?? { sessionId: null, sentAt: null }),
  }));
}

/** Upcoming: not yet ended, soonest first. Previous: ended in the last 8 weeks, latest first. */
export async function listTutorSessions(
  deps: Pick<TutorDeps, 'db' | 'content' | 'clock'>,
  tutorId: string,
  scope: 'upcoming' | 'previous',
): Promise<TutorSession[]> {
  const now = deps.clock.now();
  if (scope === 'upcoming') {
    await ensureLedRows(deps, tutorId);
    const rows = await sessionsTaughtBy(deps.db, tutorId, {
      from: new Date(now.getTime() - 2 * HOUR_MS),
      to: new Date(now.getTime() + (UPCOMING_DAYS + 1) * 24 * HOUR_MS),
    });
    return toTutorSessions(
      deps,
      rows.filter((r) => r.endsAt > now),
    );
  }
  const rows = await sessionsTaughtBy(deps.db, tutorId, {
    from: new Date(now.getTime() - PREVIOUS_DAYS * 24 * HOUR_MS),
    to: now,
  });
  return toTutorSessions(deps, rows.filter((r) => r.endsAt <= now).reverse());
}

/** The register's lines: confirmed seats, by first name. */
export async function registerPupils(db: DbExecutor, sessionId: string): Promise<RegisterPupil[]> {
  const rows = await db
    .select({
      pupilId: pupils.id,
      name: pupils.name,
      yearGroup: pupils.yearGroup,
      attendance: bookings.attendance,
    })
    .from(bookings)
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')))
    .orderBy(asc(pupils.name));
  return rows.map((r) => ({
    pupilId: r.pupilId,
    firstName: firstNameOf(r.name),
    yearGroup: r.yearGroup,
    attendance: r.attendance,
  }));
}

export async function readRegister(
  deps: Pick<TutorDeps, 'db' | 'content' | 'clock'>,
  tutorId: string,
  sessionId: string,
): Promise<TutorRegister> {
  const session = await taughtSession(deps.db, tutorId, sessionId);
  const [[view], pupilsOn, report, last] = await Promise.all([
    toTutorSessions(deps, [session]),
    registerPupils(deps.db, session.id),
    reportView(deps.db, session.id),
    lastReportBefore(deps.db, session),
  ]);
  if (!view) throw new NotFoundError('No such session of yours.');
  return {
    session: view,
    pupils: pupilsOn,
    report,
    lastReport: last
      ? {
          startsAt: last.startsAt.toISOString(),
          tutorName: last.tutorName,
          topic: last.topic,
          homework: last.homework,
          resources: last.resources,
        }
      : null,
  };
}

/** Marks one pupil's seat, by the register's rule (409 outside the window), audited. */
export async function markTutorAttendance(
  deps: Pick<TutorDeps, 'db' | 'clock'>,
  tutor: { id: string; userId: string },
  sessionId: string,
  request: TutorAttendanceRequest,
): Promise<TutorAttendance> {
  const session = await taughtSession(deps.db, tutor.id, sessionId);
  return deps.db.transaction(async (tx) => {
    const [seat] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.sessionId, session.id),
          eq(bookings.pupilId, request.pupilId),
          eq(bookings.status, 'confirmed'),
        ),
      );
    if (!seat) throw new NotFoundError('That pupil is not booked on this session.');
    const marked = await markAttendance(
      tx,
      session.id,
      { bookingId: seat.id, status: request.status },
      deps.clock.now(),
    );
    await recordAudit(tx, {
      actorId: tutor.userId,
      actorRole: 'tutor',
      subjectUserId: marked.userId,
      action: 'attendance.mark',
      target: `booking:${seat.id}`,
      before: { attendance: marked.previous },
      after: { attendance: marked.mark.status },
    });
    return {
      pupilId: request.pupilId,
      status: marked.mark.status,
      markedAt: marked.mark.markedAt,
    };
  });
}
