import { createRoute } from '@hono/zod-openapi';
import { WebhookReceiptSchema } from '@tuition/api-contract';
import { handlePaymentEvent, type PaymentEventDeps } from './payment-events.ts';
import { jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { HttpProblem } from '../http/problem.ts';
import type { createRouter } from '../http/router.ts';
import { WebhookSignatureError } from '../payments/payment-provider.ts';

export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** The OpenAPI security scheme (declared in app.ts): the provider's signature header. */
export const WEBHOOK_SECURITY_SCHEME = 'stripeSignature';

const webhookRoute = createRoute({
  method: 'post',
  path: WEBHOOK_PATH,
  operationId: 'receiveStripeWebhook',
  tags: ['payments'],
  summary: 'Stripe webhook (checkout.session.completed / expired), verified by signature',
  description:
    'The raw body is checked against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET ' +
    '(the local checkout signs its events the same way). Each event id is applied once.',
  security: [{ [WEBHOOK_SECURITY_SCHEME]: [] }],
  responses: {
    200: jsonResponse(WebhookReceiptSchema, 'Event accepted (also for events already handled)'),
    400: problemResponse(
      '`code` invalid-signature: missing or wrong signature, or an altered body',
    ),
  },
});

/** Adds the webhook route to `router` (the local checkout page posts its events to it). */
export function addWebhookRoute(router: ReturnType<typeof createRouter>, deps: PaymentEventDeps) {
  return router.openapi(webhookRoute, async (c) => {
    // The signature covers the exact bytes sent, so the body is read raw, never re-serialised.
    const rawBody = await c.req.text();
    let event: Awaited<ReturnType<typeof deps.payments.verifyWebhook>>;
    try {
      event = await deps.payments.verifyWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        c.get('log')?.warn({ reason: error.message }, 'webhook signature rejected');
        throw new HttpProblem(400, 'Invalid signature', 'The webhook signature does not match.', {
          code: 'invalid-signature',
        });
      }
      throw error;
    }
    const outcome = await handlePaymentEvent(deps, event);
    c.get('log')?.info({ eventId: event.id, kind: event.kind, outcome }, 'payment event');
    return c.json({ received: true as const, outcome }, 200);
  });
}
