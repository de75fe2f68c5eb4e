import { fixedClock } from '@tuition/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertUsers } from '../testing/checkout-test-kit.ts';
import {
  LAPSED_CHECKOUT_SWEEP_MS,
  expireLapsedCheckouts,
  lapsedCheckouts,
  scheduleLapsedCheckoutSweep,
} from './lapsed-checkout-sweep.ts';

const NOW = '2026-11-03T09:00:00Z';
const minutesFromNow = (minutes: number) => new Date(new Date(NOW).getTime() + minutes * 60_000);
/*
 * "It did not run again" must not depend on how busy the machine is. Against a database the
 * timers stay real (the Neon driver does its own I/O on setTimeout), and the check waits for a
 * timer armed after the sweep's: Node fires timers in the order they fall due, so once that one
 * has fired, a sweep still armed has started its run, which stop() then waits for. Without a
 * database, the tests fake setTimeout and move it by hand.
 */
const afterTimersDueWithin = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

describe.each(TEST_DB_KINDS)('lapsed checkout sweep on %s', (dbKind) => {
  let t: TestApp;
  let customerId: string;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    const [customer] = await insertUsers(t, 1);
    customerId = customer!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pendingCheckout(expiresAt: Date): Promise<string> {
    const [row] = await t.deps.db
      .insert(checkouts)
      .values({
        userId: customerId,
        provider: 'local',
        amountPence: 1500,
        sessionCount: 1,
        expiresAt,
      })
      .returning({ id: checkouts.id });
    return row!.id;
  }
  const statusOf = async (id: string) =>
    (await t.deps.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]?.status;

  it('marks lapsed holds expired on its own, leaves live ones, and stops when told', async () => {
    const lapsed = await pendingCheckout(minutesFromNow(-1));
    const live = await pendingCheckout(minutesFromNow(10));
    const sweep = scheduleLapsedCheckoutSweep(t.deps, { intervalMs: 20 });
    try {
      await expect.poll(() => statusOf(lapsed), { timeout: 10_000, interval: 20 }).toBe('expired');
      expect(await statusOf(live)).toBe('pending');
    } finally {
      await sweep.stop();
    }

    const afterStop = await pendingCheckout(minutesFromNow(-1));
    await afterTimersDueWithin(20);
    await sweep.stop();
    expect(await statusOf(afterStop)).toBe('pending');
  });

  it('reads only the pending checkouts, through their partial index, however many there are', async () => {
    // Years of finished checkouts and a few live holds (docs/decisions/076).
    await t.deps.db.execute(sql`insert into checkouts
        (user_id, provider, amount_pence, session_count, expires_at, status)
      select ${customerId}, 'local', 1500, 1, ${minutesFromNow(-60 * 24 * 400)}::timestamptz
          + g * interval '1 hour', case when g % 2 = 0 then 'expired' else 'cancelled' end
      from generate_series(1, 4000) g`);
    const lapsed = await pendingCheckout(minutesFromNow(-5));
    const live = await pendingCheckout(minutesFromNow(10));
    await t.deps.db.execute(sql`analyze checkouts`);
    const plan = await t.deps.db.transaction(async (tx) => {
      // The plan a driver that prepares statements would cache: made without the values. Seq
      // scans off only to make the choice certain on a table this small.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = lapsedCheckouts(tx, new Date(NOW)).toSQL();
      await tx.execute(sql.raw(`prepare lapsed_sweep as ${query.sql}`));
      // EXECUTE takes no bound parameters: the test's own values, quoted.
      const values = query.params.map((value) => `'${String(value).replaceAll("'", "''")}'`);
      const explained = await tx.execute(sql.raw(`explain execute lapsed_sweep(${values})`));
      await tx.execute(sql`deallocate lapsed_sweep`);
      return JSON.stringify(explained);
    });
    expect(plan).toContain('checkouts_pending_expires_at_idx');

    const expired = await expireLapsedCheckouts(t.deps, new Date(NOW));
    expect(expired.map((row) => row.id)).toContain(lapsed);
    expect(await statusOf(live)).toBe('pending');
  });
});

describe('lapsed checkout sweep timer', () => {
  // The sweep reaches the rest of its dependencies only for a lapsed hold; these find none.
  const deps = (db: unknown, logger = captureLogs().logger) =>
    ({
      db: db as Database,
      clock: fixedClock(NOW),
      logger,
    }) as unknown as Parameters<typeof scheduleLapsedCheckoutSweep>[0];
  /** A database whose lapsed-hold SELECT answers through `answer` (inside its transaction). */
  const dbAnswering = (answer: () => Promise<Array<{ id: string }>>) => {
    const db = {
      select: () => ({ from: () => ({ where: () => ({ limit: answer }) }) }),
      transaction: (work: (tx: unknown) => Promise<unknown>) => work(db),
    };
    return db;
  };

  it('runs every minute by default on a timer that does not keep the process alive', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const sweep = scheduleLapsedCheckoutSweep(deps(dbAnswering(async () => [])));
    try {
      const call = setTimeoutSpy.mock.calls.findIndex(
        ([, delay]) => delay === LAPSED_CHECKOUT_SWEEP_MS,
      );
      expect(LAPSED_CHECKOUT_SWEEP_MS).toBe(60_000);
      expect(call).toBeGreaterThanOrEqual(0);
      const timer = setTimeoutSpy.mock.results[call]?.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
    } finally {
      setTimeoutSpy.mockRestore();
      await sweep.stop();
    }
  });

  it('logs a failed run and tries again at the next interval', async () => {
    const logs = captureLogs();
    let runs = 0;
    const db = dbAnswering(async () => {
      runs++;
      throw new Error('connection refused');
    });
    const sweep = scheduleLapsedCheckoutSweep(deps(db, logs.logger), { intervalMs: 10 });
    try {
      await expect.poll(() => runs, { timeout: 5_000, interval: 10 }).toBeGreaterThanOrEqual(2);
    } finally {
      await sweep.stop();
    }
    const failures = logs.lines().filter((l) => l.component === 'checkout-sweep');
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/sweep failed/) });
  });

  it('lets a run in progress finish before stop() resolves, and starts no other', async () => {
    fakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let runs = 0;
    let finishRun: (rows: Array<{ id: string }>) => void = () => {};
    const db = dbAnswering(() => {
      runs++;
      return new Promise((resolve) => {
        finishRun = resolve;
      });
    });
    const sweep = scheduleLapsedCheckoutSweep(deps(db), { intervalMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);

    let stopped = false;
    const stopping = sweep.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5 * 10);
    expect(stopped).toBe(false);
    finishRun([]);
    await stopping;
    await vi.advanceTimersByTimeAsync(5 * 10);
    expect(runs).toBe(1);
  });
});
