import type { RoomEntry, RoomState, TutorRoom } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { joinOpensAt } from '@tuition/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Clock } from '../clock.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { classSessions, sessionRooms } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { ConflictError, HttpProblem } from '../http/problem.ts';
import type { RecordingStorage } from '../rooms/recording-storage.ts';
import type { RoomProvider } from '../rooms/room-provider.ts';
import { taughtSession } from '../tutors/taught-session.ts';
import {
  recordingNow,
  recordingPlan,
  startRecordingIfAllowed,
  stopRecordings,
} from './lesson-recordings.ts';

/*
 * A session's own video room (docs/decisions/098). The service decides who enters and when; the
 * provider (LiveKit, or the local twin) only mints and carries out:
 * - the lead or cover tutor opens the room from 15 minutes before the start until the end;
 * - a pupil gets an entry only after that, one per booking, for that room only, expiring no
 *   later than 5 minutes after the end, named by first name and surname initial;
 * - the room ends when the tutor ends it, at the lesson's end, or when the session is cancelled
 *   (the upkeep job, room-upkeep.ts).
 */

/** Minutes after the lesson's end an entry still works (a lesson running a little over). */
export const ROOM_GRACE_MINUTES = 5;
/** An empty room closes itself after this long (the tutor stepped out and nobody is left). */
export const ROOM_EMPTY_TIMEOUT_SECONDS = 10 * 60;

const MINUTE = 60_000;

export interface RoomDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  /** null: standing meeting links (MEETING_PROVIDER=link). */
  rooms: RoomProvider | null;
  recordingStorage: RecordingStorage;
}

export type SessionRow = typeof classSessions.$inferSelect;
export type RoomRow = typeof sessionRooms.$inferSelect;

/** One room per session, named after it: a token for it is no use in any other. */
export function roomNameOf(sessionId: string): string {
  return `session-${sessionId}`;
}

/** A pupil's identity in the room: one per booking, so siblings are two people. */
export function pupilIdentity(bookingId: string): string {
  return `pupil-${bookingId}`;
}

export function tutorIdentity(tutorId: string): string {
  return `tutor-${tutorId}`;
}

/** "Amira K.": what the room shows of a person, never a full surname. */
export function displayNameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'Pupil';
  const last = words.length > 1 ? words.at(-1) : undefined;
  const initial = last ? [...last][0]?.toLocaleUpperCase('en-GB') : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** When every entry to the session's room stops working. */
export function entryExpiresAt(session: Pick<SessionRow, 'endsAt'>): Date {
  return new Date(session.endsAt.getTime() + ROOM_GRACE_MINUTES * MINUTE);
}

export async function roomOf(db: DbExecutor, sessionId: string): Promise<RoomRow | undefined> {
  const [row] = await db.select().from(sessionRooms).where(eq(sessionRooms.sessionId, sessionId));
  return row;
}

/** The session's room row, made if missing (concurrent makers agree on one). */
export async function roomRecord(
  db: DbExecutor,
  provider: RoomProvider,
  sessionId: string,
): Promise<RoomRow> {
  await db
    .insert(sessionRooms)
    .values({ sessionId, provider: provider.kind, roomName: roomNameOf(sessionId) })
    .onConflictDoNothing();
  const row = await roomOf(db, sessionId);
  if (!row) throw new Error(`no room row for session ${sessionId}`);
  return row;
}

/** Where the room stands at `now`. */
export function roomState(session: SessionRow, room: RoomRow | undefined, now: Date): RoomState {
  if (session.cancelledAt || room?.endedAt || now.getTime() >= session.endsAt.getTime()) {
    return 'ended';
  }
  if (now.getTime() < joinOpensAt(session.startsAt).getTime()) return 'too-early';
  return room?.openedAt ? 'open' : 'ready';
}

/** The room could not be made and the class's standing link stands in (docs/decisions/098). */
export function usesStandingLink(rooms: RoomProvider | null, room: RoomRow | undefined): boolean {
  return rooms === null || Boolean(room?.fallbackAt && !room.openedAt);
}

async function tutorView(
  deps: RoomDeps,
  session: SessionRow,
  room: RoomRow | undefined,
  entry: RoomEntry | null,
): Promise<TutorRoom> {
  const now = deps.clock.now();
  return {
    sessionId: session.id,
    state: roomState(session, room, now),
    opensAt: joinOpensAt(session.startsAt).toISOString(),
    endsAt: session.endsAt.toISOString(),
    provider: usesStandingLink(deps.rooms, room) || !deps.rooms ? 'link' : deps.rooms.kind,
    recording: await recordingPlan(deps, session),
    room: entry,
  };
}

/** GET /api/tutor/sessions/{id}/room: the tutor's view, without an entry. */
export async function tutorRoom(
  deps: RoomDeps,
  tutorId: string,
  sessionId: string,
): Promise<TutorRoom> {
  const session = await taughtSession(deps.db, tutorId, sessionId);
  return tutorView(deps, session, await roomOf(deps.db, session.id), null);
}

export interface RoomTutor {
  id: string;
  userId: string;
  name: string;
}

/**
 * POST /api/tutor/sessions/{id}/room: the tutor opens the room (again, after a dropped
 * connection) and gets a host entry. Recording starts here when the class records and every
 * booked pupil's family consented (docs/decisions/099).
 */
export async function openRoom(
  deps: RoomDeps & { logger?: Logger },
  tutor: RoomTutor,
  sessionId: string,
): Promise<TutorRoom> {
  const session = await taughtSession(deps.db, tutor.id, sessionId);
  const rooms = deps.rooms;
  if (!rooms) {
    throw new ConflictError(
      'rooms-off',
      undefined,
      "This business uses the class's meeting link, not a lesson room.",
    );
  }
  const now = deps.clock.now();
  const state = roomState(session, await roomOf(deps.db, session.id), now);
  if (state === 'too-early') {
    throw new ConflictError(
      'too-early',
      undefined,
      'The lesson room opens 15 minutes before the start.',
    );
  }
  if (state === 'ended') {
    throw new ConflictError('room-ended', undefined, 'This lesson has ended.');
  }
  const record = await roomRecord(deps.db, rooms, session.id);
  try {
    await rooms.ensureRoom(record.roomName, {
      maxParticipants: session.capacity + 1,
      emptyTimeoutSeconds: ROOM_EMPTY_TIMEOUT_SECONDS,
    });
  } catch (error) {
    deps.logger?.error({ err: error, sessionId: session.id }, 'room provider refused a room');
    throw new HttpProblem(
      503,
      'Service Unavailable',
      "The lesson room could not be opened. Use the class's meeting link, or try again.",
      { type: 'urn:tuition:problem:room-unavailable', code: 'room-unavailable' },
    );
  }
  const opened = await deps.db.transaction(async (tx) => {
    const [first] = await tx
      .update(sessionRooms)
      .set({ openedAt: now, openedByTutorId: tutor.id, ensuredAt: now, fallbackAt: null })
      .where(
        and(
          eq(sessionRooms.sessionId, session.id),
          isNull(sessionRooms.openedAt),
          isNull(sessionRooms.endedAt),
        ),
      )
      .returning();
    if (first) {
      await recordAudit(tx, {
        actorId: tutor.userId,
        actorRole: 'tutor',
        subjectUserId: null,
        action: 'room.open',
        target: `session:${session.id}`,
      });
    }
    return first !== undefined;
  });
  if (!opened) {
    const room = await roomOf(deps.db, session.id);
    if (room?.endedAt) throw new ConflictError('room-ended', undefined, 'This lesson has ended.');
  }
  await startRecordingIfAllowed(deps, rooms, session, record.roomName);
  const entry = await rooms.issueToken({
    room: record.roomName,
    identity: tutorIdentity(tutor.id),
    name: displayNameOf(tutor.name),
    role: 'host',
    expiresAt: entryExpiresAt(session),
    now,
  });
  return tutorView(deps, session, await roomOf(deps.db, session.id), entry);
}

/** POST /api/tutor/sessions/{id}/room/end: everyone leaves, and nobody enters again. */
export async function endRoomAsTutor(
  deps: RoomDeps & { logger?: Logger },
  tutor: RoomTutor,
  sessionId: string,
): Promise<TutorRoom> {
  const session = await taughtSession(deps.db, tutor.id, sessionId);
  await endRoom(deps, session, { actorId: tutor.userId, actorRole: 'tutor' });
  return tutorView(deps, session, await roomOf(deps.db, session.id), null);
}

/**
 * Ends a session's room: marked ended first (so no new entry is minted), then the provider
 * removes everyone and any recording stops. Ending an ended room does nothing.
 */
export async function endRoom(
  deps: Pick<RoomDeps, 'db' | 'clock' | 'rooms'> & { logger?: Logger },
  session: Pick<SessionRow, 'id'>,
  actor: { actorId: string | null; actorRole: 'tutor' | 'system' | 'admin' },
): Promise<void> {
  const rooms = deps.rooms;
  if (!rooms) return;
  const record = await roomRecord(deps.db, rooms, session.id);
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessionRooms)
      .set({ endedAt: deps.clock.now() })
      .where(and(eq(sessionRooms.sessionId, session.id), isNull(sessionRooms.endedAt)))
      .returning();
    if (row?.openedAt) {
      await recordAudit(tx, {
        ...actor,
        subjectUserId: null,
        action: 'room.end',
        target: `session:${session.id}`,
      });
    }
    return row;
  });
  if (!ended?.ensuredAt && !ended?.openedAt) return;
  await stopRecordings(deps, rooms, session.id);
  await rooms.endRoom(record.roomName);
}

export type PupilRoom =
  | { kind: 'link' }
  | { kind: 'waiting' }
  | { kind: 'ended' }
  | { kind: 'open'; entry: RoomEntry; recorded: boolean };

/**
 * A booked pupil's way in, inside the join window (the caller checked the booking and the
 * window): the standing link, the lobby until the tutor opens the room, or their own entry.
 */
export async function pupilRoom(
  deps: Pick<RoomDeps, 'db' | 'clock' | 'rooms'>,
  booking: { id: string; sessionId: string; pupilName: string },
): Promise<PupilRoom> {
  const rooms = deps.rooms;
  const room = await roomOf(deps.db, booking.sessionId);
  if (!rooms || usesStandingLink(rooms, room)) return { kind: 'link' };
  if (room?.endedAt) return { kind: 'ended' };
  if (!room?.openedAt) return { kind: 'waiting' };
  const [session] = await deps.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.id, booking.sessionId));
  if (!session || session.cancelledAt) return { kind: 'ended' };
  const entry = await rooms.issueToken({
    room: room.roomName,
    identity: pupilIdentity(booking.id),
    name: displayNameOf(booking.pupilName),
    role: 'pupil',
    expiresAt: entryExpiresAt(session),
    now: deps.clock.now(),
  });
  return { kind: 'open', entry, recorded: await recordingNow(deps.db, session.id) };
}
