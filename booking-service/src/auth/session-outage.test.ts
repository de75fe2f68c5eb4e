import { afterEach, describe, expect, it } from 'vitest';
import { createApp, DATABASE_UNREACHABLE } from '../app.ts';
import { createDb } from '../db/client.ts';
import { PROBLEM_CONTENT_TYPE } from '../http/problem.ts';
import { signedInUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { createAuth } from './auth.ts';

/*
 * Reading the session while the database cannot be reached is an outage the page may retry:
 * 503 with Retry-After, like every other route, never a 500 or a "signed out" answer that would
 * send a signed-in customer to the sign-in page (the app's outage tests, app.test.ts).
 */
describe.each(TEST_DB_KINDS)('get-session while the database is unreachable on %s', (dbKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A signed-in customer's cookie, and the app whose database has just gone away. */
  async function signedInThenOutage(logger: ReturnType<typeof captureLogs>['logger']) {
    if (dbKind === 'pglite') {
      // In-process PGlite cannot become unreachable; a closed one is the nearest thing.
      const t = await createTestApp({ dbKind, logger });
      cleanups.push(t.close);
      const customer = await signedInUser(t);
      const gone = await createDb({ dataDir: 'memory://' });
      await gone.close();
      const auth = createAuth({ ...t.deps, db: gone.db });
      const app = createApp({ ...t.deps, db: gone.db, dbHandle: gone, auth });
      return { app, cookie: customer.cookie };
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
    const customer = await signedInUser(t);
    await proxy.cut();
    return { app: t.app, cookie: customer.cookie };
  }

  it('answers 503 with Retry-After and a problem body to a signed-in page, and logs no SQL', async () => {
    const logs = captureLogs();
    const { app, cookie } = await signedInThenOutage(logs.logger);
    const res = await app.request('/api/auth/get-session', { headers: { cookie } });
    expect(res.status).toBe(503);
    expect(res.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ status: 503, detail: DATABASE_UNREACHABLE });
    expect(logs.lines().some((l) => l.msg === 'database unreachable')).toBe(true);
    expect(logs.lines().some((l) => l.msg === 'unhandled error')).toBe(false);
    expect(logs.raw()).not.toMatch(/select .* from/i);
  });
});
