import { isId, type SeatSummary } from '@tuition/api-contract';
import {
  formatLondonDate,
  formatPounds,
  formatTime12h,
  type PricingRules,
  seatLinePrices,
} from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { Auth } from '../auth/auth.ts';
import { readSession, rejectCrossSiteRequests } from '../auth/middleware.ts';
import { checkouts } from '../db/schema.ts';
import { createRouter } from '../http/router.ts';
import { LOCAL_CHECKOUT_PATH, type LocalPaymentProvider } from '../payments/local-provider.ts';
import { cancelCheckout, effectiveStatus, sessionsOfCheckouts } from './checkout.ts';
import type { PaymentEventDeps } from './payment-events.ts';
import { addWebhookRoute, WEBHOOK_PATH } from './webhook-routes.ts';

export type ProviderRouteDeps = PaymentEventDeps & { auth: Auth };

/**
 * The payment provider's side of a checkout: its webhook, and (local provider only) the
 * stand-in for Stripe's hosted page at /dev/checkout/{id}. They live in checkout/ because they
 * act on checkouts; payments/ keeps the provider port and never imports checkout/
 * (docs/decisions/044).
 */
export function createProviderRoutes(deps: ProviderRouteDeps) {
  const router = addWebhookRoute(createRouter(), deps);
  if (deps.payments.kind === 'local') {
    addLocalCheckoutPages(router, deps, deps.payments as LocalPaymentProvider);
  }
  return router;
}

function addLocalCheckoutPages(
  router: ReturnType<typeof createRouter>,
  deps: ProviderRouteDeps,
  provider: LocalPaymentProvider,
) {
  router.use(`${LOCAL_CHECKOUT_PATH}/*`, rejectCrossSiteRequests(deps.config.trustedOrigins));

  const findCheckout = async (id: string) => {
    if (!isId(id)) return undefined;
    const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
    return checkout;
  };
  /**
   * The checkout, only for the customer who started it: paying and cancelling are theirs alone.
   * Anyone else (another customer, a signed-out visitor) gets the very answer an unknown id
   * gets, a 404 that does not confirm the checkout exists, as our API answers another user's
   * checkout. The page itself stays viewable by its URL, as Stripe's hosted page is
   * (docs/decisions/040).
   */
  const findOwnCheckout = async (id: string, headers: Headers) => {
    if (!isId(id)) return undefined;
    const session = await readSession(deps.auth, headers);
    if (!session) return undefined;
    const [checkout] = await deps.db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.userId, session.user.id)))
      .limit(1);
    return checkout;
  };
  const notFound = (c: Context) =>
    c.html(page('Checkout not found', html`<p>There is no such checkout.</p>`), 404);
  const siteUrl = (path: string, id: string) => `${deps.config.publicUrl}${path}?checkout=${id}`;

  router.get(`${LOCAL_CHECKOUT_PATH}/:id`, async (c) => {
    const checkout = await findCheckout(c.req.param('id'));
    if (!checkout) return notFound(c);
    const [timetable, pricing] = await Promise.all([
      deps.content.timetable(),
      deps.content.pricing(),
    ]);
    const sessions =
      (await sessionsOfCheckouts(deps.db, timetable, [checkout.id])).get(checkout.id) ?? [];
    const status = effectiveStatus(checkout, deps.clock.now());
    return c.html(localCheckoutPage(checkout, status, sessions, pricing), 200);
  });

  router.post(`${LOCAL_CHECKOUT_PATH}/:id/pay`, async (c) => {
    const checkout = await findOwnCheckout(c.req.param('id'), c.req.raw.headers);
    if (!checkout) return notFound(c);
    // Exactly what Stripe would do: a signed event to the real webhook route, so signature
    // verification and event handling run the production code path.
    const { payload, signature } = await provider.signedEvent(
      'checkout.session.completed',
      checkout,
    );
    const delivered = await router.request(WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    if (!delivered.ok) {
      deps.logger.error(
        { status: delivered.status, checkoutId: checkout.id },
        'local webhook failed',
      );
      return c.html(
        page(
          'Payment not recorded',
          html`<p>The payment could not be recorded. Please try again.</p>`,
        ),
        502,
      );
    }
    return c.redirect(siteUrl('/payment-success', checkout.id), 303);
  });

  router.post(`${LOCAL_CHECKOUT_PATH}/:id/cancel`, async (c) => {
    const checkout = await findOwnCheckout(c.req.param('id'), c.req.raw.headers);
    if (!checkout) return notFound(c);
    await cancelCheckout(deps, checkout.id);
    return c.redirect(siteUrl('/payment-canceled', checkout.id), 303);
  });
}

/** A plain, accessible page: one heading, real buttons in forms, no scripts. */
function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}button{font:inherit;padding:.6rem 1.2rem;margin:.25rem 0;cursor:pointer}form{display:inline-block;margin-right:.5rem}</style>
</head>
<body><main><h1>${title}</h1>
${body}
</main></body>
</html>`;
}

/** The stand-in for Stripe's hosted page: the order, the total, and Pay or Cancel. */
function localCheckoutPage(
  checkout: typeof checkouts.$inferSelect,
  status: ReturnType<typeof effectiveStatus>,
  sessions: readonly SeatSummary[],
  pricing: PricingRules,
) {
  // Each seat names its pupil and the price it is charged, as Stripe's page lists its lines;
  // the card pays only for the seats credit does not (docs/decisions/077).
  const cardSeats = sessions.filter((s) => !s.paidWithCredit);
  const prices =
    cardSeats.length > 0 ? seatLinePrices(cardSeats.length, checkout.amountPence, pricing) : [];
  const rows = sessions.map((s) => {
    const starts = new Date(s.startsAt);
    const price = s.paidWithCredit
      ? 'paid with credit'
      : formatPounds(s.pricePence ?? prices[cardSeats.indexOf(s)] ?? 0);
    return html`<li>${formatLondonDate(starts)}, ${formatTime12h(starts)}: ${s.label}, for ${s.pupil.name} (${price})</li>`;
  });
  if (checkout.packName) rows.push(html`<li>${checkout.packName}</li>`);
  const payable = status === 'pending';
  return page(
    'Local test checkout',
    html`<p><strong>No real money is taken.</strong> This page stands in for Stripe Checkout while the service runs without Stripe keys.</p>
<h2>Your order</h2>
<ul>${rows}</ul>
<p>${checkout.sessionCount} ${checkout.sessionCount === 1 ? 'session' : 'sessions'}${checkout.isSpecialOffer ? ' (10-session offer applied)' : ''}</p>
${checkout.discountPence > 0 ? html`<p>${checkout.discountLabel ?? 'Discount'}: −${formatPounds(checkout.discountPence)}</p>` : ''}
<p>Total: <strong>${formatPounds(checkout.amountPence)}</strong></p>
<p>Status: ${status}</p>
${
  payable
    ? html`<form method="post" action="${LOCAL_CHECKOUT_PATH}/${checkout.id}/pay"><button type="submit">Pay ${formatPounds(checkout.amountPence)}</button></form>
<form method="post" action="${LOCAL_CHECKOUT_PATH}/${checkout.id}/cancel"><button type="submit">Cancel</button></form>`
    : html`<p>This checkout can no longer be paid.</p>`
}`,
  );
}
