/*
 * Where recordings live (docs/decisions/099): S3-compatible storage in production, files under
 * the service's data folder by default. Either way a recording is reachable only through a
 * signed URL that expires; nothing lists or serves a file without one.
 */

export interface SignedRecordingUrl {
  url: string;
  expiresAt: Date;
}

export interface RecordingStorage {
  readonly kind: 'local' | 's3';
  /** A URL serving the file until now + `expiresInSeconds` (at most 300), refused after. */
  signedUrl(key: string, expiresInSeconds: number, now: Date): Promise<SignedRecordingUrl>;
  /** Removes the file; removing a file that is not there is harmless. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** The longest a recording link lives. */
export const RECORDING_LINK_MAX_SECONDS = 300;
