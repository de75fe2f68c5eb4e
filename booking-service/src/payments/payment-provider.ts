import type Stripe from 'stripe';

/*
 * The one interface both payment adapters implement: Stripe Checkout in production, the local
 * checkout page (/dev/checkout/{id}) everywhere else. Both speak Stripe's webhook format, signed
 * the way Stripe signs it, so the webhook route and its verification are the same code in both.
 */

/** One line of the hosted payment page; amounts in pence, always priced by the server. */
export interface PaymentLine {
  name: string;
  unitAmountPence: number;
  quantity: number;
}

export interface HostedPageRequest {
  checkoutId: string;
  customerEmail: string;
  lines: PaymentLine[];
  amountPence: number;
  /** When the seat hold lapses. */
  holdExpiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface HostedPage {
  /** The provider's id of the page (Stripe: cs_…). */
  providerSessionId: string;
  /** Where the customer pays: an https URL (Stripe) or a path on this service (local). */
  url: string;
}

/** A verified webhook, reduced to what the booking service acts on. */
export type PaymentEvent =
  | {
      id: string;
      kind: 'completed';
      checkoutId: string;
      providerSessionId: string;
      paymentIntentId: string | null;
      /** What was charged, in the currency's minor unit (pence); null if Stripe sent none. */
      amountTotal: number | null;
      /** ISO currency code as Stripe sends it (lower case, e.g. 'gbp'); null if none. */
      currency: string | null;
    }
  | { id: string; kind: 'expired'; checkoutId: string; providerSessionId: string }
  | { id: string; kind: 'ignored'; providerType: string };

export interface PaymentProvider {
  readonly kind: 'stripe' | 'local';
  createHostedPage(request: HostedPageRequest): Promise<HostedPage>;
  /** Best effort: stops the hosted page taking money after the customer cancelled. */
  closeHostedPage(providerSessionId: string): Promise<void>;
  /**
   * Refunds a payment: all of it, or `amountPence` of it (a seat the business cancelled, a
   * pack's unused sessions). The key makes a retried refund a no-op at the provider; a refund
   * beyond what is left of the payment is refused, as Stripe refuses it.
   */
  refund(
    paymentIntentId: string,
    options: { idempotencyKey: string; amountPence?: number },
  ): Promise<void>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

/** A webhook whose signature is missing or wrong, or whose body was altered. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider's line items: full bundles at the bundle price, the rest at the session price. */
export function paymentLines(price: {
  bundles: number;
  singles: number;
  bundlePricePence: number;
  sessionPricePence: number;
  bundleSize: number;
}): PaymentLine[] {
  const lines: PaymentLine[] = [];
  if (price.bundles > 0) {
    lines.push({
      name: `${price.bundleSize}-session bundle`,
      unitAmountPence: price.bundlePricePence,
      quantity: price.bundles,
    });
  }
  if (price.singles > 0) {
    lines.push({
      name: 'Group maths session',
      unitAmountPence: price.sessionPricePence,
      quantity: price.singles,
    });
  }
  return lines;
}

/**
 * Stripe's event, reduced. `checkout.session.completed` counts only once the money is there
 * (`payment_status` paid); a delayed method reports later through `async_payment_succeeded`,
 * and its failure releases the seats like an expiry.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  // Correctly signed yet without a session object (hand-made, or a shape we do not know):
  // nothing to act on, and never a crash that Stripe would retry for days.
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof event.id !== 'string' || event.id === '' || !object || typeof object !== 'object') {
    return { id: String(event.id), kind: 'ignored', providerType: String(event.type) };
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const checkoutId = checkoutIdOf(session);
      if (!checkoutId || (event.type === 'checkout.session.completed' && !isPaid(session))) {
        return { id: event.id, kind: 'ignored', providerType: event.type };
      }
      return {
        id: event.id,
        kind: 'completed',
        checkoutId,
        providerSessionId: session.id,
        paymentIntentId:
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? null),
        amountTotal: typeof session.amount_total === 'number' ? session.amount_total : null,
        currency: typeof session.currency === 'string' ? session.currency : null,
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const checkoutId = checkoutIdOf(session);
      if (!checkoutId) return { id: event.id, kind: 'ignored', providerType: event.type };
      return { id: event.id, kind: 'expired', checkoutId, providerSessionId: session.id };
    }
    default:
      return { id: event.id, kind: 'ignored', providerType: event.type };
  }
}

/**
 * Our checkout id as the session names it. Any string is passed on (the event handler treats
 * one that names no checkout of ours as unknown, whatever its format); anything else is none.
 */
function checkoutIdOf(session: Stripe.Checkout.Session): string | undefined {
  const reference = session.client_reference_id ?? session.metadata?.checkoutId;
  return typeof reference === 'string' && reference !== '' ? reference : undefined;
}

function isPaid(session: Stripe.Checkout.Session): boolean {
  return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
}
