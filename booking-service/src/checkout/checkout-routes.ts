import { createRoute, z } from '@hono/zod-openapi';
import { basketSchema, CHECKOUT_STATUSES, SERVICE_CODES } from '@tuition/domain';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireUser,
  requireVerifiedUser,
} from '../auth/middleware.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
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

const SessionSummarySchema = z
  .object({
    startsAt: z.string().openapi({ description: 'ISO instant, UTC' }),
    endsAt: z.string(),
    date: z.string().openapi({ description: 'London date YYYY-MM-DD' }),
    time: z.string().openapi({ example: '5-6pm' }),
    label: z.string().openapi({ example: 'GCSE Higher' }),
    service: z.enum(SERVICE_CODES),
  })
  .openapi('SessionSummary');

const StartedCheckoutSchema = z
  .object({
    checkoutId: z.string(),
    url: z.string().openapi({ description: 'The payment page to send the customer to' }),
    amountPence: z.number().int(),
    sessionCount: z.number().int(),
    isSpecialOffer: z.boolean(),
    expiresAt: z.string().openapi({ description: 'When the seat hold lapses (ISO instant)' }),
    replacedCheckoutIds: z.array(z.string()).openapi({
      description:
        'Your older unpaid checkouts that held some of the same sessions, cancelled by this one',
    }),
  })
  .openapi('StartedCheckout');

const OpenCheckoutSchema = z
  .object({
    checkoutId: z.string(),
    expiresAt: z.string().openapi({ description: 'When the seat hold lapses (ISO instant)' }),
    resumeUrl: z.string().nullable().openapi({
      description: 'The payment page to go back to while the hold lasts (null while opening)',
    }),
    amountPence: z.number().int(),
    sessionCount: z.number().int(),
    isSpecialOffer: z.boolean(),
    sessions: z.array(SessionSummarySchema),
  })
  .openapi('OpenCheckout');

const CheckoutSummarySchema = z
  .object({
    status: z.enum(CHECKOUT_STATUSES),
    amountPence: z.number().int(),
    sessionCount: z.number().int(),
    isSpecialOffer: z.boolean(),
    sessions: z.array(SessionSummarySchema),
  })
  .openapi('CheckoutSummary');

const PaymentSchema = z
  .object({
    id: z.string(),
    paidAt: z.string(),
    amountPence: z.number().int(),
    sessionCount: z.number().int(),
    isSpecialOffer: z.boolean(),
    sessions: z.array(SessionSummarySchema),
  })
  .openapi('Payment');

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const CheckoutIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id is simply not found (and never reaches the uuid column). */
function checkoutId(id: string): string {
  if (!UUID.test(id)) throw new NotFoundError('No such checkout.');
  return id;
}

const startCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout',
  tags: ['checkout'],
  summary: 'Hold the seats of a basket for 30 minutes and open the payment page',
  description:
    'The server checks every start against the timetable and the booking window, prices the ' +
    'basket itself (10 sessions for £100, £15 each otherwise) and answers the payment page URL. ' +
    'Your own unpaid checkouts holding any of the same sessions are cancelled and replaced.',
  request: {
    body: { required: true, content: { 'application/json': { schema: basketSchema } } },
  },
  responses: {
    201: {
      description: 'Seats held; send the customer to `url`',
      content: { 'application/json': { schema: StartedCheckoutSchema } },
    },
    400: problemResponse('Invalid basket; `errors` names the bad start (startsAt.N)'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, or sent from another site'),
    409: problemResponse(
      '`code` duplicate (a confirmed booking of yours) or full; `slots` lists the starts concerned',
    ),
    502: problemResponse('The payment provider did not open a page; the seats were released'),
  },
});

const openCheckoutsRoute = createRoute({
  method: 'get',
  path: '/api/checkout/pending',
  tags: ['checkout'],
  summary: 'Your unpaid checkouts still holding seats, newest first (resume or release them)',
  responses: {
    200: {
      description: 'Open checkouts',
      content: { 'application/json': { schema: z.array(OpenCheckoutSchema) } },
    },
    401: problemResponse('Not signed in'),
  },
});

const getCheckoutRoute = createRoute({
  method: 'get',
  path: '/api/checkout/{id}',
  tags: ['checkout'],
  summary: "The server's summary of one of your checkouts (payment success page)",
  request: { params: CheckoutIdParam },
  responses: {
    200: {
      description: 'The checkout',
      content: { 'application/json': { schema: CheckoutSummarySchema } },
    },
    401: problemResponse('Not signed in'),
    404: problemResponse('No such checkout of yours'),
  },
});

const cancelCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout/{id}/cancel',
  tags: ['checkout'],
  summary: 'Release the seats of one of your pending checkouts (payment cancelled)',
  request: { params: CheckoutIdParam },
  responses: {
    200: {
      description: 'The checkout status afterwards (a paid checkout stays paid)',
      content: {
        'application/json': { schema: z.object({ status: z.enum(CHECKOUT_STATUSES) }) },
      },
    },
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such checkout of yours'),
  },
});

const listPaymentsRoute = createRoute({
  method: 'get',
  path: '/api/me/payments',
  tags: ['checkout'],
  summary: 'Your paid checkouts, newest first',
  responses: {
    200: {
      description: 'Payments',
      content: { 'application/json': { schema: z.array(PaymentSchema) } },
    },
    401: problemResponse('Not signed in'),
  },
});

/**
 * The checkout API. The payment provider's own routes (webhook, local checkout pages) are
 * mounted beside it in app.ts, with the same provider instance.
 */
export function createCheckoutRoutes(deps: CheckoutDeps & { auth: Auth }) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/checkout', sameSiteOnly, requireVerifiedUser(deps.auth));
  // (A '/api/checkout/*' pattern would match '/api/checkout' too and check the session twice.)
  router.use('/api/checkout/:id', sameSiteOnly, requireUser(deps.auth));
  router.use('/api/checkout/:id/cancel', sameSiteOnly, requireUser(deps.auth));
  router.use('/api/me/payments', requireUser(deps.auth));

  return (
    router
      .openapi(startCheckoutRoute, async (c) => {
        const { service, startsAt } = c.req.valid('json');
        const me = currentUser(c);
        const started = await startCheckout(deps, {
          user: { id: me.id, email: me.email },
          service,
          startsAt,
        });
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
