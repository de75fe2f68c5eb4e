import { describe, expect, it } from 'vitest';
import { createS3RecordingStorage } from './s3-recording-storage.ts';

const SETTINGS = {
  bucket: 'tuition-recordings',
  region: 'eu-west-2',
  accessKeyId: 'AKIAEXAMPLEKEY',
  secretAccessKey: 'example-secret-access-key',
};
const NOW = new Date('2026-11-03T18:00:00Z');
const KEY = 'recordings/6f1c2d3e/0b5c9d1e.mp4';

// Presigning is computed locally: none of these makes a network call.
describe('S3 recording storage', () => {
  it('presigns a GET on the bucket and key, living at most 300 seconds', async () => {
    const storage = createS3RecordingStorage(SETTINGS);
    const link = await storage.signedUrl(KEY, 3600, NOW);
    const url = new URL(link.url);
    expect(url.origin).toBe('https://tuition-recordings.s3.eu-west-2.amazonaws.com');
    expect(url.pathname).toBe(`/${KEY}`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLEKEY\//);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-cache-control')).toBe('no-store');
    expect(link.url).not.toContain(SETTINGS.secretAccessKey);
    expect(link.expiresAt).toEqual(new Date(NOW.getTime() + 300_000));
  });

  it('keeps a shorter lifetime as asked', async () => {
    const link = await createS3RecordingStorage(SETTINGS).signedUrl(KEY, 60, NOW);
    expect(new URL(link.url).searchParams.get('X-Amz-Expires')).toBe('60');
    expect(link.expiresAt).toEqual(new Date(NOW.getTime() + 60_000));
  });

  it('addresses an S3-compatible endpoint path-style', async () => {
    const storage = createS3RecordingStorage({ ...SETTINGS, endpoint: 'http://minio.local:9000' });
    const url = new URL((await storage.signedUrl(KEY, 300, NOW)).url);
    expect(url.origin).toBe('http://minio.local:9000');
    expect(url.pathname).toBe(`/tuition-recordings/${KEY}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  });
});
