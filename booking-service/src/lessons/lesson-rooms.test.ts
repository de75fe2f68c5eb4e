import { fixedClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock, type SettableClock } from '../clock.ts';
import { auditEntries, bookings, sessionRooms } from '../db/schema.ts';
import { insertBooking, insertSession } from '../testing/admin-fixtures.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { leadClass, signedInTutor } from '../testing/tutor-fixtures.ts';
import { keepRooms } from './room-upkeep.ts';

/*
 * The lesson room (docs/decisions/098): the tutor first, entry per pupil inside the window,
 * claims that name one room and one person by first name and initial, cancelled bookings and
 * ended rooms refused by the local twin, which keeps LiveKit's rules.
 */

// Tuesday 3 November 2026, 9 am London; the lesson is Tuesday 10 November, 7 pm.
const NOW = '2026-11-03T09:00:00Z';
const SLOT = { service: 'gcse-higher', day: 'tue', startTime: '19:00' } as const;
const MINUTE = 60_000;

interface Family extends TestUser {
  pupils: { id: string; name: string; bookingId: string }[];
}

interface JoinBody {
  state: string;
  room: { provider: string; serverUrl: string; token: string; expiresAt: string } | null;
  recorded: boolean;
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** The claims of a JWT, read without verifying (the twin verifies). */
function claims(token: string): Record<string, unknown> & { video?: Record<string, unknown> } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

describe.each(TEST_DB_KINDS)('lesson rooms on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let lead: TestUser & { tutorId: string };
  let stranger: TestUser & { tutorId: string };
  let lesson: { id: string; startsAt: Date };
  let patels: Family;
  let khans: Family;

  async function family(name: string, pupilNames: string[]): Promise<Family> {
    const account = await signedInUser(t, { name });
    const pupils = [];
    for (const pupilName of pupilNames) {
      const id = await insertPupil(t.deps.db, {
        userId: account.id,
        name: pupilName,
        yearGroup: 'y10',
      });
      const bookingId = await insertBooking(t.deps.db, {
        userId: account.id,
        sessionId: lesson.id,
        pupilId: id,
      });
      pupils.push({ id, name: pupilName, bookingId });
    }
    return { ...account, pupils };
  }

  const join = (f: Family, bookingId: string) =>
    api(t, `/api/me/bookings/${bookingId}/join`, { cookie: f.cookie });
  const enter = (token: string, path = 'join') =>
    api(t, `/dev/rooms/${path}`, {
      method: path === 'participants' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    lead = await signedInTutor(t, { name: 'Ada Lovelace' });
    stranger = await signedInTutor(t, { name: 'Charles Babbage' });
    await leadClass(t, lead.tutorId, SLOT);
    lesson = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-11-10',
      time: '19:00',
    });
    patels = await family('Priya Patel', ['Maya Patel', 'Leo Patel']);
    khans = await family('Omar Khan', ['Zara Khan']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps everyone out before the window and pupils in the lobby until the tutor opens', async () => {
    clock.set(new Date(lesson.startsAt.getTime() - 20 * MINUTE));
    const early = await api(t, `/api/tutor/sessions/${lesson.id}/room`, {
      cookie: lead.cookie,
      method: 'POST',
    });
    expect(early.status).toBe(409);
    expect((await json<{ code: string }>(early)).code).toBe('too-early');
    const maya = patels.pupils[0]!;
    expect((await json<JoinBody>(await join(patels, maya.bookingId))).state).toBe('too-early');

    clock.set(new Date(lesson.startsAt.getTime() - 10 * MINUTE));
    const lobby = await json<JoinBody>(await join(patels, maya.bookingId));
    expect(lobby).toMatchObject({ state: 'waiting-for-tutor', room: null });
    // The tutor's own view says the room is ready, and mints nothing.
    const view = await api(t, `/api/tutor/sessions/${lesson.id}/room`, { cookie: lead.cookie });
    expect(await json(view)).toMatchObject({ state: 'ready', provider: 'local', room: null });
    // A tutor who does not teach the session cannot see or open it.
    const other = await api(t, `/api/tutor/sessions/${lesson.id}/room`, {
      cookie: stranger.cookie,
      method: 'POST',
    });
    expect(other.status).toBe(404);
    // A family cannot open the room.
    const family = await api(t, `/api/tutor/sessions/${lesson.id}/room`, {
      cookie: patels.cookie,
      method: 'POST',
    });
    expect(family.status).toBe(403);
  });

  it('gives the tutor a host entry, then each pupil their own, for this room only', async () => {
    clock.set(new Date(lesson.startsAt.getTime() - 10 * MINUTE));
    const opened = await api(t, `/api/tutor/sessions/${lesson.id}/room`, {
      cookie: lead.cookie,
      method: 'POST',
    });
    expect(opened.status).toBe(200);
    const host = await json<{ state: string; room: { token: string; expiresAt: string } }>(opened);
    expect(host.state).toBe('open');
    const hostClaims = claims(host.room.token);
    expect(hostClaims.sub).toBe(`tutor-${lead.tutorId}`);
    expect(hostClaims.name).toBe('Ada L.');
    expect(hostClaims.video).toMatchObject({
      room: `session-${lesson.id}`,
      roomJoin: true,
      roomAdmin: true,
    });
    // No later than 5 minutes after the end.
    const end = lesson.startsAt.getTime() + 60 * MINUTE;
    expect(new Date(host.room.expiresAt).getTime()).toBe(end + 5 * MINUTE);
    const lifetime = Number(hostClaims.exp) - Number(hostClaims.nbf);
    expect(lifetime).toBeLessThanOrEqual((end + 5 * MINUTE - clock.now().getTime()) / 1000 + 1);

    const [maya, leo] = patels.pupils;
    const mayaJoin = await json<JoinBody>(await join(patels, maya!.bookingId));
    const leoJoin = await json<JoinBody>(await join(patels, leo!.bookingId));
    expect(mayaJoin.state).toBe('open');
    const pupil = claims(mayaJoin.room!.token);
    expect(pupil.sub).toBe(`pupil-${maya!.bookingId}`);
    expect(pupil.name).toBe('Maya P.');
    expect(pupil.video).toMatchObject({
      room: `session-${lesson.id}`,
      roomJoin: true,
      canPublishData: false,
      canPublishSources: ['camera', 'microphone'],
    });
    expect(pupil.video?.roomAdmin).not.toBe(true);
    // Nothing that identifies the family beyond the display name.
    const text = JSON.stringify(pupil);
    expect(text).not.toContain(patels.email);
    expect(text).not.toContain('Patel');
    expect(text).not.toContain(patels.id);
    // Siblings are two people.
    expect(claims(leoJoin.room!.token).sub).toBe(`pupil-${leo!.bookingId}`);

    // The twin admits them and lists the tutor and both pupils by display name.
    expect((await enter(host.room.token)).status).toBe(200);
    expect((await enter(mayaJoin.room!.token)).status).toBe(200);
    const inRoom = await json<{ participants: { name: string; host: boolean }[] }>(
      await enter(leoJoin.room!.token),
    );
    expect(inRoom.participants.map((p) => p.name).sort()).toEqual(['Ada L.', 'Leo P.', 'Maya P.']);
    expect(inRoom.participants.find((p) => p.host)?.name).toBe('Ada L.');

    // Another account's booking stays 404.
    expect((await join(khans, maya!.bookingId)).status).toBe(404);
    // A token that is not the service's is refused.
    const forged = `${mayaJoin.room!.token.slice(0, -4)}AAAA`;
    expect((await enter(forged)).status).toBe(401);
  });

  it('refuses a cancelled booking in the room, and everyone once the tutor ends it', async () => {
    clock.set(new Date(lesson.startsAt.getTime() + 5 * MINUTE));
    const zara = khans.pupils[0]!;
    const zaraJoin = await json<JoinBody>(await join(khans, zara.bookingId));
    const mayaJoin = await json<JoinBody>(await join(patels, patels.pupils[0]!.bookingId));
    expect((await enter(zaraJoin.room!.token)).status).toBe(200);

    await t.deps.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, zara.bookingId));
    await keepRooms({ ...t.deps, logger: t.deps.logger });
    const refused = await enter(zaraJoin.room!.token);
    expect(refused.status).toBe(403);
    expect((await json<{ code: string }>(refused)).code).toBe('removed');
    expect((await json<JoinBody>(await join(khans, zara.bookingId))).state).toBe('not-active');
    // Others stay.
    expect((await enter(mayaJoin.room!.token, 'participants')).status).toBe(200);

    const ended = await api(t, `/api/tutor/sessions/${lesson.id}/room/end`, {
      cookie: lead.cookie,
      method: 'POST',
    });
    expect(ended.status).toBe(200);
    expect((await json<{ state: string }>(ended)).state).toBe('ended');
    const after = await enter(mayaJoin.room!.token);
    expect(after.status).toBe(403);
    expect((await json<{ code: string }>(after)).code).toBe('room-ended');
    expect((await json<JoinBody>(await join(patels, patels.pupils[0]!.bookingId))).state).toBe(
      'ended',
    );
    const reopen = await api(t, `/api/tutor/sessions/${lesson.id}/room`, {
      cookie: lead.cookie,
      method: 'POST',
    });
    expect((await json<{ code: string }>(reopen)).code).toBe('room-ended');
    const trail = await t.deps.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.target, `session:${lesson.id}`));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['room.open', 'room.end']));
  });

  it("ends a room left open at the lesson's end", async () => {
    const next = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-11-17',
      time: '19:00',
    });
    await insertBooking(t.deps.db, {
      userId: patels.id,
      sessionId: next.id,
      pupilId: patels.pupils[0]!.id,
    });
    clock.set(new Date(next.startsAt.getTime() - 5 * MINUTE));
    const opened = await api(t, `/api/tutor/sessions/${next.id}/room`, {
      cookie: lead.cookie,
      method: 'POST',
    });
    const host = await json<{ room: { token: string } }>(opened);
    clock.set(new Date(next.startsAt.getTime() + 64 * MINUTE));
    await keepRooms({ ...t.deps, logger: t.deps.logger });
    expect((await enter(host.room.token)).status).toBe(200);
    clock.set(new Date(next.startsAt.getTime() + 65 * MINUTE));
    await keepRooms({ ...t.deps, logger: t.deps.logger });
    expect((await enter(host.room.token)).status).toBe(403);
    const [row] = await t.deps.db
      .select()
      .from(sessionRooms)
      .where(eq(sessionRooms.sessionId, next.id));
    expect(row?.endedAt).not.toBeNull();
  });

  it('refuses a webhook that is not signed with the room key', async () => {
    const response = await t.app.request('/api/rooms/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/webhook+json', authorization: 'Bearer nope' },
      body: JSON.stringify({ event: 'egress_ended', id: 'EV_1' }),
    });
    expect(response.status).toBe(400);
  });
});
