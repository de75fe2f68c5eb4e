import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import {
  type ClaimGrants,
  EgressInfo,
  EgressStatus,
  TokenVerifier,
  WebhookEvent,
  WebhookReceiver,
} from 'livekit-server-sdk';
import type { Clock } from '../../clock.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { localRecordings, localRoomMembers, localRooms } from '../../db/schema.ts';
import {
  type RoomEntry,
  type RoomEvent,
  type RoomGrant,
  type RoomMember,
  type RoomOptions,
  type RoomProvider,
  RoomProviderError,
} from '../room-provider.ts';
import { recordingFilePath } from '../storage/local-recording-files.ts';
import {
  grantToToken,
  type LiveKitKey,
  signLiveKitWebhook,
  verifyLiveKitWebhook,
} from './livekit-rooms.ts';

/*
 * The local room twin (docs/decisions/098): the default provider, which keeps LiveKit's rules
 * without carrying any video. It signs real LiveKit tokens with grantToToken, as the LiveKit
 * adapter does, and verifies every token it is shown with the SDK's TokenVerifier; its rooms
 * and their members live in Postgres so every instance sees the same rooms. A recording is a
 * small stand-in file, announced by an egress_ended webhook signed as LiveKit signs them.
 */

/** A member not seen (joined or polled) for this long has left, as a dropped connection does. */
export const MEMBER_TIMEOUT_MS = 60_000;

export type RoomEntryRefusal =
  | 'invalid-token'
  | 'expired'
  | 'no-such-room'
  | 'room-ended'
  | 'removed'
  | 'room-full';

/** The twin turned a token away, and why. */
export class RoomEntryRefused extends Error {
  constructor(
    readonly reason: RoomEntryRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'RoomEntryRefused';
  }
}

/** Who a token let in, and who is in the room with them. */
export interface RoomPresence {
  room: string;
  identity: string;
  participants: RoomMember[];
}

/** Where the twin posts its webhooks: the raw body and its Authorization header. */
export type RoomWebhookSink = (body: string, authorization: string) => Promise<void>;

export interface LocalRoomTwin extends RoomProvider {
  readonly kind: 'local';
  /** Enters the token's room (replacing an earlier entry of the same identity). */
  join(token: string): Promise<RoomPresence>;
  /** Who is in the room; marks the token's holder as still there if they are. */
  seen(token: string): Promise<RoomPresence>;
  /** Leaves the token's room. */
  leave(token: string): Promise<void>;
  /** From now on webhooks go to `sink`; any made before it are delivered to it now. */
  deliverWebhooksTo(sink: RoomWebhookSink): void;
  /** Resolves once every webhook handed over so far was delivered or given up (tests). */
  webhooksDelivered(): Promise<void>;
}

export interface LocalRoomTwinOptions extends LiveKitKey {
  db: Database;
  clock: Clock;
  /** Where stand-in recordings are written (local recording files). */
  storage: { write(key: string, bytes: Uint8Array | string): Promise<void> };
  /** This service's /dev/rooms address, handed to browsers as the room's server. */
  serverUrl: string;
  /** Waits between delivery attempts of a webhook, as LiveKit retries (default 1 s, 5 s). */
  webhookRetryDelaysMs?: number[];
  /** Told when a webhook could not be delivered after every attempt. */
  onWebhookFailed?: (error: unknown) => void;
}

/** LiveKit-style ids: a prefix and twelve letters or digits. */
function providerId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(12);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The stand-in file: plainly not a video, naming what it stands for. */
function standInRecording(recording: {
  id: string;
  room: string;
  startedAt: Date;
  stoppedAt: Date;
}): string {
  return [
    'LOCAL ROOM TWIN: STAND-IN RECORDING (not a video)',
    'The local room twin writes this file where LiveKit egress would have written the',
    "room's recording, so links, retention and deletion can be tried without a media server.",
    `room: ${recording.room}`,
    `recording: ${recording.id}`,
    `started: ${recording.startedAt.toISOString()}`,
    `stopped: ${recording.stoppedAt.toISOString()}`,
    '',
  ].join('\n');
}

/** Unix nanoseconds, as LiveKit's egress times are written. */
const nanos = (at: Date) => BigInt(at.getTime()) * 1_000_000n;

interface TokenHolder {
  room: string;
  identity: string;
  name: string;
  host: boolean;
}

/** The token's holder and room, or a refusal: another key, a bad signature, expired. */
async function holderOf(verifier: TokenVerifier, token: string): Promise<TokenHolder> {
  let claims: ClaimGrants;
  try {
    claims = await verifier.verify(token);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_JWT_EXPIRED') {
      throw new RoomEntryRefused('expired', 'The room token has expired.');
    }
    throw new RoomEntryRefused('invalid-token', 'The room token is not valid.');
  }
  const room = claims.video?.room;
  if (!claims.sub || !room || claims.video?.roomJoin !== true) {
    throw new RoomEntryRefused('invalid-token', 'The token does not let anyone join a room.');
  }
  return {
    room,
    identity: claims.sub,
    name: claims.name ?? claims.sub,
    host: claims.video?.roomAdmin === true,
  };
}

/** The room, locked for this transaction, if it is open; a refusal otherwise. */
async function lockOpenRoom(tx: DbExecutor, room: string) {
  const [row] = await tx.select().from(localRooms).where(eq(localRooms.name, room)).for('update');
  if (!row) throw new RoomEntryRefused('no-such-room', 'There is no such room.');
  if (row.endedAt) throw new RoomEntryRefused('room-ended', 'The room has ended.');
  return row;
}

const memberKey = (holder: { room: string; identity: string }) =>
  and(eq(localRoomMembers.room, holder.room), eq(localRoomMembers.identity, holder.identity));

/** The holder's member row; a refusal once they were removed from the room. */
async function unlessRemoved(tx: DbExecutor, holder: TokenHolder) {
  const [row] = await tx.select().from(localRoomMembers).where(memberKey(holder));
  if (row?.removedAt) throw new RoomEntryRefused('removed', 'You were removed from this room.');
  return row;
}

/** Members seen within the last minute and not removed, first joined first. */
async function presentMembers(tx: DbExecutor, room: string, now: Date): Promise<RoomMember[]> {
  const rows = await tx
    .select()
    .from(localRoomMembers)
    .where(
      and(
        eq(localRoomMembers.room, room),
        isNull(localRoomMembers.removedAt),
        gte(localRoomMembers.seenAt, new Date(now.getTime() - MEMBER_TIMEOUT_MS)),
      ),
    )
    .orderBy(asc(localRoomMembers.joinedAt), asc(localRoomMembers.identity));
  return rows.map((row) => ({
    identity: row.identity,
    name: row.name,
    host: row.host,
    joinedAt: (row.joinedAt ?? row.seenAt ?? now).toISOString(),
  }));
}

/** Enters the room: refused when ended, removed or full; the same identity replaces itself. */
async function joinRoom(db: Database, now: Date, holder: TokenHolder): Promise<RoomPresence> {
  return db.transaction(async (tx) => {
    const room = await lockOpenRoom(tx, holder.room);
    await unlessRemoved(tx, holder);
    // A second entry of the same identity replaces the first, so it takes no extra place.
    const others = (await presentMembers(tx, holder.room, now)).filter(
      (m) => m.identity !== holder.identity,
    );
    if (others.length >= room.maxParticipants) {
      throw new RoomEntryRefused('room-full', 'The room is full.');
    }
    const entry = { name: holder.name, host: holder.host, joinedAt: now, seenAt: now };
    await tx
      .insert(localRoomMembers)
      .values({ room: holder.room, identity: holder.identity, ...entry })
      .onConflictDoUpdate({
        target: [localRoomMembers.room, localRoomMembers.identity],
        set: entry,
      });
    const participants = await presentMembers(tx, holder.room, now);
    return { room: holder.room, identity: holder.identity, participants };
  });
}

/** Who is in the room; a member still present is marked seen, one who dropped out is not. */
async function seeRoom(db: Database, now: Date, holder: TokenHolder): Promise<RoomPresence> {
  return db.transaction(async (tx) => {
    await lockOpenRoom(tx, holder.room);
    const member = await unlessRemoved(tx, holder);
    if (member?.seenAt && now.getTime() - member.seenAt.getTime() <= MEMBER_TIMEOUT_MS) {
      await tx.update(localRoomMembers).set({ seenAt: now }).where(memberKey(holder));
    }
    const participants = await presentMembers(tx, holder.room, now);
    return { room: holder.room, identity: holder.identity, participants };
  });
}

/** The egress_ended webhook body LiveKit sends for a finished file recording. */
function egressEndedBody(
  recording: { id: string; room: string; fileKey: string; startedAt: Date },
  stoppedAt: Date,
  size: number,
): string {
  const started = nanos(recording.startedAt);
  const ended = nanos(stoppedAt);
  const event = new WebhookEvent({
    id: providerId('EV'),
    createdAt: BigInt(Math.floor(stoppedAt.getTime() / 1000)),
    egressInfo: new EgressInfo({
      egressId: recording.id,
      roomName: recording.room,
      status: EgressStatus.EGRESS_COMPLETE,
      startedAt: started,
      endedAt: ended,
      updatedAt: ended,
      fileResults: [
        {
          filename: recording.fileKey,
          size: BigInt(size),
          startedAt: started,
          endedAt: ended,
          duration: ended - started,
        },
      ],
    }),
  });
  // The SDK's subclass resets `event` in its constructor, so it is set afterwards.
  event.event = 'egress_ended';
  return event.toJsonString();
}

/**
 * Hands webhooks to the sink after the caller's own work, as LiveKit's arrive later: a caller
 * inside a transaction never waits on a handler that needs the same rows. A failed delivery is
 * tried again after each of `retryDelays`, as LiveKit retries.
 */
function webhookCourier(retryDelays: number[], onFailed: ((error: unknown) => void) | undefined) {
  let sink: RoomWebhookSink | undefined;
  const waiting: Array<{ body: string; authorization: string }> = [];
  const inFlight = new Set<Promise<void>>();

  const deliver = async (to: RoomWebhookSink, body: string, authorization: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    let lastError: unknown;
    for (const delay of [0, ...retryDelays]) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        await to(body, authorization);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    onFailed?.(lastError);
  };
  const handOver = (webhook: { body: string; authorization: string }) => {
    if (!sink) {
      waiting.push(webhook);
      return;
    }
    const delivery = deliver(sink, webhook.body, webhook.authorization).finally(() =>
      inFlight.delete(delivery),
    );
    inFlight.add(delivery);
  };
  return {
    handOver,
    deliverTo(to: RoomWebhookSink) {
      sink = to;
      for (const webhook of waiting.splice(0)) handOver(webhook);
    },
    async delivered() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export function createLocalRoomTwin(options: LocalRoomTwinOptions): LocalRoomTwin {
  const { db, clock } = options;
  const key: LiveKitKey = { apiKey: options.apiKey, apiSecret: options.apiSecret };
  const verifier = new TokenVerifier(options.apiKey, options.apiSecret);
  const receiver = new WebhookReceiver(options.apiKey, options.apiSecret);
  const courier = webhookCourier(
    options.webhookRetryDelaysMs ?? [1_000, 5_000],
    options.onWebhookFailed,
  );

  return {
    kind: 'local',
    serverUrl: options.serverUrl,

    async ensureRoom(room: string, roomOptions: RoomOptions) {
      // The empty timeout is LiveKit's housekeeping; the twin's rooms close by endRoom only.
      const { maxParticipants } = roomOptions;
      await db
        .insert(localRooms)
        .values({ name: room, maxParticipants, createdAt: clock.now() })
        .onConflictDoUpdate({ target: localRooms.name, set: { maxParticipants, endedAt: null } });
    },

    async issueToken(grant: RoomGrant): Promise<RoomEntry> {
      const { token, expiresAt } = await grantToToken(grant, key);
      const serverUrl = options.serverUrl;
      return { provider: 'local', serverUrl, token, expiresAt: expiresAt.toISOString() };
    },

    async endRoom(room: string) {
      await db.transaction(async (tx) => {
        await tx.update(localRooms).set({ endedAt: clock.now() }).where(eq(localRooms.name, room));
        // Everyone leaves; a removal is kept, so a reopened room still refuses that identity.
        await tx
          .delete(localRoomMembers)
          .where(and(eq(localRoomMembers.room, room), isNull(localRoomMembers.removedAt)));
      });
    },

    async removeParticipant(room: string, identity: string) {
      const [known] = await db.select().from(localRooms).where(eq(localRooms.name, room));
      if (!known) return;
      const removedAt = clock.now();
      await db
        .insert(localRoomMembers)
        .values({ room, identity, name: identity, host: false, removedAt })
        .onConflictDoUpdate({
          target: [localRoomMembers.room, localRoomMembers.identity],
          set: { removedAt },
        });
    },

    listParticipants: (room: string) => presentMembers(db, room, clock.now()),

    async startRecording(room: string, fileKey: string) {
      recordingFilePath('.', fileKey);
      const [row] = await db.select().from(localRooms).where(eq(localRooms.name, room));
      if (!row || row.endedAt) {
        throw new RoomProviderError(`The room ${room} is not open, so it cannot be recorded.`);
      }
      const id = providerId('EG');
      await db.insert(localRecordings).values({ id, room, fileKey, startedAt: clock.now() });
      return { recordingId: id };
    },

    async stopRecording(recordingId: string) {
      const stoppedAt = clock.now();
      const [recording] = await db
        .update(localRecordings)
        .set({ stoppedAt })
        .where(and(eq(localRecordings.id, recordingId), isNull(localRecordings.stoppedAt)))
        .returning();
      if (!recording) throw new RoomProviderError(`No recording ${recordingId} is running.`);
      const file = standInRecording({ ...recording, stoppedAt });
      await options.storage.write(recording.fileKey, file);
      const body = egressEndedBody(recording, stoppedAt, Buffer.byteLength(file));
      courier.handOver({ body, authorization: await signLiveKitWebhook(body, key) });
    },

    verifyWebhook: (body: string, authorization: string | undefined): Promise<RoomEvent> =>
      verifyLiveKitWebhook(receiver, body, authorization),

    join: async (token: string) => joinRoom(db, clock.now(), await holderOf(verifier, token)),

    seen: async (token: string) => seeRoom(db, clock.now(), await holderOf(verifier, token)),

    async leave(token: string) {
      const holder = await holderOf(verifier, token);
      await db
        .delete(localRoomMembers)
        .where(and(memberKey(holder), isNull(localRoomMembers.removedAt)));
    },

    deliverWebhooksTo: (sink: RoomWebhookSink) => courier.deliverTo(sink),

    webhooksDelivered: () => courier.delivered(),
  };
}
