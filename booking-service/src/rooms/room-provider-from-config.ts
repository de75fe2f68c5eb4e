import { createHmac } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createLiveKitRooms } from './providers/livekit-rooms.ts';
import { createLocalRoomTwin, type LocalRoomTwin } from './providers/local-room-twin.ts';
import type { RecordingStorage } from './recording-storage.ts';
import type { RoomProvider } from './room-provider.ts';
import {
  createLocalRecordingFiles,
  type LocalRecordingFiles,
} from './storage/local-recording-files.ts';
import { createS3RecordingStorage } from './storage/s3-recording-storage.ts';

/** The twin's rooms are served by this service, under this path (dev-room-routes.ts). */
export const LOCAL_ROOMS_PATH = '/dev/rooms';

export interface RoomSetup {
  /** null: MEETING_PROVIDER=link, the standing meeting links and no rooms. */
  rooms: RoomProvider | null;
  storage: RecordingStorage;
  /** The local twin, when it is the provider: its routes need its twin-only methods. */
  twin?: LocalRoomTwin;
  /** The local recording files, when they are the storage: their route serves the links. */
  files?: LocalRecordingFiles;
}

/** The local links' signing key: the auth secret, put through HMAC under a label of its own. */
export function recordingLinkKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('tuition:recording-links:v1').digest('hex');
}

/**
 * MEETING_PROVIDER's rooms and the recording storage beside them (docs/decisions/098, 099):
 * LiveKit with S3, or the local twin with files under RECORDINGS_DIR. Config refuses the local
 * ones in production; a hand-built config is checked again here.
 */
export function roomsFromConfig(
  config: Pick<Config, 'rooms' | 'isProduction' | 'publicUrl' | 'auth'>,
  deps: { db: Database; clock: Clock },
): RoomSetup {
  const { rooms } = config;
  if (config.isProduction && rooms.provider === 'local') {
    throw new Error('The local room twin is refused in production: set MEETING_PROVIDER.');
  }
  if (config.isProduction && rooms.provider !== 'link' && !rooms.s3) {
    throw new Error('Local recording files are refused in production: set RECORDINGS_S3_BUCKET.');
  }

  const localFiles = () =>
    createLocalRecordingFiles({
      dir: rooms.recordingsDir,
      publicUrl: config.publicUrl,
      signingKey: recordingLinkKey(config.auth.secret),
      clock: deps.clock,
    });

  if (rooms.provider === 'local') {
    // The twin writes its stand-in recordings where the links serve them: always local files.
    const files = localFiles();
    const twin = createLocalRoomTwin({
      db: deps.db,
      clock: deps.clock,
      storage: files,
      serverUrl: `${config.publicUrl}${LOCAL_ROOMS_PATH}`,
      ...rooms.twinKey,
    });
    return { rooms: twin, storage: files, twin, files };
  }

  // LiveKit records into S3; without it (never production) it refuses to record, and the
  // storage is local files that nothing writes.
  const stored: Pick<RoomSetup, 'storage' | 'files'> = rooms.s3
    ? { storage: createS3RecordingStorage(rooms.s3) }
    : localFileStorage(localFiles());
  if (rooms.provider === 'link') return { rooms: null, ...stored };
  if (!rooms.livekit) {
    throw new Error(
      'MEETING_PROVIDER=livekit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET.',
    );
  }
  return { rooms: createLiveKitRooms({ ...rooms.livekit, s3: rooms.s3 }), ...stored };
}

function localFileStorage(files: LocalRecordingFiles): Pick<RoomSetup, 'storage' | 'files'> {
  return { storage: files, files };
}
