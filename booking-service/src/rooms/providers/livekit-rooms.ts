import { createHash } from 'node:crypto';
import {
  AccessToken,
  EgressClient,
  EgressStatus,
  EncodedFileOutput,
  EncodedFileType,
  type ParticipantInfo,
  RoomServiceClient,
  S3Upload,
  ServerError,
  TrackSource,
  type VideoGrant,
  type WebhookEvent,
  WebhookReceiver,
} from 'livekit-server-sdk';
import {
  type RoomEntry,
  type RoomEvent,
  type RoomGrant,
  type RoomMember,
  type RoomOptions,
  type RoomProvider,
  RoomProviderError,
  RoomWebhookRejected,
} from '../room-provider.ts';

/*
 * The LiveKit adapter (docs/decisions/098), and the parts of LiveKit's wire format the local
 * twin shares with it: the same grants in the same tokens, the same webhook signature, the
 * same reading of a webhook. Only the room and egress calls differ.
 */

/** A LiveKit API key and its secret: what tokens and webhooks are signed with. */
export interface LiveKitKey {
  apiKey: string;
  apiSecret: string;
}

/** Where LiveKit egress uploads recordings (docs/decisions/099). */
export interface RecordingsS3Settings {
  /** An S3-compatible endpoint (MinIO, R2…); unset for AWS S3 itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface LiveKitRoomsOptions extends LiveKitKey {
  /** LIVEKIT_URL: the wss:// address browsers connect to; the API is the same host. */
  url: string;
  s3: RecordingsS3Settings | undefined;
  /** Seconds before an API call is given up (the SDK's default is 10). */
  requestTimeoutSeconds?: number;
}

/** How long a webhook's signature is good for, as LiveKit's server signs them. */
const WEBHOOK_TOKEN_TTL_SECONDS = 5 * 60;

/** A pupil publishes their camera and microphone, never a screen (docs/decisions/098). */
const PUPIL_SOURCES = [TrackSource.CAMERA, TrackSource.MICROPHONE];

/** The grant's room permissions: the host runs the room, a pupil joins it. */
function videoGrant(grant: RoomGrant): VideoGrant {
  const base = { room: grant.room, roomJoin: true, canSubscribe: true };
  if (grant.role === 'host') {
    return { ...base, roomAdmin: true, canPublish: true, canPublishData: true };
  }
  return {
    ...base,
    roomAdmin: false,
    canPublish: true,
    canPublishSources: PUPIL_SOURCES,
    canPublishData: false,
  };
}

/**
 * A LiveKit access token for one grant: identity, display name and room permissions only (no
 * e-mail, no account id, no metadata), living the whole seconds from `now` to `expiresAt` and
 * never longer. The SDK counts that lifetime from the real time it signs at.
 */
export async function grantToToken(
  grant: RoomGrant,
  key: LiveKitKey,
): Promise<{ token: string; expiresAt: Date }> {
  const ttlSeconds = Math.floor((grant.expiresAt.getTime() - grant.now.getTime()) / 1000);
  // The SDK reads a ttl of 0 as "6 hours", so an entry that has no time left is refused here.
  if (!(ttlSeconds >= 1)) {
    throw new RangeError(`A room entry for ${grant.room} would expire before it starts.`);
  }
  if (!key.apiKey || !key.apiSecret) {
    // Without both the SDK would fall back to process.env.
    throw new RoomProviderError('The room provider has no API key and secret.');
  }
  const token = new AccessToken(key.apiKey, key.apiSecret, {
    identity: grant.identity,
    name: grant.name,
    ttl: ttlSeconds,
  });
  token.addGrant(videoGrant(grant));
  return {
    token: await token.toJwt(),
    expiresAt: new Date(grant.now.getTime() + ttlSeconds * 1000),
  };
}

/** The `sha256` claim of a webhook's signature: the body's SHA-256, base64. */
function bodyHash(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64');
}

/**
 * The Authorization header LiveKit sends with a webhook: a token issued by the API key whose
 * `sha256` claim is the body's hash (what WebhookReceiver checks).
 */
export async function signLiveKitWebhook(body: string, key: LiveKitKey): Promise<string> {
  const token = new AccessToken(key.apiKey, key.apiSecret, { ttl: WEBHOOK_TOKEN_TTL_SECONDS });
  token.sha256 = bodyHash(body);
  return token.toJwt();
}

/** The SDK's own check of a webhook, reduced to a RoomEvent; anything wrong is a rejection. */
export async function verifyLiveKitWebhook(
  receiver: WebhookReceiver,
  body: string,
  authorization: string | undefined,
): Promise<RoomEvent> {
  if (!authorization) throw new RoomWebhookRejected('The Authorization header is missing.');
  let event: WebhookEvent;
  try {
    event = await receiver.receive(body, authorization);
  } catch (error) {
    throw new RoomWebhookRejected(
      error instanceof Error ? error.message : 'The webhook signature does not match.',
    );
  }
  return toRoomEvent(event);
}

/** Egress outcomes that leave a file behind (a recording cut at LiveKit's limit still has one). */
const FILE_WRITTEN = new Set([EgressStatus.EGRESS_COMPLETE, EgressStatus.EGRESS_LIMIT_REACHED]);

/** LiveKit's webhook, reduced to what the service acts on; any other event is ignored. */
export function toRoomEvent(event: WebhookEvent): RoomEvent {
  const ignored: RoomEvent = { id: event.id, kind: 'ignored', providerType: event.event };
  switch (event.event) {
    case 'egress_ended': {
      const egress = event.egressInfo;
      if (!egress?.egressId) return ignored;
      const file = FILE_WRITTEN.has(egress.status)
        ? egress.fileResults.find((result) => result.filename)
        : undefined;
      return {
        id: event.id,
        kind: 'recording-ended',
        room: egress.roomName,
        recordingId: egress.egressId,
        fileKey: file ? file.filename : null,
        bytes: file ? Number(file.size) : null,
        error: file
          ? null
          : egress.error || `The recording ended without a file (${EgressStatus[egress.status]}).`,
      };
    }
    case 'participant_joined':
    case 'participant_left': {
      const identity = event.participant?.identity;
      const room = event.room?.name;
      if (!identity || !room) return ignored;
      const kind = event.event === 'participant_joined' ? 'participant-joined' : 'participant-left';
      return { id: event.id, kind, room, identity };
    }
    case 'room_finished': {
      const room = event.room?.name;
      return room ? { id: event.id, kind: 'room-finished', room } : ignored;
    }
    default:
      return ignored;
  }
}

/** LiveKit answers not_found for a room or participant that is already gone. */
function isNotFound(error: unknown): boolean {
  return error instanceof ServerError && (error.status === 404 || error.code === 'not_found');
}

/** Room composite egress writes MP4 unless told otherwise; the key's extension chooses. */
function fileTypeOf(fileKey: string): EncodedFileType {
  if (fileKey.endsWith('.mp4')) return EncodedFileType.MP4;
  if (fileKey.endsWith('.ogg')) return EncodedFileType.OGG;
  return EncodedFileType.DEFAULT_FILETYPE;
}

/** The people in a LiveKit room; the recorder (egress) joins hidden and is left out. */
function toRoomMembers(participants: ParticipantInfo[]): RoomMember[] {
  return participants
    .filter((p) => !p.permission?.hidden && !p.permission?.recorder)
    .map((p) => ({
      identity: p.identity,
      name: p.name,
      // Only a host token grants data publishing (videoGrant above).
      host: p.permission?.canPublishData === true,
      joinedAt: new Date(Number(p.joinedAtMs || p.joinedAt * 1000n)).toISOString(),
    }));
}

/** Egress output: one file at `fileKey` in the bucket, and no manifest beside it. */
function recordingFile(fileKey: string, s3: RecordingsS3Settings): EncodedFileOutput {
  return new EncodedFileOutput({
    fileType: fileTypeOf(fileKey),
    filepath: fileKey,
    // Retention deletes exactly the one key it knows.
    disableManifest: true,
    output: {
      case: 's3',
      value: new S3Upload({
        bucket: s3.bucket,
        region: s3.region,
        accessKey: s3.accessKeyId,
        secret: s3.secretAccessKey,
        endpoint: s3.endpoint ?? '',
        forcePathStyle: s3.endpoint !== undefined,
      }),
    },
  });
}

/** LiveKit Cloud or a self-hosted LiveKit server, through livekit-server-sdk. */
export function createLiveKitRooms(options: LiveKitRoomsOptions): RoomProvider {
  const key: LiveKitKey = { apiKey: options.apiKey, apiSecret: options.apiSecret };
  const clientOptions = { requestTimeout: options.requestTimeoutSeconds ?? 10 };
  const roomService = new RoomServiceClient(
    options.url,
    options.apiKey,
    options.apiSecret,
    clientOptions,
  );
  const egress = new EgressClient(options.url, options.apiKey, options.apiSecret, clientOptions);
  const receiver = new WebhookReceiver(options.apiKey, options.apiSecret);
  const secrets = [options.apiSecret, options.s3?.secretAccessKey].filter(
    (s): s is string => typeof s === 'string' && s.length > 0,
  );

  /** A failed call as a RoomProviderError whose message (and cause) never carry a secret. */
  const failure = (what: string, error: unknown): RoomProviderError => {
    let message = error instanceof Error ? error.message : String(error);
    const leaks = secrets.some((s) => message.includes(s));
    for (const secret of secrets) message = message.replaceAll(secret, '[secret]');
    return new RoomProviderError(`LiveKit could not ${what}: ${message}`, {
      ...(leaks ? {} : { cause: error }),
    });
  };
  const call = async <T>(what: string, run: () => Promise<T>, onNotFound?: () => T) => {
    try {
      return await run();
    } catch (error) {
      if (onNotFound && isNotFound(error)) return onNotFound();
      throw failure(what, error);
    }
  };

  return {
    kind: 'livekit',
    serverUrl: options.url,

    async ensureRoom(room: string, roomOptions: RoomOptions) {
      // createRoom answers the existing room when there is one.
      await call('create the room', () =>
        roomService.createRoom({
          name: room,
          maxParticipants: roomOptions.maxParticipants,
          emptyTimeout: roomOptions.emptyTimeoutSeconds,
        }),
      );
    },

    async issueToken(grant: RoomGrant): Promise<RoomEntry> {
      const { token, expiresAt } = await grantToToken(grant, key);
      return {
        provider: 'livekit',
        serverUrl: options.url,
        token,
        expiresAt: expiresAt.toISOString(),
      };
    },

    async endRoom(room: string) {
      await call(
        'end the room',
        () => roomService.deleteRoom(room),
        () => undefined,
      );
    },

    async removeParticipant(room: string, identity: string) {
      await call(
        'remove a participant',
        () =>
          roomService.removeParticipant(room, identity, {
            // Tokens minted before now stop working too, as the twin refuses them. LiveKit
            // compares with the token's nbf, which the SDK sets from the real time.
            revokeTokenTs: BigInt(Math.floor(Date.now() / 1000)),
          }),
        () => undefined,
      );
    },

    async listParticipants(room: string): Promise<RoomMember[]> {
      return toRoomMembers(
        await call(
          'list the participants',
          () => roomService.listParticipants(room),
          () => [],
        ),
      );
    },

    async startRecording(room: string, fileKey: string) {
      if (!options.s3) {
        throw new RoomProviderError(
          'Recording needs S3-compatible storage: set the RECORDINGS_S3_* variables.',
        );
      }
      const file = recordingFile(fileKey, options.s3);
      const info = await call('start the recording', () =>
        egress.startRoomCompositeEgress(room, { file }, { layout: 'grid' }),
      );
      return { recordingId: info.egressId };
    },

    async stopRecording(recordingId: string) {
      await call('stop the recording', () => egress.stopEgress(recordingId));
    },

    verifyWebhook(body: string, authorization: string | undefined) {
      return verifyLiveKitWebhook(receiver, body, authorization);
    },
  };
}
