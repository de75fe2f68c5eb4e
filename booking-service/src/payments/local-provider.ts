import { randomUUID } from 'node:crypto';
import { CARD_MINIMUM_PENCE } from '@tuition/domain';
import Stripe from 'stripe';
import type {
  HostedPage,
  HostedPageRequest,
  PaymentEvent,
  PaymentProvider,
} from './payment-provider.ts';
import { verifyStripeSignature } from './stripe-provider.ts';

/** Signs the local checkout's webhooks when STRIPE_WEBHOOK_SECRET is not set (never production). */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_checkout_for_development_only';

export const LOCAL_CHECKOUT_PATH = '/dev/checkout';

export interface SignedEventTamper {
  amountPence?: number;
  currency?: string;
  /** client_reference_id and metadata.checkoutId, in place of the checkout's id. */
  reference?: string;
}

export interface LocalRefund {
  paymentIntentId: string;
  idempotencyKey: string;
  /** Undefined for a refund of the whole payment. */
  amountPence?: number;
}

/**
 * The default payment adapter: the "hosted page" is /dev/checkout/{id} on this service, whose
 * Pay button makes a Stripe-shaped event signed with Stripe's own scheme and posts it to the
 * real webhook route. Config refuses it in production (STRIPE_SECRET_KEY is required there).
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  /** Refunds "made", at most one per idempotency key, as Stripe would. */
  readonly refunds: LocalRefund[] = [];
  /** What each payment this page took was for, so a refund beyond it is refused. */
  private readonly charged = new Map<string, number>();
  private readonly closedPages = new Set<string>();

  constructor(readonly webhookSecret: string = LOCAL_WEBHOOK_SECRET) {}

  async createHostedPage(request: HostedPageRequest): Promise<HostedPage> {
    // Stripe's own rules for a page: a total of at least 30p in pounds sterling, and lines that
    // add up to it (the pricing engine waives smaller totals, docs/decisions/085).
    const linesTotal = request.lines.reduce((sum, l) => sum + l.unitAmountPence * l.quantity, 0);
    if (request.amountPence < CARD_MINIMUM_PENCE || linesTotal !== request.amountPence) {
      throw new Stripe.errors.StripeInvalidRequestError({
        type: 'invalid_request_error',
        message: `The Checkout Session's total amount due must add up to at least £0.30 gbp (asked for ${request.amountPence} pence in lines of ${linesTotal}).`,
      });
    }
    return {
      providerSessionId: localSessionId(request.checkoutId),
      url: `${LOCAL_CHECKOUT_PATH}/${request.checkoutId}`,
    };
  }

  async closeHostedPage(providerSessionId: string): Promise<void> {
    this.closedPages.add(providerSessionId);
  }

  async refund(
    paymentIntentId: string,
    options: { idempotencyKey: string; amountPence?: number },
  ): Promise<void> {
    if (this.refunds.some((r) => r.idempotencyKey === options.idempotencyKey)) return;
    // Stripe's rule: a payment cannot be refunded beyond what it took.
    const charged = this.charged.get(paymentIntentId);
    if (charged !== undefined) {
      const earlier = this.refunds.filter((r) => r.paymentIntentId === paymentIntentId);
      const refunded = earlier.reduce((sum, r) => sum + (r.amountPence ?? charged), 0);
      if (refunded + (options.amountPence ?? charged - refunded) > charged) {
        throw new Error(
          `Refund amount (${options.amountPence}) is greater than unrefunded amount on charge (${charged - refunded})`,
        );
      }
    }
    this.refunds.push({
      paymentIntentId,
      idempotencyKey: options.idempotencyKey,
      ...(options.amountPence === undefined ? {} : { amountPence: options.amountPence }),
    });
  }

  verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
    return verifyStripeSignature(Stripe.webhooks, rawBody, signature, this.webhookSecret);
  }

  /**
   * The event Stripe would send for this checkout, as a raw body and its Stripe-Signature
   * header (made by the SDK's generateTestHeaderString, i.e. Stripe's scheme exactly).
   * `tamper` makes the events a real provider should never send but a webhook must survive
   * (tests only; the Pay button never passes it): another amount or currency, a reference
   * that names no checkout of ours.
   */
  async signedEvent(
    type: 'checkout.session.completed' | 'checkout.session.expired',
    checkout: { id: string; amountPence: number },
    tamper: SignedEventTamper = {},
  ): Promise<{ payload: string; signature: string }> {
    const completed = type === 'checkout.session.completed';
    const reference = tamper.reference ?? checkout.id;
    const paymentIntent = `pi_local_${checkout.id.replaceAll('-', '')}`;
    if (completed) this.charged.set(paymentIntent, tamper.amountPence ?? checkout.amountPence);
    const payload = JSON.stringify({
      id: `evt_local_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: localSessionId(checkout.id),
          object: 'checkout.session',
          mode: 'payment',
          currency: tamper.currency ?? 'gbp',
          amount_total: tamper.amountPence ?? checkout.amountPence,
          client_reference_id: reference,
          metadata: { checkoutId: reference },
          status: completed ? 'complete' : 'expired',
          payment_status: completed ? 'paid' : 'unpaid',
          payment_intent: completed ? paymentIntent : null,
        },
      },
    });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: this.webhookSecret,
    });
    return { payload, signature };
  }
}

function localSessionId(checkoutId: string): string {
  return `cs_local_${checkoutId.replaceAll('-', '')}`;
}
