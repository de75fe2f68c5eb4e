import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  RECORDING_LINK_MAX_SECONDS,
  type RecordingStorage,
  type SignedRecordingUrl,
} from '../recording-storage.ts';

/*
 * Recordings in S3-compatible storage (docs/decisions/099), where LiveKit egress uploads them.
 * The bucket stays private: a recording is reached only through a presigned GET that lives at
 * most RECORDING_LINK_MAX_SECONDS.
 */

export interface S3RecordingStorageOptions {
  /** An S3-compatible endpoint (MinIO, R2…), addressed path-style; unset for AWS S3. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function createS3RecordingStorage(options: S3RecordingStorageOptions): RecordingStorage {
  const client = new S3Client({
    region: options.region,
    credentials: {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    },
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
  });
  const bucket = options.bucket;

  return {
    kind: 's3',

    async signedUrl(key: string, expiresInSeconds: number, now: Date): Promise<SignedRecordingUrl> {
      const seconds = Math.min(
        Math.max(Math.floor(expiresInSeconds), 1),
        RECORDING_LINK_MAX_SECONDS,
      );
      // Signed at the real time: S3 checks the link against its own clock.
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseCacheControl: 'no-store' }),
        { expiresIn: seconds },
      );
      return { url, expiresAt: new Date(now.getTime() + seconds * 1000) };
    },

    async delete(key: string) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async exists(key: string) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
  };
}
