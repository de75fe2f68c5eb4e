import { AdminSummarySchema } from '@tuition/api-contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, creditLots, paymentRefunds, revenueMonths, user } from '../db/schema.ts';
import { recordRefund } from '../payments/payment-refunds.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCheckout, insertCustomer } from '../testing/admin-fixtures.ts';

/*
 * The summary's money figures read from what the database keeps (revenue_months.pence and
 * refunded_pence: docs/decisions/075, 114) must equal the full computation over every payment,
 * refund and lot, whatever happens to them: a seeded random run of direct writes of every kind
 * (payments, whole refunds, part refunds decided, changed, moved across the October clock
 * change and a month end, deleted; lots bought, spent, lapsed; accounts deleted), through the
 * real refund path, and many refunds committing at once on PostgreSQL.
 */

const NOW = '2026-11-03T09:00:00Z';
/** Either side of the clock change (25 Oct 2026, 01:00 UTC) and a London month end. */
const INSTANTS = [
  '2026-10-25T00:30:00Z',
  '2026-10-25T01:30:00Z',
  '2026-10-31T23:30:00Z',
  '2026-09-30T23:30:00Z',
  '2026-11-02T12:00:00Z',
].map((text) => new Date(text));

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

/**
 * The money figures computed from every row, as the summary computed them before decision 114:
 * every paid, unrefunded payment, every refund, every live lot of an account not deleted.
 */
async function fullComputation(t: TestApp) {
  const db = t.deps.db;
  const now = t.deps.clock.now();
  const paid = await db.select().from(checkouts);
  const taken = paid
    .filter((c) => c.status === 'paid' && !c.refundedAt)
    .reduce((sum, c) => sum + c.amountPence, 0);
  const refunds = await db.select({ amountPence: paymentRefunds.amountPence }).from(paymentRefunds);
  const refunded = refunds.reduce((sum, r) => sum + r.amountPence, 0);
  const lots = await db
    .select({
      remaining: creditLots.remaining,
      price: creditLots.pricePaidPence,
      sessions: creditLots.sessions,
    })
    .from(creditLots)
    .innerJoin(user, eq(user.id, creditLots.userId))
    .where(and(gt(creditLots.remaining, 0), gt(creditLots.expiresAt, now), isNull(user.deletedAt)));
  return {
    totalRevenuePence: taken,
    refundedPence: refunded,
    cashReceivedPence: taken - refunded,
    creditOutstandingSessions: lots.reduce((sum, lot) => sum + lot.remaining, 0),
    creditOutstandingPence: lots.reduce(
      (sum, lot) => sum + Math.trunc((lot.remaining * lot.price) / lot.sessions),
      0,
    ),
  };
}

describe.each(TEST_DB_KINDS)('stored money figures on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const summary = async () =>
    contractBody(await api(t, '/api/admin/summary', { cookie: admin.cookie }), AdminSummarySchema);

  it('take a refund off cash received the moment it is decided', async () => {
    const db = t.deps.db;
    const before = await summary();
    const customer = await insertCustomer(db, { name: 'Rhea Refund', email: 'rhea@example.com' });
    const payment = await insertCheckout(db, {
      userId: customer,
      status: 'paid',
      amountPence: 6000,
      paidAt: new Date('2026-11-01T10:00:00Z'),
    });
    await db.transaction((tx) =>
      recordRefund(tx, {
        checkoutId: payment,
        amountPence: 1500,
        reason: 'business-cancel',
        now: new Date(NOW),
      }),
    );
    const after = await summary();
    expect(after.totalRevenuePence - before.totalRevenuePence).toBe(6000);
    expect(after.refundedPence - before.refundedPence).toBe(1500);
    expect(after.cashReceivedPence - before.cashReceivedPence).toBe(4500);
    expect(after).toMatchObject(await fullComputation(t));
  });

  it('equal the full computation after a random run of money moves', async () => {
    const db = t.deps.db;
    const next = random(dbKind.length * 104_729);
    const customers = await Promise.all(
      ['Ada', 'Ben', 'Cy', 'Di'].map((name) =>
        insertCustomer(db, { name: `${name} Random`, email: `${name}-${dbKind}@example.com` }),
      ),
    );
    const checkoutIds: string[] = [];
    const refundIds: string[] = [];
    const lotIds: string[] = [];
    const pick = <T>(list: readonly T[]) => list[next(list.length)];
    for (let step = 0; step < 200; step++) {
      const customer = pick(customers)!;
      const checkout = pick(checkoutIds);
      const refund = pick(refundIds);
      const lot = pick(lotIds);
      let op = next(10);
      // A change to something that does not exist yet makes one instead.
      if ((op === 7 || op === 9) && !lot) op = 6;
      if (op >= 3 && op <= 5 && !refund) op = 2;
      if (op <= 2 && !checkout) op = 0;
      if (op === 0) {
        checkoutIds.push(
          await insertCheckout(db, {
            userId: customer,
            status: next(4) === 0 ? 'pending' : 'paid',
            amountPence: 1500 * (1 + next(10)),
            paidAt: pick(INSTANTS)!,
          }),
        );
      } else if (op === 1 && checkout) {
        await db
          .update(checkouts)
          .set({ refundedAt: next(2) === 0 ? new Date(NOW) : null })
          .where(eq(checkouts.id, checkout));
      } else if (op === 2 && checkout) {
        const [row] = await db
          .insert(paymentRefunds)
          .values({
            checkoutId: checkout,
            userId: customer,
            amountPence: 1 + next(3000),
            reason: 'business-cancel',
            requestedAt: pick(INSTANTS)!,
          })
          .returning({ id: paymentRefunds.id });
        refundIds.push(row!.id);
      } else if (op === 3 && refund) {
        await db
          .update(paymentRefunds)
          .set({ amountPence: 1 + next(3000) })
          .where(eq(paymentRefunds.id, refund));
      } else if (op === 4 && refund) {
        // Moved to another month (or the same one), and sent or not: sending changes nothing.
        await db
          .update(paymentRefunds)
          .set({ requestedAt: pick(INSTANTS)!, refundedAt: next(2) === 0 ? new Date(NOW) : null })
          .where(eq(paymentRefunds.id, refund));
      } else if (op === 5 && refund) {
        await db.delete(paymentRefunds).where(eq(paymentRefunds.id, refund));
        refundIds.splice(refundIds.indexOf(refund), 1);
      } else if (op === 6) {
        const sessions = 1 + next(10);
        const [row] = await db
          .insert(creditLots)
          .values({
            userId: customer,
            name: 'Ten sessions',
            sessions,
            remaining: next(sessions + 1),
            pricePaidPence: next(3) === 0 ? 0 : 1000 * (1 + next(12)),
            purchasedAt: new Date('2026-09-01T10:00:00Z'),
            // Some already lapsed and not yet swept, most still usable.
            expiresAt: new Date(next(4) === 0 ? '2026-11-01T00:00:00Z' : '2027-03-01T00:00:00Z'),
          })
          .returning({ id: creditLots.id, sessions: creditLots.sessions });
        lotIds.push(row!.id);
      } else if (op === 7 && lot) {
        await db
          .update(creditLots)
          .set({ remaining: sql`least(${creditLots.sessions}, ${next(11)})` })
          .where(eq(creditLots.id, lot));
      } else if (op === 8) {
        // Di's account is deleted and (as a repair by hand might) restored, over and over.
        await db
          .update(user)
          .set({ deletedAt: next(2) === 0 ? new Date(NOW) : null })
          .where(eq(user.id, customers[3]!));
      } else if (lot && next(4) === 0) {
        await db.delete(creditLots).where(eq(creditLots.id, lot));
        lotIds.splice(lotIds.indexOf(lot), 1);
      } else if (lot) {
        // Lapsed (not yet swept) or kept usable for longer.
        await db
          .update(creditLots)
          .set({
            expiresAt: new Date(next(2) === 0 ? '2026-11-03T08:59:59Z' : '2027-06-30T22:59:59Z'),
          })
          .where(eq(creditLots.id, lot));
      }
    }
    const full = await fullComputation(t);
    expect(full.refundedPence).toBeGreaterThan(0);
    expect(full.creditOutstandingPence).toBeGreaterThan(0);
    const shown = await summary();
    expect(shown).toMatchObject(full);
    // No seat is still to come here, so delivered is cash less unused credit.
    expect(shown.revenueDeliveredPence).toBe(full.cashReceivedPence - full.creditOutstandingPence);
    // The refunds were kept in more than one month.
    const [kept] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(revenueMonths)
      .where(gt(revenueMonths.refundedPence, 0));
    expect(kept?.n).toBeGreaterThan(1);
  });

  it.runIf(dbKind === 'postgres')(
    'equal the full computation after refunds commit at once',
    async () => {
      const db = t.deps.db;
      const customers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          insertCustomer(db, { name: `Busy ${i}`, email: `busy-refund-${i}@example.com` }),
        ),
      );
      const before = await summary();
      // Each transaction takes a payment and refunds part of it in the same month: every commit
      // takes that month's row.
      await Promise.all(
        customers.map((userId) =>
          db.transaction(async (tx) => {
            const [paid] = await tx
              .insert(checkouts)
              .values({
                userId,
                status: 'paid',
                provider: 'local',
                amountPence: 3000,
                sessionCount: 2,
                expiresAt: new Date(NOW),
                paidAt: new Date('2026-11-02T12:00:00Z'),
              })
              .returning({ id: checkouts.id });
            await recordRefund(tx, {
              checkoutId: paid!.id,
              amountPence: 1500,
              reason: 'business-cancel',
              now: new Date(NOW),
            });
          }),
        ),
      );
      const after = await summary();
      expect(after.refundedPence - before.refundedPence).toBe(12 * 1500);
      expect(after.cashReceivedPence - before.cashReceivedPence).toBe(12 * 1500);
      expect(after).toMatchObject(await fullComputation(t));
    },
  );
});
