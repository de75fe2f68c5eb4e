import { availableCredit } from '../credit/credit-ledger.ts';
import { bookabilityPrice } from './bookability-price.ts';
import { createRoute } from '@hono/zod-openapi';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BasketSchema,
  BookabilityQuerySchema,
  BookabilitySchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import { eq } from 'drizzle-orm';
import {
  readSession,
  refuseStaffAccount,
  rejectCrossSiteRequests,
  sessionIfAny,
} from '../auth/middleware.ts';
import { user } from '../db/schema.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import {
  type AvailabilityDeps,
  checkBookability,
  listAvailability,
  listClosedDays,
} from './availability.ts';
import { withCodeGuessLimit } from '../pricing/code-guesses.ts';
import { pricingRules, visitorPricingRules } from '../pricing/basket-price.ts';

/** How long anyone may reuse an anonymous availability answer. */
export const ANONYMOUS_AVAILABILITY_CACHE = 'public, max-age=15';

const availabilityRoute = createRoute({
  method: 'get',
  path: '/api/availability',
  operationId: 'listAvailability',
  tags: ['booking'],
  summary: 'Bookable sessions of a service with seats left',
  description:
    'Timetable sessions of the service between from and to (London dates, default: the whole ' +
    '56-day booking window), clipped to the window, sessions already started left out. ' +
    '`booked` means every current pupil of the signed-in user has a confirmed seat in it ' +
    '(`heldBy` lists the pupils who do), `pending` that it is in their own unpaid checkout.',
  security: sessionIfAny,
  request: { query: AvailabilityQuerySchema },
  responses: {
    200: jsonResponse(AvailabilitySchema, 'Sessions in start order'),
    400: invalidInput('Unknown service or a bad date; `errors` names the parameter'),
    401: problemResponse('forUser given while signed out'),
    403: problemResponse('forUser given by someone who is not an admin'),
    404: problemResponse('forUser names no user'),
  },
});

const bookabilityRoute = createRoute({
  method: 'post',
  path: '/api/bookability',
  operationId: 'checkBookability',
  tags: ['booking'],
  summary: 'Pre-flight check of chosen sessions before checkout',
  security: sessionIfAny,
  request: { query: BookabilityQuerySchema, body: jsonBody(BasketSchema) },
  responses: {
    200: jsonResponse(BookabilitySchema, 'One result per requested start, in request order'),
    400: invalidInput(
      'Invalid basket, an archived pupil, pupilIds missing for an account with several pupils, ' +
        'or a promoCode that cannot apply (the reason in words)',
    ),
    401: problemResponse('forUser, pupilIds or promoCode given while signed out'),
    403: problemResponse(
      'Sent from another site, signed in to a tutor account, or forUser given by someone not an ' +
        'admin',
    ),
    404: problemResponse('forUser names no user, or a pupil id is not one of the account’s'),
    429: problemResponse(
      'Too many unknown promo codes from this account or address: wait for Retry-After',
    ),
  },
});

export function createAvailabilityRoutes(deps: AvailabilityDeps & { auth: Auth; config: Config }) {
  const router = createRouter();
  router.use('/api/bookability', rejectCrossSiteRequests(deps.config.trustedOrigins));
  /**
   * Whose seats an answer marks: the signed-in user's (none when signed out), or, for an admin
   * acting for a customer, the customer's named by forUser. Only admins may look through
   * another customer's eyes: anyone else naming forUser is refused, not silently ignored.
   * A check before booking (`forBooking`) is refused to a tutor's account, which never books
   * (decision 088); looking at the timetable is not.
   */
  const viewerOf = async (
    headers: Headers,
    forUser: string | undefined,
    { forBooking = false } = {},
  ): Promise<{ id: string; name: string } | undefined> => {
    const session = await readSession(deps.auth, headers);
    if (session && forBooking) refuseStaffAccount(session.user);
    if (forUser === undefined) {
      return session ? { id: session.user.id, name: session.user.name } : undefined;
    }
    if (!session) throw new UnauthorizedError();
    if (session.user.role !== 'admin') throw new ForbiddenError('Access denied');
    const [customer] = await deps.db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(eq(user.id, forUser))
      .limit(1);
    if (!customer) throw new NotFoundError('No such user.');
    return customer;
  };
  const viewerId = async (headers: Headers, forUser: string | undefined) =>
    (await viewerOf(headers, forUser))?.id;

  return router
    .openapi(availabilityRoute, async (c) => {
      const { service, from, to, forUser } = c.req.valid('query');
      if (from && to && from > to) {
        throw new ValidationError([{ field: 'to', message: 'to must not be before from.' }]);
      }
      const userId = await viewerId(c.req.raw.headers, forUser);
      const dates = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
      const [slots, closed] = await Promise.all([
        listAvailability(deps, { service, ...dates, ...(userId ? { userId } : {}) }),
        listClosedDays(deps, dates),
      ]);
      // Anonymous answers are the same for everyone: a browser or CDN may reuse one briefly
      // (seats are re-checked at checkout). A signed-in answer marks the viewer's own
      // sessions, so it stays private (no-store, http/no-store.ts); Vary keeps the two apart.
      c.header('Vary', 'Cookie');
      if (!userId) c.header('Cache-Control', ANONYMOUS_AVAILABILITY_CACHE);
      return c.json({ slots, closed }, 200);
    })
    .openapi(bookabilityRoute, async (c) => {
      const { service, startsAt, pupilIds, promoCode } = c.req.valid('json');
      const viewer = await viewerOf(c.req.raw.headers, c.req.valid('query').forUser, {
        forBooking: true,
      });
      // Pupils and codes are an account's: naming them while signed out names nobody's.
      if (!viewer && (pupilIds || promoCode !== undefined)) throw new UnauthorizedError();
      // The pricing rules (content and the sibling setting) are read beside the seats, not
      // after them: one round trip less to wait for (docs/decisions/114). A visitor's basket
      // needs no sibling setting (docs/decisions/118).
      const [{ results, pupilIds: named }, rules] = await Promise.all([
        checkBookability(deps, {
          service,
          startsAt,
          ...(viewer ? { viewer } : {}),
          pupilIds,
        }),
        viewer ? pricingRules(deps) : visitorPricingRules(deps),
      ]);
      const creditAvailable = viewer
        ? await availableCredit(deps.db, viewer.id, deps.clock.now())
        : 0;
      const prices = await withCodeGuessLimit(
        deps,
        c,
        { userId: viewer?.id, code: promoCode },
        () =>
          bookabilityPrice(deps, {
            service,
            results,
            userId: viewer?.id ?? null,
            pupilIds: named,
            promoCode,
            creditAvailable,
            rules,
          }),
      );
      return c.json({ results, creditAvailable, ...prices }, 200);
    });
}
