import { createRoute } from '@hono/zod-openapi';
import {
  CheckoutIdParamsSchema,
  CheckoutRequestSchema,
  CheckoutStatusSchema,
  CheckoutSummarySchema,
  isId,
  OpenCheckoutListSchema,
  PaymentListSchema,
  StartedCheckoutSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireCustomer,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { createRouter } from '../http/router.ts';
import {
  type CheckoutDeps,
  cancelCheckout,
  checkoutSummary,
  findOwnCheckout,
  listOpenCheckouts,
  listPayments,
  startCheckout,
} from './checkout.ts';
import { withCodeGuessLimit } from '../pricing/code-guesses.ts';

/** A malformed id is simply not found (and never reaches the uuid column). */
function checkoutId(id: string): string {
  if (!isId(id)) throw new NotFoundError('No such checkout.');
  return id;
}

const startCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout',
  operationId: 'startCheckout',
  tags: ['checkout'],
  summary: 'Hold the seats of a basket for 30 minutes and open the payment page',
  description:
    'The server checks every start against the timetable and the booking window, prices the ' +
    'basket itself per seat (each start × pupil; 10 seats for £100, £15 each otherwise) and ' +
    'answers the payment page URL. Without pupilIds the seats are for the account’s only pupil ' +
    '(one named after the account holder when it has none yet). Your own unpaid checkouts ' +
    'holding a seat of the same pupil in any of the same sessions are cancelled and replaced.',
  security: signedIn,
  request: { body: jsonBody(CheckoutRequestSchema) },
  responses: {
    201: jsonResponse(
      StartedCheckoutSchema,
      'Seats held (`pending`: send the customer to the payment page at `url`), or booked ' +
        'already when credit paid for every seat (`paid`: `url` is the success page)',
    ),
    400: invalidInput(
      'Invalid basket; `errors` names the bad start (startsAt.N), an archived pupil ' +
        '(pupilIds.N), pupilIds when the account has several pupils and named none, or a ' +
        'promoCode that cannot apply (unknown, not yet valid, expired, used up, already used, ' +
        'first lesson only, not for this course)',
    ),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('A pupil id that is not one of your pupils, or an offerId not yours'),
    409: problemResponse(
      '`code` duplicate (a named pupil already has a confirmed seat) or full (fewer seats left ' +
        'than pupils named); `slots` lists the starts concerned; offer-expired (offerId was ' +
        'used, declined or ran out); price-changed (the total is no longer `expectedPence`: ' +
        '`amountPence` is the new one, and nothing was held; decision 102)',
    ),
    429: problemResponse(
      'Too many unknown promo codes from this account or address: wait for Retry-After',
    ),
    502: problemResponse('The payment provider did not open a page; the seats were released'),
  },
});

const openCheckoutsRoute = createRoute({
  method: 'get',
  path: '/api/checkout/pending',
  operationId: 'listOpenCheckouts',
  tags: ['checkout'],
  summary: 'Your unpaid checkouts still holding seats, newest first (resume or release them)',
  security: signedIn,
  responses: {
    200: jsonResponse(OpenCheckoutListSchema, 'Open checkouts'),
    401: problemResponse('Not signed in'),
  },
});

const getCheckoutRoute = createRoute({
  method: 'get',
  path: '/api/checkout/{id}',
  operationId: 'getCheckout',
  tags: ['checkout'],
  summary: "The server's summary of one of your checkouts (payment success page)",
  security: signedIn,
  request: { params: CheckoutIdParamsSchema },
  responses: {
    200: jsonResponse(CheckoutSummarySchema, 'The checkout'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    404: problemResponse('No such checkout of yours'),
  },
});

const cancelCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout/{id}/cancel',
  operationId: 'cancelCheckout',
  tags: ['checkout'],
  summary: 'Release the seats of one of your pending checkouts (payment cancelled)',
  security: signedIn,
  request: { params: CheckoutIdParamsSchema },
  responses: {
    200: jsonResponse(
      CheckoutStatusSchema,
      'The checkout status afterwards (a paid checkout stays paid)',
    ),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such checkout of yours'),
  },
});

const listPaymentsRoute = createRoute({
  method: 'get',
  path: '/api/me/payments',
  operationId: 'listMyPayments',
  tags: ['checkout'],
  summary: 'Your paid checkouts, newest first',
  security: signedIn,
  responses: {
    200: jsonResponse(PaymentListSchema, 'Payments'),
    401: problemResponse('Not signed in'),
  },
});

/**
 * The checkout API. The payment provider's own routes (webhook, local checkout pages) are
 * mounted beside it in app.ts, with the same provider instance.
 */
export function createCheckoutRoutes(deps: CheckoutDeps & { auth: Auth; mail: MailOutbox }) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/checkout', sameSiteOnly, requireCustomer(deps.auth));
  // (A '/api/checkout/*' pattern would match '/api/checkout' too and check the session twice.)
  router.use('/api/checkout/:id', sameSiteOnly, requireUser(deps.auth));
  router.use('/api/checkout/:id/cancel', sameSiteOnly, requireUser(deps.auth));
  router.use('/api/me/payments', requireUser(deps.auth));

  return (
    router
      .openapi(startCheckoutRoute, async (c) => {
        const { service, startsAt, pupilIds, offerId, useCredit, promoCode, expectedPence } =
          c.req.valid('json');
        const me = currentUser(c);
        const started = await withCodeGuessLimit(deps, c, { userId: me.id, code: promoCode }, () =>
          startCheckout(deps, {
            user: { id: me.id, email: me.email, name: me.name },
            service,
            startsAt,
            pupilIds,
            offerId,
            useCredit,
            promoCode,
            expectedPence,
          }),
        );
        return c.json(started, 201);
      })
      // Before /api/checkout/{id}, which would otherwise take "pending" for an id.
      .openapi(openCheckoutsRoute, async (c) =>
        c.json(await listOpenCheckouts(deps, currentUser(c).id), 200),
      )
      .openapi(getCheckoutRoute, async (c) => {
        const id = checkoutId(c.req.valid('param').id);
        return c.json(await checkoutSummary(deps, id, currentUser(c).id), 200);
      })
      .openapi(cancelCheckoutRoute, async (c) => {
        const id = checkoutId(c.req.valid('param').id);
        const me = currentUser(c);
        // 404 for someone else's checkout before anything changes.
        await findOwnCheckout(deps.db, id, me.id);
        return c.json({ status: await cancelCheckout(deps, id, me.id) }, 200);
      })
      .openapi(listPaymentsRoute, async (c) =>
        c.json(await listPayments(deps, currentUser(c).id), 200),
      )
  );
}
