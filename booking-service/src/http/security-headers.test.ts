import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inlineScriptHashes,
  liveKitOrigins,
  STRIPE_CHECKOUT_ORIGIN,
  securityHeaders,
} from './security-headers.ts';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  let dist: string;
  const islandLoader =
    '(()=>{customElements.define("astro-island",class extends HTMLElement{})})();';
  const hoisted = 'document.documentElement.dataset.ready="1"';

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'site-dist-'));
    await mkdir(path.join(dist, 'about'), { recursive: true });
    await writeFile(
      path.join(dist, 'index.html'),
      `<html><head><script type="module" src="/_astro/page.js"></script>
<script type="application/ld+json">{"@type":"Organization"}</script></head>
<body><script>${islandLoader}</script><astro-island></astro-island></body></html>`,
    );
    await writeFile(
      path.join(dist, 'about', 'index.html'),
      `<script>${islandLoader}</script><script type="module">${hoisted}</script>`,
    );
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('hashes each distinct executable inline script of every page once', () => {
    expect(inlineScriptHashes(dist)).toEqual([sha(islandLoader), sha(hoisted)].sort());
  });

  it('returns nothing when the site is not built', () => {
    expect(inlineScriptHashes(path.join(dist, 'missing'))).toEqual([]);
  });
});

describe('securityHeaders', () => {
  const appWith = (isProduction: boolean) =>
    new Hono()
      .use(securityHeaders({ isProduction, scriptHashes: ["'sha256-abc='"] }))
      .get('/', (c) => c.text('ok'));

  it('sends a CSP that allows only our own scripts plus the hashed island loader', async () => {
    const res = await appWith(false).request('/');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['script-src']).toBe("'self' 'sha256-abc='");
    expect(directives['script-src']).not.toContain('unsafe-inline');
    expect(directives['style-src']).toBe("'self' 'unsafe-inline'");
    expect(directives['img-src']).toBe("'self' data:");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['form-action']).toBe(`'self' ${STRIPE_CHECKOUT_ORIGIN}`);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets the lesson page reach LiveKit, and nothing else, when LiveKit is the provider', async () => {
    const origins = liveKitOrigins('wss://tuition.livekit.cloud');
    expect(origins).toEqual(['wss://tuition.livekit.cloud', 'https://tuition.livekit.cloud']);
    const res = await new Hono()
      .use(securityHeaders({ isProduction: true, scriptHashes: [], connectOrigins: origins }))
      .get('/', (c) => c.text('ok'))
      .request('/');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(
      "connect-src 'self' wss://tuition.livekit.cloud https://tuition.livekit.cloud",
    );
    expect(liveKitOrigins(undefined)).toEqual([]);
  });

  it('sends HSTS only in production', async () => {
    expect((await appWith(false).request('/')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await appWith(true).request('/')).headers.get('Strict-Transport-Security')).toMatch(
      /^max-age=\d+/,
    );
  });
});
