import { formatLondonDate, formatTime12h } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { classSessions } from '../db/schema.ts';
import { ConflictError, ValidationError } from '../http/problem.ts';
import { tutorFreeCheck } from '../one-to-one/hour-check.ts';
import { takeTutorHour } from '../sessions/seat-ledger/seat-ledger.ts';
import type { SessionRow } from '../sessions/session-rows.ts';

/*
 * A 1-to-1 lesson is rescheduled to another free hour of the same tutor, of the same length
 * (docs/decisions/106), by the same 24-hour rule as a group seat. The new hour is checked and its
 * row made under the tutor's lock, in the reschedule's transaction, before the seat moves.
 */
export async function tutorHourTarget(
  deps: { content: Pick<ContentLoader, 'closures' | 'timetable'> },
  tx: Transaction,
  booking: { sessionId: string; startsAt: Date; endsAt: Date },
  startsAtText: string,
  now: Date,
): Promise<SessionRow> {
  const startsAt = new Date(startsAtText);
  if (Number.isNaN(startsAt.getTime())) {
    throw new ValidationError([
      {
        field: 'startsAt',
        message: 'startsAt must be an ISO instant from the tutor’s free slots.',
      },
    ]);
  }
  const [from] = await tx
    .select()
    .from(classSessions)
    .where(eq(classSessions.id, booking.sessionId));
  if (!from?.tutorId) throw new Error('a 1-to-1 booking without its lesson row');
  const tutorId = from.tutorId;
  const lengthMs = booking.endsAt.getTime() - booking.startsAt.getTime();
  const isFree = tutorFreeCheck(deps.content);
  return takeTutorHour(tx, {
    from,
    lesson: { startsAt, endsAt: new Date(startsAt.getTime() + lengthMs) },
    isFree: (inner, lesson) => isFree(inner, { tutorId, lesson, now, except: from.id }),
    unavailable: () =>
      new ConflictError(
        'unavailable',
        [startsAt.toISOString()],
        `The tutor is not free on ${formatLondonDate(startsAt)}, ${formatTime12h(startsAt)}. Please choose another of their free times.`,
      ),
  });
}
