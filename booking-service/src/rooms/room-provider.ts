import type { RoomEntry, RoomProviderKind } from '@tuition/api-contract';

/*
 * The one interface every room provider implements (docs/decisions/098): LiveKit in production
 * (livekit-server-sdk), the local twin by default. The twin keeps LiveKit's rules: it signs real
 * LiveKit access tokens with a local key and verifies every token it is shown with the SDK's
 * verifier, and its webhooks are signed as LiveKit signs them. The conformance tests
 * (room-provider.conformance.ts) run against this interface for both.
 *
 * The booking service decides who may enter and when; a provider only mints, verifies and
 * carries out. `link` (standing meeting links) is not a provider: it is the absence of one.
 */

export type { RoomEntry, RoomProviderKind };

/** One person's entry to one room. */
export interface RoomGrant {
  /** The room's name: exactly one session's room. */
  room: string;
  /** Unique per person in the room: `pupil-{bookingId}` or `tutor-{tutorId}`. */
  identity: string;
  /** What others see: the pupil's first name and surname initial ("Amira K."). */
  name: string;
  /**
   * host: room admin, may publish anything and use data; pupil: camera and microphone only,
   * no data channel, no screen share (the host may allow more inside the room).
   */
  role: 'host' | 'pupil';
  /** When the token stops working (its `exp`): no later than 5 minutes after the lesson's end. */
  expiresAt: Date;
  /** The app clock's now: the token's `nbf`/`iat` window starts here. */
  now: Date;
}

export interface RoomMember {
  identity: string;
  name: string;
  host: boolean;
  joinedAt: string;
}

/** A verified provider webhook, reduced to what the service acts on. */
export type RoomEvent =
  | {
      id: string;
      kind: 'recording-ended';
      room: string;
      recordingId: string;
      /** Where the file was written in recording storage; null when the recording failed. */
      fileKey: string | null;
      bytes: number | null;
      error: string | null;
    }
  | { id: string; kind: 'participant-joined' | 'participant-left'; room: string; identity: string }
  | { id: string; kind: 'room-finished'; room: string }
  | { id: string; kind: 'ignored'; providerType: string };

export interface RoomOptions {
  /** The class's capacity plus the tutor. */
  maxParticipants: number;
  /** How long an empty room stays before the provider closes it. */
  emptyTimeoutSeconds: number;
}

export interface RoomProvider {
  readonly kind: RoomProviderKind;
  /** The address browsers connect to (LiveKit: wss://…; the twin: this service's /dev/rooms). */
  readonly serverUrl: string;
  /** Creates the room if it does not exist; calling it again is harmless. */
  ensureRoom(room: string, options: RoomOptions): Promise<void>;
  /** Mints a token for one person in one room, valid from `now` until `expiresAt`. */
  issueToken(grant: RoomGrant): Promise<RoomEntry>;
  /** Closes the room and removes everyone in it; tokens for it are refused until it is ensured again. */
  endRoom(room: string): Promise<void>;
  /**
   * Removes one person (a cancelled or moved booking). The twin also refuses their token from
   * now on; LiveKit removes them from the room.
   */
  removeParticipant(room: string, identity: string): Promise<void>;
  /** Who is in the room now. */
  listParticipants(room: string): Promise<RoomMember[]>;
  /** Records the whole room into recording storage at `fileKey`; the provider's recording id. */
  startRecording(room: string, fileKey: string): Promise<{ recordingId: string }>;
  /** Stops a recording; its end arrives later as a `recording-ended` webhook. */
  stopRecording(recordingId: string): Promise<void>;
  /**
   * Verifies a webhook as LiveKit signs it (a JWT in Authorization whose `sha256` claim is the
   * body's hash) and reduces it to a RoomEvent; throws RoomWebhookRejected otherwise.
   */
  verifyWebhook(body: string, authorization: string | undefined): Promise<RoomEvent>;
}

export class RoomWebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoomWebhookRejected';
  }
}

/** The provider could not do what was asked (network, outage, refusal). */
export class RoomProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RoomProviderError';
  }
}
