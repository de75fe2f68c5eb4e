import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountStaticSite } from '../static-site/static-site.ts';

// The site is static: one page, /admin/user, shows any user; the service serves it for every
// /admin/users/{id} address so links and reloads work (docs/decisions/031).
describe('the admin user page address', () => {
  let dist: string;
  const app = new OpenAPIHono();

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'site-dist-admin-'));
    await mkdir(path.join(dist, 'admin', 'user'), { recursive: true });
    await writeFile(path.join(dist, 'admin', 'user', 'index.html'), '<h1>User detail</h1>');
    await writeFile(path.join(dist, 'admin', 'index.html'), '<h1>Dashboard</h1>');
    await writeFile(path.join(dist, '404.html'), '<h1>Oops! Page not found</h1>');
    mountStaticSite(app, dist);
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the user detail page for /admin/users/{id}', async () => {
    const response = await app.request('/admin/users/u_123-abc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toBe('<h1>User detail</h1>');
  });

  it('still serves the dashboard and the not-found page for other admin addresses', async () => {
    expect(await (await app.request('/admin')).text()).toBe('<h1>Dashboard</h1>');
    const deeper = await app.request('/admin/users/u_123/bookings');
    expect(deeper.status).toBe(404);
  });
});
