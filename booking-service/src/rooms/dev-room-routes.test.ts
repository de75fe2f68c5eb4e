import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedClock } from '@tuition/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../clock.ts';
import type { DbHandle } from '../db/client.ts';
import { localRoomMembers, localRooms } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { openTestDb } from '../testing/test-database.ts';
import { createDevRoomRoutes } from './dev-room-routes.ts';
import { createLocalRoomTwin, type LocalRoomTwin } from './providers/local-room-twin.ts';
import type { RoomGrant } from './room-provider.ts';
import {
  createLocalRecordingFiles,
  type LocalRecordingFiles,
} from './storage/local-recording-files.ts';

const NOW = new Date('2026-11-03T16:45:00Z');
const ROOM = 'session-routes-1';
const KEY = 'recordings/session-routes-1/0b5c9d1e.mp4';
const SIGNING_KEY = 'route-test-signing-key-0123456789';

describe.each(TEST_DB_KINDS)('the local room twin and recording routes on %s', (kind) => {
  let handle: DbHandle;
  let dropDatabase: () => Promise<void>;
  let dir: string;
  let files: LocalRecordingFiles;
  let twin: LocalRoomTwin;
  let routes: ReturnType<typeof createDevRoomRoutes>;
  const clock = settableClock(fixedClock(NOW));

  beforeAll(async () => {
    ({ dbHandle: handle, dropDatabase } = await openTestDb(kind));
    dir = await mkdtemp(path.join(tmpdir(), 'route-recordings-'));
    files = createLocalRecordingFiles({
      dir,
      publicUrl: 'http://localhost:4321',
      signingKey: SIGNING_KEY,
      clock,
    });
    twin = createLocalRoomTwin({
      db: handle.db,
      clock,
      storage: files,
      serverUrl: 'http://localhost:4321/dev/rooms',
      apiKey: 'devkey',
      apiSecret: 'route-test-livekit-secret-0123456789',
    });
    routes = createDevRoomRoutes({ twin, files });
  });
  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    clock.set(NOW);
    await handle.db.delete(localRoomMembers);
    await handle.db.delete(localRooms);
    await twin.ensureRoom(ROOM, { maxParticipants: 1, emptyTimeoutSeconds: 600 });
  });

  const token = async (identity: string, room = ROOM) => {
    const grant: RoomGrant = {
      room,
      identity,
      name: 'Amira K.',
      role: 'pupil',
      expiresAt: new Date(NOW.getTime() + 3600_000),
      now: NOW,
    };
    return (await twin.issueToken(grant)).token;
  };
  const call = (method: 'GET' | 'POST', url: string, bearer?: string) =>
    routes.request(url, {
      method,
      headers: bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` },
    });

  it('joins, lists and leaves with a bearer token, never cached', async () => {
    const pupil = await token('pupil-1');
    const joined = await call('POST', '/dev/rooms/join', pupil);
    expect(joined.status).toBe(200);
    expect(joined.headers.get('cache-control')).toBe('no-store');
    expect(await joined.json()).toEqual({
      room: ROOM,
      identity: 'pupil-1',
      participants: [
        { identity: 'pupil-1', name: 'Amira K.', host: false, joinedAt: NOW.toISOString() },
      ],
    });
    const listed = await call('GET', '/dev/rooms/participants', pupil);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(((await listed.json()) as { participants: unknown[] }).participants).toHaveLength(1);

    const left = await call('POST', '/dev/rooms/leave', pupil);
    expect(left.status).toBe(204);
    expect(left.headers.get('cache-control')).toBe('no-store');
    expect(await twin.listParticipants(ROOM)).toEqual([]);
  });

  it('answers 401 for a token that proves nothing, with the reason as the code', async () => {
    for (const bearer of [undefined, 'not-a-token']) {
      const response = await call('POST', '/dev/rooms/join', bearer);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toMatchObject({ status: 401, code: 'invalid-token' });
    }
  });

  it('answers 403 for a good token the room turns away', async () => {
    const unknown = await call('POST', '/dev/rooms/join', await token('pupil-1', 'session-x'));
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toMatchObject({ status: 403, code: 'no-such-room' });

    await call('POST', '/dev/rooms/join', await token('pupil-1'));
    const full = await call('POST', '/dev/rooms/join', await token('pupil-2'));
    expect(await full.json()).toMatchObject({ status: 403, code: 'room-full' });

    await twin.removeParticipant(ROOM, 'pupil-1');
    const removed = await call('GET', '/dev/rooms/participants', await token('pupil-1'));
    expect(await removed.json()).toMatchObject({ status: 403, code: 'removed' });

    await twin.endRoom(ROOM);
    const ended = await call('POST', '/dev/rooms/join', await token('pupil-2'));
    expect(ended.status).toBe(403);
    expect(ended.headers.get('cache-control')).toBe('no-store');
    expect(await ended.json()).toMatchObject({ status: 403, code: 'room-ended' });
  });

  describe('a recording link', () => {
    const pathOf = (url: string) => {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    };

    it('serves the file until it expires, with no caching and no referrer', async () => {
      await files.write(KEY, 'stand-in');
      const link = pathOf((await files.signedUrl(KEY, 300, NOW)).url);
      const served = await routes.request(link);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/mp4');
      expect(served.headers.get('cache-control')).toBe('no-store');
      expect(served.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await served.text()).toBe('stand-in');

      clock.set(new Date(NOW.getTime() + 300_000));
      const expired = await routes.request(link);
      expect(expired.status).toBe(403);
      expect(expired.headers.get('cache-control')).toBe('no-store');
      expect(expired.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it('refuses a tampered link and answers 404 once the file is gone', async () => {
      await files.write(KEY, 'stand-in');
      const link = new URL((await files.signedUrl(KEY, 300, NOW)).url);
      const other = new URL(link);
      other.pathname = '/dev/recordings/recordings/session-routes-1/other.mp4';
      expect((await routes.request(pathOf(other.href))).status).toBe(403);
      const later = new URL(link);
      later.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 600));
      expect((await routes.request(pathOf(later.href))).status).toBe(403);
      const unsigned = new URL(link);
      unsigned.searchParams.delete('signature');
      expect((await routes.request(pathOf(unsigned.href))).status).toBe(403);

      // Even a correctly signed link may not leave the recordings folder.
      const escaping = '..%2F..%2Fetc%2Fpasswd';
      const expires = String(Math.floor(NOW.getTime() / 1000) + 60);
      const signature = createHmac('sha256', SIGNING_KEY)
        .update(`${escaping}\n${expires}`)
        .digest('hex');
      const signedEscape = `/dev/recordings/${escaping}?expires=${expires}&signature=${signature}`;
      expect((await routes.request(signedEscape)).status).toBe(403);

      await files.delete(KEY);
      const gone = await routes.request(pathOf(link.href));
      expect(gone.status).toBe(404);
      expect(gone.headers.get('cache-control')).toBe('no-store');
    });
  });
});
