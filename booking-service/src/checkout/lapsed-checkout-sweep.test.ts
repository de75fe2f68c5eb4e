import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertUsers } from '../testing/checkout-test-kit.ts';
import {
  LAPSED_CHECKOUT_SWEEP_MS,
  expireLapsedCheckouts,
  lapsedCheckouts,
  lapsedCheckoutSweepJob,
} from './lapsed-checkout-sweep.ts';

const NOW = '2026-11-03T09:00:00Z';
const minutesFromNow = (minutes: number) => new Date(new Date(NOW).getTime() + minutes * 60_000);
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

  it('marks lapsed holds expired once a minute, and leaves live ones', async () => {
    const lapsed = await pendingCheckout(minutesFromNow(-1));
    const live = await pendingCheckout(minutesFromNow(10));
    const job = lapsedCheckoutSweepJob(t.deps);
    expect(job.intervalMs).toBe(LAPSED_CHECKOUT_SWEEP_MS);
    expect(LAPSED_CHECKOUT_SWEEP_MS).toBe(60_000);
    await job.run();
    expect(await statusOf(lapsed)).toBe('expired');
    expect(await statusOf(live)).toBe('pending');
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
