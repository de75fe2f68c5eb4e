import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountStaticSite } from './static-site.ts';

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
