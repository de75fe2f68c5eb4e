import { fixedClock } from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock, type SettableClock } from '../clock.ts';
import {
  auditEntries,
  bookings,
  localRecordings,
  pupils,
  recordings,
  recordingViews,
  weeklyClasses,
} from '../db/schema.ts';
import type { RoomProvider } from '../rooms/room-provider.ts';
import { insertBooking, insertSession } from '../testing/admin-fixtures.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { leadClass, signedInTutor } from '../testing/tutor-fixtures.ts';
import { keepRooms } from './room-upkeep.ts';

/*
 * Recordings (docs/decisions/099): only when the class records and every family consented; a
 * 5-minute link for a present pupil's family, the tutor and admins, each view counted; deleted
 * on schedule, or at once when consent is withdrawn. And rooms when the provider fails (098).
 */

// Tuesday 3 November 2026, 9 am London; lessons on Tuesdays at 7 pm.
const NOW = '2026-11-03T09:00:00Z';
const SLOT = { service: 'gcse-higher', day: 'tue', startTime: '19:00' } as const;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Family extends TestUser {
  pupilId: string;
}

interface Link {
  url: string;
  expiresAt: string;
  viewCount: number;
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

describe.each(TEST_DB_KINDS)('lesson recordings on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let admin: TestUser;
  let lead: TestUser & { tutorId: string };
  let stranger: TestUser & { tutorId: string };
  let classId: string;
  let patels: Family;
  let khans: Family;

  async function family(name: string, pupilName: string): Promise<Family> {
    const account = await signedInUser(t, { name });
    const pupilId = await insertPupil(t.deps.db, {
      userId: account.id,
      name: pupilName,
      yearGroup: 'y10',
    });
    return { ...account, pupilId };
  }

  async function lessonOn(date: string) {
    const session = await insertSession(t.deps.db, { service: 'gcse-higher', date, time: '19:00' });
    const maya = await insertBooking(t.deps.db, {
      userId: patels.id,
      sessionId: session.id,
      pupilId: patels.pupilId,
    });
    const zara = await insertBooking(t.deps.db, {
      userId: khans.id,
      sessionId: session.id,
      pupilId: khans.pupilId,
    });
    return { ...session, maya, zara };
  }

  const consent = (f: Family, recordingConsent: boolean) =>
    api(t, `/api/me/pupils/${f.pupilId}`, {
      cookie: f.cookie,
      method: 'PATCH',
      body: { recordingConsent },
    });
  const tutorCall = (sessionId: string, path: string, method = 'GET', who = lead) =>
    api(t, `/api/tutor/sessions/${sessionId}/${path}`, { cookie: who.cookie, method });

  /** The tutor opens and ends the lesson; the twin's recording webhook has arrived after. */
  async function teach(session: { id: string; startsAt: Date }) {
    clock.set(new Date(session.startsAt.getTime() - 5 * MINUTE));
    expect((await tutorCall(session.id, 'room', 'POST')).status).toBe(200);
    clock.set(new Date(session.startsAt.getTime() + 55 * MINUTE));
    expect((await tutorCall(session.id, 'room/end', 'POST')).status).toBe(200);
    await t.deps.roomTwin?.webhooksDelivered();
  }

  async function mark(sessionId: string, f: Family, status: 'present' | 'absent') {
    const response = await api(t, `/api/tutor/sessions/${sessionId}/attendance`, {
      cookie: lead.cookie,
      method: 'PUT',
      body: { pupilId: f.pupilId, status },
    });
    expect(response.status).toBe(200);
  }

  const fetchFile = (url: string) => t.app.request(new URL(url).pathname + new URL(url).search);

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    lead = await signedInTutor(t, { name: 'Ada Lovelace' });
    stranger = await signedInTutor(t, { name: 'Charles Babbage' });
    classId = await leadClass(t, lead.tutorId, SLOT);
    patels = await family('Priya Patel', 'Maya Patel');
    khans = await family('Omar Khan', 'Zara Khan');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records only a recording class, and only once every family consented', async () => {
    const lesson = await lessonOn('2026-11-10');
    const off = await json<{ recording: unknown }>(await tutorCall(lesson.id, 'room'));
    expect(off.recording).toEqual({ state: 'off', missingConsents: 0 });

    const set = await api(t, `/api/admin/classes/${classId}/recording`, {
      cookie: admin.cookie,
      method: 'PUT',
      body: { record: true },
    });
    expect(set.status).toBe(200);
    expect(await json(set)).toMatchObject({ id: classId, recordLessons: true });
    const bad = await api(t, `/api/admin/classes/${classId}/recording`, {
      cookie: admin.cookie,
      method: 'PUT',
      body: { record: 'yes' },
    });
    expect(bad.status).toBe(400);

    const blocked = await json<{ recording: unknown }>(await tutorCall(lesson.id, 'room'));
    expect(blocked.recording).toEqual({ state: 'blocked', missingConsents: 2 });
    const given = await consent(patels, true);
    expect(await json(given)).toMatchObject({ recordingConsent: true });
    expect(
      (await json<{ recording: unknown }>(await tutorCall(lesson.id, 'room'))).recording,
    ).toEqual({ state: 'blocked', missingConsents: 1 });
    // One family short: the lesson is taught unrecorded.
    clock.set(new Date(lesson.startsAt.getTime() - 5 * MINUTE));
    expect((await tutorCall(lesson.id, 'room', 'POST')).status).toBe(200);
    const join = await api(t, `/api/me/bookings/${lesson.maya}/join`, { cookie: patels.cookie });
    expect(await json(join)).toMatchObject({ state: 'open', recorded: false });
    const none = await t.deps.db
      .select()
      .from(recordings)
      .where(eq(recordings.sessionId, lesson.id));
    expect(none).toHaveLength(0);
  });

  it('lets a present pupil’s family, the tutor and staff watch, for five minutes a link', async () => {
    await consent(khans, true);
    const lesson = await lessonOn('2026-11-17');
    clock.set(new Date(lesson.startsAt.getTime() - 5 * MINUTE));
    const room = await json<{ recording: unknown }>(await tutorCall(lesson.id, 'room', 'POST'));
    expect(room.recording).toEqual({ state: 'on', missingConsents: 0 });
    const join = await api(t, `/api/me/bookings/${lesson.maya}/join`, { cookie: patels.cookie });
    expect(await json(join)).toMatchObject({ state: 'open', recorded: true });
    await teach(lesson);
    await mark(lesson.id, patels, 'present');
    await mark(lesson.id, khans, 'absent');

    const first = await api(t, `/api/me/bookings/${lesson.maya}/recording`, {
      cookie: patels.cookie,
    });
    expect(first.status).toBe(200);
    const link = await json<Link>(first);
    expect(link.viewCount).toBe(1);
    expect(new Date(link.expiresAt).getTime() - clock.now().getTime()).toBeLessThanOrEqual(
      5 * MINUTE,
    );
    const file = await fetchFile(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toContain('no-store');
    const again = await json<Link>(
      await api(t, `/api/me/bookings/${lesson.maya}/recording`, { cookie: patels.cookie }),
    );
    expect(again.viewCount).toBe(2);
    const previous = await json<{ id: string; recording: unknown }[]>(
      await api(t, '/api/me/bookings?scope=previous', { cookie: patels.cookie }),
    );
    expect(previous.find((b) => b.id === lesson.maya)?.recording).toEqual({ viewCount: 2 });

    // The absent pupil's family, another family and a stranger tutor: as if there were none.
    const absent = await api(t, `/api/me/bookings/${lesson.zara}/recording`, {
      cookie: khans.cookie,
    });
    expect(absent.status).toBe(404);
    const khanPrevious = await json<{ id: string; recording: unknown }[]>(
      await api(t, '/api/me/bookings?scope=previous', { cookie: khans.cookie }),
    );
    expect(khanPrevious.find((b) => b.id === lesson.zara)?.recording).toBeNull();
    const other = await api(t, `/api/me/bookings/${lesson.maya}/recording`, {
      cookie: khans.cookie,
    });
    expect(other.status).toBe(404);
    expect((await tutorCall(lesson.id, 'recording', 'GET', stranger)).status).toBe(404);
    expect((await tutorCall(lesson.id, 'recording')).status).toBe(200);
    const staff = await api(t, `/api/admin/sessions/${lesson.id}/recording`, {
      cookie: admin.cookie,
    });
    expect(staff.status).toBe(200);
    const notStaff = await api(t, `/api/admin/sessions/${lesson.id}/recording`, {
      cookie: patels.cookie,
    });
    expect(notStaff.status).toBe(403);

    // Six minutes on, the link is refused; a tampered one never worked.
    const tampered = link.url.replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await fetchFile(tampered)).status).toBe(403);
    clock.set(new Date(clock.now().getTime() + 6 * MINUTE));
    expect((await fetchFile(link.url)).status).toBe(403);

    const views = await t.deps.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.target, `session:${lesson.id}`),
          eq(auditEntries.action, 'recording.view'),
        ),
      );
    expect(views).toHaveLength(4);

    // The family's export lists its views (a view goes with its recording).
    const exported = await json<{ recordingViews: { sessionId: string }[] }>(
      await api(t, '/api/me/export', { cookie: patels.cookie }),
    );
    expect(exported.recordingViews.filter((v) => v.sessionId === lesson.id)).toHaveLength(2);

    // Kept 30 days after the lesson (the site setting's default), then deleted, file and row.
    const [row] = await t.deps.db
      .select()
      .from(recordings)
      .where(eq(recordings.sessionId, lesson.id));
    expect(await t.deps.recordingStorage.exists(row!.fileKey)).toBe(true);
    clock.set(new Date(lesson.startsAt.getTime() + 60 * MINUTE + 30 * DAY - MINUTE));
    await keepRooms({ ...t.deps });
    expect(await t.deps.recordingStorage.exists(row!.fileKey)).toBe(true);
    clock.set(new Date(lesson.startsAt.getTime() + 60 * MINUTE + 30 * DAY));
    await keepRooms({ ...t.deps });
    expect(await t.deps.recordingStorage.exists(row!.fileKey)).toBe(false);
    const gone = await api(t, `/api/me/bookings/${lesson.maya}/recording`, {
      cookie: patels.cookie,
    });
    expect(gone.status).toBe(404);
    const deleted = await t.deps.db
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.target, `session:${lesson.id}`),
          eq(auditEntries.action, 'recording.delete'),
        ),
      );
    expect(deleted).toEqual([{ after: { reason: 'retention' } }]);
  });

  it('starts one recording when the tutor’s start arrives twice at once', async () => {
    const lesson = await lessonOn('2026-12-01');
    clock.set(new Date(lesson.startsAt.getTime() - 5 * MINUTE));
    const both = await Promise.all([
      tutorCall(lesson.id, 'room', 'POST'),
      tutorCall(lesson.id, 'room', 'POST'),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.deps.db
      .select()
      .from(recordings)
      .where(eq(recordings.sessionId, lesson.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.providerRecordingId).toMatch(/^EG_/);
    const started = await t.deps.db
      .select()
      .from(localRecordings)
      .where(eq(localRecordings.room, `session-${lesson.id}`));
    expect(started).toHaveLength(1);
    await teach(lesson);
    const [done] = await t.deps.db
      .select()
      .from(recordings)
      .where(eq(recordings.sessionId, lesson.id));
    expect(done?.status).toBe('ready');
  });

  it('deletes what a pupil was in when the family withdraws, and records no more', async () => {
    const lesson = await lessonOn('2026-12-22');
    await teach(lesson);
    await mark(lesson.id, patels, 'present');
    const [row] = await t.deps.db
      .select()
      .from(recordings)
      .where(eq(recordings.sessionId, lesson.id));
    expect(row?.status).toBe('ready');

    const withdrawn = await consent(patels, false);
    expect(await json(withdrawn)).toMatchObject({
      recordingConsent: false,
      recordingConsentAt: null,
    });
    // No link from this moment, for anyone.
    const asFamily = await api(t, `/api/me/bookings/${lesson.maya}/recording`, {
      cookie: patels.cookie,
    });
    expect(asFamily.status).toBe(404);
    expect((await tutorCall(lesson.id, 'recording')).status).toBe(404);
    await keepRooms({ ...t.deps });
    expect(await t.deps.recordingStorage.exists(row!.fileKey)).toBe(false);

    const next = await lessonOn('2026-12-29');
    const plan = await json<{ recording: unknown }>(await tutorCall(next.id, 'room'));
    expect(plan.recording).toEqual({ state: 'blocked', missingConsents: 1 });

    // The export shows the consent as it stands.
    const exported = await json<{ pupils: { id: string; recordingConsentAt: string | null }[] }>(
      await api(t, '/api/me/export', { cookie: patels.cookie }),
    );
    expect(exported.pupils.find((p) => p.id === patels.pupilId)?.recordingConsentAt).toBeNull();
  });

  it('ends a deleted account’s consents and views, and the recordings its pupil was in', async () => {
    // The lesson recorded while both families consented; Zara was there.
    const [lesson] = await t.deps.db
      .select({ sessionId: recordings.sessionId, startedAt: recordings.startedAt })
      .from(recordings)
      .where(eq(recordings.status, 'ready'));
    const sessionId = lesson!.sessionId;
    clock.set(new Date(lesson!.startedAt.getTime() + 2 * 60 * MINUTE));
    await mark(sessionId, khans, 'present');
    const [zaraBooking] = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.sessionId, sessionId), eq(bookings.pupilId, khans.pupilId)));
    const watched = await api(t, `/api/me/bookings/${zaraBooking!.id}/recording`, {
      cookie: khans.cookie,
    });
    expect(watched.status).toBe(200);

    const deleted = await api(t, '/api/me', {
      cookie: khans.cookie,
      method: 'DELETE',
      body: { password: khans.password },
    });
    expect(deleted.status).toBeLessThan(300);
    const views = await t.deps.db
      .select()
      .from(recordingViews)
      .where(eq(recordingViews.viewerUserId, khans.id));
    expect(views).toHaveLength(0);
    const [pupil] = await t.deps.db.select().from(pupils).where(eq(pupils.id, khans.pupilId));
    expect(pupil?.recordingConsentAt ?? null).toBeNull();
    expect((await tutorCall(sessionId, 'recording')).status).toBe(404);
  });
});

describe.each(TEST_DB_KINDS)('lesson rooms when the provider fails, on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('retries with backoff, then uses the standing link and tells the admins once', async () => {
    const admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const tutor = await signedInTutor(t, { name: 'Ada Lovelace' });
    const classRow = await leadClass(t, tutor.tutorId, SLOT);
    await t.deps.db
      .update(weeklyClasses)
      .set({ meetingUrl: 'https://meet.example.com/gcse-tuesday' })
      .where(eq(weeklyClasses.id, classRow));
    const parent = await signedInUser(t, { name: 'Priya Patel' });
    const lesson = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-11-10',
      time: '19:00',
    });
    const bookingId = await insertBooking(t.deps.db, { userId: parent.id, sessionId: lesson.id });

    const roomMail = async () =>
      (await mailTo(t, admin.email)).filter((m) => m.subject.includes('Lesson room'));
    const twin = t.deps.rooms!;
    let calls = 0;
    const failing: RoomProvider = {
      ...twin,
      kind: twin.kind,
      serverUrl: twin.serverUrl,
      ensureRoom: async () => {
        calls += 1;
        throw new Error('provider unreachable (test)');
      },
    };
    t.deps.rooms = failing;
    try {
      const at = (minutesBefore: number) =>
        clock.set(new Date(lesson.startsAt.getTime() - minutesBefore * MINUTE));
      at(180);
      await keepRooms({ ...t.deps });
      expect(calls).toBe(1);
      // Backoff: not again within the minute.
      await keepRooms({ ...t.deps });
      expect(calls).toBe(1);
      expect(await roomMail()).toHaveLength(0);
      at(120);
      await keepRooms({ ...t.deps });
      at(100);
      await keepRooms({ ...t.deps });
      const mails = await roomMail();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('Lesson room not available');
      expect(mails[0]?.text).toContain('provider unreachable (test)');

      // Families reach the class's standing link with no error.
      at(10);
      const join = await api(t, `/api/me/bookings/${bookingId}/join`, { cookie: parent.cookie });
      expect(await json(join)).toMatchObject({ state: 'open', room: null });
      const page = await api(t, `/join/${bookingId}`, { cookie: parent.cookie });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe('https://meet.example.com/gcse-tuesday');
    } finally {
      t.deps.rooms = twin;
    }
  });
});
