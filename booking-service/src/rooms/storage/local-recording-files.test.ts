import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedClock } from '@tuition/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../clock.ts';
import { RECORDING_LINK_MAX_SECONDS } from '../recording-storage.ts';
import {
  createLocalRecordingFiles,
  type LocalRecordingFiles,
  recordingFilePath,
  UnsafeRecordingKey,
  verifyRecordingUrl,
} from './local-recording-files.ts';

const NOW = new Date('2026-11-03T18:00:00Z');
const KEY = 'recordings/6f1c2d3e/0b5c9d1e.mp4';
const SIGNING_KEY = 'test-signing-key-0123456789abcdef';

describe('local recording files', () => {
  let dir: string;
  let files: LocalRecordingFiles;
  const clock = settableClock(fixedClock(NOW));

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recordings-'));
    files = createLocalRecordingFiles({
      dir,
      publicUrl: 'http://localhost:4321',
      signingKey: SIGNING_KEY,
      clock,
    });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => clock.set(NOW));

  /** The key, expires and signature of a link, as the route reads them. */
  const partsOf = (url: string) => {
    const parsed = new URL(url);
    return {
      key: parsed.pathname.replace(/^\/dev\/recordings\//, ''),
      expires: parsed.searchParams.get('expires') ?? undefined,
      signature: parsed.searchParams.get('signature') ?? undefined,
    };
  };

  it('writes, finds and deletes a file; deleting twice is harmless', async () => {
    await files.write(KEY, 'bytes');
    expect(await files.exists(KEY)).toBe(true);
    expect((await files.read(KEY))?.toString()).toBe('bytes');
    await files.delete(KEY);
    expect(await files.exists(KEY)).toBe(false);
    expect(await files.read(KEY)).toBeUndefined();
    await expect(files.delete(KEY)).resolves.toBeUndefined();
  });

  it('signs a link that works until it expires by the app clock', async () => {
    const link = await files.signedUrl(KEY, 120, NOW);
    expect(link.expiresAt).toEqual(new Date(NOW.getTime() + 120_000));
    expect(link.url).toMatch(
      new RegExp(
        `^http://localhost:4321/dev/recordings/${KEY}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    const { key, expires, signature } = partsOf(link.url);
    expect(files.verify(key, expires, signature)).toBe('valid');
    clock.set(new Date(NOW.getTime() + 119_000));
    expect(files.verify(key, expires, signature)).toBe('valid');
    clock.set(new Date(NOW.getTime() + 120_000));
    expect(files.verify(key, expires, signature)).toBe('expired');
  });

  it(`never lives longer than ${RECORDING_LINK_MAX_SECONDS} seconds`, async () => {
    const link = await files.signedUrl(KEY, 3600, NOW);
    expect(link.expiresAt).toEqual(new Date(NOW.getTime() + RECORDING_LINK_MAX_SECONDS * 1000));
  });

  it('refuses a changed key, expiry or signature, and another signing key', async () => {
    const { key, expires, signature } = partsOf((await files.signedUrl(KEY, 300, NOW)).url);
    const sig = signature!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect(files.verify('recordings/6f1c2d3e/other.mp4', expires, sig)).toBe('bad-signature');
    expect(files.verify(key, String(Number(expires) + 3600), sig)).toBe('bad-signature');
    expect(files.verify(key, expires, flipped)).toBe('bad-signature');
    expect(files.verify(key, expires, `${sig}00`)).toBe('bad-signature');
    expect(files.verify(key, expires, sig.toUpperCase())).toBe('bad-signature');
    expect(files.verify(key, expires, undefined)).toBe('bad-signature');
    expect(files.verify(key, undefined, sig)).toBe('bad-signature');
    expect(files.verify(key, `${expires}.5`, sig)).toBe('bad-signature');
    expect(
      verifyRecordingUrl({ key, expires, signature: sig, signingKey: 'another-key', now: NOW }),
    ).toBe('bad-signature');
  });

  it.each([
    '../outside.mp4',
    'recordings/../../outside.mp4',
    '/etc/passwd',
    'recordings//x.mp4',
    'recordings/./x.mp4',
    'recordings\\..\\x.mp4',
    'recordings/x.mp4\0',
    '',
  ])('refuses the key %j', async (key) => {
    expect(() => recordingFilePath(dir, key)).toThrow(UnsafeRecordingKey);
    await expect(files.write(key, 'x')).rejects.toBeInstanceOf(UnsafeRecordingKey);
    await expect(files.signedUrl(key, 60, NOW)).rejects.toBeInstanceOf(UnsafeRecordingKey);
    await expect(files.exists(key)).rejects.toBeInstanceOf(UnsafeRecordingKey);
  });

  it('does not follow a key out of the folder even when a file is there', async () => {
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-outside.mp4`);
    await writeFile(outside, 'secret');
    try {
      const key = `../${path.basename(outside)}`;
      await expect(files.read(key)).rejects.toBeInstanceOf(UnsafeRecordingKey);
    } finally {
      await rm(outside, { force: true });
    }
  });
});
