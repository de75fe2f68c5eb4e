import type {
  AdminAttendee,
  AdminSession,
  SessionFilter,
  SessionSort,
} from '@tuition/api-contract';
import {
  addDays,
  type Closure,
  closureOn,
  londonDate,
  londonWallClockToUtc,
} from '@tuition/domain';
import { and, asc, count, desc, eq, gt, gte, lt, lte } from 'drizzle-orm';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { describeSession } from '../sessions/session-description.ts';
import { bookings, classSessions, pupils, user } from '../db/schema.ts';
import { pupilRef, pupilRefColumns } from '../sessions/seat-pupils.ts';
import { NotFoundError } from '../http/problem.ts';
import { waitingCounts } from '../sessions/waitlist-seats.ts';
import { customerFigures, NO_BOOKINGS } from './customer-figures.ts';
import { meetingUrlsOf } from '../lessons/weekly-classes.ts';

interface OverviewDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
}

/** A session counts as booked by its confirmed bookings; cancelled seats are free again. */
const confirmedIn = and(eq(bookings.sessionId, classSessions.id), eq(bookings.status, 'confirmed'));

/**
 * Sessions somebody is booked on. Upcoming: not started, soonest first. Previous: started,
 * most recent first. Sorting by bookings puts the fullest first, ties by date the same way.
 */
export async function listBookedSessions(
  deps: OverviewDeps,
  query: { filter: SessionFilter; sort: SessionSort },
): Promise<AdminSession[]> {
  const now = deps.clock.now();
  const upcoming = query.filter !== 'previous';
  const bookedCount = count(bookings.id);
  const byDate = upcoming ? asc(classSessions.startsAt) : desc(classSessions.startsAt);
  // Today: every session of the London day, started or not (the register view, docs/decisions/056).
  const today = londonDate(now);
  const when =
    query.filter === 'today'
      ? and(
          gte(classSessions.startsAt, londonWallClockToUtc(today, '00:00')),
          lt(classSessions.startsAt, londonWallClockToUtc(addDays(today, 1), '00:00')),
        )
      : upcoming
        ? gt(classSessions.startsAt, now)
        : lte(classSessions.startsAt, now);
  const [rows, timetable, closures] = await Promise.all([
    deps.db
      .select({
        id: classSessions.id,
        service: classSessions.service,
        subject: classSessions.subject,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
        capacity: classSessions.capacity,
        bookedCount,
      })
      .from(classSessions)
      .innerJoin(bookings, confirmedIn)
      .where(when)
      .groupBy(classSessions.id)
      .orderBy(...(query.sort === 'bookings' ? [desc(bookedCount), byDate] : [byDate])),
    deps.content.timetable(),
    deps.content.closures(),
  ]);
  const links = await meetingUrlsOf(deps.db, rows);
  // How many wait for each (decision 060); the list itself: GET /api/admin/sessions/{id}/waitlist.
  const waiting = await waitingCounts(
    deps.db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => {
    const session = describeSession(timetable, row);
    const closed = closedReason(closures, session.date);
    // Flag a booked session still to be held that nobody could join (docs/decisions/056).
    const linkMissing = row.endsAt > now && !links.get(row.id);
    return {
      id: row.id,
      service: session.service,
      subject: row.subject,
      label: session.label,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      date: session.date,
      time: session.time,
      bookedCount: Number(row.bookedCount),
      capacity: row.capacity,
      // Only when someone waits, like the other flags.
      ...(waiting.get(row.id) ? { waitingCount: waiting.get(row.id) } : {}),
      ...closed,
      ...(linkMissing ? { meetingLinkMissing: true } : {}),
    };
  });
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
  const session = describeSession(timetable, sessionRow);
  return {
    session: {
      id: sessionRow.id,
      service: session.service,
      subject: sessionRow.subject,
      label: session.label,
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
