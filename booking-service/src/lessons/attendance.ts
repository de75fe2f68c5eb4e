import type { AttendanceMark, AttendanceRequest, AttendanceStatus } from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';

/**
 * Marks one confirmed seat of a session present, absent or late (a later mark replaces the
 * earlier one). A booking of another session, cancelled or moved, is NotFoundError. Returns the
 * account and the earlier mark too, for the audit trail written in the same transaction.
 */
export async function markAttendance(
  tx: Transaction,
  sessionId: string,
  request: Required<AttendanceRequest>,
  now: Date,
): Promise<{ mark: AttendanceMark; userId: string; previous: AttendanceStatus | null }> {
  const [seat] = await tx
    .select({ id: bookings.id, userId: bookings.userId, attendance: bookings.attendance })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, request.bookingId),
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'confirmed'),
      ),
    )
    .for('update');
  if (!seat) throw new NotFoundError('No confirmed booking with that id in this session.');
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
