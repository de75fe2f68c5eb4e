import { createRoute, z } from '@hono/zod-openapi';
import { basketSchema, isCalendarDate, SERVICE_CODES } from '@tuition/domain';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import { eq } from 'drizzle-orm';
import { readSession, rejectCrossSiteRequests } from '../auth/middleware.ts';
import { user } from '../db/schema.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';
import {
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { type AvailabilityDeps, checkBookability, listAvailability } from './availability.ts';

const serviceParam = z.enum(SERVICE_CODES, {
  error: `Unknown service: use one of ${SERVICE_CODES.join(', ')}.`,
});
const londonDateParam = (name: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD.` })
    .optional();

/** Admins only: answer as this customer would see it (their bookings and unpaid checkouts). */
const forUserParam = z
  .string()
  .min(1, { error: 'forUser must be a user id.' })
  .max(100, { error: 'forUser must be a user id.' })
  .optional()
  .openapi({
    description:
      'Admins only: the user id of the customer to answer for (reschedule on their behalf). ' +
      'Anyone else passing it gets 403.',
  });

const AvailabilityQuery = z.object({
  service: serviceParam,
  from: londonDateParam('from'),
  to: londonDateParam('to'),
  forUser: forUserParam,
});

const BookabilityQuery = z.object({ forUser: forUserParam });

const SlotSchema = z
  .object({
    sessionId: z.string(),
    startsAt: z.string().openapi({ description: 'ISO instant, UTC' }),
    endsAt: z.string(),
    date: z.string().openapi({ description: 'London date YYYY-MM-DD' }),
    time: z.string().openapi({ example: '5-6pm' }),
    label: z.string(),
    service: z.enum(SERVICE_CODES),
    pricePence: z.number().int(),
    capacity: z.number().int(),
    seatsLeft: z.number().int(),
    state: z.enum(['available', 'full', 'booked', 'pending']).openapi({
      description:
        "`booked`: a confirmed booking of the user; `pending`: in the user's own unpaid " +
        'checkout (picking it again replaces that checkout); `full`: no seat left.',
    }),
  })
  .openapi('AvailabilitySlot');

const BookabilitySchema = z
  .object({
    results: z.array(
      z.object({
        startsAt: z.string(),
        status: z.enum(['ok', 'duplicate', 'pending', 'full', 'invalid']).openapi({
          description:
            '`duplicate`: the user has a confirmed booking of it; `pending`: it is in their own ' +
            'unpaid checkout, which a new checkout of it replaces.',
        }),
      }),
    ),
  })
  .openapi('Bookability');

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const availabilityRoute = createRoute({
  method: 'get',
  path: '/api/availability',
  tags: ['booking'],
  summary: 'Bookable sessions of a service with seats left',
  description:
    'Timetable sessions of the service between from and to (London dates, default: the whole ' +
    '56-day booking window), clipped to the window, sessions already started left out. ' +
    '`booked` means the signed-in user has a confirmed booking of it, `pending` that it is in ' +
    'their own unpaid checkout.',
  request: { query: AvailabilityQuery },
  responses: {
    200: {
      description: 'Sessions in start order',
      content: { 'application/json': { schema: z.object({ slots: z.array(SlotSchema) }) } },
    },
    400: problemResponse('Unknown service or a bad date; `errors` names the parameter'),
    401: problemResponse('forUser given while signed out'),
    403: problemResponse('forUser given by someone who is not an admin'),
    404: problemResponse('forUser names no user'),
  },
});

const bookabilityRoute = createRoute({
  method: 'post',
  path: '/api/bookability',
  tags: ['booking'],
  summary: 'Pre-flight check of chosen sessions before checkout',
  request: {
    query: BookabilityQuery,
    body: { required: true, content: { 'application/json': { schema: basketSchema } } },
  },
  responses: {
    200: {
      description: 'One result per requested start, in request order',
      content: { 'application/json': { schema: BookabilitySchema } },
    },
    400: problemResponse('Invalid request; `errors` names the field'),
    401: problemResponse('forUser given while signed out'),
    403: problemResponse('Sent from another site, or forUser given by someone not an admin'),
    404: problemResponse('forUser names no user'),
  },
});

export function createAvailabilityRoutes(deps: AvailabilityDeps & { auth: Auth; config: Config }) {
  const router = createRouter();
  router.use('/api/bookability', rejectCrossSiteRequests(deps.config.trustedOrigins));
  /**
   * Whose seats an answer marks: the signed-in user's (none when signed out), or, for an admin
   * acting for a customer, the customer's named by forUser. Only admins may look through
   * another customer's eyes: anyone else naming forUser is refused, not silently ignored.
   */
  const viewerId = async (headers: Headers, forUser: string | undefined) => {
    const session = await readSession(deps.auth, headers);
    if (forUser === undefined) return session?.user.id;
    if (!session) throw new UnauthorizedError();
    if (session.user.role !== 'admin') throw new ForbiddenError('Access denied');
    const [customer] = await deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, forUser))
      .limit(1);
    if (!customer) throw new NotFoundError('No such user.');
    return customer.id;
  };

  return router
    .openapi(availabilityRoute, async (c) => {
      const { service, from, to, forUser } = c.req.valid('query');
      if (from && to && from > to) {
        throw new ValidationError([{ field: 'to', message: 'to must not be before from.' }]);
      }
      const userId = await viewerId(c.req.raw.headers, forUser);
      const slots = await listAvailability(deps, {
        service,
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(userId ? { userId } : {}),
      });
      return c.json({ slots }, 200);
    })
    .openapi(bookabilityRoute, async (c) => {
      const { service, startsAt } = c.req.valid('json');
      const userId = await viewerId(c.req.raw.headers, c.req.valid('query').forUser);
      const results = await checkBookability(deps, {
        service,
        startsAt,
        ...(userId ? { userId } : {}),
      });
      return c.json({ results }, 200);
    });
}
