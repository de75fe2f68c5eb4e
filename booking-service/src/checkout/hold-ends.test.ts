import { StartedCheckoutSchema, WalletSchema, WebhookReceiptSchema } from '@tuition/api-contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessions, promoRedemptions } from '../db/schema.ts';
import { LocalPaymentProvider } from '../payments/local-provider.ts';
import type { HostedPage, HostedPageRequest } from '../payments/payment-provider.ts';
import { seatsTaken } from '../sessions/seats.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import {
  bookableStarts,
  checkoutStatus,
  deliverWebhook,
  fillSeats,
  setNow,
  stripeEvent,
} from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS_WITH_POOLER } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { expireLapsedCheckouts } from './lapsed-checkout-sweep.ts';

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT
const HOLD_LAPSED = '2026-11-03T09:31:00Z';

/** The local page, which can be told to refuse the next page as a provider outage would. */
class FlakyPaymentProvider extends LocalPaymentProvider {
  refuseNext = false;
  override async createHostedPage(request: HostedPageRequest): Promise<HostedPage> {
    if (this.refuseNext) {
      this.refuseNext = false;
      throw new Error('the payment provider is down');
    }
    return super.createHostedPage(request);
  }
}

/*
 * A hold is the seats of a pending checkout, the credit paying some of them and a promo code's
 * claim (docs/decisions/086). Every way it ends before payment gives all three back; a payment
 * that arrives after it ended is refunded and the family keeps its credit.
 */
describe.each(TEST_DB_KINDS_WITH_POOLER)('a hold ends whole on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  const provider = new FlakyPaymentProvider();
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW, payments: provider });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const balance = async (customer: TestUser) =>
    (await contractBody(await api(t, '/api/me/wallet', { cookie: customer.cookie }), WalletSchema))
      .balance;
  async function grant(customer: TestUser, sessions: number) {
    const res = await api(t, `/api/admin/users/${customer.id}/credit`, {
      body: { sessions, reason: 'Goodwill' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(res.status).toBe(201);
  }
  async function newCode() {
    const code = `HOLD${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const res = await api(t, '/api/admin/promo-codes', {
      body: { code, kind: 'percent', value: 10 },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(res.status).toBe(201);
    return code;
  }
  /** A family with one session of credit, and a 10 % code of its own. */
  async function family(name: string) {
    const customer = await signedInUser(t, { name });
    await grant(customer, 1);
    return { customer, code: await newCode() };
  }
  /** Two GCSE sessions: credit pays the first, the card £13.50 for the second. */
  async function basket(customer: TestUser, code: string, skip: number) {
    const startsAt = await bookableStarts(t, 'gcse-higher', 2, { skip });
    const res = await api(t, '/api/checkout', {
      body: { service: 'gcse-higher', startsAt, useCredit: true, promoCode: code },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    return { res, startsAt };
  }
  async function heldBasket(customer: TestUser, code: string, skip: number) {
    const { res, startsAt } = await basket(customer, code, skip);
    const started = await contractBody(res, StartedCheckoutSchema);
    expect(started).toMatchObject({ creditUsed: 1, amountPence: 1350, status: 'pending' });
    expect(await balance(customer)).toBe(0);
    expect(await claimOf(started.checkoutId)).toBe('held');
    return { started, startsAt, sessionIds: await sessionIdsOf(startsAt) };
  }
  const claimOf = async (checkoutId: string) =>
    (
      await t.deps.db
        .select({ status: promoRedemptions.status })
        .from(promoRedemptions)
        .where(eq(promoRedemptions.checkoutId, checkoutId))
    )[0]?.status;
  const sessionIdsOf = async (startsAt: string[]) =>
    (
      await t.deps.db
        .select({ id: classSessions.id })
        .from(classSessions)
        .where(
          and(
            eq(classSessions.service, 'gcse-higher'),
            inArray(
              classSessions.startsAt,
              startsAt.map((s) => new Date(s)),
            ),
          ),
        )
        .orderBy(classSessions.startsAt)
    ).map((row) => row.id);
  const taken = async (sessionIds: string[]) =>
    [...(await seatsTaken(t.deps.db, sessionIds, t.deps.clock.now())).values()].reduce(
      (sum, n) => sum + n,
      0,
    );
  const lateOutcome = async (checkout: { checkoutId: string; amountPence: number }) => {
    const res = await deliverWebhook(t, stripeEvent('checkout.session.completed', checkout));
    expect(res.status).toBe(200);
    return (await contractBody(res, WebhookReceiptSchema)).outcome;
  };
  const refundsOf = (checkoutId: string) =>
    provider.refunds.filter((r) => r.paymentIntentId === `pi_test_${checkoutId}`);

  it('ends an open basket when the business cancels one of its sessions, and refunds a late payment whole', async () => {
    setNow(t, NOW);
    const { customer, code } = await family('Basket Parent');
    const { started, sessionIds } = await heldBasket(customer, code, 0);
    const cancelled = sessionIds[1] as string;

    const res = await api(t, `/api/admin/sessions/${cancelled}/cancel`, {
      body: { remedy: 'refund', reason: 'Our tutor is unwell' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(res.status).toBe(200);
    // The whole basket is released: credit back, code free, the other session's seat free.
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('cancelled');
    expect(await balance(customer)).toBe(1);
    expect(await claimOf(started.checkoutId)).toBe('released');
    expect(await taken([sessionIds[0] as string])).toBe(0);
    const told = (await mailTo(t, customer.email)).filter((m) =>
      m.subject.startsWith('Session cancelled'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Our tutor is unwell');
    expect(told[0]?.text).toContain('nothing has been or will be taken from your card');
    expect(told[0]?.text).toContain('The 1 session of credit it held is back in your account.');

    // The page was still open: the family pays anyway. The card is refunded, the credit stays.
    expect(await lateOutcome(started)).toBe('refunded');
    expect(refundsOf(started.checkoutId)).toHaveLength(1);
    expect(await balance(customer)).toBe(1);
    const refunded = (await mailTo(t, customer.email)).find((m) => m.subject.includes('refunded'));
    expect(refunded?.text).toContain('after we had cancelled');
    expect(refunded?.text).toContain('£13.50');
    expect(refunded?.text).toContain('The 1 session of credit this booking used is back');
  });

  it('gives the credit and the code back when the payment page fails to open', async () => {
    setNow(t, NOW);
    const { customer, code } = await family('Outage Parent');
    provider.refuseNext = true;
    const { res, startsAt } = await basket(customer, code, 2);
    expect(res.status).toBe(502);
    expect(await balance(customer)).toBe(1);
    const sessionIds = await sessionIdsOf(startsAt);
    expect(await taken(sessionIds)).toBe(0);
    // The code is free for this family's next try, which holds the credit again.
    const again = await heldBasket(customer, code, 2);
    expect(again.started.creditUsed).toBe(1);
  });

  it('gives everything back when the family releases the hold, and when it lapses', async () => {
    setNow(t, NOW);
    const released = await family('Releasing Parent');
    const first = await heldBasket(released.customer, released.code, 4);
    const cancel = await api(t, `/api/checkout/${first.started.checkoutId}/cancel`, {
      method: 'POST',
      cookie: released.customer.cookie,
      ip: released.customer.ip,
    });
    expect(cancel.status).toBe(200);
    expect(await balance(released.customer)).toBe(1);
    expect(await claimOf(first.started.checkoutId)).toBe('released');
    expect(await taken(first.sessionIds)).toBe(0);

    const lapsing = await family('Lapsing Parent');
    const second = await heldBasket(lapsing.customer, lapsing.code, 4);
    setNow(t, HOLD_LAPSED);
    const ended = await expireLapsedCheckouts(t.deps, t.deps.clock.now());
    expect(ended.map((hold) => hold.id)).toContain(second.started.checkoutId);
    expect((await checkoutStatus(t, second.started.checkoutId))?.status).toBe('expired');
    expect(await balance(lapsing.customer)).toBe(1);
    expect(await claimOf(second.started.checkoutId)).toBe('released');

    // Its seats went to others meanwhile: the late payment is refunded, the credit kept.
    await fillSeats(t, 'gcse-higher', second.startsAt[1] as string, 10);
    expect(await lateOutcome(second.started)).toBe('refunded');
    expect(refundsOf(second.started.checkoutId)).toHaveLength(1);
    expect(await balance(lapsing.customer)).toBe(1);
    setNow(t, NOW);
  });

  it('returns the replaced basket’s credit and code to the one that replaces it', async () => {
    setNow(t, NOW);
    const { customer, code } = await family('Replacing Parent');
    const first = await heldBasket(customer, code, 6);
    const second = await heldBasket(customer, code, 6);
    expect(second.started.replacedCheckoutIds).toEqual([first.started.checkoutId]);
    expect((await checkoutStatus(t, first.started.checkoutId))?.status).toBe('cancelled');
    expect(await claimOf(first.started.checkoutId)).toBe('released');
    // One session of credit, held once: by the new basket.
    expect(await balance(customer)).toBe(0);
    expect(await taken(second.sessionIds)).toBe(2);
  });
});
