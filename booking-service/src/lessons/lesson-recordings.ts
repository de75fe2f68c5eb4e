import { randomUUID } from 'node:crypto';
import { isId, type RecordingLink, type RoomRecording } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  notLike,
  sql,
} from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Clock } from '../clock.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import {
  bookings,
  type classSessions,
  pupils,
  recordings,
  recordingViews,
  weeklyClasses,
} from '../db/schema.ts';
import { NotFoundError } from '../http/problem.ts';
import type { Logger } from '../logging/logger.ts';
import { RECORDING_LINK_MAX_SECONDS, type RecordingStorage } from '../rooms/recording-storage.ts';
import type { RoomEvent, RoomProvider } from '../rooms/room-provider.ts';
import { taughtSession } from '../tutors/taught-session.ts';
import { classSlotOf } from './weekly-classes.ts';

/*
 * Lesson recordings (docs/decisions/099):
 * - a session records only when its weekly class records and every booked pupil's family has
 *   consented; otherwise it does not, and the tutor's page says how many families have not;
 * - a recording is watched through a link that lives 5 minutes, by the family of a pupil marked
 *   present (or late) in that session, the session's tutor and staff; every view is kept;
 * - it is deleted, file and row, a set number of days after the session, or within a day of a
 *   present pupil's family withdrawing consent. Creation, views and deletion are audited.
 */

const DAY = 24 * 60 * 60_000;

/** Marks that mean the pupil was in the lesson. */
const PRESENT = ['present', 'late'] as const;

export interface RecordingDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  recordingStorage: RecordingStorage;
  logger?: Logger;
}

type SessionRow = typeof classSessions.$inferSelect;

/** Whether the session's weekly class records its lessons. */
async function classRecords(db: DbExecutor, session: SessionRow): Promise<boolean> {
  const slot = classSlotOf(session);
  const [row] = await db
    .select({ record: weeklyClasses.recordLessons })
    .from(weeklyClasses)
    .where(
      and(
        eq(weeklyClasses.service, slot.service),
        eq(weeklyClasses.day, slot.day),
        eq(weeklyClasses.startTime, slot.startTime),
      ),
    );
  return row?.record ?? false;
}

/** The families (accounts) with a booked pupil who has no recording consent. */
async function familiesWithoutConsent(db: DbExecutor, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ families: countDistinct(bookings.userId) })
    .from(bookings)
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(
      and(
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'confirmed'),
        isNull(pupils.recordingConsentAt),
      ),
    );
  return row?.families ?? 0;
}

/**
 * A 1-to-1 lesson records unless its family said an adult will be nearby, or always when the
 * CMS says so (docs/decisions/115); like a class, only with the family's consent.
 */
async function oneToOnePlan(
  db: DbExecutor,
  content: Pick<ContentLoader, 'pricing'>,
  sessionId: string,
): Promise<RoomRecording> {
  const [booked] = await db
    .select({ adultNearby: bookings.adultNearby, consentAt: pupils.recordingConsentAt })
    .from(bookings)
    .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
    .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')))
    .limit(1);
  if (!booked) return { state: 'off', missingConsents: 0 };
  const { oneToOneRecordingCompulsory } = await content.pricing();
  if (!oneToOneRecordingCompulsory && booked.adultNearby === true) {
    return { state: 'off', missingConsents: 0 };
  }
  return booked.consentAt === null
    ? { state: 'blocked', missingConsents: 1 }
    : { state: 'on', missingConsents: 0 };
}

/** Whether the session records, and if not why not. */
export async function recordingPlan(
  deps: { db: DbExecutor; content: Pick<ContentLoader, 'pricing'> },
  session: SessionRow,
): Promise<RoomRecording> {
  const { db } = deps;
  if (session.kind === 'one-to-one') return oneToOnePlan(db, deps.content, session.id);
  if (!(await classRecords(db, session))) return { state: 'off', missingConsents: 0 };
  const missing = await familiesWithoutConsent(db, session.id);
  return { state: missing === 0 ? 'on' : 'blocked', missingConsents: missing };
}

/** A recording of the session is running now (the lesson page says so). */
export async function recordingNow(db: DbExecutor, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(recordings)
    .where(and(eq(recordings.sessionId, sessionId), eq(recordings.status, 'recording')));
  return (row?.n ?? 0) > 0;
}

/** The keeping period in force (a site setting). */
async function retentionDays(content: ContentLoader): Promise<number> {
  return (await content.siteSettings()).recordingRetentionDays;
}

/**
 * Starts the session's recording when its plan says so and none runs yet. The running row is
 * claimed first (one per session, by a unique index), so two tutors' clicks at once start one
 * recording: the loser's claim finds the winner's row and stops there. A provider that refuses
 * gives the claim back, and the lesson goes ahead unrecorded.
 */
export async function startRecordingIfAllowed(
  deps: RecordingDeps,
  rooms: RoomProvider,
  session: SessionRow,
  roomName: string,
): Promise<void> {
  const plan = await recordingPlan(deps, session);
  if (plan.state !== 'on') return;
  const now = deps.clock.now();
  const keepDays = await retentionDays(deps.content);
  // LiveKit room recordings are MP4 (its egress cannot write WebM); the twin writes a stand-in.
  const fileKey = `recordings/${session.id}/${randomUUID()}.mp4`;
  const claim = `pending-${randomUUID()}`;
  const [claimed] = await deps.db
    .insert(recordings)
    .values({
      sessionId: session.id,
      providerRecordingId: claim,
      fileKey,
      status: 'recording',
      startedAt: now,
      deleteAfter: new Date(session.endsAt.getTime() + keepDays * DAY),
    })
    .onConflictDoNothing({
      target: recordings.sessionId,
      where: sql`${recordings.status} = 'recording'`,
    })
    .returning({ id: recordings.id });
  if (!claimed) return;
  let recordingId: string;
  try {
    ({ recordingId } = await rooms.startRecording(roomName, fileKey));
  } catch (error) {
    // A recording is never worth keeping pupils out.
    deps.logger?.error({ err: error, sessionId: session.id }, 'recording did not start');
    await deps.db.delete(recordings).where(eq(recordings.id, claimed.id));
    return;
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(recordings)
      .set({ providerRecordingId: recordingId })
      .where(eq(recordings.id, claimed.id));
    await recordAudit(tx, {
      actorId: null,
      actorRole: 'system',
      subjectUserId: null,
      action: 'recording.create',
      target: `session:${session.id}`,
    });
  });
}

/** Stops the session's running recordings; their files arrive by the provider's webhook. */
export async function stopRecordings(
  deps: { db: Database; logger?: Logger },
  rooms: RoomProvider,
  sessionId: string,
): Promise<void> {
  const running = await deps.db
    .select({ id: recordings.providerRecordingId })
    .from(recordings)
    .where(
      and(
        eq(recordings.sessionId, sessionId),
        eq(recordings.status, 'recording'),
        // A claim whose start has not answered yet has nothing to stop.
        notLike(recordings.providerRecordingId, 'pending-%'),
      ),
    );
  for (const { id } of running) {
    try {
      await rooms.stopRecording(id);
    } catch (error) {
      deps.logger?.error({ err: error, sessionId }, 'recording did not stop');
    }
  }
}

/** A verified provider event: a finished recording becomes watchable (or failed). */
export async function applyRoomEvent(
  deps: { db: Database; clock: Clock; recordingStorage: RecordingStorage; logger?: Logger },
  event: RoomEvent,
): Promise<void> {
  if (event.kind !== 'recording-ended') return;
  const ready = event.error === null && event.fileKey !== null;
  const updated = await deps.db
    .update(recordings)
    .set({
      status: ready ? 'ready' : 'failed',
      endedAt: deps.clock.now(),
      bytes: event.bytes,
      ...(event.fileKey ? { fileKey: event.fileKey } : {}),
    })
    .where(
      and(
        eq(recordings.providerRecordingId, event.recordingId),
        eq(recordings.status, 'recording'),
      ),
    )
    .returning({ id: recordings.id });
  if (updated.length === 0) {
    // Deleted while it was still recording (consent withdrawn): its file must not stay behind.
    const [kept] = await deps.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(eq(recordings.providerRecordingId, event.recordingId));
    if (!kept && event.fileKey) await deps.recordingStorage.delete(event.fileKey);
    return;
  }
  if (!ready) {
    deps.logger?.error({ recordingId: event.recordingId }, `recording failed: ${event.error}`);
  }
}

type Viewer =
  | { role: 'family'; userId: string; bookingId: string }
  | { role: 'tutor'; userId: string }
  | { role: 'admin'; userId: string };

/** The session's watchable recording at `now`, if any. */
async function watchable(db: DbExecutor, sessionId: string, now: Date) {
  const [row] = await db
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.sessionId, sessionId),
        eq(recordings.status, 'ready'),
        gt(recordings.deleteAfter, now),
      ),
    )
    .orderBy(desc(recordings.startedAt))
    .limit(1);
  return row;
}

async function linkFor(
  deps: RecordingDeps,
  sessionId: string,
  viewer: Viewer,
): Promise<RecordingLink> {
  const now = deps.clock.now();
  const recording = await watchable(deps.db, sessionId, now);
  if (!recording) throw new NotFoundError('No recording of this lesson.');
  const signed = await deps.recordingStorage.signedUrl(
    recording.fileKey,
    RECORDING_LINK_MAX_SECONDS,
    now,
  );
  const viewCount = await deps.db.transaction(async (tx) => {
    await tx.insert(recordingViews).values({
      recordingId: recording.id,
      viewerUserId: viewer.userId,
      viewerRole: viewer.role,
      bookingId: viewer.role === 'family' ? viewer.bookingId : null,
      viewedAt: now,
    });
    await recordAudit(tx, {
      actorId: viewer.userId,
      actorRole: viewer.role === 'family' ? 'customer' : viewer.role,
      subjectUserId: viewer.role === 'family' ? viewer.userId : null,
      action: 'recording.view',
      target: `session:${sessionId}`,
    });
    const [row] = await tx
      .select({ n: count() })
      .from(recordingViews)
      .where(
        and(
          eq(recordingViews.recordingId, recording.id),
          eq(recordingViews.viewerUserId, viewer.userId),
        ),
      );
    return row?.n ?? 1;
  });
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString(), viewCount };
}

/**
 * GET /api/me/bookings/{id}/recording: only the owner of a booking whose pupil was marked
 * present (or late) in the session; anyone else, an absent pupil, or no recording: 404.
 */
export async function familyRecordingLink(
  deps: RecordingDeps,
  userId: string,
  bookingId: string,
): Promise<RecordingLink> {
  if (!isId(bookingId)) throw new NotFoundError('No recording of this lesson.');
  const [booking] = await deps.db
    .select({ id: bookings.id, sessionId: bookings.sessionId })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.userId, userId),
        inArray(bookings.attendance, [...PRESENT]),
      ),
    );
  if (!booking) throw new NotFoundError('No recording of this lesson.');
  return linkFor(deps, booking.sessionId, { role: 'family', userId, bookingId: booking.id });
}

/** GET /api/tutor/sessions/{id}/recording: the session's lead or cover tutor. */
export async function tutorRecordingLink(
  deps: RecordingDeps,
  tutor: { id: string; userId: string },
  sessionId: string,
): Promise<RecordingLink> {
  const session = await taughtSession(deps.db, tutor.id, sessionId);
  return linkFor(deps, session.id, { role: 'tutor', userId: tutor.userId });
}

/** GET /api/admin/sessions/{id}/recording. */
export async function adminRecordingLink(
  deps: RecordingDeps,
  adminId: string,
  sessionId: string,
): Promise<RecordingLink> {
  if (!isId(sessionId)) throw new NotFoundError('No recording of this lesson.');
  return linkFor(deps, sessionId, { role: 'admin', userId: adminId });
}

/**
 * The recording each of these bookings' families may watch now, with their own view count
 * (the booking lists' "viewed by you 2 times"). Bookings without one are absent.
 */
export async function bookingRecordings(
  db: DbExecutor,
  userId: string,
  bookingIds: readonly string[],
  now: Date,
): Promise<Map<string, { viewCount: number }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      bookingId: bookings.id,
      views: sql<number>`(select count(*)::int from ${recordingViews}
        where ${recordingViews.recordingId} = ${recordings.id}
          and ${recordingViews.viewerUserId} = ${userId})`,
    })
    .from(bookings)
    .innerJoin(recordings, eq(recordings.sessionId, bookings.sessionId))
    .where(
      and(
        inArray(bookings.id, [...bookingIds]),
        eq(bookings.userId, userId),
        inArray(bookings.attendance, [...PRESENT]),
        eq(recordings.status, 'ready'),
        gt(recordings.deleteAfter, now),
      ),
    );
  return new Map(rows.map((r) => [r.bookingId, { viewCount: Number(r.views) }]));
}

/**
 * A family withdrew a pupil's consent: every recording of a session that pupil was present in
 * is due for deletion now (the upkeep job deletes it within minutes, and no link is given from
 * this moment). Future sessions stop recording because the plan no longer finds consent.
 */
export async function withdrawRecordings(
  tx: DbExecutor,
  pupilId: string,
  now: Date,
): Promise<number> {
  const sessions = tx
    .select({ id: bookings.sessionId })
    .from(bookings)
    .where(and(eq(bookings.pupilId, pupilId), inArray(bookings.attendance, [...PRESENT])));
  const due = await tx
    .update(recordings)
    .set({ deleteAfter: now, deleteReason: 'consent-withdrawn' })
    .where(and(inArray(recordings.sessionId, sessions), gt(recordings.deleteAfter, now)))
    .returning({ id: recordings.id });
  return due.length;
}

/**
 * Deletes recordings whose time has come: the file first, then the row (so a failed file
 * delete is tried again next time), each audited. Runs on the app clock (room-upkeep.ts).
 */
export async function deleteDueRecordings(
  deps: Pick<RecordingDeps, 'db' | 'clock' | 'recordingStorage' | 'logger'>,
): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(recordings)
    .where(lte(recordings.deleteAfter, now))
    .limit(100);
  let deleted = 0;
  for (const recording of due) {
    try {
      await deps.recordingStorage.delete(recording.fileKey);
    } catch (error) {
      deps.logger?.error({ err: error, recordingId: recording.id }, 'recording file not deleted');
      continue;
    }
    await deps.db.transaction(async (tx) => {
      const gone = await tx
        .delete(recordings)
        .where(eq(recordings.id, recording.id))
        .returning({ id: recordings.id });
      if (gone.length === 0) return;
      deleted += 1;
      await recordAudit(tx, {
        actorId: null,
        actorRole: 'system',
        subjectUserId: null,
        action: 'recording.delete',
        target: `session:${recording.sessionId}`,
        after: { reason: recording.deleteReason ?? 'retention' },
      });
    });
  }
  return deleted;
}
