import { StartedCheckoutSchema } from '@tuition/api-contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookableStarts, postCheckout } from '../testing/checkout-test-kit.ts';
import { checkouts } from '../db/schema.ts';
import { signedInUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

/** Stands in for api.stripe.com: records each request and answers like Stripe (or fails). */
class RecordingStripe {
  readonly requests: Recorded[] = [];
  failWith: number | undefined;
  private server: Server | undefined;
  port = 0;

  async start() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        const path = req.url ?? '';
        this.requests.push({
          method: req.method ?? '',
          path,
          headers: req.headers,
          form: new URLSearchParams(body),
        });
        res.setHeader('content-type', 'application/json');
        if (this.failWith) {
          res.statusCode = this.failWith;
          res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
          return;
        }
        if (path === '/v1/checkout/sessions') {
          res.end(
            JSON.stringify({
              id: 'cs_test_recorded',
              object: 'checkout.session',
              url: 'https://checkout.stripe.com/c/pay/cs_test_recorded',
            }),
          );
        } else if (path === '/v1/refunds') {
          res.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded' }));
        } else if (path.endsWith('/expire')) {
          res.end(
            JSON.stringify({
              id: 'cs_test_recorded',
              object: 'checkout.session',
              status: 'expired',
            }),
          );
        } else {
          res.statusCode = 404;
          res.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: 'no route' } }),
          );
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  provider(webhookSecret = 'whsec_test_recorded') {
    return new StripePaymentProvider({
      secretKey: 'sk_test_recorded',
      webhookSecret,
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe('StripePaymentProvider', () => {
  const stripe = new RecordingStripe();
  beforeAll(() => stripe.start());
  afterAll(() => stripe.stop());
  beforeEach(() => {
    stripe.requests.length = 0;
    stripe.failWith = undefined;
  });

  it('creates a gbp Checkout Session priced by the server, keyed by the checkout', async () => {
    const page = await stripe.provider().createHostedPage({
      checkoutId: 'c0ffee00-0000-4000-8000-000000000001',
      customerEmail: 'parent@example.com',
      lines: [
        { name: '10-session bundle', unitAmountPence: 10000, quantity: 1 },
        { name: 'Group maths session', unitAmountPence: 1500, quantity: 1 },
      ],
      amountPence: 11500,
      holdExpiresAt: new Date('2026-11-03T09:30:00Z'),
      successUrl:
        'https://maths.example/payment-success?checkout=c0ffee00-0000-4000-8000-000000000001',
      cancelUrl:
        'https://maths.example/payment-canceled?checkout=c0ffee00-0000-4000-8000-000000000001',
    });
    expect(page).toEqual({
      providerSessionId: 'cs_test_recorded',
      url: 'https://checkout.stripe.com/c/pay/cs_test_recorded',
    });

    const [request] = stripe.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_recorded');
    expect(request?.headers['idempotency-key']).toBe(
      'checkout-c0ffee00-0000-4000-8000-000000000001',
    );
    const form = Object.fromEntries(request!.form);
    expect(form).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      client_reference_id: 'c0ffee00-0000-4000-8000-000000000001',
      customer_email: 'parent@example.com',
      'metadata[checkoutId]': 'c0ffee00-0000-4000-8000-000000000001',
      success_url:
        'https://maths.example/payment-success?checkout=c0ffee00-0000-4000-8000-000000000001',
      cancel_url:
        'https://maths.example/payment-canceled?checkout=c0ffee00-0000-4000-8000-000000000001',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '10000',
      'line_items[0][price_data][product_data][name]': '10-session bundle',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '1500',
      'line_items[1][price_data][product_data][name]': 'Group maths session',
    });
    // Closes with the hold plus Stripe's creation margin.
    const holdEnds = Date.parse('2026-11-03T09:30:00Z') / 1000;
    expect(Number(form.expires_at) - holdEnds).toBeGreaterThanOrEqual(0);
    expect(Number(form.expires_at) - holdEnds).toBeLessThanOrEqual(180);
  });

  it('refunds a whole payment intent with an idempotency key', async () => {
    await stripe.provider().refund('pi_test_42', { idempotencyKey: 'refund-checkout-abc' });
    const [request] = stripe.requests;
    expect(request?.path).toBe('/v1/refunds');
    expect(request?.form.get('payment_intent')).toBe('pi_test_42');
    expect(request?.headers['idempotency-key']).toBe('refund-checkout-abc');
  });

  it('verifies webhooks with the webhook secret and refuses an altered body', async () => {
    const provider = stripe.provider('whsec_test_verify');
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_1',
          object: 'checkout.session',
          client_reference_id: 'c-1',
          payment_status: 'paid',
          payment_intent: 'pi_1',
          amount_total: 1500,
          currency: 'gbp',
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_test_verify',
    });
    expect(await provider.verifyWebhook(payload, signature)).toEqual({
      id: 'evt_1',
      kind: 'completed',
      checkoutId: 'c-1',
      providerSessionId: 'cs_1',
      paymentIntentId: 'pi_1',
      amountTotal: 1500,
      currency: 'gbp',
    });
    await expect(
      provider.verifyWebhook(payload.replace('pi_1', 'pi_2'), signature),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.verifyWebhook(payload, undefined)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});

describe('POST /api/checkout with Stripe', () => {
  const stripe = new RecordingStripe();
  let t: TestApp;
  beforeAll(async () => {
    await stripe.start();
    t = await createTestApp({ now: '2026-11-03T09:00:00Z', payments: stripe.provider() });
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  it('sends the customer to the Stripe page with one bundle line and one single line for 11 sessions', async () => {
    const customer = await signedInUser(t);
    const res = await postCheckout(t, customer, await bookableStarts(t, 'gcse-higher', 11));
    expect(res.status).toBe(201);
    const body = await contractBody(res, StartedCheckoutSchema);
    expect(body.url).toBe('https://checkout.stripe.com/c/pay/cs_test_recorded');
    expect(body.amountPence).toBe(11500);
    const form = stripe.requests.at(-1)!.form;
    expect(form.get('customer_email')).toBe(customer.email);
    expect(form.get('client_reference_id')).toBe(body.checkoutId);
    expect(form.get('success_url')).toBe(
      `${t.deps.config.publicUrl}/payment-success?checkout=${body.checkoutId}`,
    );
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('10000');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('1500');
    expect(form.get('line_items[2][quantity]')).toBeNull();
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, body.checkoutId));
    expect(row?.providerSessionId).toBe('cs_test_recorded');
  });

  it('answers 502 and releases the seats when Stripe fails', async () => {
    stripe.failWith = 500;
    const customer = await signedInUser(t);
    const starts = await bookableStarts(t, 'sats', 1);
    const res = await postCheckout(t, customer, starts, 'sats');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      status: 502,
      detail: 'Failed to start payment process. Please try again.',
    });
    const pending = await t.deps.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, customer.id), eq(checkouts.status, 'pending')));
    expect(pending).toEqual([]);
    stripe.failWith = undefined;
    // Released at once: the same customer can try again without a duplicate.
    expect((await postCheckout(t, customer, starts, 'sats')).status).toBe(201);
  });
});
