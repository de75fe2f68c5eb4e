import { z } from 'zod';
import { isoInstant, named } from './named.ts';

/*
 * The lesson's own room (docs/decisions/098): a per-person entry to one session's room, minted
 * only inside the lesson's window and never before the tutor opens it, and recordings reachable
 * only through short-lived links (docs/decisions/099). Tokens and recording links are secrets:
 * no example in this file shows one.
 */

export const ROOM_PROVIDERS = ['local', 'livekit'] as const;
export type RoomProviderKind = (typeof ROOM_PROVIDERS)[number];

/** What a browser needs to enter a room: the provider's server and a token for one person. */
export const RoomEntrySchema = named(
  'RoomEntry',
  z.object({
    provider: z.enum(ROOM_PROVIDERS),
    serverUrl: z.string().meta({
      description: 'LiveKit: its wss:// address. local: the twin on this service (/dev/rooms)',
    }),
    token: z.string().meta({
      description:
        'A LiveKit access token (JWT) for exactly one room and one person, expiring no later ' +
        "than 5 minutes after the lesson's end. Secret.",
    }),
    expiresAt: isoInstant,
  }),
);
export type RoomEntry = z.infer<typeof RoomEntrySchema>;

export const ROOM_STATES = ['too-early', 'ready', 'open', 'ended'] as const;
export type RoomState = (typeof ROOM_STATES)[number];

export const RECORDING_STATES = ['off', 'on', 'blocked'] as const;

/** Whether the session is recorded, and if not why not (the tutor's page says it). */
export const RoomRecordingSchema = named(
  'RoomRecording',
  z.object({
    state: z.enum(RECORDING_STATES).meta({
      description:
        "off: the class is not recorded; on: recording (or will, once the room opens); blocked: the class is recorded but not every booked pupil's family has consented",
    }),
    missingConsents: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Families (booked pupils) without recording consent' }),
  }),
);
export type RoomRecording = z.infer<typeof RoomRecordingSchema>;

/** GET /api/tutor/sessions/{id}/room: the tutor's view of the session's room. */
export const TutorRoomSchema = named(
  'TutorRoom',
  z.object({
    sessionId: z.string(),
    state: z.enum(ROOM_STATES).meta({
      description:
        'too-early (opens 15 minutes before the start), ready (the tutor may open it), open, ended',
    }),
    opensAt: isoInstant,
    endsAt: isoInstant,
    provider: z.enum([...ROOM_PROVIDERS, 'link']).meta({
      description: 'link: the standing meeting link is used instead of a room',
    }),
    recording: RoomRecordingSchema,
    room: RoomEntrySchema.nullable().meta({
      description: "The tutor's host entry: only in the answer to POST .../room, else null",
    }),
  }),
);
export type TutorRoom = z.infer<typeof TutorRoomSchema>;

/** A recording's watch link: it is refused after `expiresAt` (at most 5 minutes). */
export const RecordingLinkSchema = named(
  'RecordingLink',
  z.object({
    url: z.string().meta({ description: 'Signed and expiring; never share it' }),
    expiresAt: isoInstant,
    viewCount: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'How many times this account has opened it, this view included' }),
  }),
);
export type RecordingLink = z.infer<typeof RecordingLinkSchema>;

/** PUT /api/admin/classes/{id}/recording */
export const ClassRecordingRequestSchema = named(
  'ClassRecordingRequest',
  z.object({ record: z.boolean({ error: 'record must be true or false.' }) }),
);
export type ClassRecordingRequest = z.input<typeof ClassRecordingRequestSchema>;

/** A booking's recording as the family's booking lists show it; null when none can be watched. */
export const BookingRecordingSchema = named(
  'BookingRecording',
  z.object({
    viewCount: z.number().int().nonnegative().meta({ description: '"viewed by you 2 times"' }),
  }),
);
export type BookingRecording = z.infer<typeof BookingRecordingSchema>;

/** What the room webhook answers the provider. */
export const RoomWebhookReceiptSchema = named(
  'RoomWebhookReceipt',
  z.object({ received: z.literal(true) }),
);
