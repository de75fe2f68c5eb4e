import Stripe from 'stripe';
import {
  type HostedPage,
  type HostedPageRequest,
  type PaymentEvent,
  type PaymentProvider,
  toPaymentEvent,
  WebhookSignatureError,
} from './payment-provider.ts';

/**
 * Stripe wants a Checkout Session to live at least 30 minutes from the moment it creates it.
 * Our hold is exactly 30 minutes, so the page closes a little after the hold lapses; a payment
 * in that gap takes the late-payment path (booked if the seats are still free, else refunded).
 */
export const STRIPE_EXPIRY_MARGIN_SECONDS = 120;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local recording server. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      // Retries reuse the idempotency key, so a retried create never makes a second page.
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 20_000,
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    this.webhookSecret = options.webhookSecret;
  }

  async createHostedPage(request: HostedPageRequest): Promise<HostedPage> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        currency: 'gbp',
        line_items: request.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: 'gbp',
            unit_amount: line.unitAmountPence,
            product_data: { name: line.name },
          },
        })),
        client_reference_id: request.checkoutId,
        customer_email: request.customerEmail,
        expires_at:
          Math.ceil(request.holdExpiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_SECONDS,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { checkoutId: request.checkoutId },
        payment_intent_data: { metadata: { checkoutId: request.checkoutId } },
      },
      { idempotencyKey: `checkout-${request.checkoutId}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { providerSessionId: session.id, url: session.url };
  }

  async closeHostedPage(providerSessionId: string): Promise<void> {
    await this.stripe.checkout.sessions.expire(providerSessionId);
  }

  async refund(
    paymentIntentId: string,
    options: { idempotencyKey: string; amountPence?: number },
  ): Promise<void> {
    await this.stripe.refunds.create(
      {
        payment_intent: paymentIntentId,
        ...(options.amountPence === undefined ? {} : { amount: options.amountPence }),
      },
      { idempotencyKey: options.idempotencyKey },
    );
  }

  async verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
    return verifyStripeSignature(this.stripe.webhooks, rawBody, signature, this.webhookSecret);
  }
}

/** Stripe's own verification (HMAC over timestamp + raw body, with a replay tolerance). */
export async function verifyStripeSignature(
  webhooks: Stripe['webhooks'],
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Promise<PaymentEvent> {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = await webhooks.constructEventAsync(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(
      error instanceof Error ? error.message : 'The webhook signature does not match.',
    );
  }
  return toPaymentEvent(event);
}
