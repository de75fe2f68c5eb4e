import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { DRAINING_DETAIL, HEALTH_TIMEOUT_MS } from './health-routes.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  createTestDatabase,
  runningBackends,
  type TestDatabase,
  terminateConnections,
} from '../testing/test-database.ts';
import { waitUntil } from '../testing/wait-until.ts';

async function health(t: Pick<TestApp, 'app'>) {
  const res = await t.app.request('/api/health');
  return { status: res.status, type: res.headers.get('Content-Type'), body: await res.json() };
}

describe.each(TEST_DB_KINDS)('GET /api/health on %s', (dbKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers {"status":"ok"} after a database round trip', async () => {
    const t = await createTestApp({ dbKind });
    cleanups.push(t.close);
    expect(await health(t)).toEqual({
      status: 200,
      type: expect.stringMatching(/^application\/json/),
      body: { status: 'ok' },
    });
  });

  it('is 503 while the instance drains, though the database answers, so a balancer sends nothing new', async () => {
    const t = await createTestApp({ dbKind });
    cleanups.push(t.close);
    let draining = false;
    const app = createApp({ ...t.deps, isDraining: () => draining });

    expect((await health({ app })).status).toBe(200);
    draining = true;
    const res = await app.request('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('Content-Type')).toBe('application/problem+json');
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toMatchObject({ status: 503, detail: DRAINING_DETAIL });
    await t.deps.dbHandle.ping();
  });

  if (dbKind === 'pglite') {
    /*
     * PGlite runs in-process, so it cannot become "unreachable". This proves the route's
     * contract with the handle: a failing ping gives 503, and once the handle answers again
     * (a fresh PGlite behind it) the same app is healthy without a restart.
     */
    it('is 503 while the handle cannot reach PGlite and healthy again once it can', async () => {
      const t = await createTestApp({ dbKind });
      cleanups.push(t.close);
      let current: DbHandle = t.deps.dbHandle;
      const app = createApp({
        ...t.deps,
        dbHandle: { ...t.deps.dbHandle, ping: () => current.ping() },
      });

      expect((await health({ app })).status).toBe(200);
      await current.close();
      const down = await health({ app });
      expect(down.status).toBe(503);
      expect(down.type).toBe('application/problem+json');
      expect(down.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
      expect((await app.request('/api/health')).headers.get('Retry-After')).toBe('5');

      current = await createDb({ dataDir: 'memory://' });
      cleanups.push(() => current.close());
      expect((await health({ app })).body).toEqual({ status: 'ok' });
    });

    it('is 503 when the database hangs instead of answering', async () => {
      const t = await createTestApp({ dbKind });
      cleanups.push(t.close);
      const app = createApp({
        ...t.deps,
        dbHandle: { ...t.deps.dbHandle, ping: () => new Promise<void>(() => {}) },
      });
      const started = Date.now();
      expect((await health({ app })).status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    });
    return;
  }

  /*
   * A real server behind a TCP proxy the test cuts and restores: the pool's open connections
   * are torn down and new ones are refused, exactly as in a network partition or a database
   * restart. The same app instance must report 503 and then recover on its own.
   */
  it('is 503 while the database is unreachable and healthy again when it is back, without a restart', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(database.drop);
    const target = new URL(database.url);
    const proxy: TcpProxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port),
    });
    cleanups.push(proxy.close);
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const t = await createTestApp({ dbKind, databaseUrl: viaProxy.toString() });
    cleanups.push(t.close);

    expect((await health(t)).body).toEqual({ status: 'ok' });

    await proxy.cut();
    const down = await health(t);
    expect(down.status).toBe(503);
    expect(down.type).toBe('application/problem+json');
    expect(down.body).toMatchObject({ status: 503, detail: 'The database is not reachable.' });

    await proxy.restore();
    // A pool may first hand out a connection that died during the outage; the next checks
    // (as a load balancer would make) must find the database again, with no restart.
    await expect
      .poll(async () => (await health(t)).body, { timeout: 15_000, interval: 250 })
      .toEqual({
        status: 'ok',
      });
  });

  /*
   * The server itself kills every connection (pg_terminate_backend, as a failover does).
   * Proves the process survives the pooled connections' errors and the pool reconnects.
   */
  it('survives the server terminating its connections', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const t = await createTestApp({ dbKind, databaseUrl: database.url });
    cleanups.push(t.close);
    expect((await health(t)).status).toBe(200);

    const terminated = await terminateConnections(database.name);
    expect(terminated.length).toBeGreaterThan(0);
    // Once the terminated backends have exited, their sockets are closed, and the pool has had
    // its turns to notice and discard the dead idle connections.
    await waitUntil(
      'the terminated backends have exited',
      async () => (await runningBackends(terminated)) === 0,
    );
    expect((await health(t)).body).toEqual({ status: 'ok' });
  });
});
