import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedClock } from '@tuition/domain';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../clock.ts';
import type { DbHandle } from '../../db/client.ts';
import { localRecordings, localRoomMembers, localRooms } from '../../db/schema.ts';
import { TEST_DB_KINDS } from '../../testing/database-kinds.ts';
import { openTestDb } from '../../testing/test-database.ts';
import { describeRoomProviderConformance } from '../room-provider.conformance.ts';
import { type RoomGrant, RoomProviderError } from '../room-provider.ts';
import {
  createLocalRecordingFiles,
  type LocalRecordingFiles,
} from '../storage/local-recording-files.ts';
import {
  createLocalRoomTwin,
  type LocalRoomTwin,
  RoomEntryRefused,
  type RoomEntryRefusal,
} from './local-room-twin.ts';

const KEY = { apiKey: 'devkey', apiSecret: 'twin-test-secret-0123456789-abcdefghij' };
const START = new Date('2026-11-03T16:45:00Z');
const ROOM = 'session-twin-1';

describe.each(TEST_DB_KINDS)('the local room twin on %s', (kind) => {
  let handle: DbHandle;
  let dropDatabase: () => Promise<void>;
  let dir: string;
  let files: LocalRecordingFiles;
  const clock = settableClock(fixedClock(START));

  const makeTwin = (key = KEY): LocalRoomTwin =>
    createLocalRoomTwin({
      db: handle.db,
      clock,
      storage: files,
      serverUrl: 'http://localhost:4321/dev/rooms',
      ...key,
      webhookRetryDelaysMs: [],
    });

  beforeAll(async () => {
    ({ dbHandle: handle, dropDatabase } = await openTestDb(kind));
    dir = await mkdtemp(path.join(tmpdir(), 'twin-recordings-'));
    files = createLocalRecordingFiles({
      dir,
      publicUrl: 'http://localhost:4321',
      signingKey: 'k'.repeat(64),
      clock,
    });
  });
  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    clock.set(START);
    await handle.db.delete(localRoomMembers);
    await handle.db.delete(localRooms);
    await handle.db.delete(localRecordings);
  });

  describeRoomProviderConformance(`the local room twin on ${kind}`, async () => ({
    provider: makeTwin(),
    ...KEY,
  }));

  const grant = (identity: string, role: RoomGrant['role'] = 'pupil', room = ROOM): RoomGrant => ({
    room,
    identity,
    name: `${identity} name`,
    role,
    expiresAt: new Date(clock.now().getTime() + 60 * 60_000),
    now: clock.now(),
  });
  const tokenFor = async (twin: LocalRoomTwin, g: RoomGrant) => (await twin.issueToken(g)).token;
  const refusal = async (attempt: Promise<unknown>): Promise<RoomEntryRefusal | 'none'> => {
    try {
      await attempt;
      return 'none';
    } catch (error) {
      if (error instanceof RoomEntryRefused) return error.reason;
      throw error;
    }
  };
  const open = (twin: LocalRoomTwin, maxParticipants = 10) =>
    twin.ensureRoom(ROOM, { maxParticipants, emptyTimeoutSeconds: 600 });

  it('lets a good token in and lists the person, the host as host', async () => {
    const twin = makeTwin();
    await open(twin);
    const tutor = await tokenFor(twin, grant('tutor-1', 'host'));
    const pupil = await tokenFor(twin, grant('pupil-1'));
    await twin.join(tutor);
    clock.set(new Date(START.getTime() + 5_000));
    const presence = await twin.join(pupil);
    expect(presence).toEqual({
      room: ROOM,
      identity: 'pupil-1',
      participants: [
        {
          identity: 'tutor-1',
          name: 'tutor-1 name',
          host: true,
          joinedAt: START.toISOString(),
        },
        {
          identity: 'pupil-1',
          name: 'pupil-1 name',
          host: false,
          joinedAt: new Date(START.getTime() + 5_000).toISOString(),
        },
      ],
    });
    expect(await twin.listParticipants(ROOM)).toEqual(presence.participants);
  });

  it('refuses a token for another room, from another key, or expired', async () => {
    const twin = makeTwin();
    await open(twin);
    const elsewhere = await tokenFor(twin, grant('pupil-1', 'pupil', 'session-unknown'));
    expect(await refusal(twin.join(elsewhere))).toBe('no-such-room');

    const otherKey = makeTwin({
      apiKey: 'devkey',
      apiSecret: 'another-secret-0123456789-abcdefghij',
    });
    expect(await refusal(twin.join(await tokenFor(otherKey, grant('pupil-1'))))).toBe(
      'invalid-token',
    );
    expect(await refusal(twin.join('not.a.token'))).toBe('invalid-token');

    // The SDK's own token, expired a minute ago (beyond the verifier's 10 s of tolerance).
    const expired = new AccessToken(KEY.apiKey, KEY.apiSecret, {
      identity: 'pupil-1',
      ttl: '60s ago',
    });
    expired.addGrant({ room: ROOM, roomJoin: true });
    expect(await refusal(twin.join(await expired.toJwt()))).toBe('expired');
    expect(await refusal(twin.seen(await expired.toJwt()))).toBe('expired');

    // Signed by the right key but granting no entry to a room.
    const noJoin = new AccessToken(KEY.apiKey, KEY.apiSecret, { identity: 'pupil-1', ttl: 60 });
    noJoin.addGrant({ room: ROOM, roomList: true });
    expect(await refusal(twin.join(await noJoin.toJwt()))).toBe('invalid-token');
    expect(await twin.listParticipants(ROOM)).toEqual([]);
  });

  it('ends a room: everyone leaves and tokens are refused until it is ensured again', async () => {
    const twin = makeTwin();
    await open(twin);
    const pupil = await tokenFor(twin, grant('pupil-1'));
    await twin.join(pupil);
    await twin.endRoom(ROOM);
    expect(await twin.listParticipants(ROOM)).toEqual([]);
    expect(await refusal(twin.join(pupil))).toBe('room-ended');
    expect(await refusal(twin.seen(pupil))).toBe('room-ended');

    await open(twin);
    expect(await refusal(twin.join(pupil))).toBe('none');
    expect((await twin.listParticipants(ROOM)).map((m) => m.identity)).toEqual(['pupil-1']);
    // Ending a room the twin never had is harmless.
    await expect(twin.endRoom('session-never')).resolves.toBeUndefined();
  });

  it('refuses a removed identity from then on, and only that one', async () => {
    const twin = makeTwin();
    await open(twin);
    const removed = await tokenFor(twin, grant('pupil-1'));
    const staying = await tokenFor(twin, grant('pupil-2'));
    await twin.join(removed);
    await twin.join(staying);
    await twin.removeParticipant(ROOM, 'pupil-1');
    expect((await twin.listParticipants(ROOM)).map((m) => m.identity)).toEqual(['pupil-2']);
    expect(await refusal(twin.seen(removed))).toBe('removed');
    expect(await refusal(twin.join(removed))).toBe('removed');
    // A fresh token for the same identity is refused too; so after the room is reopened.
    expect(await refusal(twin.join(await tokenFor(twin, grant('pupil-1'))))).toBe('removed');
    await twin.endRoom(ROOM);
    await open(twin);
    expect(await refusal(twin.join(removed))).toBe('removed');
    expect(await refusal(twin.join(staying))).toBe('none');
    // Removing someone who never came, or from an unknown room, is harmless.
    await twin.removeParticipant(ROOM, 'pupil-9');
    expect(await refusal(twin.join(await tokenFor(twin, grant('pupil-9'))))).toBe('removed');
    await expect(twin.removeParticipant('session-never', 'pupil-1')).resolves.toBeUndefined();
  });

  it('refuses one more than the room holds; the same identity again takes no extra place', async () => {
    const twin = makeTwin();
    await open(twin, 2);
    const first = await tokenFor(twin, grant('tutor-1', 'host'));
    await twin.join(first);
    await twin.join(await tokenFor(twin, grant('pupil-1')));
    expect(await refusal(twin.join(await tokenFor(twin, grant('pupil-2'))))).toBe('room-full');
    // Joining again (a second tab, a reconnect) replaces the earlier entry.
    clock.set(new Date(START.getTime() + 30_000));
    const again = await twin.join(first);
    expect(again.participants.map((m) => [m.identity, m.joinedAt])).toEqual([
      ['pupil-1', START.toISOString()],
      ['tutor-1', new Date(START.getTime() + 30_000).toISOString()],
    ]);
    // Someone leaving frees their place.
    await twin.leave(first);
    expect(await refusal(twin.join(await tokenFor(twin, grant('pupil-2'))))).toBe('none');
  });

  it('drops a member not seen for 60 s of the app clock; polling keeps one present', async () => {
    const twin = makeTwin();
    await open(twin, 2);
    const polling = await tokenFor(twin, grant('pupil-1'));
    const silent = await tokenFor(twin, grant('pupil-2'));
    await twin.join(polling);
    await twin.join(silent);
    clock.set(new Date(START.getTime() + 45_000));
    await twin.seen(polling);
    clock.set(new Date(START.getTime() + 61_000));
    const presence = await twin.seen(polling);
    expect(presence.participants.map((m) => m.identity)).toEqual(['pupil-1']);
    // A dropped member's poll does not bring them back: they join again, if there is room.
    expect((await twin.seen(silent)).participants.map((m) => m.identity)).toEqual(['pupil-1']);
    expect(await refusal(twin.join(await tokenFor(twin, grant('pupil-3'))))).toBe('none');
    expect(await refusal(twin.join(silent))).toBe('room-full');
  });

  it('records into a stand-in file and announces it with a webhook it verifies', async () => {
    const twin = makeTwin();
    const delivered: Array<{ body: string; authorization: string }> = [];
    twin.deliverWebhooksTo(async (body, authorization) => {
      delivered.push({ body, authorization });
    });
    await open(twin);
    const fileKey = 'recordings/session-twin-1/0b5c9d1e.mp4';
    const { recordingId } = await twin.startRecording(ROOM, fileKey);
    expect(recordingId).toMatch(/^EG_[A-Za-z0-9]{12}$/);
    expect(await files.exists(fileKey)).toBe(false);

    clock.set(new Date(START.getTime() + 50 * 60_000));
    await twin.stopRecording(recordingId);
    await twin.webhooksDelivered();

    const file = (await files.read(fileKey))?.toString('utf8') ?? '';
    expect(file).toContain('not a video');
    expect(file).toContain(`room: ${ROOM}`);
    expect(file).toContain(`recording: ${recordingId}`);
    expect(file.length).toBeGreaterThan(200);
    expect(file.length).toBeLessThan(1000);

    expect(delivered).toHaveLength(1);
    const [webhook] = delivered;
    expect(JSON.parse(webhook!.body)).toMatchObject({
      event: 'egress_ended',
      egressInfo: { egressId: recordingId, roomName: ROOM, status: 'EGRESS_COMPLETE' },
    });
    const event = await twin.verifyWebhook(webhook!.body, webhook!.authorization);
    expect(event).toEqual({
      id: expect.stringMatching(/^EV_/),
      kind: 'recording-ended',
      room: ROOM,
      recordingId,
      fileKey,
      bytes: Buffer.byteLength(file),
      error: null,
    });
    // Stopping twice is refused, as LiveKit refuses a finished egress.
    await expect(twin.stopRecording(recordingId)).rejects.toBeInstanceOf(RoomProviderError);
  });

  it('keeps webhooks made before a sink is set, and refuses to record a room not open', async () => {
    const twin = makeTwin();
    await open(twin);
    const { recordingId } = await twin.startRecording(ROOM, 'recordings/s/early.mp4');
    await twin.stopRecording(recordingId);
    const delivered: string[] = [];
    twin.deliverWebhooksTo(async (body) => {
      delivered.push(body);
    });
    await twin.webhooksDelivered();
    expect(delivered).toHaveLength(1);

    await expect(twin.startRecording('session-never', 'recordings/s/x.mp4')).rejects.toBeInstanceOf(
      RoomProviderError,
    );
    await twin.endRoom(ROOM);
    await expect(twin.startRecording(ROOM, 'recordings/s/x.mp4')).rejects.toBeInstanceOf(
      RoomProviderError,
    );
    await expect(twin.stopRecording('EG_unknown')).rejects.toBeInstanceOf(RoomProviderError);
  });

  it('retries a webhook the sink failed to take, then reports it', async () => {
    const failures: unknown[] = [];
    const twin = createLocalRoomTwin({
      db: handle.db,
      clock,
      storage: files,
      serverUrl: 'http://localhost:4321/dev/rooms',
      ...KEY,
      webhookRetryDelaysMs: [1, 1],
      onWebhookFailed: (error) => failures.push(error),
    });
    let attempts = 0;
    twin.deliverWebhooksTo(async () => {
      attempts += 1;
      throw new Error('webhook route down');
    });
    await open(twin);
    const { recordingId } = await twin.startRecording(ROOM, 'recordings/s/retry.mp4');
    await twin.stopRecording(recordingId);
    await twin.webhooksDelivered();
    expect(attempts).toBe(3);
    expect(failures).toHaveLength(1);
  });
});
