import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings, classSessions, pupils } from '../db/schema.ts';
import { pupilRefColumns } from './seat-pupils.ts';

/*
 * "A booking with its session and pupil", the row the customer's lists, receipts, the data
 * export, the admin pages and the calendar feed all read. One join and one set of columns,
 * below the features, so they cannot drift apart. Every booking has a session and a pupil
 * (both foreign keys are NOT NULL), so the inner joins never drop a booking.
 */

/** The columns of one booking row; each reader maps the ones it shows. */
export const bookingRowColumns = {
  id: bookings.id,
  userId: bookings.userId,
  status: bookings.status,
  checkoutId: bookings.checkoutId,
  creditLotId: bookings.creditLotId,
  rescheduledFrom: bookings.rescheduledFrom,
  attendance: bookings.attendance,
  calendarUid: bookings.calendarUid,
  calendarSequence: bookings.calendarSequence,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  sessionId: bookings.sessionId,
  service: classSessions.service,
  subject: classSessions.subject,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
  /** A group session, or a 1-to-1 lesson of `tutorId`'s hour (docs/decisions/106). */
  kind: classSessions.kind,
  tutorId: classSessions.tutorId,
  ...pupilRefColumns,
  pupilEmail: pupils.email,
};

/**
 * Bookings joined to their session and pupil, filtered by `where`. The answer is a dynamic
 * Drizzle select: add `.orderBy()`, `.limit()` or `.for('update', { of: bookings })` to it.
 * Pass the filter here: a later `.where()` would replace it rather than add to it.
 */
export function selectBookingRows(db: DbExecutor, where?: SQL) {
  return db
    .select(bookingRowColumns)
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(where)
    .$dynamic();
}

/** One row of selectBookingRows. */
export type BookingRow = Awaited<ReturnType<typeof selectBookingRows>>[number];
