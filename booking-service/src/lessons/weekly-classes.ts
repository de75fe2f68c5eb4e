import type { AdminClass, SessionMeeting } from '@tuition/api-contract';
import {
  bandLabel,
  SERVICES,
  type ServiceCode,
  toLondonWallClock,
  WEEKDAYS,
  type Weekday,
  type WeeklySlot,
} from '@tuition/domain';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { classSessions, weeklyClasses } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import { tutorNames } from '../sessions/session-tutors.ts';

/*
 * Weekly classes (a service's slot on a weekday, from the CMS timetable) and their meeting
 * links. The link lives in Postgres only: it is operational and secret, so it never reaches
 * CMS content, public pages or logs (docs/decisions/056). A dated session may override it.
 */

/** The weekly class a session belongs to: its service, London weekday and start time. */
export interface ClassSlot {
  service: ServiceCode;
  day: Weekday;
  startTime: string;
}

export function classSlotOf(session: { service: ServiceCode; startsAt: Date }): ClassSlot {
  const london = toLondonWallClock(session.startsAt);
  return { service: session.service, day: london.weekday, startTime: london.time };
}

const slotKey = (s: ClassSlot) => `${s.service} ${s.day} ${s.startTime}`;

/** Rows for every timetable slot, creating missing ones (concurrent creators agree on one). */
async function ensureClassRows(db: DbExecutor, timetable: readonly WeeklySlot[]) {
  if (timetable.length > 0) {
    await db
      .insert(weeklyClasses)
      .values(timetable.map((s) => ({ service: s.service, day: s.day, startTime: s.startTime })))
      .onConflictDoNothing({
        target: [weeklyClasses.service, weeklyClasses.day, weeklyClasses.startTime],
      });
  }
  return db.select().from(weeklyClasses);
}

type ClassRow = typeof weeklyClasses.$inferSelect;

function toAdminClass(row: ClassRow, timetable: readonly WeeklySlot[]): AdminClass {
  const slot = timetable.find((s) => slotKey(s) === slotKey(row));
  return {
    id: row.id,
    service: row.service,
    label: slot?.label ?? SERVICES[row.service].label,
    day: row.day,
    startTime: row.startTime,
    time: bandLabel(row.startTime),
    meetingUrl: row.meetingUrl,
    inTimetable: slot !== undefined,
    recordLessons: row.recordLessons,
    minPupils: row.minPupils,
    decisionHoursBefore: row.decisionHoursBefore,
  };
}

const dayOrder = (day: Weekday) => WEEKDAYS.indexOf(day);

/**
 * The "Classes" panel: every class of the timetable, Monday first, by start time; a class the
 * timetable dropped is still listed while it has a link (its booked sessions may still use it).
 */
export async function listClasses(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
): Promise<AdminClass[]> {
  const rows = await ensureClassRows(db, timetable);
  // Each class's lead tutor by name (docs/decisions/079).
  const leads = await tutorNames(
    db,
    rows.flatMap((row) => (row.leadTutorId ? [row.leadTutorId] : [])),
  );
  return rows
    .map((row) => ({
      ...toAdminClass(row, timetable),
      leadTutorId: row.leadTutorId,
      leadTutorName: row.leadTutorId ? (leads.get(row.leadTutorId)?.name ?? null) : null,
    }))
    .filter((c) => c.inTimetable || c.meetingUrl !== null)
    .sort(
      (a, b) =>
        dayOrder(a.day) - dayOrder(b.day) ||
        a.startTime.localeCompare(b.startTime) ||
        a.label.localeCompare(b.label),
    );
}

export async function setClassMeetingUrl(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
  classId: string,
  url: string,
): Promise<AdminClass> {
  const [row] = await db
    .update(weeklyClasses)
    .set({ meetingUrl: url })
    .where(eq(weeklyClasses.id, classId))
    .returning();
  if (!row) throw new NotFoundError('No such class.');
  return toAdminClass(row, timetable);
}

/** Whether the class's lessons are recorded (docs/decisions/099). */
export async function setClassRecording(
  db: DbExecutor,
  timetable: readonly WeeklySlot[],
  classId: string,
  record: boolean,
): Promise<AdminClass> {
  const [row] = await db
    .update(weeklyClasses)
    .set({ recordLessons: record })
    .where(eq(weeklyClasses.id, classId))
    .returning();
  if (!row) throw new NotFoundError('No such class.');
  return toAdminClass(row, timetable);
}

/** Sets (or, with null, removes) one session's own link. */
export async function setSessionMeetingUrl(
  db: DbExecutor,
  sessionId: string,
  url: string | null,
): Promise<SessionMeeting> {
  const [row] = await db
    .update(classSessions)
    .set({ meetingUrl: url })
    .where(eq(classSessions.id, sessionId))
    .returning({
      id: classSessions.id,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      meetingUrl: classSessions.meetingUrl,
    });
  if (!row) throw new NotFoundError('No such session.');
  const links = await meetingUrlsOf(db, [row]);
  return { sessionId: row.id, overrideUrl: row.meetingUrl, meetingUrl: links.get(row.id) ?? null };
}

/** A session's meeting link as the admin sees it: its override and the link pupils reach. */
export async function sessionMeeting(db: DbExecutor, sessionId: string): Promise<SessionMeeting> {
  const [row] = await db
    .select({
      id: classSessions.id,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      meetingUrl: classSessions.meetingUrl,
    })
    .from(classSessions)
    .where(eq(classSessions.id, sessionId));
  if (!row) throw new NotFoundError('No such session.');
  const links = await meetingUrlsOf(db, [row]);
  return { sessionId: row.id, overrideUrl: row.meetingUrl, meetingUrl: links.get(row.id) ?? null };
}

export interface SessionForLink {
  id: string;
  service: ServiceCode;
  startsAt: Date;
}

/**
 * The link each session's pupils reach: the session's override, else its weekly class's, else
 * null. One query for the classes, whatever the number of sessions.
 */
export async function meetingUrlsOf(
  db: DbExecutor,
  sessions: readonly SessionForLink[],
): Promise<Map<string, string | null>> {
  const links = new Map<string, string | null>();
  if (sessions.length === 0) return links;
  const overrides = await db
    .select({ id: classSessions.id, meetingUrl: classSessions.meetingUrl })
    .from(classSessions)
    .where(
      inArray(
        classSessions.id,
        sessions.map((s) => s.id),
      ),
    );
  const overrideOf = new Map(overrides.map((o) => [o.id, o.meetingUrl]));
  const slots = sessions.map((s) => ({ id: s.id, slot: classSlotOf(s) }));
  const classes = await db
    .select()
    .from(weeklyClasses)
    .where(
      or(
        ...slots.map(({ slot }) =>
          and(
            eq(weeklyClasses.service, slot.service),
            eq(weeklyClasses.day, slot.day),
            eq(weeklyClasses.startTime, slot.startTime),
          ),
        ),
      ),
    );
  const classUrl = new Map(classes.map((c) => [slotKey(c), c.meetingUrl]));
  for (const { id, slot } of slots) {
    links.set(id, overrideOf.get(id) ?? classUrl.get(slotKey(slot)) ?? null);
  }
  return links;
}
