import type { AttendanceMark, AttendanceRequest, AttendanceStatus } from '@tuition/api-contract';
import { ATTENDANCE_MARKABLE_DAYS, attendanceWindowState } from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { bookings, classSessions } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/problem.ts';

const ATTENDANCE_WINDOW_TEXT = `Attendance can be marked from the session's start until ${ATTENDANCE_MARKABLE_DAYS} days after it`;

/**
 * Marks one confirmed seat of a session present, absent or late (a later mark replaces the
 * earlier one). A booking of another session, cancelled or moved, is NotFoundError; a session
 * not started yet or started over 7 days ago is ConflictError 'attendance-closed', nothing saved
 * (the window is the domain's, docs/product-rules.md#delivering-the-lesson). Returns the account
 * and the earlier mark too, for the audit trail written in the same transaction.
 */
export async function markAttendance(
  tx: Transaction,
  sessionId: string,
  request: Required<AttendanceRequest>,
  now: Date,
): Promise<{ mark: AttendanceMark; userId: string; previous: AttendanceStatus | null }> {
  const [seat] = await tx
    .select({
      id: bookings.id,
      userId: bookings.userId,
      attendance: bookings.attendance,
      startsAt: classSessions.startsAt,
    })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .where(
      and(
        eq(bookings.id, request.bookingId),
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'confirmed'),
      ),
    )
    .for('update', { of: bookings });
  if (!seat) throw new NotFoundError('No confirmed booking with that id in this session.');
  const window = attendanceWindowState(seat.startsAt, now);
  if (window !== 'open') {
    const why =
      window === 'not-started'
        ? 'this session has not started yet.'
        : 'the register of this session is closed.';
    throw new ConflictError('attendance-closed', undefined, `${ATTENDANCE_WINDOW_TEXT}; ${why}`);
  }
  await tx
    .update(bookings)
    .set({ attendance: request.status, attendanceMarkedAt: now })
    .where(eq(bookings.id, seat.id));
  return {
    mark: { bookingId: seat.id, status: request.status, markedAt: now.toISOString() },
    userId: seat.userId,
    previous: seat.attendance,
  };
}
