import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock.ts';
import {
  RECORDING_LINK_MAX_SECONDS,
  type RecordingStorage,
  type SignedRecordingUrl,
} from '../recording-storage.ts';

/*
 * Recordings as files under the service's data folder (docs/decisions/099), the default when no
 * S3 storage is configured; config refuses it in production. Like a presigned S3 URL, a link
 * names the file, its expiry and an HMAC over both, and is served by /dev/recordings only
 * until it expires by the app clock.
 */

export const LOCAL_RECORDINGS_PATH = '/dev/recordings';

/** A key that is not a plain relative path inside the recordings folder. */
export class UnsafeRecordingKey extends Error {
  constructor(key: string) {
    super(`"${key}" is not a recording key (a relative path such as recordings/<id>/<id>.mp4).`);
    this.name = 'UnsafeRecordingKey';
  }
}

/** Letters, digits, dot, dash and underscore in each segment; no empty, `.` or `..` segment. */
const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** The file a key names under `dir`; throws UnsafeRecordingKey for anything that leaves it. */
export function recordingFilePath(dir: string, key: string): string {
  const segments = key.split('/');
  const plain = segments.every((s) => KEY_SEGMENT.test(s) && s !== '.' && s !== '..');
  if (!plain || key.length > 512) throw new UnsafeRecordingKey(key);
  const root = path.resolve(dir);
  const file = path.resolve(root, ...segments);
  if (!file.startsWith(root + path.sep)) throw new UnsafeRecordingKey(key);
  return file;
}

function signature(signingKey: string, key: string, expires: number): string {
  return createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('hex');
}

export type RecordingUrlCheck = 'valid' | 'expired' | 'bad-signature';

/**
 * Whether a link's key, expiry and signature belong together and the link has not expired by
 * `now`. The signature is compared in constant time; a malformed expiry is a bad signature.
 */
export function verifyRecordingUrl(check: {
  key: string;
  expires: string | undefined;
  signature: string | undefined;
  signingKey: string;
  now: Date;
}): RecordingUrlCheck {
  const { expires: expiresText, signature: given } = check;
  if (!expiresText || !/^\d{1,12}$/.test(expiresText) || !given || !/^[0-9a-f]{64}$/.test(given)) {
    return 'bad-signature';
  }
  const expires = Number(expiresText);
  const expected = signature(check.signingKey, check.key, expires);
  if (!timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
    return 'bad-signature';
  }
  return check.now.getTime() >= expires * 1000 ? 'expired' : 'valid';
}

export interface LocalRecordingFiles extends RecordingStorage {
  readonly kind: 'local';
  /** Writes (or replaces) the file at `key`, making its folders. */
  write(key: string, bytes: Uint8Array | string): Promise<void>;
  /** The file's bytes, or undefined when it is not there. */
  read(key: string): Promise<Buffer | undefined>;
  /** Checks a link's parts against this storage's signing key and the app clock. */
  verify(
    key: string,
    expires: string | undefined,
    signature: string | undefined,
  ): RecordingUrlCheck;
}

export interface LocalRecordingFilesOptions {
  /** RECORDINGS_DIR. */
  dir: string;
  /** The service's public origin; links are `${publicUrl}/dev/recordings/<key>?…`. */
  publicUrl: string;
  /** Signs the links; derived from the auth secret by the config. */
  signingKey: string;
  clock: Clock;
}

export function createLocalRecordingFiles(
  options: LocalRecordingFilesOptions,
): LocalRecordingFiles {
  const fileOf = (key: string) => recordingFilePath(options.dir, key);
  return {
    kind: 'local',

    async signedUrl(key: string, expiresInSeconds: number, now: Date): Promise<SignedRecordingUrl> {
      fileOf(key);
      const seconds = Math.min(
        Math.max(Math.floor(expiresInSeconds), 1),
        RECORDING_LINK_MAX_SECONDS,
      );
      const expires = Math.floor(now.getTime() / 1000) + seconds;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: signature(options.signingKey, key, expires),
      });
      return {
        url: `${options.publicUrl}${LOCAL_RECORDINGS_PATH}/${key}?${query}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },

    async exists(key: string) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async write(key: string, bytes: Uint8Array | string) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },

    async read(key: string) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR') return undefined;
        throw error;
      }
    },

    verify(key: string, expires: string | undefined, signatureHex: string | undefined) {
      return verifyRecordingUrl({
        key,
        expires,
        signature: signatureHex,
        signingKey: options.signingKey,
        now: options.clock.now(),
      });
    },
  };
}
