import type { PupilRef } from '@tuition/api-contract';
import type { ServiceCode, WeeklySlot } from '@tuition/domain';
import { and, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import {
  bookings,
  checkoutItems,
  checkouts,
  classSessions,
  pupils,
  termEnrolments,
  user,
  weeklyClasses,
} from '../db/schema.ts';
import { pupilRef, pupilRefColumns } from './seat-pupils.ts';

/*
 * Term enrolments as families and admins read them (docs/decisions/083): an enrolment lives
 * while its checkout is paid, or pending with its hold not lapsed; its seats are the bookings
 * its checkout made for its pupil (a rescheduled seat stays in the enrolment).
 */

/** Per booking (by "checkoutId pupilId"), the enrolment its seat belongs to. */
export async function enrolmentOfSeats(
  db: DbExecutor,
  seats: readonly { checkoutId: string | null; pupilId: string }[],
): Promise<Map<string, string>> {
  const checkoutIds = [...new Set(seats.flatMap((s) => (s.checkoutId ? [s.checkoutId] : [])))];
  if (checkoutIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: termEnrolments.id,
      checkoutId: termEnrolments.checkoutId,
      pupilId: termEnrolments.pupilId,
    })
    .from(termEnrolments)
    .where(inArray(termEnrolments.checkoutId, checkoutIds));
  return new Map(rows.map((row) => [`${row.checkoutId} ${row.pupilId}`, row.id]));
}

export interface EnrolmentRow {
  id: string;
  termId: string;
  termName: string;
  classId: string;
  service: ServiceCode;
  day: WeeklySlot['day'];
  startTime: string;
  pupil: PupilRef;
  status: 'pending' | 'paid';
  sessionsTotal: number;
  sessionsLeft: number;
  pricePencePerSession: number;
  family: { id: string; name: string; email: string };
  createdAt: Date;
}

/** The live enrolments matching the filter (an account, a class, a term), by term name, then pupil. */
export async function readEnrolments(
  db: DbExecutor,
  filter: { userId?: string; classId?: string; termId?: string },
  now: Date,
): Promise<EnrolmentRow[]> {
  const live = or(
    eq(checkouts.status, 'paid'),
    and(eq(checkouts.status, 'pending'), gt(checkouts.expiresAt, now)),
  ) as SQL;
  const rows = await db
    .select({
      id: termEnrolments.id,
      checkoutId: termEnrolments.checkoutId,
      termId: termEnrolments.termId,
      termName: termEnrolments.termName,
      classId: termEnrolments.classId,
      service: weeklyClasses.service,
      day: weeklyClasses.day,
      startTime: weeklyClasses.startTime,
      status: checkouts.status,
      pricePencePerSession: termEnrolments.pricePencePerSession,
      createdAt: termEnrolments.createdAt,
      familyId: user.id,
      familyName: user.name,
      familyEmail: user.email,
      ...pupilRefColumns,
    })
    .from(termEnrolments)
    .innerJoin(checkouts, eq(checkouts.id, termEnrolments.checkoutId))
    .innerJoin(weeklyClasses, eq(weeklyClasses.id, termEnrolments.classId))
    .innerJoin(pupils, eq(pupils.id, termEnrolments.pupilId))
    .innerJoin(user, eq(user.id, termEnrolments.userId))
    .where(
      and(
        live,
        ...(filter.userId ? [eq(termEnrolments.userId, filter.userId)] : []),
        ...(filter.classId ? [eq(termEnrolments.classId, filter.classId)] : []),
        ...(filter.termId ? [eq(termEnrolments.termId, filter.termId)] : []),
      ),
    )
    .orderBy(asc(termEnrolments.termName), asc(pupils.name), asc(termEnrolments.id));
  const counts = await seatCounts(db, rows, now);
  return rows.map((row) => {
    const seats = counts.get(`${row.checkoutId} ${row.pupilId}`) ?? { total: 0, left: 0 };
    return {
      id: row.id,
      termId: row.termId,
      termName: row.termName,
      classId: row.classId,
      service: row.service,
      day: row.day,
      startTime: row.startTime,
      pupil: pupilRef(row),
      status: row.status === 'paid' ? 'paid' : 'pending',
      sessionsTotal: seats.total,
      sessionsLeft: seats.left,
      pricePencePerSession: row.pricePencePerSession,
      family: { id: row.familyId, name: row.familyName, email: row.familyEmail },
      createdAt: row.createdAt,
    };
  });
}

/**
 * Per (checkout, pupil): seats held (a paid enrolment's confirmed bookings, a pending one's
 * checkout items) and those not yet started.
 */
async function seatCounts(
  db: DbExecutor,
  rows: readonly { checkoutId: string; pupilId: string; status: string }[],
  now: Date,
): Promise<Map<string, { total: number; left: number }>> {
  const counts = new Map<string, { total: number; left: number }>();
  const paid = [...new Set(rows.filter((r) => r.status === 'paid').map((r) => r.checkoutId))];
  const pending = [...new Set(rows.filter((r) => r.status !== 'paid').map((r) => r.checkoutId))];
  const upcoming = sql<number>`count(*) filter (where ${classSessions.startsAt} > ${now.toISOString()}::timestamptz)`;
  const [booked, held] = await Promise.all([
    paid.length === 0
      ? []
      : db
          .select({
            checkoutId: bookings.checkoutId,
            pupilId: bookings.pupilId,
            total: count(),
            left: upcoming,
          })
          .from(bookings)
          .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
          .where(and(inArray(bookings.checkoutId, paid), eq(bookings.status, 'confirmed')))
          .groupBy(bookings.checkoutId, bookings.pupilId),
    pending.length === 0
      ? []
      : db
          .select({
            checkoutId: checkoutItems.checkoutId,
            pupilId: checkoutItems.pupilId,
            total: count(),
            left: upcoming,
          })
          .from(checkoutItems)
          .innerJoin(classSessions, eq(classSessions.id, checkoutItems.sessionId))
          .where(inArray(checkoutItems.checkoutId, pending))
          .groupBy(checkoutItems.checkoutId, checkoutItems.pupilId),
  ]);
  for (const row of [...booked, ...held]) {
    counts.set(`${row.checkoutId} ${row.pupilId}`, {
      total: Number(row.total),
      left: Number(row.left),
    });
  }
  return counts;
}
