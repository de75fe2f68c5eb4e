import { findSession } from '@tuition/domain';
import { ProblemSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, classSessions } from '../../db/schema.ts';
import { DATABASE_BUSY } from '../../app.ts';
import { api, signedInUser } from '../../testing/auth-helpers.ts';
import { bookableStarts } from '../../testing/checkout-test-kit.ts';
import { contractBody } from '../../testing/contract-body.ts';
import { MONEY_TEST_DB_KINDS } from '../../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ensureSessionRows } from '../session-rows.ts';
import { SEAT_LOCK_TIMEOUT_MS } from './seat-ledger.ts';

const NOW = '2026-11-03T09:00:00Z';
// PGlite is one connection: its transactions cannot overlap, so no lock is ever waited for.
const SERVER_KINDS = MONEY_TEST_DB_KINDS.filter((kind) => kind !== 'pglite');

describe.skipIf(SERVER_KINDS.length > 0)('a stuck seat write', () => {
  it.skip('runs on postgres and neon only (TEST_DB_KINDS has neither)', () => {});
});

/*
 * A transaction that holds a session's row lock and does not finish (a stalled instance, a
 * long admin query) must not hang every checkout of that session behind it: the seat ledger's
 * lock timeout turns the wait into a 503 the client may retry (docs/decisions/063).
 */
describe.each(SERVER_KINDS)('a stuck seat write on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a checkout behind it 503 with Retry-After once the lock timeout passes, taking nothing', async () => {
    const customer = await signedInUser(t);
    const [start] = await bookableStarts(t, 'ks3', 1);
    const timetable = await t.deps.content.timetable();
    const session = findSession(timetable, 'ks3', new Date(start!))!;
    const row = (await ensureSessionRows(t.deps.db, [session], 1500)).get(
      session.startsAt.getTime(),
    )!;

    let releaseLock!: () => void;
    const held = new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const stuck = t.deps.db.transaction(async (tx) => {
      await tx.select().from(classSessions).where(eq(classSessions.id, row.id)).for('update');
      locked();
      await held;
    });
    await lockTaken;

    const startedAt = Date.now();
    const res = await api(t, '/api/checkout', {
      body: { service: 'ks3', startsAt: [start] },
      cookie: customer.cookie,
    });
    const waited = Date.now() - startedAt;
    releaseLock();
    await stuck;

    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await contractBody(res, ProblemSchema)).detail).toBe(DATABASE_BUSY);
    // It waited for the lock (so the early check let it through) and gave up at the timeout.
    expect(waited).toBeGreaterThanOrEqual(SEAT_LOCK_TIMEOUT_MS - 100);
    const taken = await t.deps.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.userId, customer.id));
    expect(taken).toEqual([]);

    // With the lock gone, the same request succeeds: nothing was left half done.
    const again = await api(t, '/api/checkout', {
      body: { service: 'ks3', startsAt: [start] },
      cookie: customer.cookie,
    });
    expect(again.status).toBe(201);
  });
});
