import { fixedClock } from '@tuition/domain';
import { TokenVerifier } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import { DEV_LIVEKIT_API_KEY, DEV_LIVEKIT_API_SECRET, loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { recordingLinkKey, roomsFromConfig } from './room-provider-from-config.ts';

/** Building the providers touches no database; only their calls would. */
const deps = { db: {} as Database, clock: fixedClock('2026-11-03T16:45:00Z') };
const S3 = {
  RECORDINGS_S3_BUCKET: 'tuition-recordings',
  RECORDINGS_S3_REGION: 'eu-west-2',
  RECORDINGS_S3_ACCESS_KEY_ID: 'AKIATEST',
  RECORDINGS_S3_SECRET_ACCESS_KEY: 'secret',
};
const LIVEKIT = {
  MEETING_PROVIDER: 'livekit',
  LIVEKIT_URL: 'wss://tuition.livekit.cloud',
  LIVEKIT_API_KEY: 'APIkey',
  LIVEKIT_API_SECRET: 'livekit-secret-0123456789abcdef0123456789',
};

describe('roomsFromConfig', () => {
  it('uses the local twin and local files by default, signing with the dev key', async () => {
    const setup = roomsFromConfig(loadConfig({ NODE_ENV: 'test' }), deps);
    expect(setup.rooms?.kind).toBe('local');
    expect(setup.twin).toBe(setup.rooms);
    expect(setup.storage.kind).toBe('local');
    expect(setup.files).toBe(setup.storage);
    expect(setup.rooms?.serverUrl).toBe('http://localhost:4321/dev/rooms');
    const entry = await setup.rooms!.issueToken({
      room: 'r',
      identity: 'pupil-1',
      name: 'Amira K.',
      role: 'pupil',
      now: new Date('2026-11-03T16:45:00Z'),
      expiresAt: new Date('2026-11-03T18:05:00Z'),
    });
    const claims = await new TokenVerifier(DEV_LIVEKIT_API_KEY, DEV_LIVEKIT_API_SECRET).verify(
      entry.token,
    );
    expect(claims.video?.room).toBe('r');
  });

  it('uses LiveKit and S3 when both are configured', () => {
    const setup = roomsFromConfig(loadConfig({ NODE_ENV: 'test', ...LIVEKIT, ...S3 }), deps);
    expect(setup.rooms?.kind).toBe('livekit');
    expect(setup.rooms?.serverUrl).toBe('wss://tuition.livekit.cloud');
    expect(setup.storage.kind).toBe('s3');
    expect(setup.twin).toBeUndefined();
    expect(setup.files).toBeUndefined();
  });

  it('has no rooms with the standing meeting links', () => {
    const setup = roomsFromConfig(loadConfig({ NODE_ENV: 'test', MEETING_PROVIDER: 'link' }), deps);
    expect(setup.rooms).toBeNull();
    expect(setup.twin).toBeUndefined();
    expect(setup.storage.kind).toBe('local');
  });

  it('keeps the twin on local files even when S3 is configured, where its links serve them', () => {
    const setup = roomsFromConfig(loadConfig({ NODE_ENV: 'test', ...S3 }), deps);
    expect(setup.rooms?.kind).toBe('local');
    expect(setup.storage.kind).toBe('local');
  });

  it('refuses the twin and local recording files in a hand-built production config', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(() => roomsFromConfig({ ...config, isProduction: true }, deps)).toThrow(
      /MEETING_PROVIDER/,
    );
    const livekit = loadConfig({ NODE_ENV: 'test', ...LIVEKIT });
    expect(() => roomsFromConfig({ ...livekit, isProduction: true }, deps)).toThrow(
      /RECORDINGS_S3_BUCKET/,
    );
  });

  it('derives the recording links’ key from the auth secret, never the secret itself', () => {
    const key = recordingLinkKey('a'.repeat(40));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('a'.repeat(40));
    expect(recordingLinkKey('b'.repeat(40))).not.toBe(key);
  });
});
