import { readFileSync } from 'node:fs';
import { createRoute, z } from '@hono/zod-openapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { createApp, DATABASE_BUSY, DATABASE_UNREACHABLE, MAX_BODY_BYTES } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { createDb } from './db/client.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PROBLEM_CONTENT_TYPE,
  UnauthorizedError,
} from './http/problem.ts';
import { createRouter } from './http/router.ts';
import { TEST_DB_KINDS } from './testing/database-kinds.ts';
import { captureLogs } from './testing/log-capture.ts';
import { startTcpProxy } from './testing/tcp-proxy.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { createTestDatabase } from './testing/test-database.ts';

/** Routes that exist only in this test, to drive the app's error handling and validation. */
function probeRoutes() {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/test-probe/echo',
      request: {
        body: {
          content: {
            'application/json': {
              schema: z.object({
                email: z.email('Enter a valid email address'),
                age: z.number().int(),
              }),
            },
          },
        },
      },
      responses: { 200: { description: 'echo' } },
    }),
    (c) => c.json(c.req.valid('json'), 200),
  );
  router.post('/api/test-probe/upload', async (c) =>
    c.json({ bytes: (await c.req.text()).length }),
  );
  router.get('/api/test-probe/boom', () => {
    throw new Error('database password=hunter2 exploded');
  });
  router.get('/api/test-probe/conflict', () => {
    throw new ConflictError('full', ['2026-11-03T17:00:00.000Z']);
  });
  router.get('/api/test-probe/unauthorized', () => {
    throw new UnauthorizedError();
  });
  router.get('/api/test-probe/forbidden', () => {
    throw new ForbiddenError();
  });
  router.get('/api/test-probe/missing', () => {
    throw new NotFoundError('No such booking.');
  });
  router.get('/api/test-probe/deadlock', () => {
    // What drizzle throws when Postgres picks this transaction as a deadlock's victim.
    throw new DrizzleQueryError(
      'update "user" set "email" = $1',
      ['ada@example.com'],
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    );
  });
  return router;
}

async function expectProblem(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  expect(typeof body.detail).toBe('string');
  return body;
}

describe.each(TEST_DB_KINDS)('app on %s', (dbKind) => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;

  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp({ dbKind, logger: logs.logger });
    t.app.route('/', probeRoutes());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an unknown /api path with a 404 problem body', async () => {
    const body = await expectProblem(await t.app.request('/api/no-such-thing'), 404);
    expect(body.detail).toContain('/api/no-such-thing');
  });

  it('answers an unexpected error with a 500 problem body without the stack, and logs it', async () => {
    const res = await t.app.request('/api/test-probe/boom');
    const body = await expectProblem(res, 500);
    const text = JSON.stringify(body);
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(body.detail).toContain(res.headers.get('X-Request-Id'));

    const logged = logs.lines().find((l) => l.msg === 'unhandled error');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('exploded');
    expect((logged?.err as { stack?: string } | undefined)?.stack).toMatch(/app\.test\.ts/);
  });

  it('maps typed errors to their problem bodies', async () => {
    const conflict = await expectProblem(await t.app.request('/api/test-probe/conflict'), 409);
    expect(conflict).toMatchObject({ code: 'full', slots: ['2026-11-03T17:00:00.000Z'] });
    await expectProblem(await t.app.request('/api/test-probe/unauthorized'), 401);
    await expectProblem(await t.app.request('/api/test-probe/forbidden'), 403);
    const missing = await expectProblem(await t.app.request('/api/test-probe/missing'), 404);
    expect(missing.detail).toBe('No such booking.');
  });

  it('answers a deadlock with 503 and Retry-After, as an outage, and logs no SQL', async () => {
    const res = await t.app.request('/api/test-probe/deadlock');
    const body = await expectProblem(res, 503);
    expect(body).toMatchObject({ title: 'Service Unavailable', detail: DATABASE_BUSY });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const logged = logs
      .lines()
      .filter((l) => l.msg === 'database transaction aborted by a conflict');
    expect(logged).toEqual([
      expect.objectContaining({ db: { code: '40P01', message: 'deadlock detected' } }),
    ]);
    expect(logs.raw()).not.toContain('ada@example.com');
  });

  it('refuses invalid input with a 400 problem naming each field', async () => {
    const res = await t.app.request('/api/test-probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nope', age: 'old' }),
    });
    const body = await expectProblem(res, 400);
    const errors = body.errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual(['age', 'email']);
    expect(errors.find((e) => e.field === 'email')?.message).toBe('Enter a valid email address');
    expect(body.detail).toContain('email: Enter a valid email address');
    expect(body.detail).toContain('age: ');
  });

  it('accepts valid input through the same route', async () => {
    const res = await t.app.request('/api/test-probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', age: 15 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'ada@example.com', age: 15 });
  });

  it('refuses a body over the limit with a 413 problem, announced or streamed', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    await expectProblem(
      await t.app.request('/api/test-probe/upload', {
        method: 'POST',
        headers: { 'Content-Length': String(big.length) },
        body: big,
      }),
      413,
    );
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    await expectProblem(
      await t.app.request('/api/test-probe/upload', {
        method: 'POST',
        body: streamed,
        duplex: 'half', // Node's fetch needs this for a streamed body
      } as RequestInit),
      413,
    );
    const small = await t.app.request('/api/test-probe/upload', { method: 'POST', body: 'hello' });
    expect(await small.json()).toEqual({ bytes: 5 });
  });

  it('sends the security headers on API answers, errors included', async () => {
    for (const path of ['/api/health', '/api/no-such-thing']) {
      const res = await t.app.request(path);
      expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('Strict-Transport-Security')).toBeNull();
    }
  });

  it('serves an OpenAPI 3.1 document listing the routes', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health']).toBeDefined();
  });

  // Twilio's webhooks post signed forms and read TwiML back, no contract shape: the README's
  // route table documents them (docs/decisions/103).
  it('documents every API route except the better-auth catch-all and the text webhooks', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const undocumented = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .filter(
        (r) => !/^\/api\/(auth|test-probe|sms\/webhooks)\/|^\/api\/openapi\.json$/.test(r.path),
      )
      .map((r) => ({ method: r.method.toLowerCase(), path: r.path.replace(/:(\w+)/g, '{$1}') }))
      .filter((r) => !doc.paths[r.path]?.[r.method])
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undocumented).toEqual([]);
  });

  it('lists every mounted route in the README, and no route that is not mounted', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = new Set<string>();
    for (const row of readme.matchAll(/^\| ([A-Z, ]+?) +\| (`.+?) +\|/gm)) {
      const paths = [...row[2]!.matchAll(/`([^`?]+)[^`]*`/g)].map((m) => m[1]!);
      for (const method of row[1]!.split(', ')) {
        for (const path of paths) documented.add(`${method} ${path}`);
      }
    }
    const mounted = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && !r.path.startsWith('/api/test-probe/'))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect([...mounted].filter((route) => !documented.has(route))).toEqual([]);
    // The built site (GET /*) is mounted by server.ts, not by createApp.
    const stale = [...documented].filter((route) => route !== 'GET /*' && !mounted.has(route));
    expect(stale).toEqual([]);
  });

  it('tags each request with an id and logs it without query string, cookies or tokens', async () => {
    const res = await t.app.request('/api/health?token=reset-token-secret', {
      headers: {
        Cookie: 'better-auth.session_token=cookie-secret',
        Authorization: 'Bearer bearer-secret',
        'X-Request-Id': 'trace-123',
      },
    });
    expect(res.headers.get('X-Request-Id')).toBe('trace-123');
    const line = logs.lines().find((l) => l.requestId === 'trace-123' && l.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', path: '/api/health', status: 200 });
    for (const secret of ['reset-token-secret', 'cookie-secret', 'bearer-secret']) {
      expect(logs.raw()).not.toContain(secret);
    }
  });
});

/*
 * A request that needs the database while it cannot be reached (refused connections, a pool
 * that times out, a server shutting down) is an outage the client may retry: 503 with
 * Retry-After, as /api/health answers, never a 500 that reads as a bug.
 */
describe.each(TEST_DB_KINDS)('app while the database is unreachable on %s', (dbKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The real app whose database (for routes and better-auth alike) has just gone away. */
  async function appWithoutDatabase(logger: ReturnType<typeof captureLogs>['logger']) {
    if (dbKind === 'pglite') {
      // In-process PGlite cannot become unreachable; a closed one is the nearest thing.
      const t = await createTestApp({ dbKind, logger });
      cleanups.push(t.close);
      const gone = await createDb({ dataDir: 'memory://' });
      await gone.close();
      const auth = createAuth({ ...t.deps, db: gone.db });
      return createApp({ ...t.deps, db: gone.db, dbHandle: gone, auth });
    }
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    cleanups.push(proxy.close);
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const t = await createTestApp({ dbKind, databaseUrl: viaProxy.toString(), logger });
    cleanups.push(async () => {
      await proxy.restore();
      await t.close();
    });
    expect((await t.app.request('/api/availability?service=ks3')).status).toBe(200);
    await proxy.cut();
    return t.app;
  }

  it('answers 503 with Retry-After and a problem body, and logs no SQL', async () => {
    const logs = captureLogs();
    const app = await appWithoutDatabase(logs.logger);

    const res = await app.request('/api/availability?service=ks3');
    const body = await expectProblem(res, 503);
    expect(body).toMatchObject({ title: 'Service Unavailable', detail: DATABASE_UNREACHABLE });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);

    const logged = logs.lines().filter((l) => l.msg === 'database unreachable');
    expect(logged.length).toBeGreaterThan(0);
    expect(logs.lines().some((l) => l.msg === 'unhandled error')).toBe(false);
    expect(logs.raw()).not.toMatch(/select .* from/i);
  });

  it('answers 503 for the better-auth endpoints too', async () => {
    const app = await appWithoutDatabase(captureLogs().logger);
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:4321' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery' }),
    });
    await expectProblem(res, 503);
    expect(res.headers.get('Retry-After')).not.toBeNull();
  });
});
