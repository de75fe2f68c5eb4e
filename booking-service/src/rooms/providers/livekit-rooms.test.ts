import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeRoomProviderConformance } from '../room-provider.conformance.ts';
import { RoomProviderError } from '../room-provider.ts';
import { createLiveKitRooms, type LiveKitRoomsOptions } from './livekit-rooms.ts';

const KEY = { apiKey: 'APItestkey', apiSecret: 'test-secret-for-livekit-adapter-0123456789' };
const S3 = {
  bucket: 'tuition-recordings',
  region: 'eu-west-2',
  accessKeyId: 'AKIATEST',
  secretAccessKey: 's3-secret-never-in-a-message',
};

// Tokens and webhooks are signed and checked here; no call reaches a server.
describeRoomProviderConformance('the LiveKit adapter', async () => ({
  provider: createLiveKitRooms({ url: 'wss://tuition.livekit.invalid', ...KEY, s3: undefined }),
  ...KEY,
}));

interface Recorded {
  path: string;
  body: Record<string, unknown>;
}

/** Stands in for LiveKit's Twirp API: records each call and answers as told. */
class RecordingLiveKit {
  readonly requests: Recorded[] = [];
  answer: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
  private server: Server | undefined;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      req.on('end', () => {
        const path = req.url ?? '';
        this.requests.push({ path, body: text ? JSON.parse(text) : {} });
        const { status, body } = this.answer(path);
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `ws://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  rooms(options: Partial<LiveKitRoomsOptions> = {}) {
    return createLiveKitRooms({ url: this.url, ...KEY, s3: S3, ...options });
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const notFound = { status: 404, body: { code: 'not_found', msg: 'room not found' } };

describe('the LiveKit adapter against a recording LiveKit API', () => {
  const livekit = new RecordingLiveKit();
  beforeAll(() => livekit.start());
  afterAll(() => livekit.stop());
  beforeEach(() => {
    livekit.requests.length = 0;
    livekit.answer = () => ({ status: 200, body: {} });
  });

  it('creates a room with its capacity and empty timeout', async () => {
    await livekit.rooms().ensureRoom('session-1', { maxParticipants: 9, emptyTimeoutSeconds: 600 });
    expect(livekit.requests).toEqual([
      {
        path: '/twirp/livekit.RoomService/CreateRoom',
        body: expect.objectContaining({ name: 'session-1', maxParticipants: 9, emptyTimeout: 600 }),
      },
    ]);
  });

  it('treats a room or participant that is already gone as done', async () => {
    livekit.answer = () => notFound;
    await expect(livekit.rooms().endRoom('session-1')).resolves.toBeUndefined();
    await expect(
      livekit.rooms().removeParticipant('session-1', 'pupil-1'),
    ).resolves.toBeUndefined();
    await expect(livekit.rooms().listParticipants('session-1')).resolves.toEqual([]);
    expect(livekit.requests.map((r) => r.path)).toEqual([
      '/twirp/livekit.RoomService/DeleteRoom',
      '/twirp/livekit.RoomService/RemoveParticipant',
      '/twirp/livekit.RoomService/ListParticipants',
    ]);
    // Tokens minted before the removal stop working at LiveKit too.
    expect(livekit.requests[1]?.body).toMatchObject({
      room: 'session-1',
      identity: 'pupil-1',
      revokeTokenTs: expect.stringMatching(/^\d{10}$/),
    });
  });

  it('lists the people in the room, not the recorder', async () => {
    livekit.answer = () => ({
      status: 200,
      body: {
        participants: [
          {
            identity: 'tutor-1',
            name: 'Priya S.',
            joinedAtMs: '1793720000000',
            permission: { canPublish: true, canPublishData: true },
          },
          {
            identity: 'pupil-1',
            name: 'Amira K.',
            joinedAt: '1793720060',
            permission: { canPublish: true, canPublishSources: ['CAMERA', 'MICROPHONE'] },
          },
          { identity: 'EG_x', permission: { hidden: true, recorder: true } },
        ],
      },
    });
    expect(await livekit.rooms().listParticipants('session-1')).toEqual([
      {
        identity: 'tutor-1',
        name: 'Priya S.',
        host: true,
        joinedAt: new Date(1_793_720_000_000).toISOString(),
      },
      {
        identity: 'pupil-1',
        name: 'Amira K.',
        host: false,
        joinedAt: new Date(1_793_720_060_000).toISOString(),
      },
    ]);
  });

  it('records the room into S3 at the file key, with no manifest', async () => {
    livekit.answer = () => ({ status: 200, body: { egressId: 'EG_abc123' } });
    const rooms = livekit.rooms({ s3: { ...S3, endpoint: 'https://minio.internal:9000' } });
    expect(await rooms.startRecording('session-1', 'recordings/s-1/r-1.mp4')).toEqual({
      recordingId: 'EG_abc123',
    });
    const [request] = livekit.requests;
    expect(request?.path).toBe('/twirp/livekit.Egress/StartRoomCompositeEgress');
    expect(request?.body).toMatchObject({
      roomName: 'session-1',
      fileOutputs: [
        {
          fileType: 'MP4',
          filepath: 'recordings/s-1/r-1.mp4',
          disableManifest: true,
          s3: {
            bucket: 'tuition-recordings',
            region: 'eu-west-2',
            accessKey: 'AKIATEST',
            endpoint: 'https://minio.internal:9000',
            forcePathStyle: true,
          },
        },
      ],
    });
    await rooms.stopRecording('EG_abc123');
    expect(livekit.requests[1]).toEqual({
      path: '/twirp/livekit.Egress/StopEgress',
      body: { egressId: 'EG_abc123' },
    });
  });

  it('refuses to record without S3 storage', async () => {
    await expect(
      livekit.rooms({ s3: undefined }).startRecording('session-1', 'recordings/a.mp4'),
    ).rejects.toBeInstanceOf(RoomProviderError);
    expect(livekit.requests).toEqual([]);
  });

  it('wraps a failure in RoomProviderError without the secrets', async () => {
    livekit.answer = () => ({
      status: 400,
      body: { code: 'invalid_argument', msg: `bad S3 secret ${S3.secretAccessKey}` },
    });
    const failure = await livekit
      .rooms()
      .startRecording('session-1', 'recordings/a.mp4')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RoomProviderError);
    expect((failure as Error).message).toMatch(/^LiveKit could not start the recording/);
    expect((failure as Error).message).not.toContain(S3.secretAccessKey);
    expect((failure as Error).cause).toBeUndefined();

    livekit.answer = () => ({ status: 400, body: { code: 'invalid_argument', msg: 'nope' } });
    const plain = await livekit
      .rooms()
      .ensureRoom('x', { maxParticipants: 2, emptyTimeoutSeconds: 60 })
      .catch((e: unknown) => e);
    expect((plain as Error).message).not.toContain(KEY.apiSecret);
  });

  it('wraps an unreachable server in RoomProviderError', async () => {
    const rooms = createLiveKitRooms({
      url: 'ws://127.0.0.1:9',
      ...KEY,
      s3: undefined,
      requestTimeoutSeconds: 2,
    });
    await expect(
      rooms.ensureRoom('x', { maxParticipants: 2, emptyTimeoutSeconds: 60 }),
    ).rejects.toBeInstanceOf(RoomProviderError);
  });
});
