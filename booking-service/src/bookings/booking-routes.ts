import { createRoute, z } from '@hono/zod-openapi';
import { BOOKING_STATUSES, rescheduleSchema, SERVICE_CODES } from '@tuition/domain';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireUser } from '../auth/middleware.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import {
  type BookingDeps,
  cancelBooking,
  listUserBookings,
  rescheduleBooking,
} from './bookings.ts';

const BookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    service: z.enum(SERVICE_CODES),
    subject: z.string(),
    label: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    createdAt: z.string(),
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
  })
  .openapi('Booking');

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const BookingIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/bookings',
  tags: ['bookings'],
  summary: 'Your bookings: upcoming (soonest first) or previous (latest first)',
  request: {
    query: z.object({
      scope: z
        .enum(['upcoming', 'previous'], { error: 'scope must be upcoming or previous.' })
        .default('upcoming'),
    }),
  },
  responses: {
    200: {
      description: 'Bookings',
      content: { 'application/json': { schema: z.array(BookingSchema) } },
    },
    400: problemResponse('Unknown scope'),
    401: problemResponse('Not signed in'),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/api/me/bookings/{id}/cancel',
  tags: ['bookings'],
  summary: 'Cancel one of your upcoming bookings (no refund; the seat is freed)',
  request: { params: BookingIdParam },
  responses: {
    200: {
      description: 'The cancelled booking',
      content: { 'application/json': { schema: BookingSchema } },
    },
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such booking of yours'),
    409: problemResponse('`code` not-cancellable: already cancelled, moved or started'),
  },
});

const rescheduleRoute = createRoute({
  method: 'post',
  path: '/api/me/bookings/{id}/reschedule',
  tags: ['bookings'],
  summary: 'Move one of your bookings to another slot of the same class (free)',
  request: {
    params: BookingIdParam,
    body: { required: true, content: { 'application/json': { schema: rescheduleSchema } } },
  },
  responses: {
    200: {
      description: 'The new booking (the old one is now `rescheduled`)',
      content: { 'application/json': { schema: BookingSchema } },
    },
    400: problemResponse('startsAt is not a bookable slot of the same class'),
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
