import { createRoute } from '@hono/zod-openapi';
import { OneToOneCheckoutRequestSchema, OneToOneCheckoutSchema } from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireCustomer,
  signedIn,
} from '../auth/middleware.ts';
import type { CheckoutDeps } from '../checkout/payment-page.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { withCodeGuessLimit } from '../pricing/code-guesses.ts';
import { tutorFreeCheck } from './hour-check.ts';
import { startOneToOneCheckout } from './one-to-one-checkout.ts';

const oneToOneCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout/one-to-one',
  operationId: 'startOneToOneCheckout',
  tags: ['checkout', 'one-to-one'],
  summary: "Hold a tutor's free hour (once or weekly) for one child, and open the payment page",
  description:
    'The server checks every week against the tutor’s free slots under the tutor’s lock, so two ' +
    'families, or a family and a cover assignment, never take the same hour; the lessons are ' +
    'held for 30 minutes like any checkout. Priced at the hourly price for the length; a code ' +
    'may apply; session credit does not pay for 1-to-1 lessons (decision 106).',
  security: signedIn,
  request: { body: jsonBody(OneToOneCheckoutRequestSchema) },
  responses: {
    201: jsonResponse(OneToOneCheckoutSchema, 'Lessons held (pending) or booked already (paid)'),
    400: invalidInput(
      'A course or length not offered, a bad start, weeks past the end of the term, or a promoCode that cannot apply',
    ),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('No such tutor, or a pupil that is not yours'),
    409: problemResponse(
      'unavailable (`slots` lists the weeks the tutor is not free for; nothing was held unless ' +
        'skipUnavailable), or price-changed (decision 102)',
    ),
    429: problemResponse(
      'Too many unknown promo codes from this account or address: wait for Retry-After',
    ),
    502: problemResponse('The payment provider did not open a page; the lessons were released'),
  },
});

/** Booking a tutor's hour (docs/decisions/106). */
export function createOneToOneCheckoutRoutes(deps: CheckoutDeps & { auth: Auth }) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/checkout/one-to-one', sameSiteOnly, requireCustomer(deps.auth));
  const isFree = tutorFreeCheck(deps.content);
  return router.openapi(oneToOneCheckoutRoute, async (c) => {
    const body = c.req.valid('json');
    const me = currentUser(c);
    const user = { id: me.id, email: me.email, name: me.name };
    const started = await withCodeGuessLimit(deps, c, { userId: me.id, code: body.promoCode }, () =>
      startOneToOneCheckout(deps, isFree, { ...body, user }),
    );
    return c.json(started, 201);
  });
}
