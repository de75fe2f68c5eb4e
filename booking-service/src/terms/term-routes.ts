import { createRoute } from '@hono/zod-openapi';
import {
  AdminEnrolmentListSchema,
  AdminEnrolmentQuerySchema,
  EnrolmentListSchema,
  TermCheckoutRequestSchema,
  TermCheckoutSchema,
  TermIdParamsSchema,
  TermListSchema,
  TermQuoteRequestSchema,
  TermQuoteSchema,
} from '@tuition/api-contract';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  noSession,
  rejectCrossSiteRequests,
  requireAdmin,
  requireCustomer,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import type { CheckoutDeps } from '../checkout/payment-page.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { listAdminEnrolments, listMyEnrolments } from './enrolments.ts';
import { quoteTerm, startTermCheckout } from './term-enrolment.ts';
import { withCodeGuessLimit } from '../pricing/code-guesses.ts';

/*
 * School terms (docs/decisions/081) and enrolment in a weekly class for one (decision 083):
 * the terms are public; quoting and enrolling are an account's, priced by the server.
 */

const termsRoute = createRoute({
  method: 'get',
  path: '/api/terms',
  operationId: 'listTerms',
  tags: ['terms'],
  summary: 'School terms: dates, when enrolment opens (priority and public), price a session',
  security: noSession,
  responses: { 200: jsonResponse(TermListSchema, 'By first day') },
});

const notOpen =
  '`code` not-open with `opensOn` (the London date enrolment opens for these pupils: the ' +
  'priority date when each was enrolled in this class the term before, else the public one)';

const quoteRoute = createRoute({
  method: 'post',
  path: '/api/terms/{termId}/quote',
  operationId: 'quoteTerm',
  tags: ['terms'],
  summary: 'What enrolling pupils in a weekly class for the rest of a term costs, week by week',
  description:
    'The class’s sessions from today (or the first day) to the last day: closed days are ' +
    'listed and never charged; each other session is ok, full or duplicate for the pupils ' +
    'named. The ok sessions are priced at the term’s per-session price, with the sibling ' +
    'discount or the promo code (the better one, never both).',
  security: signedIn,
  request: { params: TermIdParamsSchema, body: jsonBody(TermQuoteRequestSchema) },
  responses: {
    200: jsonResponse(TermQuoteSchema, 'The sessions and the price'),
    400: invalidInput('Bad input, an archived pupil, a promoCode that cannot apply, a past term'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('No such term or class, or a pupil that is not yours'),
    409: problemResponse(notOpen),
    429: problemResponse(
      'Too many unknown promo codes from this account or address: wait for Retry-After',
    ),
  },
});

const termCheckoutRoute = createRoute({
  method: 'post',
  path: '/api/checkout/term',
  operationId: 'startTermCheckout',
  tags: ['checkout', 'terms'],
  summary:
    'Hold a seat in every session left of the term for each pupil, and open the payment page',
  description:
    'One checkout holds every seat through the seat ledger, all or nothing, for 30 minutes. ' +
    'With full sessions it answers 409 listing them, unless skipFull: then it holds the rest ' +
    'and puts the pupils on the full sessions’ waiting lists (`waitlisted`). Payment confirms ' +
    'every seat in one transaction and sends one confirmation e-mail with one calendar file.',
  security: signedIn,
  request: { body: jsonBody(TermCheckoutRequestSchema) },
  responses: {
    201: jsonResponse(TermCheckoutSchema, 'Seats held (pending) or booked already (paid)'),
    400: invalidInput('Bad input, a promoCode that cannot apply, no session left in the term'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('No such term or class, or a pupil that is not yours'),
    409: problemResponse(
      `${notOpen}; or full (\`slots\` lists the full sessions) or duplicate; or price-changed (the total is no longer \`expectedPence\`; decision 102)`,
    ),
    429: problemResponse(
      'Too many unknown promo codes from this account or address: wait for Retry-After',
    ),
    502: problemResponse('The payment provider did not open a page; the seats were released'),
  },
});

const myEnrolmentsRoute = createRoute({
  method: 'get',
  path: '/api/me/enrolments',
  operationId: 'listMyEnrolments',
  tags: ['terms'],
  summary: "Your pupils' term enrolments, with the sessions each has left",
  security: signedIn,
  responses: {
    200: jsonResponse(EnrolmentListSchema, 'By term, then pupil'),
    401: problemResponse('Not signed in'),
  },
});

const adminEnrolmentsRoute = createRoute({
  method: 'get',
  path: '/api/admin/enrolments',
  operationId: 'listEnrolments',
  ...admin,
  summary: 'Term enrolments, by class, family or term',
  request: { query: AdminEnrolmentQuerySchema },
  responses: {
    200: jsonResponse(AdminEnrolmentListSchema, 'By term, then pupil'),
    400: invalidInput('A filter that is too long'),
    ...guarded,
  },
});

export function createTermRoutes(deps: CheckoutDeps & { auth: Auth }) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/terms/:termId/quote', sameSiteOnly, requireCustomer(deps.auth));
  router.use('/api/checkout/term', sameSiteOnly, requireCustomer(deps.auth));
  router.use('/api/me/enrolments', requireUser(deps.auth));
  router.use('/api/admin/enrolments', requireAdmin(deps.auth));
  const userOf = (c: Parameters<typeof currentUser>[0]) => {
    const me = currentUser(c);
    return { id: me.id, email: me.email, name: me.name };
  };
  return router
    .openapi(termsRoute, async (c) => c.json(await deps.content.terms(), 200))
    .openapi(quoteRoute, async (c) => {
      const { termId } = c.req.valid('param');
      const body = c.req.valid('json');
      const user = userOf(c);
      const quote = await withCodeGuessLimit(
        deps,
        c,
        { userId: user.id, code: body.promoCode },
        () => quoteTerm(deps, { ...body, termId, user }),
      );
      return c.json(quote, 200);
    })
    .openapi(termCheckoutRoute, async (c) => {
      const body = c.req.valid('json');
      const user = userOf(c);
      const started = await withCodeGuessLimit(
        deps,
        c,
        { userId: user.id, code: body.promoCode },
        () => startTermCheckout(deps, { ...body, user }),
      );
      return c.json(started, 201);
    })
    .openapi(myEnrolmentsRoute, async (c) =>
      c.json(await listMyEnrolments(deps, currentUser(c).id), 200),
    )
    .openapi(adminEnrolmentsRoute, async (c) =>
      c.json(await listAdminEnrolments(deps, c.req.valid('query')), 200),
    );
}
