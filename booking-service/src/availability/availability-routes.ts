import { createRoute, z } from '@hono/zod-openapi';
import { basketSchema, isCalendarDate, SERVICE_CODES } from '@tuition/domain';
import type { AppDeps } from '../app-deps.ts';
import { readSession, rejectCrossSiteRequests } from '../auth/middleware.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';
import { ValidationError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { checkBookability, listAvailability } from './availability.ts';

const serviceParam = z.enum(SERVICE_CODES, {
  error: `Unknown service: use one of ${SERVICE_CODES.join(', ')}.`,
});
const londonDateParam = (name: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD.` })
    .optional();

const AvailabilityQuery = z.object({
  service: serviceParam,
  from: londonDateParam('from'),
  to: londonDateParam('to'),
});

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
    state: z.enum(['available', 'full', 'booked']),
  })
  .openapi('AvailabilitySlot');

const BookabilitySchema = z
  .object({
    results: z.array(
      z.object({
        startsAt: z.string(),
        status: z.enum(['ok', 'duplicate', 'full', 'invalid']),
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
    '`booked` means the signed-in user already holds a seat.',
  request: { query: AvailabilityQuery },
  responses: {
    200: {
      description: 'Sessions in start order',
      content: { 'application/json': { schema: z.object({ slots: z.array(SlotSchema) }) } },
    },
    400: problemResponse('Unknown service or a bad date; `errors` names the parameter'),
  },
});

const bookabilityRoute = createRoute({
  method: 'post',
  path: '/api/bookability',
  tags: ['booking'],
  summary: 'Pre-flight check of chosen sessions before checkout',
  request: {
    body: { required: true, content: { 'application/json': { schema: basketSchema } } },
  },
  responses: {
    200: {
      description: 'One result per requested start, in request order',
      content: { 'application/json': { schema: BookabilitySchema } },
    },
    400: problemResponse('Invalid request; `errors` names the field'),
    403: problemResponse('Sent from another site'),
  },
});

export function createAvailabilityRoutes(
  deps: Pick<AppDeps, 'auth' | 'db' | 'clock' | 'content' | 'config'>,
) {
  const router = createRouter();
  router.use('/api/bookability', rejectCrossSiteRequests(deps.config.trustedOrigins));
  const signedInUserId = async (headers: Headers) =>
    (await readSession(deps.auth, headers))?.user.id;

  return router
    .openapi(availabilityRoute, async (c) => {
      const { service, from, to } = c.req.valid('query');
      if (from && to && from > to) {
        throw new ValidationError([{ field: 'to', message: 'to must not be before from.' }]);
      }
      const userId = await signedInUserId(c.req.raw.headers);
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
      const userId = await signedInUserId(c.req.raw.headers);
      const results = await checkBookability(deps, {
        service,
        startsAt,
        ...(userId ? { userId } : {}),
      });
      return c.json({ results }, 200);
    });
}
