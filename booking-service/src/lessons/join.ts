import { isId, type JoinStatus } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { joinOpensAt, joinState } from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { describeSession } from '../sessions/session-description.ts';
import { meetingUrlsOf } from './weekly-classes.ts';

export interface JoinDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
}

/**
 * Where the owner of a booking stands with joining it, and (only when `open`) the meeting URL.
 * Someone else's booking is NotFoundError, exactly like a booking that does not exist.
 */
export async function resolveJoin(
  deps: JoinDeps,
  bookingId: string,
  userId: string,
): Promise<{ status: JoinStatus; meetingUrl: string | null }> {
  if (!isId(bookingId)) throw new NotFoundError('No such booking.');
  const [row] = await selectBookingRows(
    deps.db,
    and(eq(bookings.id, bookingId), eq(bookings.userId, userId)),
  ).limit(1);
  if (!row) throw new NotFoundError('No such booking.');
  const now = deps.clock.now();
  const links = await meetingUrlsOf(deps.db, [
    { id: row.sessionId, service: row.service, startsAt: row.startsAt },
  ]);
  const link = links.get(row.sessionId) ?? null;
  const state = joinState(row, now, link);
  const session = describeSession(await deps.content.timetable(), row);
  return {
    status: {
      bookingId: row.id,
      state,
      label: session.label,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      opensAt: joinOpensAt(row.startsAt).toISOString(),
      pupilName: row.pupilName,
    },
    meetingUrl: state === 'open' ? link : null,
  };
}
