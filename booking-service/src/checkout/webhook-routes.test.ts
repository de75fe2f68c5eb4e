import { AvailabilitySchema, BookingListSchema, WebhookReceiptSchema } from '@tuition/api-contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookableStarts,
  bookPaid,
  checkoutOk,
  checkoutStatus,
  deliverWebhook,
  fillSeats,
  setNow,
  stripeEvent,
} from '../testing/checkout-test-kit.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { CORE_TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LOCAL_WEBHOOK_SECRET, type LocalPaymentProvider } from '../payments/local-provider.ts';
import { WEBHOOK_PATH } from './webhook-routes.ts';

const NOW = '2026-11-03T09:00:00Z';
const HOLD_LAPSED = '2026-11-03T09:31:00Z';

const deliver = deliverWebhook;

async function outcome(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return (await contractBody(res, WebhookReceiptSchema)).outcome;
}

async function upcoming(t: TestApp, customer: TestUser) {
  const res = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
  return contractBody(res, BookingListSchema);
}

describe.each(CORE_TEST_DB_KINDS)('payment webhook on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 400 for a wrong signature, an altered body or no signature, and changes nothing', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const started = await checkoutOk(t, customer, await bookableStarts(t, 'ks3', 1), 'ks3');
    const payload = stripeEvent('checkout.session.completed', started);

    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_wrong',
    });
    const wrong = await deliver(t, payload, wrongSecret);
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
    expect(await wrong.json()).toMatchObject({ status: 400, code: 'invalid-signature' });

    const signedForOriginal = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: LOCAL_WEBHOOK_SECRET,
    });
    const altered = payload.replace('"paid"', '"paid" ');
    expect((await deliver(t, altered, signedForOriginal)).status).toBe(400);

    const unsigned = await t.app.request(WEBHOOK_PATH, { method: 'POST', body: payload });
    expect(unsigned.status).toBe(400);

    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('pending');
    expect(await upcoming(t, customer)).toEqual([]);
  });

  it('applies a replayed or duplicated event once', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const started = await checkoutOk(
      t,
      customer,
      await bookableStarts(t, 'ks3', 2, { skip: 2 }),
      'ks3',
    );
    const payload = stripeEvent('checkout.session.completed', started, 'evt_replayed_once');

    const outcomes = await Promise.all([deliver(t, payload), deliver(t, payload)]).then((all) =>
      Promise.all(all.map(outcome)),
    );
    expect(outcomes.sort()).toEqual(['booked', 'duplicate-event']);
    expect(await outcome(await deliver(t, payload))).toBe('duplicate-event');
    // A second, different event for the same paid checkout changes nothing either.
    const another = stripeEvent('checkout.session.completed', started);
    expect(await outcome(await deliver(t, another))).toBe('no-change');

    expect(await upcoming(t, customer)).toHaveLength(2);
    const confirmations = (await mailTo(t, customer.email)).filter((m) =>
      m.subject.startsWith('Booking confirmed'),
    );
    expect(confirmations).toHaveLength(1);
  });

  it('ignores an expiry that arrives after the payment', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const paid = await bookPaid(t, customer, await bookableStarts(t, 'sats', 1), 'sats');
    const expired = stripeEvent('checkout.session.expired', paid);
    expect(await outcome(await deliver(t, expired))).toBe('no-change');
    expect((await checkoutStatus(t, paid.checkoutId))?.status).toBe('paid');
    expect(await upcoming(t, customer)).toHaveLength(1);
  });

  it('releases the hold on checkout.session.expired', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const started = await checkoutOk(
      t,
      customer,
      await bookableStarts(t, 'sats', 1, { skip: 1 }),
      'sats',
    );
    const provider = t.deps.payments as LocalPaymentProvider;
    const { payload, signature } = await provider.signedEvent('checkout.session.expired', {
      id: started.checkoutId,
      amountPence: started.amountPence,
    });
    expect(await outcome(await deliver(t, payload, signature))).toBe('released');
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('expired');
  });

  it('books a payment that arrives after its expiry while the seats are still free', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const starts = await bookableStarts(t, 'sats', 1, { skip: 2 });
    const started = await checkoutOk(t, customer, starts, 'sats');
    await deliver(t, stripeEvent('checkout.session.expired', started));
    setNow(t, HOLD_LAPSED);
    const paid = stripeEvent('checkout.session.completed', started);
    expect(await outcome(await deliver(t, paid))).toBe('booked');
    expect((await upcoming(t, customer)).map((b) => b.startsAt)).toEqual(starts);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('paid');
  });

  it('refunds a late payment whose seat has gone, with an apology, and never overbooks', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse', 1, { skip: 3 });
    const late = await signedInUser(t, { name: 'Late Payer' });
    const lateCheckout = await checkoutOk(t, late, [start!], 'gcse');
    // The hold lapses; meanwhile ten others fill the session.
    setNow(t, HOLD_LAPSED);
    await fillSeats(t, 'gcse', start!, 10);

    const payload = stripeEvent('checkout.session.completed', lateCheckout);
    expect(await outcome(await deliver(t, payload))).toBe('refunded');
    expect(await outcome(await deliver(t, payload))).toBe('duplicate-event');

    const provider = t.deps.payments as LocalPaymentProvider;
    expect(
      provider.refunds.filter((r) => r.paymentIntentId === `pi_test_${lateCheckout.checkoutId}`),
    ).toHaveLength(1);
    const row = await checkoutStatus(t, lateCheckout.checkoutId);
    expect(row?.status).toBe('expired');
    expect(row?.refundedAt).toBeInstanceOf(Date);
    expect(await upcoming(t, late)).toEqual([]);

    const availability = await api(
      t,
      `/api/availability?service=gcse&from=${start!.slice(0, 10)}&to=${start!.slice(0, 10)}`,
    );
    const slot = (await contractBody(availability, AvailabilitySchema)).slots.find(
      (s) => s.startsAt === start,
    );
    expect(slot?.seatsLeft).toBe(0);

    const apology = (await mailTo(t, late.email)).find((m) => m.subject.includes('refunded'));
    expect(apology?.text).toContain('We are sorry');
    expect(apology?.text).toContain('£15.00');
  });

  it('acknowledges events it does not act on', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    expect(await outcome(await deliver(t, payload))).toBe('ignored');
  });
});

describe.each(CORE_TEST_DB_KINDS)('payment webhook safety on %s', (dbKind) => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp({ dbKind, now: NOW, logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
  });

  const provider = () => t.deps.payments as LocalPaymentProvider;
  const logLines = (msgPart: string) =>
    logs.lines().filter((line) => String(line.msg).includes(msgPart));

  it('acknowledges a signed event whose reference names no checkout of ours, in any format, and logs it', async () => {
    const references = [
      'not-a-uuid',
      crypto.randomUUID(),
      "x'; drop table checkouts; --",
      'ü'.repeat(3000),
      '00000000-0000-0000-0000-00000000000g',
    ];
    for (const type of ['checkout.session.completed', 'checkout.session.expired'] as const) {
      for (const reference of references) {
        const { payload, signature } = await provider().signedEvent(
          type,
          { id: crypto.randomUUID(), amountPence: 1500 },
          { reference },
        );
        expect(await outcome(await deliver(t, payload, signature))).toBe('unknown-checkout');
      }
    }
    const warnings = logs
      .lines()
      .filter((l) => l.level === 40 && /no checkout|unknown/.test(String(l.msg)));
    expect(warnings).toHaveLength(references.length * 2);
  });

  it('books nothing and keeps the hold when the amount or currency differs, and tells staff', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const started = await checkoutOk(t, customer, await bookableStarts(t, 'ks3', 1), 'ks3');
    const checkout = { id: started.checkoutId, amountPence: started.amountPence };

    for (const tamper of [{ amountPence: 1 }, { currency: 'usd' }, { amountPence: 150_000 }]) {
      const { payload, signature } = await provider().signedEvent(
        'checkout.session.completed',
        checkout,
        tamper,
      );
      expect(await outcome(await deliver(t, payload, signature))).toBe('amount-mismatch');
    }
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('pending');
    expect(await upcoming(t, customer)).toEqual([]);

    const alerts = logLines('differs from the checkout');
    expect(alerts).toHaveLength(3);
    expect(alerts.every((line) => line.level === 50)).toBe(true);
    expect(alerts[0]).toMatchObject({
      checkoutId: started.checkoutId,
      expected: { amountPence: started.amountPence, currency: 'gbp' },
      got: { amountPence: 1, currency: 'gbp' },
    });
    expect(alerts[1]).toMatchObject({ got: { amountPence: started.amountPence, currency: 'usd' } });

    // The hold survived: the right payment still books the seats.
    const { payload, signature } = await provider().signedEvent(
      'checkout.session.completed',
      checkout,
    );
    expect(await outcome(await deliver(t, payload, signature))).toBe('booked');
    expect(await upcoming(t, customer)).toHaveLength(1);
  });

  it('ignores a signed event without a session object or an id, instead of failing', async () => {
    for (const event of [
      { id: 'evt_no_object', object: 'event', type: 'checkout.session.completed', data: {} },
      { object: 'event', type: 'checkout.session.completed', data: { object: {} } },
      {
        id: 'evt_no_reference',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_x', payment_status: 'paid', client_reference_id: 42 } },
      },
    ]) {
      expect(await outcome(await deliver(t, JSON.stringify(event)))).toBe('ignored');
    }
  });
});
