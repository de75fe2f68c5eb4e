import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('API answers are compressed for clients that accept it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gzips a large JSON answer, and leaves it plain for a client that did not ask', async () => {
    const plain = await t.app.request('/api/openapi.json');
    const text = await plain.text();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const gz = await t.app.request('/api/openapi.json', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await gz.arrayBuffer());
    expect(body.length).toBeLessThan(text.length / 3);
    expect(gunzipSync(body).toString()).toBe(text);
  });
});
