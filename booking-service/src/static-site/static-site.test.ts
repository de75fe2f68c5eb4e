import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountStaticSite } from './static-site.ts';

const BIG_PAGE = `<h1>Book</h1>${'<p>A session, an hour long.</p>'.repeat(200)}`;

describe('mountStaticSite', () => {
  let dist: string;
  let app: OpenAPIHono;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'site-dist-'));
    await mkdir(path.join(dist, 'about'), { recursive: true });
    await mkdir(path.join(dist, '_astro'), { recursive: true });
    await mkdir(path.join(dist, 'api'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<h1>Home</h1>');
    await writeFile(path.join(dist, 'about', 'index.html'), '<h1>About</h1>');
    await writeFile(path.join(dist, 'privacy-policy.html'), '<h1>Privacy</h1>');
    await writeFile(path.join(dist, '404.html'), '<h1>Oops! Page not found</h1>');
    await writeFile(path.join(dist, '_astro', 'page.abc123.js'), 'console.log(1)');
    // What site/integrations/precompress.mjs writes beside a large page.
    await mkdir(path.join(dist, 'booking'), { recursive: true });
    await writeFile(path.join(dist, 'booking', 'index.html'), BIG_PAGE);
    await writeFile(path.join(dist, 'booking', 'index.html.br'), brotliCompressSync(BIG_PAGE));
    await writeFile(path.join(dist, 'booking', 'index.html.gz'), gzipSync(BIG_PAGE));
    // A file that would shadow the API if the service paths were not excluded.
    await writeFile(path.join(dist, 'api', 'health'), 'shadow');

    app = new OpenAPIHono();
    app.get('/api/health', (c) => c.json({ status: 'ok' }));
    mountStaticSite(app, dist);
    app.notFound((c) => c.json({ title: 'Not Found' }, 404));
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the home page and pretty URLs', async () => {
    expect(await (await app.request('/')).text()).toBe('<h1>Home</h1>');
    const about = await app.request('/about');
    expect(about.status).toBe(200);
    expect(about.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(await about.text()).toBe('<h1>About</h1>');
    expect(await (await app.request('/about/')).text()).toBe('<h1>About</h1>');
    expect(await (await app.request('/privacy-policy')).text()).toBe('<h1>Privacy</h1>');
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await app.request('/_astro/page.abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('immutable');
  });

  it('sends the Brotli copy to browsers that accept it, the plain page to others', async () => {
    const br = await app.request('/booking', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    const compressed = Buffer.from(await br.arrayBuffer());
    expect(compressed.length).toBeLessThan(BIG_PAGE.length / 5);
    expect(brotliDecompressSync(compressed).toString()).toBe(BIG_PAGE);
    const gz = await app.request('/booking', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await app.request('/booking');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_PAGE);
  });

  it('lets caches keep pages but revalidate them: 304 when unchanged', async () => {
    const first = await app.request('/about');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    const lastModified = first.headers.get('Last-Modified');
    expect(lastModified).toBeTruthy();
    const again = await app.request('/about', {
      headers: { 'If-Modified-Since': lastModified ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const older = await app.request('/about', {
      headers: { 'If-Modified-Since': 'Mon, 01 Jan 2024 00:00:00 GMT' },
    });
    expect(older.status).toBe(200);
  });

  it('answers unknown pages with the site 404 page and status 404', async () => {
    const res = await app.request('/no-such-page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it('never shadows /api or /dev', async () => {
    expect(await (await app.request('/api/health')).json()).toEqual({ status: 'ok' });
    const unknownApi = await app.request('/api/nothing');
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ title: 'Not Found' });
    expect((await app.request('/dev/nothing')).headers.get('Content-Type')).toMatch(/json/);
  });

  it('refuses path traversal out of the site folder', async () => {
    const res = await app.request('/../package.json');
    expect(res.status).toBe(404);
  });
});
