import type { TutorRole } from '@tuition/api-contract';
import { type ServiceCode, toLondonWallClock } from '@tuition/domain';
import { and, eq, gt, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { classSessions, tutors, user, weeklyClasses } from '../db/schema.ts';

/*
 * Who teaches a session (docs/decisions/079): its cover tutor, else the lead tutor of its weekly
 * class, found by the session's London slot (service, weekday, start time) as meeting links are.
 * Shared below the features: the tutor pages, the admin lists, a family's bookings and the
 * export all name the tutor the same way.
 */

export interface Teacher {
  tutorId: string;
  name: string;
  role: TutorRole;
  /** false once the tutor was deactivated. */
  active: boolean;
}

export interface SessionRef {
  id: string;
  service: ServiceCode;
  startsAt: Date;
}

/** A session's London slot, as `weekly_classes` stores it. */
export function londonSlotKey(service: string, startsAt: Date): string {
  const london = toLondonWallClock(startsAt);
  return `${service} ${london.weekday} ${london.time}`;
}

/** Each tutor's name (their account's) and whether they are still active. */
export async function tutorNames(
  db: DbExecutor,
  tutorIds: readonly string[],
): Promise<Map<string, { name: string; active: boolean }>> {
  const ids = [...new Set(tutorIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tutors.id, name: user.name, deactivatedAt: tutors.deactivatedAt })
    .from(tutors)
    .innerJoin(user, eq(user.id, tutors.userId))
    .where(inArray(tutors.id, ids));
  return new Map(rows.map((r) => [r.id, { name: r.name, active: r.deactivatedAt === null }]));
}

/** The lead tutor of each weekly class whose slot one of these sessions has. */
async function leadsBySlot(
  db: DbExecutor,
  sessions: readonly SessionRef[],
): Promise<Map<string, string>> {
  const services = [...new Set(sessions.map((s) => s.service))];
  if (services.length === 0) return new Map();
  const classes = await db
    .select({
      service: weeklyClasses.service,
      day: weeklyClasses.day,
      startTime: weeklyClasses.startTime,
      leadTutorId: weeklyClasses.leadTutorId,
    })
    .from(weeklyClasses)
    .where(inArray(weeklyClasses.service, services));
  const leads = new Map<string, string>();
  for (const c of classes) {
    if (c.leadTutorId) leads.set(`${c.service} ${c.day} ${c.startTime}`, c.leadTutorId);
  }
  return leads;
}

/** Who teaches each of these sessions; a session nobody is named for is absent. */
export async function teachersOf(
  db: DbExecutor,
  sessions: readonly SessionRef[],
): Promise<Map<string, Teacher>> {
  const teachers = new Map<string, Teacher>();
  if (sessions.length === 0) return teachers;
  const [covers, leads] = await Promise.all([
    db
      .select({
        id: classSessions.id,
        coverTutorId: classSessions.coverTutorId,
        ownTutorId: classSessions.tutorId,
      })
      .from(classSessions)
      .where(
        inArray(
          classSessions.id,
          sessions.map((s) => s.id),
        ),
      ),
    leadsBySlot(db, sessions),
  ]);
  const coverOf = new Map(covers.map((c) => [c.id, c.coverTutorId]));
  // A 1-to-1 lesson is its own tutor's hour (docs/decisions/106), never a class's.
  const ownTutorOf = new Map(covers.map((c) => [c.id, c.ownTutorId]));
  const chosen = sessions.map((s) => {
    const own = ownTutorOf.get(s.id) ?? null;
    if (own) return { id: s.id, tutorId: own, role: 'lead' as const };
    const cover = coverOf.get(s.id) ?? null;
    if (cover) return { id: s.id, tutorId: cover, role: 'cover' as const };
    const lead = leads.get(londonSlotKey(s.service, s.startsAt));
    return lead ? { id: s.id, tutorId: lead, role: 'lead' as const } : null;
  });
  const names = await tutorNames(
    db,
    chosen.flatMap((c) => (c ? [c.tutorId] : [])),
  );
  for (const c of chosen) {
    const tutor = c ? names.get(c.tutorId) : undefined;
    if (c && tutor) teachers.set(c.id, { tutorId: c.tutorId, role: c.role, ...tutor });
  }
  return teachers;
}

export type TaughtSession = typeof classSessions.$inferSelect & { role: TutorRole };

/**
 * The sessions a tutor teaches that start in [from, to): those they cover, those of the
 * classes they lead that nobody else covers, and their 1-to-1 lessons with a booked seat (a
 * lapsed hold's empty row is nobody's lesson, docs/decisions/106). Sessions the business
 * cancelled are left out.
 */
export async function sessionsTaughtBy(
  db: DbExecutor,
  tutorId: string,
  range: { from: Date; to: Date },
): Promise<TaughtSession[]> {
  const led = await db
    .select({
      service: weeklyClasses.service,
      day: weeklyClasses.day,
      startTime: weeklyClasses.startTime,
    })
    .from(weeklyClasses)
    .where(eq(weeklyClasses.leadTutorId, tutorId));
  const ledSlots = new Set(led.map((c) => `${c.service} ${c.day} ${c.startTime}`));
  const ledServices = [...new Set(led.map((c) => c.service))];
  const inRange = and(
    gte(classSessions.startsAt, range.from),
    lt(classSessions.startsAt, range.to),
    isNull(classSessions.cancelledAt),
  );
  const rows = await db
    .select()
    .from(classSessions)
    .where(
      and(
        inRange,
        or(
          eq(classSessions.coverTutorId, tutorId),
          and(
            eq(classSessions.kind, 'one-to-one'),
            eq(classSessions.tutorId, tutorId),
            gt(classSessions.confirmedCount, 0),
          ),
          ledServices.length > 0
            ? and(
                isNull(classSessions.coverTutorId),
                eq(classSessions.kind, 'group'),
                inArray(classSessions.service, ledServices),
              )
            : undefined,
        ),
      ),
    );
  return rows
    .flatMap((row): TaughtSession[] => {
      if (row.coverTutorId === tutorId) return [{ ...row, role: 'cover' }];
      if (row.kind === 'one-to-one') return [{ ...row, role: 'lead' }];
      return ledSlots.has(londonSlotKey(row.service, row.startsAt))
        ? [{ ...row, role: 'lead' }]
        : [];
    })
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The lead tutor of the session's weekly class, whoever covers it. */
export async function leadTutorOf(
  db: DbExecutor,
  session: { service: ServiceCode; startsAt: Date },
): Promise<{ tutorId: string; name: string } | undefined> {
  const leads = await leadsBySlot(db, [{ id: '', ...session }]);
  const lead = leads.get(londonSlotKey(session.service, session.startsAt));
  const name = lead ? (await tutorNames(db, [lead])).get(lead)?.name : undefined;
  return lead && name ? { tutorId: lead, name } : undefined;
}

/** Who teaches one session, or undefined; the tutor pages refuse a session not the caller's. */
export async function teacherOf(db: DbExecutor, session: SessionRef): Promise<Teacher | undefined> {
  return (await teachersOf(db, [session])).get(session.id);
}

const TITLES = /^(mr|mrs|ms|miss|mx|dr|prof)\.?$/i;

/**
 * The name families see: the first name ("Ada" of "Ada Lovelace"); a name that starts with a
 * title, as an admin may invite "Mr Patel", keeps the title and the next word.
 */
export function tutorPublicName(name: string): string {
  const words = name.trim().split(/\s+/);
  const [first = name, second] = words;
  return TITLES.test(first) && second ? `${first} ${second}` : first;
}
