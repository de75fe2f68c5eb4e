import type { AttendanceMark, AttendanceRequest } from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';

/**
 * Marks one confirmed seat of a session present, absent or late (a later mark replaces the
 * earlier one). A booking of another session, cancelled or moved, is NotFoundError.
 */
export async function markAttendance(
  db: DbExecutor,
  sessionId: string,
  request: Required<AttendanceRequest>,
  now: Date,
): Promise<AttendanceMark> {
  const [row] = await db
    .update(bookings)
    .set({ attendance: request.status, attendanceMarkedAt: now })
    .where(
      and(
        eq(bookings.id, request.bookingId),
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'confirmed'),
      ),
    )
    .returning({ id: bookings.id });
  if (!row) throw new NotFoundError('No confirmed booking with that id in this session.');
  return { bookingId: row.id, status: request.status, markedAt: now.toISOString() };
}
