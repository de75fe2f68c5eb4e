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
import type { RoomProvider } from '../rooms/room-provider.ts';
import { pupilRoom } from './lesson-room.ts';
import { meetingUrlsOf } from './weekly-classes.ts';

export interface JoinDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  /** null: standing meeting links (docs/decisions/098). */
  rooms: RoomProvider | null;
}

/**
 * Where the owner of a booking stands with joining it, and (only when `open`) the meeting URL
 * or, under a room provider, the pupil's own entry to the session's room (docs/decisions/098):
 * inside the window but before the tutor opens the room, `waiting-for-tutor` and no entry.
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
  // Inside the window a room provider decides, unless the room fell back to the link.
  const inWindow = joinState(row, now, 'room') === 'open';
  const room = inWindow ? await pupilRoom(deps, row) : { kind: 'link' as const };
  const state =
    room.kind === 'link'
      ? joinState(row, now, link)
      : room.kind === 'waiting'
        ? 'waiting-for-tutor'
        : room.kind === 'ended'
          ? 'ended'
          : 'open';
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
      room: room.kind === 'open' ? room.entry : null,
      recorded: room.kind === 'open' && room.recorded,
    },
    meetingUrl: state === 'open' && room.kind === 'link' ? link : null,
  };
}
