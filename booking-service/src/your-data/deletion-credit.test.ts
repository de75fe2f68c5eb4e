import { AccountDeletionPreviewSchema, StartedCheckoutSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds } from '../db/schema.ts';
import type { LocalPaymentProvider } from '../payments/local-provider.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, buyPack, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * Deleting an account never silently takes a family's credit (docs/decisions/101): the preview
 * says what credit there is, what it is worth and what is refundable; the deletion refunds the
 * packs still in cooling-off to the card and says in the goodbye e-mail what was refunded and
 * what was forfeited.
 */

const NOW = '2026-11-03T09:00:00Z';
const DAY = 24 * 60 * 60_000;
const later = (days: number) => new Date(new Date(NOW).getTime() + days * DAY);

describe.each(TEST_DB_KINDS)('the credit a deletion ends on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const provider = () => t.deps.payments as LocalPaymentProvider;

  async function previewOf(who: TestUser) {
    const res = await api(t, '/api/me/deletion-preview', { cookie: who.cookie });
    expect(res.status).toBe(200);
    return (await contractBody(res, AccountDeletionPreviewSchema)).credit;
  }

  async function deleteAccountOf(who: TestUser) {
    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: who.password },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(res.status).toBe(204);
  }

  async function goodbyeMail(who: TestUser) {
    const mail = (await mailTo(t, who.email)).filter((m) => /has been deleted$/.test(m.subject));
    expect(mail).toHaveLength(1);
    return mail[0]!.text;
  }

  const grant = (who: TestUser, sessions: number) =>
    api(t, `/api/admin/users/${who.id}/credit`, {
      body: { sessions, reason: 'Goodwill' },
      cookie: admin.cookie,
      ip: admin.ip,
    });

  it('previews a pack bought today: 10 sessions, £100, all refundable for 14 days', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(t, customer);
    expect(await previewOf(customer)).toEqual({
      sessions: 10,
      valuePence: 10_000,
      refundableSessions: 10,
      refundablePence: 10_000,
      refundableUntil: later(14).toISOString(),
    });
  });

  it('previews goodwill credit as worth nothing and not refundable', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    expect((await grant(customer, 2)).status).toBe(201);
    expect(await previewOf(customer)).toEqual({
      sessions: 2,
      valuePence: 0,
      refundableSessions: 0,
      refundablePence: 0,
      refundableUntil: null,
    });
  });

  it('refunds the unused sessions of a pack in cooling-off once, and says so', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(t, customer);
    // Three sessions spent: seven of a £100 pack are left, £70 at the pack's own rate.
    const booked = await contractBody(
      await api(t, '/api/checkout', {
        body: { service: 'gcse', startsAt: await bookableStarts(t, 'gcse', 3) },
        cookie: customer.cookie,
        ip: customer.ip,
      }),
      StartedCheckoutSchema,
    );
    expect(booked).toMatchObject({ status: 'paid', creditUsed: 3 });
    expect((await grant(customer, 1)).status).toBe(201);
    setNow(t, later(2));
    expect(await previewOf(customer)).toMatchObject({
      sessions: 8,
      valuePence: 7000,
      refundableSessions: 7,
      refundablePence: 7000,
    });

    const refundsBefore = provider().refunds.length;
    await deleteAccountOf(customer);
    expect(provider().refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amountPence: 7000 }),
    ]);
    const recorded = await t.deps.db
      .select({ amountPence: paymentRefunds.amountPence, reason: paymentRefunds.reason })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.userId, customer.id));
    expect(recorded).toEqual([{ amountPence: 7000, reason: 'cooling-off' }]);

    const text = await goodbyeMail(customer);
    expect(text).toContain('We have refunded £70.00 to your card for 7 unused sessions of credit.');
    // The goodwill session is forfeited; it was worth nothing, so no sum is named.
    expect(text).toContain(
      'Your remaining credit of 1 unused session was forfeited with the account',
    );
    // The account is gone: nothing more can be refunded for it.
    expect(provider().refunds.length).toBe(refundsBefore + 1);
  });

  it('refunds nothing after cooling-off and says the credit is forfeited', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(t, customer);
    setNow(t, new Date(later(14).getTime() + 1000));
    expect(await previewOf(customer)).toEqual({
      sessions: 10,
      valuePence: 10_000,
      refundableSessions: 0,
      refundablePence: 0,
      refundableUntil: null,
    });

    const refundsBefore = provider().refunds.length;
    await deleteAccountOf(customer);
    expect(provider().refunds.length).toBe(refundsBefore);
    const text = await goodbyeMail(customer);
    expect(text).not.toContain('We have refunded');
    expect(text).toContain(
      'Your remaining credit of 10 unused sessions, worth £100.00, was forfeited',
    );
  });
});
