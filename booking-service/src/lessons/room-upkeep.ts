import type { ContentLoader } from '@tuition/content';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { bookings, classSessions, sessionRooms, user } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { button, layout, type MailContent, paragraph, textLayout } from '../mail/layout.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { RecordingStorage } from '../rooms/recording-storage.ts';
import type { RoomProvider } from '../rooms/room-provider.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { describeSession } from '../sessions/session-description.ts';
import { sessionLine } from '../sessions/session-lines.ts';
import { deleteDueRecordings } from './lesson-recordings.ts';
import {
  ROOM_EMPTY_TIMEOUT_SECONDS,
  ROOM_GRACE_MINUTES,
  endRoom,
  pupilIdentity,
  roomRecord,
} from './lesson-room.ts';

/*
 * Keeping the rooms (docs/decisions/098), once a minute on the app clock, once across instances
 * (the scheduler of record, decision 095); /dev/clock runs it at once after a move:
 * - rooms are made ahead, from a day before a booked session, retried with backoff; a room that
 *   still cannot be made two hours before the start falls back to the class's standing link,
 *   and the admins get one e-mail naming the session and the error;
 * - rooms end at the lesson's end (plus the grace minutes) or when the session is cancelled;
 * - a pupil whose booking was cancelled or moved is removed from an open room, and the twin
 *   refuses their entry from then on;
 * - recordings whose time has come are deleted (lesson-recordings.ts).
 */

export const ROOM_UPKEEP_MS = 60_000;
const MINUTE = 60_000;
/** Rooms are made from this long before a booked session. */
const ENSURE_AHEAD_MS = 24 * 60 * MINUTE;
/** Without a room this close to the start, the standing link is used. */
const FALLBACK_BEFORE_MS = 2 * 60 * MINUTE;
/** Backoff between tries: 1, 2, 4 … minutes, at most 30. */
const MAX_BACKOFF_MINUTES = 30;
/** Sessions looked at per run and kind; the next minute takes the rest. */
const BATCH = 200;

export interface RoomUpkeepDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Pick<Config, 'publicUrl'>;
  mail: MailOutbox;
  rooms: RoomProvider | null;
  recordingStorage: RecordingStorage;
  logger: Logger;
}

export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MINUTES);
}

/** Makes the rooms of booked sessions starting within a day; returns how many were made. */
async function ensureAhead(deps: RoomUpkeepDeps, rooms: RoomProvider): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ session: classSessions, room: sessionRooms })
    .from(classSessions)
    .leftJoin(sessionRooms, eq(sessionRooms.sessionId, classSessions.id))
    .where(
      and(
        gt(classSessions.startsAt, now),
        lte(classSessions.startsAt, new Date(now.getTime() + ENSURE_AHEAD_MS)),
        isNull(classSessions.cancelledAt),
        gt(classSessions.confirmedCount, 0),
        isNull(sessionRooms.ensuredAt),
        isNull(sessionRooms.fallbackAt),
        or(isNull(sessionRooms.nextAttemptAt), lte(sessionRooms.nextAttemptAt, now)),
      ),
    )
    .limit(BATCH);
  let made = 0;
  for (const { session } of due) {
    const record = await roomRecord(deps.db, rooms, session.id);
    try {
      await rooms.ensureRoom(record.roomName, {
        maxParticipants: session.capacity + 1,
        emptyTimeoutSeconds: ROOM_EMPTY_TIMEOUT_SECONDS,
      });
      await deps.db
        .update(sessionRooms)
        .set({ ensuredAt: now, ensureError: null, nextAttemptAt: null })
        .where(eq(sessionRooms.sessionId, session.id));
      made += 1;
    } catch (error) {
      await failedToEnsure(deps, session, record.ensureAttempts + 1, error);
    }
  }
  return made;
}

async function failedToEnsure(
  deps: RoomUpkeepDeps,
  session: typeof classSessions.$inferSelect,
  attempts: number,
  error: unknown,
): Promise<void> {
  const now = deps.clock.now();
  const reason = error instanceof Error ? error.message : String(error);
  deps.logger.warn({ sessionId: session.id, attempts, err: error }, 'room not made; retrying');
  const late = now.getTime() >= session.startsAt.getTime() - FALLBACK_BEFORE_MS;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(sessionRooms)
      .set({
        ensureAttempts: attempts,
        ensureError: reason.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + backoffMinutes(attempts) * MINUTE),
      })
      .where(eq(sessionRooms.sessionId, session.id));
    if (!late) return;
    // Once: the row's fallback mark is set by one run only.
    const [fellBack] = await tx
      .update(sessionRooms)
      .set({ fallbackAt: now })
      .where(and(eq(sessionRooms.sessionId, session.id), isNull(sessionRooms.fallbackAt)))
      .returning({ sessionId: sessionRooms.sessionId });
    if (!fellBack) return;
    const admins = await tx
      .select({ email: user.email })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.emailVerified, true)));
    const brand = await mailBrand(deps);
    const summary = describeSession(await deps.content.timetable(), session);
    const mail = roomFailedEmail(brand, { session: sessionLine(summary), error: reason });
    for (const admin of admins) {
      await deps.mail.enqueue({ to: admin.email, ...mail }, { tx });
    }
  });
}

/** To the admins: a lesson room could not be made, and the standing link is used instead. */
export function roomFailedEmail(
  brand: Awaited<ReturnType<typeof mailBrand>>,
  input: { session: string; error: string },
): MailContent {
  const subject = `Lesson room not available: ${input.session}`;
  const what = `The video room for ${input.session} could not be made two hours before the start. Families will be sent to the class's meeting link instead; if it has none, set one now.`;
  const why = `The room provider said: ${input.error}`;
  const url = `${brand.siteUrl}/admin`;
  return {
    subject,
    html: layout(brand, 'A lesson room could not be made', [
      paragraph(what),
      paragraph(why),
      button(url, 'Open the admin dashboard'),
    ]),
    text: textLayout(brand, 'A lesson room could not be made', [
      what,
      '',
      why,
      '',
      `Open the admin dashboard: ${url}`,
    ]),
  };
}

/** Ends rooms whose lesson is over or whose session was cancelled. */
async function endFinished(deps: RoomUpkeepDeps): Promise<number> {
  const now = deps.clock.now();
  const over = await deps.db
    .select({ sessionId: sessionRooms.sessionId })
    .from(sessionRooms)
    .innerJoin(classSessions, eq(classSessions.id, sessionRooms.sessionId))
    .where(
      and(
        isNull(sessionRooms.endedAt),
        or(
          lte(classSessions.endsAt, new Date(now.getTime() - ROOM_GRACE_MINUTES * MINUTE)),
          isNotNull(classSessions.cancelledAt),
        ),
      ),
    )
    .limit(BATCH);
  for (const { sessionId } of over) {
    await endRoom(deps, { id: sessionId }, { actorId: null, actorRole: 'system' });
  }
  return over.length;
}

/** Takes pupils whose booking is no longer confirmed out of open rooms. */
async function removeUnbooked(deps: RoomUpkeepDeps, rooms: RoomProvider): Promise<number> {
  const gone = await deps.db
    .select({ bookingId: bookings.id, roomName: sessionRooms.roomName })
    .from(sessionRooms)
    .innerJoin(bookings, eq(bookings.sessionId, sessionRooms.sessionId))
    .where(
      and(
        isNotNull(sessionRooms.openedAt),
        isNull(sessionRooms.endedAt),
        ne(bookings.status, 'confirmed'),
      ),
    )
    .limit(BATCH);
  for (const { bookingId, roomName } of gone) {
    await rooms.removeParticipant(roomName, pupilIdentity(bookingId));
  }
  return gone.length;
}

export async function keepRooms(deps: RoomUpkeepDeps): Promise<void> {
  const rooms = deps.rooms;
  if (rooms) {
    const made = await ensureAhead(deps, rooms);
    const ended = await endFinished(deps);
    await removeUnbooked(deps, rooms);
    if (made + ended > 0) deps.logger.info({ made, ended }, 'lesson rooms kept');
  }
  const deleted = await deleteDueRecordings(deps);
  if (deleted > 0) deps.logger.info({ deleted }, 'lesson recordings deleted');
}

export function roomUpkeepJob(deps: RoomUpkeepDeps): ScheduledJob {
  const logger = deps.logger.child({ component: 'rooms' });
  return {
    name: 'lesson-rooms',
    intervalMs: ROOM_UPKEEP_MS,
    onClockMove: true,
    failureMessage: 'lesson room upkeep failed; trying again next time',
    run: () => keepRooms({ ...deps, logger }),
  };
}
