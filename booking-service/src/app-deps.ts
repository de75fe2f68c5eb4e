import type { ContentLoader } from '@tuition/content';
import type { Auth } from './auth/auth.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { Database, DbHandle } from './db/client.ts';
import type { Logger } from './logging/logger.ts';
import type { MailOutbox } from './mail/outbox.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { LocalRoomTwin } from './rooms/providers/local-room-twin.ts';
import type { RecordingStorage } from './rooms/recording-storage.ts';
import { roomsFromConfig } from './rooms/room-provider-from-config.ts';
import type { RoomProvider } from './rooms/room-provider.ts';
import type { LocalRecordingFiles } from './rooms/storage/local-recording-files.ts';
import type { LocalSmsTwin } from './sms/local-sms-twin.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

/**
 * Everything the app needs from outside, built once by server.ts or the test harness. Features
 * never import this: each declares the narrow dependencies it uses (e.g. CheckoutDeps), and
 * createApp hands this object to each, which the compiler checks structurally
 * (docs/decisions/044).
 */
export interface AppDeps {
  config: Config;
  db: Database;
  dbHandle: DbHandle;
  clock: Clock;
  content: ContentLoader;
  logger: Logger;
  /** better-auth (src/auth): sessions, sign-up/in, verification, resets, admin plugin. */
  auth: Auth;
  /** The mail outbox (src/mail): queue in Postgres, delivered by the configured mailer. */
  mail: MailOutbox;
  /**
   * The payment provider (src/payments): Stripe Checkout, or the local checkout page
   * (paymentProviderFromConfig). One instance starts payments and verifies their webhooks.
   */
  payments: PaymentProvider;
  /**
   * The lesson rooms' provider (src/rooms, docs/decisions/098): LiveKit, or the local twin;
   * null when MEETING_PROVIDER=link (standing meeting links).
   */
  rooms: RoomProvider | null;
  /** Where lesson recordings live (docs/decisions/099): S3, or files under the data folder. */
  recordingStorage: RecordingStorage;
  /** The local twin, when it is the provider: its /dev/rooms routes use its own methods. */
  roomTwin?: LocalRoomTwin;
  /** The local recording files, when they are the storage: /dev/recordings serves them. */
  recordingFiles?: LocalRecordingFiles;
  /** The text provider (src/sms, docs/decisions/103): Twilio, or the local twin. */
  sms: SmsProvider;
  /** The local text twin, when it is the provider: /dev/sms and its receipts use it. */
  smsTwin?: LocalSmsTwin;
  /**
   * True once server.ts has been asked to stop; /api/health then answers 503 while in-flight
   * requests finish (decision 089). Tests and the bench leave it out: never draining.
   */
  isDraining?: () => boolean;
}

type RoomParts = Pick<AppDeps, 'rooms' | 'recordingStorage' | 'roomTwin' | 'recordingFiles'>;

/**
 * The rooms' provider and the recordings' storage from config (docs/decisions/098, 099). The
 * clock is read through `clockOf` at each call, so a test that swaps the app's clock moves the
 * twin's and the links' clock with it.
 */
export function roomParts(config: Config, db: Database, clockOf: () => Clock): RoomParts {
  const setup = roomsFromConfig(config, { db, clock: { now: () => clockOf().now() } });
  return {
    rooms: setup.rooms,
    recordingStorage: setup.storage,
    ...(setup.twin ? { roomTwin: setup.twin } : {}),
    ...(setup.files ? { recordingFiles: setup.files } : {}),
  };
}
