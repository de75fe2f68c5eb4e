import { isId } from '@tuition/api-contract';
import { SERVICES, type WeeklySlot } from '@tuition/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings, classSessions, pupils, tutors, user, weeklyClasses } from '../db/schema.ts';
import { describeSession } from '../sessions/session-description.ts';
import { type AuditFacts, targetId } from './audit-summary.ts';

/*
 * The names and sessions a page of audit entries points at (decision 073), read in five
 * queries by primary key, as the records read now: an anonymised account or pupil reads
 * "Deleted customer", and a purged one is simply absent.
 */

function idsOf(entries: readonly { target: string }[], kind: string): string[] {
  const ids = entries
    .map((e) => targetId(e.target, kind))
    .filter((id) => id !== undefined && isId(id));
  return [...new Set(ids as string[])];
}

async function bookingFacts(db: DbExecutor, timetable: readonly WeeklySlot[], ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      pupilName: pupils.name,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(inArray(bookings.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        pupilName: row.pupilName,
        label: describeSession(timetable, row).label,
        startsAt: row.startsAt,
      },
    ]),
  );
}

async function sessionFacts(db: DbExecutor, timetable: readonly WeeklySlot[], ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: classSessions.id,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(classSessions)
    .where(inArray(classSessions.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      { label: describeSession(timetable, row).label, startsAt: row.startsAt },
    ]),
  );
}

async function classFacts(db: DbExecutor, timetable: readonly WeeklySlot[], ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(weeklyClasses).where(inArray(weeklyClasses.id, ids));
  return new Map(
    rows.map((row) => {
      const slot = timetable.find(
        (s) => s.service === row.service && s.day === row.day && s.startTime === row.startTime,
      );
      const label = slot?.label ?? SERVICES[row.service].label;
      return [row.id, { label, day: row.day, startTime: row.startTime }];
    }),
  );
}

async function userFacts(db: DbExecutor, entries: readonly { subjectUserId: string | null }[]) {
  const ids = [...new Set(entries.flatMap((e) => (e.subjectUserId ? [e.subjectUserId] : [])))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The tutors an entry names: its `tutor:` target, and the lead or cover it set or removed. */
function tutorIdsOf(entries: readonly AuditedEntry[]): string[] {
  const ids = entries.flatMap((e) => [
    targetId(e.target, 'tutor'),
    ...[e.before?.tutorId, e.after?.tutorId].map((v) => (typeof v === 'string' ? v : undefined)),
  ]);
  return [...new Set(ids.filter((id): id is string => id !== undefined && isId(id)))];
}

/** Each tutor's name now, from the account behind the tutor row (docs/decisions/079). */
async function tutorFacts(db: DbExecutor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: tutors.id, name: user.name })
    .from(tutors)
    .innerJoin(user, eq(user.id, tutors.userId))
    .where(inArray(tutors.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

type AuditedEntry = {
  target: string;
  subjectUserId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export async function loadAuditFacts(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
  entries: readonly AuditedEntry[],
): Promise<AuditFacts> {
  const [bookingMap, sessionMap, classMap, users, tutorMap] = await Promise.all([
    bookingFacts(db, timetable, idsOf(entries, 'booking')),
    sessionFacts(db, timetable, idsOf(entries, 'session')),
    classFacts(db, timetable, idsOf(entries, 'class')),
    userFacts(db, entries),
    tutorFacts(db, tutorIdsOf(entries)),
  ]);
  return { bookings: bookingMap, sessions: sessionMap, classes: classMap, users, tutors: tutorMap };
}
