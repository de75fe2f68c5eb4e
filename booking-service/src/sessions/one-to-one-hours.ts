import {
  type Interval,
  LESSON_GAP_MINUTES,
  listSessions,
  type ServiceCode,
  londonDate,
  type TutorHours,
  type WeeklySlot,
} from '@tuition/domain';
import { and, eq, exists, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import {
  bookings,
  checkoutItems,
  checkouts,
  classSessions,
  tutorAvailability,
  tutorBusyIntervals,
  weeklyClasses,
} from '../db/schema.ts';
import { londonSlotKey } from './session-tutors.ts';

/*
 * Everything the free-slot arithmetic reads about tutors (docs/decisions/104): their windows
 * and exceptions, their calendar's busy times, and their lessons in a range. Shared below the
 * features: the public slot list reads it, and the 1-to-1 checkout reads it again under the
 * tutor's row lock to check the hour is still free (domain isSlotFree).
 *
 * A tutor's lessons: the group sessions of the weekly classes they lead (from the timetable,
 * as rows are made only on demand) unless covered by someone else or cancelled; the sessions
 * they cover; and their 1-to-1 lessons with a live seat (a confirmed booking, or an item of a
 * pending checkout that has not expired: the seat ledger's own count of held seats).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const GAP_MS = LESSON_GAP_MINUTES * 60_000;

export interface HoursContext {
  now: Date;
  /** The CMS timetable: a led class's sessions count before their rows exist. */
  timetable: readonly WeeklySlot[];
  /** A session left out: the 1-to-1 lesson a reschedule moves. */
  except?: string;
}

/** Windows and exceptions per tutor (none saved: no windows, so unavailable). */
async function availabilityOf(db: DbExecutor, tutorIds: readonly string[]) {
  const rows = await db
    .select()
    .from(tutorAvailability)
    .where(inArray(tutorAvailability.tutorId, [...tutorIds]));
  return new Map(rows.map((row) => [row.tutorId, row]));
}

/** Calendar busy times overlapping the range, per tutor. */
async function busyOf(db: DbExecutor, tutorIds: readonly string[], range: Interval) {
  const rows = await db
    .select({
      tutorId: tutorBusyIntervals.tutorId,
      startsAt: tutorBusyIntervals.startsAt,
      endsAt: tutorBusyIntervals.endsAt,
    })
    .from(tutorBusyIntervals)
    .where(
      and(
        inArray(tutorBusyIntervals.tutorId, [...tutorIds]),
        lt(tutorBusyIntervals.startsAt, range.endsAt),
        gt(tutorBusyIntervals.endsAt, range.startsAt),
      ),
    );
  return groupBy(rows);
}

/**
 * A 1-to-1 lesson row holds its tutor's hour while it has a live seat: a confirmed booking, or
 * an item of a pending checkout not yet expired (as the seat ledger counts held seats).
 */
function hasLiveSeat(now: Date) {
  const confirmed = sql`(select 1 from ${bookings} where ${and(
    eq(bookings.sessionId, classSessions.id),
    eq(bookings.status, 'confirmed'),
  )})`;
  const held = sql`(select 1 from ${checkoutItems} inner join ${checkouts} on ${eq(
    checkouts.id,
    checkoutItems.checkoutId,
  )} where ${and(
    eq(checkoutItems.sessionId, classSessions.id),
    eq(checkouts.status, 'pending'),
    gt(checkouts.expiresAt, now),
  )})`;
  return or(exists(confirmed), exists(held));
}

/** Session rows in the range that are some tutor's lesson: covered, led, or 1-to-1. */
async function lessonRowsOf(
  db: DbExecutor,
  who: { tutorIds: readonly string[]; ledServices: readonly ServiceCode[] },
  range: Interval,
  now: Date,
) {
  const tutorIds = [...who.tutorIds];
  // A lesson that started before the range may still run into it: look back a day.
  const from = new Date(range.startsAt.getTime() - DAY_MS);
  return db
    .select({
      id: classSessions.id,
      service: classSessions.service,
      kind: classSessions.kind,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      coverTutorId: classSessions.coverTutorId,
      tutorId: classSessions.tutorId,
      cancelledAt: classSessions.cancelledAt,
    })
    .from(classSessions)
    .where(
      and(
        gte(classSessions.startsAt, from),
        lt(classSessions.startsAt, range.endsAt),
        or(
          and(
            eq(classSessions.kind, 'group'),
            or(
              inArray(classSessions.coverTutorId, tutorIds),
              who.ledServices.length > 0
                ? inArray(classSessions.service, [...who.ledServices])
                : undefined,
            ),
          ),
          and(
            eq(classSessions.kind, 'one-to-one'),
            inArray(classSessions.tutorId, tutorIds),
            isNull(classSessions.cancelledAt),
            hasLiveSeat(now),
          ),
        ),
      ),
    );
}

function groupBy<T extends { tutorId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.tutorId, [...(map.get(row.tutorId) ?? []), row]);
  return map;
}

/** The lessons of each tutor overlapping `range` (already widened by the gap). */
async function lessonsOf(
  db: DbExecutor,
  tutorIds: readonly string[],
  range: Interval,
  context: HoursContext,
): Promise<Map<string, Interval[]>> {
  const led = await db
    .select({
      tutorId: weeklyClasses.leadTutorId,
      service: weeklyClasses.service,
      day: weeklyClasses.day,
      startTime: weeklyClasses.startTime,
    })
    .from(weeklyClasses)
    .where(inArray(weeklyClasses.leadTutorId, [...tutorIds]));
  const ledServices = [...new Set(led.map((c) => c.service))];
  const rows = await lessonRowsOf(db, { tutorIds, ledServices }, range, context.now);
  const leadOf = new Map(led.map((c) => [`${c.service} ${c.day} ${c.startTime}`, c.tutorId]));
  const lessons = new Map<string, Interval[]>(tutorIds.map((id) => [id, []]));
  const counted = new Set<string>();
  const add = (tutorId: string | null, service: string, lesson: Interval) => {
    const key = `${service} ${lesson.startsAt.getTime()}`;
    if (!tutorId || counted.has(key)) return;
    counted.add(key);
    if (lesson.endsAt > range.startsAt && lesson.startsAt < range.endsAt) {
      lessons.get(tutorId)?.push(lesson);
    }
  };
  // Rows first: a row says who covers, or that the business cancelled it (then nobody teaches).
  for (const row of rows) {
    if (row.id === context.except) continue;
    const lesson = { startsAt: row.startsAt, endsAt: row.endsAt };
    if (row.kind === 'one-to-one') {
      lessons.get(row.tutorId ?? '')?.push(lesson);
      continue;
    }
    const key = londonSlotKey(row.service, row.startsAt);
    if (row.cancelledAt) counted.add(`${row.service} ${row.startsAt.getTime()}`);
    else add(row.coverTutorId ?? leadOf.get(key) ?? null, row.service, lesson);
  }
  // Then the led classes' sessions by the timetable, whose rows are made only on demand.
  const fromDate = londonDate(new Date(range.startsAt.getTime() - DAY_MS));
  const toDate = londonDate(range.endsAt);
  for (const service of ledServices) {
    for (const session of listSessions(context.timetable, service, fromDate, toDate)) {
      add(leadOf.get(londonSlotKey(service, session.startsAt)) ?? null, service, session);
    }
  }
  return lessons;
}

/**
 * What the free-slot arithmetic needs for each tutor, for slots in `range`: windows,
 * exceptions, busy times and lessons (each from a little before the range, so a lesson ending
 * just after its start still keeps its gap). Tutors without saved hours get no windows.
 */
export async function tutorsOneToOneCalendars(
  db: DbExecutor,
  tutorIds: readonly string[],
  range: Interval,
  context: HoursContext,
): Promise<Map<string, TutorHours>> {
  const ids = [...new Set(tutorIds)];
  const calendars = new Map<string, TutorHours>();
  if (ids.length === 0) return calendars;
  // A lesson within the gap of the range's ends still keeps a slot at its edge away.
  const widened = {
    startsAt: new Date(range.startsAt.getTime() - GAP_MS),
    endsAt: new Date(range.endsAt.getTime() + GAP_MS),
  };
  const [availability, busy, lessons] = await Promise.all([
    availabilityOf(db, ids),
    busyOf(db, ids, range),
    lessonsOf(db, ids, widened, context),
  ]);
  for (const id of ids) {
    const saved = availability.get(id);
    calendars.set(id, {
      windows: saved?.windows ?? [],
      exceptions: saved?.exceptions ?? [],
      busy: (busy.get(id) ?? []).map(({ startsAt, endsAt }) => ({ startsAt, endsAt })),
      lessons: lessons.get(id) ?? [],
    });
  }
  return calendars;
}

/** One tutor's TutorHours for slots in `range`: what the checkout re-checks under its lock. */
export async function tutorOneToOneCalendar(
  db: DbExecutor,
  tutorId: string,
  range: Interval,
  context: HoursContext,
): Promise<TutorHours> {
  const calendars = await tutorsOneToOneCalendars(db, [tutorId], range, context);
  return calendars.get(tutorId) as TutorHours;
}
