import {
  ADMIN_SESSIONS_PAGE_SIZE,
  type AdminAttendee,
  type AdminSession,
  type AdminSessionList,
  parseSessionCursor,
  type SessionCursor,
  type SessionFilter,
  type SessionKind,
  type SessionSort,
  sessionCursor,
} from '@tuition/api-contract';
import {
  addDays,
  attendanceWindowState,
  type Closure,
  closureOn,
  londonDate,
  londonWallClockToUtc,
  type ServiceCode,
  sisterSessions,
} from '@tuition/domain';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { ContentLoader, TimetableSlot } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { describeSession } from '../sessions/session-description.ts';
import { bookings, classSessions, pupils, sessionRooms, user } from '../db/schema.ts';
import { pupilRef, pupilRefColumns } from '../sessions/seat-pupils.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { cursorInstant } from '../db/cursor-instant.ts';
import { waitingCounts } from '../sessions/waitlist-seats.ts';
import { customerFigures, NO_BOOKINGS } from './customer-figures.ts';
import { type Teacher, teachersOf } from '../sessions/session-tutors.ts';
import {
  atRiskSessions,
  classMinimums,
  type SessionMinimumState,
  sessionMinimum,
  sisterCandidates,
} from '../sessions/class-minimums.ts';
import { meetingUrlsOf } from '../lessons/weekly-classes.ts';
import type { RoomProvider } from '../rooms/room-provider.ts';

interface OverviewDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  /** null: standing links, which every session needs; else a room, unless it fell back (098). */
  rooms: RoomProvider | null;
}

/**
 * One page of the sessions somebody is booked on (confirmed seats, kept in
 * sessions.confirmed_count). Upcoming: not started, soonest first. Previous: started, most recent
 * first. Sorting by bookings puts the fullest first, ties by date the same way. Keyset pages of
 * ADMIN_SESSIONS_PAGE_SIZE (docs/decisions/075): a page costs the same at any depth of history.
 */
export async function listBookedSessions(
  deps: OverviewDeps,
  query: {
    filter: SessionFilter;
    sort: SessionSort;
    kind?: SessionKind | undefined;
    cursor?: string | undefined;
  },
): Promise<AdminSessionList> {
  const now = deps.clock.now();
  if (query.filter === 'at-risk') {
    // Minimums are a class's (docs/decisions/100): no 1-to-1 lesson is ever at risk.
    const items = query.kind === 'one-to-one' ? [] : await listAtRisk(deps, now);
    return { items, nextCursor: null };
  }
  const upcoming = query.filter !== 'previous';
  const byBookings = query.sort === 'bookings';
  const after = query.cursor === undefined ? undefined : parseSessionCursor(query.cursor);
  if (query.cursor !== undefined && (after?.booked === undefined) === byBookings) {
    throw new ValidationError([
      { field: 'cursor', message: 'cursor must be a nextCursor from an earlier page.' },
    ]);
  }
  const byDate = upcoming
    ? [asc(classSessions.startsAt), asc(classSessions.id)]
    : [desc(classSessions.startsAt), desc(classSessions.id)];
  const order = byBookings ? [desc(classSessions.confirmedCount), ...byDate] : byDate;
  const [rows, timetable, closures] = await Promise.all([
    deps.db
      .select({
        id: classSessions.id,
        service: classSessions.service,
        subject: classSessions.subject,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
        capacity: classSessions.capacity,
        bookedCount: classSessions.confirmedCount,
        decision: classSessions.decision,
        decidedAt: classSessions.decidedAt,
        kind: classSessions.kind,
        cursorAt: cursorInstant(classSessions.startsAt),
      })
      .from(classSessions)
      .where(
        and(
          gt(classSessions.confirmedCount, 0),
          sessionsWhen(query.filter, now),
          query.kind && kindIs(query.kind),
          after && pastCursor(after, upcoming),
        ),
      )
      .orderBy(...order)
      .limit(ADMIN_SESSIONS_PAGE_SIZE + 1),
    deps.content.timetable(),
    deps.content.closures(),
  ]);
  const page = rows.slice(0, ADMIN_SESSIONS_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > ADMIN_SESSIONS_PAGE_SIZE && last
      ? sessionCursor({
          ...(byBookings ? { booked: last.bookedCount } : {}),
          startsAt: last.cursorAt,
          id: last.id,
        })
      : null;
  return {
    items: await describeBookedSessions(deps, page, { now, timetable, closures }),
    nextCursor,
  };
}

/** Which sessions a filter names. Today: every session of the London day (docs/decisions/056). */
function sessionsWhen(filter: SessionFilter, now: Date): SQL | undefined {
  if (filter === 'today') {
    const today = londonDate(now);
    return and(
      gte(classSessions.startsAt, londonWallClockToUtc(today, '00:00')),
      lt(classSessions.startsAt, londonWallClockToUtc(addDays(today, 1), '00:00')),
    );
  }
  return filter === 'previous' ? lte(classSessions.startsAt, now) : gt(classSessions.startsAt, now);
}

/**
 * Only one kind of session. Written as a constant, not a parameter, so the planner matches the
 * partial index of 1-to-1 lessons (sessions_one_to_one_starts_at_id_idx, docs/decisions/112).
 */
function kindIs(kind: SessionKind): SQL {
  return kind === 'one-to-one'
    ? sql`${classSessions.kind} = 'one-to-one'`
    : sql`${classSessions.kind} = 'group'`;
}

/**
 * A session as the admin lists name it. A 1-to-1 lesson is named by its course, never by a
 * class that happens to start at the same hour (docs/decisions/106): no timetable slot is its.
 */
function describeListed(
  timetable: readonly TimetableSlot[],
  row: { service: ServiceCode; startsAt: Date; endsAt: Date; kind: SessionKind },
) {
  return describeSession(row.kind === 'one-to-one' ? [] : timetable, row);
}

/**
 * The rows after a cursor in the list's order. By date: a row comparison the
 * (starts_at, id) index answers. By bookings: fewer seats, or as many and later in date order.
 */
function pastCursor(after: SessionCursor, upcoming: boolean): SQL {
  const at = sql`${after.startsAt}::timestamptz`;
  const id = sql`${after.id}::uuid`;
  const dateAfter = upcoming
    ? sql`(${classSessions.startsAt}, ${classSessions.id}) > (${at}, ${id})`
    : sql`(${classSessions.startsAt}, ${classSessions.id}) < (${at}, ${id})`;
  if (after.booked === undefined) return dateAfter;
  if (!upcoming) {
    return sql`(${classSessions.confirmedCount}, ${classSessions.startsAt}, ${classSessions.id}) < (${after.booked}, ${at}, ${id})`;
  }
  return sql`(${classSessions.confirmedCount} < ${after.booked} or (${classSessions.confirmedCount} = ${after.booked} and ${dateAfter}))`;
}

interface PageRow {
  id: string;
  service: ServiceCode;
  subject: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  bookedCount: number;
  decision: 'runs' | 'cancelled' | null;
  decidedAt: Date | null;
  kind: SessionKind;
}

/**
 * The at-risk sessions (docs/decisions/100): the next week's sessions with a minimum still to
 * decide and fewer confirmed pupils, each with the sister sessions that could take all of them.
 */
async function listAtRisk(deps: OverviewDeps, now: Date): Promise<AdminSession[]> {
  const [found, timetable, closures] = await Promise.all([
    atRiskSessions(deps, now),
    deps.content.timetable(),
    deps.content.closures(),
  ]);
  const rows = found.map(({ row }) => ({ ...row, bookedCount: row.confirmedCount }));
  const described = await describeBookedSessions(deps, rows, { now, timetable, closures });
  const sisters = await Promise.all(
    rows.map(async (row) =>
      sisterSessions(row, await sisterCandidates(deps, row, now), row.bookedCount, now),
    ),
  );
  return described.map((session, i) => {
    const minimum = found[i]?.minimum;
    return {
      ...session,
      ...(minimum
        ? {
            minimum: {
              minPupils: minimum.minPupils,
              decidedAt: minimum.decidedAt.toISOString(),
              decision: minimum.decision,
              sisters: (sisters[i] ?? []).map((sister) => ({
                sessionId: sister.id,
                startsAt: sister.startsAt.toISOString(),
                seatsLeft: sister.seatsLeft,
              })),
            },
          }
        : {}),
    };
  });
}

/** The sessions of the page whose room could not be made in time (docs/decisions/098). */
async function roomsFallenBack(db: Database, rows: readonly PageRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const fallen = await db
    .select({ id: sessionRooms.sessionId })
    .from(sessionRooms)
    .where(
      and(
        inArray(
          sessionRooms.sessionId,
          rows.map((row) => row.id),
        ),
        isNotNull(sessionRooms.fallbackAt),
      ),
    );
  return new Set(fallen.map((row) => row.id));
}

/** A page's sessions as the dashboard shows them: labels, closures, waiting and link flags. */
async function describeBookedSessions(
  deps: OverviewDeps,
  rows: readonly PageRow[],
  context: { now: Date; timetable: readonly TimetableSlot[]; closures: readonly Closure[] },
): Promise<AdminSession[]> {
  const { now, timetable, closures } = context;
  const [links, teachers, fellBack, minimums] = await Promise.all([
    meetingUrlsOf(deps.db, rows),
    // Who teaches each (docs/decisions/079).
    teachersOf(deps.db, rows),
    roomsFallenBack(deps.db, rows),
    classMinimums(deps.db, [...new Set(rows.map((row) => row.service))]),
  ]);
  // How many wait for each (decision 060); the list itself: GET /api/admin/sessions/{id}/waitlist.
  const waiting = await waitingCounts(
    deps.db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => {
    const session = describeListed(timetable, row);
    const closed = closedReason(closures, session.date);
    // Flag a booked session still to be held that nobody could join (docs/decisions/056).
    // With lesson rooms only a room that could not be made needs the link (decision 098).
    const needsLink = deps.rooms === null || fellBack.has(row.id);
    const linkMissing = needsLink && row.endsAt > now && !links.get(row.id);
    return {
      id: row.id,
      service: session.service,
      subject: row.subject,
      label: session.label,
      kind: row.kind,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      date: session.date,
      time: session.time,
      bookedCount: row.bookedCount,
      capacity: row.capacity,
      // Only when someone waits, like the other flags.
      ...(waiting.get(row.id) ? { waitingCount: waiting.get(row.id) } : {}),
      ...closed,
      ...(linkMissing ? { meetingLinkMissing: true } : {}),
      // Only when someone is named, like the other flags (docs/decisions/079).
      ...tutorFields(teachers.get(row.id)),
      ...minimumField(sessionMinimum(minimums, row)),
      // The window the tutor's register follows, so the admin's marks are offered alike (107).
      register: attendanceWindowState(row.startsAt, now),
    };
  });
}

/** A session's minimum and decision, when its class has one (docs/decisions/100). */
function minimumField(state: SessionMinimumState | null): Pick<AdminSession, 'minimum'> {
  if (!state) return {};
  return {
    minimum: {
      minPupils: state.minPupils,
      decidedAt: state.decidedAt.toISOString(),
      decision: state.decision,
      sisters: [],
    },
  };
}

/** Who teaches: the tutor's name, and the cover tutor's id when it is cover. */
function tutorFields(
  teacher: Teacher | undefined,
): Pick<AdminSession, 'tutorName' | 'coverTutorId'> {
  if (!teacher) return {};
  return {
    tutorName: teacher.name,
    ...(teacher.role === 'cover' ? { coverTutorId: teacher.tutorId } : {}),
  };
}

/**
 * A session whose day was closed (a CMS closure added after people booked it) is flagged, not
 * cancelled: staff decide what to tell the families (decision 052).
 */
function closedReason(closures: readonly Closure[], date: string): { closedReason?: string } {
  const closure = closureOn(closures, date);
  return closure ? { closedReason: closure.reason } : {};
}

export interface SessionAttendees {
  session: AdminSession;
  attendees: AdminAttendee[];
}

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/**
 * The pupils holding a confirmed seat in one session, with the account holder who booked each
 * (siblings are two rows of one account), by pupil name; NotFoundError when unknown.
 */
export async function loadSessionAttendees(
  deps: OverviewDeps,
  sessionId: string,
): Promise<SessionAttendees> {
  const [sessionRow] = await deps.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.id, sessionId))
    .limit(1);
  if (!sessionRow) throw new NotFoundError('No such session.');
  const [people, timetable, closures] = await Promise.all([
    deps.db
      .select({
        bookingId: bookings.id,
        ...pupilRefColumns,
        userId: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        attendance: bookings.attendance,
      })
      .from(bookings)
      .innerJoin(user, eq(user.id, bookings.userId))
      .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
      .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed'))),
    deps.content.timetable(),
    deps.content.closures(),
  ]);
  // Sorted here rather than by the database, whose collation differs between PGlite and servers.
  people.sort(
    (a, b) =>
      byName.compare(a.pupilName, b.pupilName) ||
      byName.compare(a.name, b.name) ||
      byName.compare(a.email, b.email),
  );
  const figures = await customerFigures(
    deps.db,
    people.map((p) => p.userId),
    deps.clock.now(),
  );
  const session = describeListed(timetable, sessionRow);
  return {
    session: {
      id: sessionRow.id,
      service: session.service,
      subject: sessionRow.subject,
      label: session.label,
      kind: sessionRow.kind,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      date: session.date,
      time: session.time,
      bookedCount: people.length,
      capacity: sessionRow.capacity,
      ...closedReason(closures, session.date),
    },
    attendees: people.map(({ pupilId, pupilName, pupilYearGroup, attendance, ...person }) => ({
      ...person,
      ...(attendance ? { attendance } : {}),
      pupil: pupilRef({ pupilId, pupilName, pupilYearGroup }),
      ...(figures.get(person.userId) ?? {
        bookings: NO_BOOKINGS,
        totalSpentPence: 0,
        lastPaymentAt: null,
      }),
    })),
  };
}
