import { findSession } from '@tuition/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatsTaken } from '../sessions/seats.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { ConflictError } from '../http/problem.ts';
import { TEST_DB_KINDS_WITH_POOLER } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { type CheckoutDeps, startCheckout } from './checkout.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { bookableStarts, fillSeats, insertUsers } from '../testing/checkout-test-kit.ts';

const NOW = '2026-11-03T09:00:00Z';
// PGlite is one connection: its transactions cannot overlap, so it proves nothing here.
const SERVER_KINDS = TEST_DB_KINDS_WITH_POOLER.filter((kind) => kind !== 'pglite');

const isFullConflict = (e: unknown) => e instanceof ConflictError && e.code === 'full';
// Waiting for a pooled connection, or for a new one's login (through PgBouncer too), too long.
const isPoolTimeout = (e: unknown) =>
  /timeout exceeded when trying to connect|Connection terminated due to connection timeout/.test(
    `${(e as Error)?.message} ${((e as Error)?.cause as Error | undefined)?.message}`,
  );

/*
 * Many customers at once, straight at the checkout core (users made in the database, so no
 * password hashing dominates): the row locks must keep every session within its capacity.
 */
describe.skipIf(SERVER_KINDS.length > 0)('concurrent checkouts', () => {
  it.skip('run on postgres, neon and pgbouncer only (TEST_DB_KINDS has none)', () => {});
});

describe.each(SERVER_KINDS)('concurrent checkouts on %s', (dbKind) => {
  let t: TestApp;
  let deps: CheckoutDeps;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    deps = { ...t.deps, payments: t.deps.payments! };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sessionIds(service: 'ks3' | 'gcse', starts: string[]) {
    const timetable = await t.deps.content.timetable();
    const sessions = starts.map((s) => findSession(timetable, service, new Date(s))!);
    const rows = await ensureSessionRows(t.deps.db, sessions, 1500);
    return sessions.map((s) => rows.get(s.startsAt.getTime())!.id);
  }

  it('gives the last seat to exactly one of 200 simultaneous customers', async () => {
    const [start] = await bookableStarts(t, 'ks3', 1);
    await fillSeats(t, 'ks3', start!, 9);
    const customers = await insertUsers(t, 200);

    const checkout = (customer: (typeof customers)[number]) =>
      startCheckout(deps, { user: customer, service: 'ks3', startsAt: [start!] });
    const burst = await Promise.allSettled(customers.map(checkout));
    // A customer whose connection timed out took nothing and tries once more, one at a time, so
    // a loaded machine (every burst connection slower than the pool's timeout) cannot hide the
    // winner: exactly one seat is sold in all.
    const retry = await customers.reduce<Promise<PromiseSettledResult<unknown>[]>>(
      async (done, customer, index) => {
        const settled = await done;
        const first = burst[index]!;
        if (first.status === 'fulfilled' || !isPoolTimeout(first.reason)) return settled;
        return [...settled, ...(await Promise.allSettled([checkout(customer)]))];
      },
      Promise.resolve([]),
    );
    const results = [
      ...burst.filter((r) => r.status === 'fulfilled' || !isPoolTimeout(r.reason)),
      ...retry,
    ];
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(199);
    // Every loser is told the session is full.
    expect(lost.filter((e) => !isFullConflict(e)).map((e) => String(e))).toEqual([]);

    const [id] = await sessionIds('ks3', [start!]);
    expect((await seatsTaken(t.deps.db, [id!], new Date(NOW))).get(id!)).toBe(10);
  }, 120_000);

  it('gives the last two seats to exactly one of 100 customers racing with two pupils each', async () => {
    const [start] = await bookableStarts(t, 'ks3', 1, { skip: 1 });
    await fillSeats(t, 'ks3', start!, 8);
    const customers = await insertUsers(t, 100);
    const families = [];
    for (const customer of customers) {
      const pupilIds = [
        await insertPupil(t.deps.db, { userId: customer.id, name: 'Twin A', yearGroup: 'y7' }),
        await insertPupil(t.deps.db, { userId: customer.id, name: 'Twin B', yearGroup: 'y7' }),
      ];
      families.push({ customer, pupilIds });
    }

    const results = await Promise.allSettled(
      families.map(({ customer, pupilIds }) =>
        startCheckout(deps, { user: customer, service: 'ks3', startsAt: [start!], pupilIds }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost.filter((e) => !isFullConflict(e) && !isPoolTimeout(e)).map(String)).toEqual([]);

    const [id] = await sessionIds('ks3', [start!]);
    expect((await seatsTaken(t.deps.db, [id!], new Date(NOW))).get(id!)).toBe(10);
  }, 120_000);

  it('keeps three 10-seat sessions within capacity under 60 overlapping baskets', async () => {
    const starts = await bookableStarts(t, 'gcse', 3);
    const customers = await insertUsers(t, 60);
    // Every customer wants a different mix of the three, so baskets overlap and lock in turns.
    const baskets = customers.map((_, i) => starts.filter((__, j) => ((i % 7) + 1) & (1 << j)));

    const results = await Promise.allSettled(
      customers.map((customer, i) =>
        startCheckout(deps, { user: customer, service: 'gcse', startsAt: baskets[i]! }),
      ),
    );
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(failures.filter((e) => !isFullConflict(e)).map(String)).toEqual([]);

    const ids = await sessionIds('gcse', starts);
    const taken = await seatsTaken(t.deps.db, ids, new Date(NOW));
    for (const id of ids) expect(taken.get(id)).toBe(10);
    const seatsSold = results.reduce(
      (sum, r, i) => sum + (r.status === 'fulfilled' ? baskets[i]!.length : 0),
      0,
    );
    expect(seatsSold).toBe(30);
  }, 120_000);
});
