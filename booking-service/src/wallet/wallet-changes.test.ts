import {
  AdminSummarySchema,
  AuditListSchema,
  DataExportSchema,
  PaymentListSchema,
  StartedCheckoutSchema,
  WalletSchema,
} from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPaymentProvider } from '../payments/local-provider.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bookableStarts, buyPack, setNow } from '../testing/checkout-test-kit.ts';

const NOW = '2026-11-03T09:00:00Z';
const DAY = 24 * 60 * 60_000;

describe.each(TEST_DB_KINDS)('goodwill credit and the cooling-off refund on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const wallet = async (customer: TestUser) =>
    contractBody(await api(t, '/api/me/wallet', { cookie: customer.cookie }), WalletSchema);

  async function buyPackAndSpend(customer: TestUser, spend: number) {
    await buyPack(t, customer);
    if (spend > 0) {
      const booked = await contractBody(
        await api(t, '/api/checkout', {
          body: { service: 'gcse', startsAt: await bookableStarts(t, 'gcse', spend) },
          cookie: customer.cookie,
          ip: customer.ip,
        }),
        StartedCheckoutSchema,
      );
      expect(booked).toMatchObject({ status: 'paid', creditUsed: spend });
    }
    return (await wallet(customer)).lots[0]!;
  }

  const refund = (customer: TestUser, lotId: string) =>
    api(t, `/api/me/wallet/lots/${lotId}/refund`, {
      method: 'POST',
      cookie: customer.cookie,
      ip: customer.ip,
    });

  it('refunds only the unused sessions, at the pack rate, within 14 days', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const lot = await buyPackAndSpend(customer, 3);
    expect(lot.refundableUntil).toBe('2026-11-17T09:00:00.000Z');
    const refundsBefore = (t.deps.payments as LocalPaymentProvider).refunds.length;
    const res = await refund(customer, lot.id);
    expect(res.status).toBe(200);
    // Seven unused sessions of a £100 pack: £70, not 7 × £15.
    expect(await res.json()).toEqual({ refundedPence: 7000, sessionsCancelled: 7 });
    expect((t.deps.payments as LocalPaymentProvider).refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amountPence: 7000 }),
    ]);
    const mine = await wallet(customer);
    expect(mine.balance).toBe(0);
    expect(mine.lots[0]).toMatchObject({ remaining: 0, refundableUntil: null });
    expect(mine.history.find((h) => h.reason === 'refund')).toMatchObject({ change: -7 });
    const payments = await contractBody(
      await api(t, '/api/me/payments', { cookie: customer.cookie }),
      PaymentListSchema,
    );
    expect(payments.find((p) => p.pack)).toMatchObject({
      amountPence: 10_000,
      refundedPence: 7000,
    });
    // Told by e-mail, as every other money event is (docs/decisions/105).
    const told = (await mailTo(t, customer.email)).filter((m) => m.subject.includes('refund'));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toContain('Your refund of £70.00');
    expect(told[0]?.text).toContain(
      'we have cancelled the 7 unused sessions of your 10-session pack and refunded £70.00 to your card',
    );
    // Nothing is left to refund: a second press is refused and refunds nothing more.
    expect((await refund(customer, lot.id)).status).toBe(409);
    expect(
      (await mailTo(t, customer.email)).filter((m) => m.subject.includes('refund')),
    ).toHaveLength(1);
    const summary = await contractBody(
      await api(t, '/api/admin/summary', { cookie: admin.cookie }),
      AdminSummarySchema,
    );
    expect(summary.totalRevenuePence - summary.cashReceivedPence).toBeGreaterThanOrEqual(7000);
  });

  it('counts the credit families hold, at what was paid for it', async () => {
    setNow(t, NOW);
    const before = await contractBody(
      await api(t, '/api/admin/summary', { cookie: admin.cookie }),
      AdminSummarySchema,
    );
    const customer = await signedInUser(t);
    await buyPackAndSpend(customer, 4); // 6 left of a £100 pack: £60 owed in lessons
    await api(t, `/api/admin/users/${customer.id}/credit`, {
      body: { sessions: 2, reason: 'Goodwill' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    const after = await contractBody(
      await api(t, '/api/admin/summary', { cookie: admin.cookie }),
      AdminSummarySchema,
    );
    expect(after.creditOutstandingSessions - before.creditOutstandingSessions).toBe(8);
    expect(after.creditOutstandingPence - before.creditOutstandingPence).toBe(6000);
    expect(after.cashReceivedPence - before.cashReceivedPence).toBe(10_000);
    // Money for lessons not yet held is not revenue yet: four seats to come, six unused.
    expect(after.revenueDeliveredPence - before.revenueDeliveredPence).toBe(0);
  });

  it('refuses after 14 days, and another account’s lot is not found', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const lot = await buyPackAndSpend(customer, 0);
    expect((await refund(await signedInUser(t), lot.id)).status).toBe(404);
    setNow(t, new Date(new Date(NOW).getTime() + 14 * DAY + 1000));
    const late = await refund(customer, lot.id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('not-refundable');
    expect((await wallet(customer)).balance).toBe(10);
    setNow(t, NOW);
  });

  it('lets an admin give goodwill credit, audited, and see the family’s wallet', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const granted = await api(t, `/api/admin/users/${customer.id}/credit`, {
      body: { sessions: 2, reason: 'Sorry about the sound on Tuesday' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(granted.status).toBe(201);
    const mine = await wallet(customer);
    expect(mine.balance).toBe(2);
    expect(mine.lots[0]).toMatchObject({ name: 'Credit from us', pricePaidPence: 0 });
    expect(mine.history[0]).toMatchObject({
      reason: 'grant',
      change: 2,
      note: 'Sorry about the sound on Tuesday',
    });
    const seen = await api(t, `/api/admin/users/${customer.id}/wallet`, { cookie: admin.cookie });
    expect((await contractBody(seen, WalletSchema)).balance).toBe(2);
    const nobody = await api(t, '/api/admin/users/no-such-user/wallet', { cookie: admin.cookie });
    expect(nobody.status).toBe(404);
    const audit = await contractBody(
      await api(t, '/api/admin/audit?action=credit.grant', { cookie: admin.cookie }),
      AuditListSchema,
    );
    expect(audit.entries[0]?.summary).toBe(
      '2 sessions of credit given to Priya Shah by Grace Admin: Sorry about the sound on Tuesday',
    );

    // The family's own export holds its credit and every change of it.
    const exported = await contractBody(
      await api(t, '/api/me/export', { cookie: customer.cookie }),
      DataExportSchema,
    );
    expect(exported.credit.lots).toEqual([expect.objectContaining({ sessions: 2, remaining: 2 })]);
    expect(exported.credit.ledger).toEqual([
      expect.objectContaining({
        change: 2,
        reason: 'grant',
        note: 'Sorry about the sound on Tuesday',
      }),
    ]);

    // A grant cannot be refunded to a card; customers cannot grant themselves credit.
    expect((await refund(customer, mine.lots[0]!.id)).status).toBe(409);
    const self = await api(t, `/api/admin/users/${customer.id}/credit`, {
      body: { sessions: 5, reason: 'free lessons' },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect(self.status).toBe(403);
    const bad = await api(t, `/api/admin/users/${customer.id}/credit`, {
      body: { sessions: 0, reason: '' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(bad.status).toBe(400);
  });
});
