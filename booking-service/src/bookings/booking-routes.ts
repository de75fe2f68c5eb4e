import { createRoute } from '@hono/zod-openapi';
import {
  BookingIdParamsSchema,
  BookingListQuerySchema,
  BookingListSchema,
  BookingSchema,
  RescheduleRequestSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireUser, signedIn } from '../auth/middleware.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import {
  type BookingDeps,
  cancelBooking,
  listUserBookings,
  rescheduleBooking,
} from './bookings.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/bookings',
  operationId: 'listMyBookings',
  tags: ['bookings'],
  summary: 'Your bookings: upcoming (soonest first) or previous (latest first)',
  security: signedIn,
  request: { query: BookingListQuerySchema },
  responses: {
    200: jsonResponse(BookingListSchema, 'Bookings'),
    400: invalidInput('Unknown scope'),
    401: problemResponse('Not signed in'),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/api/me/bookings/{id}/cancel',
  operationId: 'cancelMyBooking',
  tags: ['bookings'],
  summary: 'Cancel one of your upcoming bookings (no refund; the seat is freed)',
  security: signedIn,
  request: { params: BookingIdParamsSchema },
  responses: {
    200: jsonResponse(BookingSchema, 'The cancelled booking'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such booking of yours'),
    409: problemResponse('`code` not-cancellable: already cancelled, moved or started'),
  },
});

const rescheduleRoute = createRoute({
  method: 'post',
  path: '/api/me/bookings/{id}/reschedule',
  operationId: 'rescheduleMyBooking',
  tags: ['bookings'],
  summary: 'Move one of your bookings to another slot of the same class (free)',
  security: signedIn,
  request: { params: BookingIdParamsSchema, body: jsonBody(RescheduleRequestSchema) },
  responses: {
    200: jsonResponse(BookingSchema, 'The new booking (the old one is now `rescheduled`)'),
    400: invalidInput('startsAt is not a bookable slot of the same class'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such booking of yours'),
    409: problemResponse(
      '`code` too-late (24 hours), full, duplicate, pending (a seat you are still paying for) ' +
        'or not-reschedulable',
    ),
  },
});

export function createBookingRoutes(deps: BookingDeps & { auth: Auth }) {
  const router = createRouter();
  router.use('/api/me/bookings', requireUser(deps.auth));
  router.use(
    '/api/me/bookings/:id/*',
    rejectCrossSiteRequests(deps.config.trustedOrigins),
    requireUser(deps.auth),
  );

  return router
    .openapi(listRoute, async (c) => {
      const { scope } = c.req.valid('query');
      return c.json(await listUserBookings(deps, currentUser(c).id, scope), 200);
    })
    .openapi(cancelRoute, async (c) => {
      const { id } = c.req.valid('param');
      const actor = { kind: 'customer' as const, userId: currentUser(c).id };
      return c.json(await cancelBooking(deps, { bookingId: id, actor }), 200);
    })
    .openapi(rescheduleRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { startsAt } = c.req.valid('json');
      const actor = { kind: 'customer' as const, userId: currentUser(c).id };
      return c.json(await rescheduleBooking(deps, { bookingId: id, startsAt, actor }), 200);
    });
}
