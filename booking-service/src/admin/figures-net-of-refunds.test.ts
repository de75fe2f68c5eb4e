import {
  AdminStatsSchema,
  AdminSummarySchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
} from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLots, user } from '../db/schema.ts';
import { recordRefund } from '../payments/payment-refunds.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCheckout, insertCustomer } from '../testing/admin-fixtures.ts';

/*
 * The figures an owner reads, after refunds and a deleted account (docs/product-rules.md,
 * "Admin figures"): payments taken are shown before refunds with the refunds beside them, cash
 * received and a customer's total spent are net of them, and a deleted account's credit is
 * forfeited, so it is neither outstanding nor "still owed" in revenue delivered.
 */
const NOW = '2026-12-03T10:00:00Z';
const A_YEAR_ON = new Date('2027-12-01T00:00:00Z');

describe.each(TEST_DB_KINDS)('admin figures net of refunds on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let dana: string;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const db = t.deps.db;
    dana = await insertCustomer(db, { name: 'Dana Dale', email: 'dana@example.com' });
    const eve = await insertCustomer(db, { name: 'Eve Earl', email: 'eve@example.com' });
    const fay = await insertCustomer(db, { name: 'Fay Ford', email: 'fay@example.com' });

    // Dana paid £100 for a pack in November; £50 of it went back to her card on 3 December.
    const danaPack = await insertCheckout(db, {
      userId: dana,
      status: 'paid',
      amountPence: 10_000,
      paidAt: new Date('2026-11-20T10:00:00Z'),
    });
    await db.transaction((tx) =>
      recordRefund(tx, {
        checkoutId: danaPack,
        amountPence: 5000,
        reason: 'cooling-off',
        now: new Date(NOW),
      }),
    );

    // Eve and Fay each hold 4 of 10 sessions of a £100 pack (£10 a session); Fay's account is
    // then deleted, and her credit with it.
    for (const holder of [eve, fay]) {
      const paid = await insertCheckout(db, {
        userId: holder,
        status: 'paid',
        amountPence: 10_000,
        paidAt: new Date('2026-11-25T10:00:00Z'),
      });
      await db.insert(creditLots).values({
        userId: holder,
        name: '10-session pack',
        packId: 'pack-10',
        checkoutId: paid,
        sessions: 10,
        remaining: 4,
        pricePaidPence: 10_000,
        purchasedAt: new Date('2026-11-25T10:00:00Z'),
        expiresAt: A_YEAR_ON,
      });
    }
    await db
      .update(user)
      .set({ deletedAt: new Date(NOW) })
      .where(eq(user.id, fay));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string) => {
    const response = await api(t, path, { cookie: admin.cookie });
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return response;
  };

  it('shows payments taken before refunds, the refunds beside them, and cash received net', async () => {
    const summary = await contractBody(await get('/api/admin/summary'), AdminSummarySchema);
    expect(summary).toMatchObject({
      totalRevenuePence: 30_000,
      refundedPence: 5000,
      cashReceivedPence: 25_000,
    });
  });

  it("no longer counts a deleted account's credit as outstanding or still owed", async () => {
    const summary = await contractBody(await get('/api/admin/summary'), AdminSummarySchema);
    // Eve's 4 sessions at £10 each; Fay's 4 are forfeited with her account.
    expect(summary.creditOutstandingSessions).toBe(4);
    expect(summary.creditOutstandingPence).toBe(4000);
    // £250 received less Eve's £40 still owed: Fay's £40 is the business's now.
    expect(summary.revenueDeliveredPence).toBe(21_000);
  });

  it("gives a customer's total spent net of what was refunded", async () => {
    const detail = await contractBody(await get(`/api/admin/users/${dana}`), AdminUserDetailSchema);
    expect(detail.financial.totalSpentPence).toBe(5000);
    const list = await contractBody(await get('/api/admin/users?search=dana'), AdminUserPageSchema);
    expect(list.items).toMatchObject([{ id: dana, totalSpentPence: 5000 }]);
  });

  it('charts payments taken per month before refunds, as its label says', async () => {
    const stats = await contractBody(await get('/api/admin/stats'), AdminStatsSchema);
    expect(stats.revenuePerMonth.find((m) => m.month === '2026-11')?.revenuePence).toBe(30_000);
  });
});
