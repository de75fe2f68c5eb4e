import { createRoute } from '@hono/zod-openapi';
import {
  OneToOneAvailabilityQuerySchema,
  OneToOneAvailabilitySchema,
  TutorAvailabilityRequestSchema,
  TutorAvailabilitySchema,
  TutorCalendarRequestSchema,
  TutorCalendarSchema,
  TutorIdParamsSchema,
  TutorOneToOneRequestSchema,
  TutorOneToOneSchema,
} from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import type { Context } from 'hono';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  noSession,
  rejectCrossSiteRequests,
  requireAdmin,
  requireTutor,
  signedIn,
} from '../auth/middleware.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { activeTutorOf } from '../tutors/tutor-accounts.ts';
import { listOneToOneSlots } from './free-slots.ts';
import {
  readAvailability,
  readCalendar,
  readOneToOne,
  saveAvailability,
  saveCalendar,
  setOneToOne,
} from './tutor-hours-settings.ts';

/*
 * 1-to-1 hours (docs/decisions/104): the admin's per-tutor courses and rate, the tutor's own
 * windows, exceptions and private calendar, and the public list of free slots.
 */

export interface OneToOneDeps {
  db: Database;
  auth: Auth;
  clock: Clock;
  config: Config;
  content: ContentLoader;
}

const tutorRefusals = {
  401: problemResponse('Not signed in'),
  403: problemResponse('Not an active tutor ("Access denied"), or sent from another site'),
} as const;
const tutorOperation = { tags: ['tutor'], security: signedIn };

const adminReadRoute = createRoute({
  method: 'get',
  path: '/api/admin/tutors/{id}/one-to-one',
  operationId: 'tutorOneToOne',
  ...admin,
  summary: "A tutor's 1-to-1 courses, rate, hours and calendar busy times (never what)",
  request: { params: TutorIdParamsSchema },
  responses: {
    200: jsonResponse(TutorOneToOneSchema, "The tutor's 1-to-1 set-up"),
    400: invalidInput('Not a tutor id'),
    404: problemResponse('No such tutor'),
    ...guarded,
  },
});

const adminSetRoute = createRoute({
  method: 'put',
  path: '/api/admin/tutors/{id}/one-to-one',
  operationId: 'setTutorOneToOne',
  ...admin,
  summary: 'Set the courses a tutor teaches 1-to-1 and their hourly pay rate (none: no 1-to-1)',
  request: { params: TutorIdParamsSchema, body: jsonBody(TutorOneToOneRequestSchema) },
  responses: {
    200: jsonResponse(TutorOneToOneSchema, 'The tutor with the new settings'),
    400: invalidInput('Known courses, once each; whole pence from 0 to 100000'),
    404: problemResponse('No such tutor'),
    ...guarded,
  },
});

const readAvailabilityRoute = createRoute({
  method: 'get',
  path: '/api/tutor/availability',
  operationId: 'myAvailability',
  ...tutorOperation,
  summary: 'My weekly 1-to-1 windows and the dates I am away (London times)',
  responses: {
    200: jsonResponse(TutorAvailabilitySchema, 'Windows and exceptions'),
    ...tutorRefusals,
  },
});

const saveAvailabilityRoute = createRoute({
  method: 'put',
  path: '/api/tutor/availability',
  operationId: 'setMyAvailability',
  ...tutorOperation,
  summary: 'Replace my weekly windows and exceptions; no windows means no 1-to-1 slots',
  request: { body: jsonBody(TutorAvailabilityRequestSchema) },
  responses: {
    200: jsonResponse(TutorAvailabilitySchema, 'As saved (past exceptions dropped)'),
    400: invalidInput('Quarter-hour HH:MM times, from before to, no overlapping windows in a day'),
    ...tutorRefusals,
  },
});

const readCalendarRoute = createRoute({
  method: 'get',
  path: '/api/tutor/calendar',
  operationId: 'myCalendar',
  ...tutorOperation,
  summary: 'My private calendar: its address (secret part hidden), last read and any error',
  responses: {
    200: jsonResponse(TutorCalendarSchema, 'The calendar and its last read'),
    ...tutorRefusals,
  },
});

const saveCalendarRoute = createRoute({
  method: 'put',
  path: '/api/tutor/calendar',
  operationId: 'setMyCalendar',
  ...tutorOperation,
  summary: 'Set my private iCalendar address (read every 5 minutes), or null to remove it',
  description:
    'Only busy times are kept from the feed, never titles, descriptions or attendees. The ' +
    'address is a secret: it is never shown back in full.',
  request: { body: jsonBody(TutorCalendarRequestSchema) },
  responses: {
    200: jsonResponse(TutorCalendarSchema, 'The calendar, unread until the next read'),
    400: invalidInput('Not an https or webcal address; `errors` names `url`'),
    ...tutorRefusals,
  },
});

const slotsRoute = createRoute({
  method: 'get',
  path: '/api/one-to-one/availability',
  operationId: 'listOneToOneSlots',
  tags: ['booking'],
  security: noSession,
  summary: 'Free 1-to-1 slots of the tutors who teach a course (tutors by first name only)',
  description:
    'Between from and to (London dates; default 14 days from today, at most 28), clipped to the ' +
    'booking window, starting on the quarter hour, of lengthMinutes (offered lengths come from ' +
    'the pricing content; 60 by default).',
  request: { query: OneToOneAvailabilityQuerySchema },
  responses: {
    200: jsonResponse(OneToOneAvailabilitySchema, 'Slots in start order'),
    400: invalidInput('Unknown course, a bad date or span, or a length not offered'),
  },
});

/** The active tutor asking (403 once deactivated). */
async function myTutorId(c: Context, deps: Pick<OneToOneDeps, 'db'>): Promise<string> {
  return (await activeTutorOf(deps.db, currentUser(c).id)).id;
}

export function createOneToOneRoutes(deps: OneToOneDeps) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/admin/tutors/:id/one-to-one', requireAdmin(deps.auth), sameSiteOnly);
  for (const path of ['/api/tutor/availability', '/api/tutor/calendar']) {
    router.use(path, requireTutor(deps.auth), sameSiteOnly);
  }
  return router
    .openapi(adminReadRoute, async (c) =>
      c.json(await readOneToOne(deps, c.req.valid('param').id), 200),
    )
    .openapi(adminSetRoute, async (c) => {
      const body = c.req.valid('json');
      const input = { adminId: currentUser(c).id, tutorId: c.req.valid('param').id, ...body };
      return c.json(await setOneToOne(deps, input), 200);
    })
    .openapi(readAvailabilityRoute, async (c) =>
      c.json(await readAvailability(deps.db, await myTutorId(c, deps)), 200),
    )
    .openapi(saveAvailabilityRoute, async (c) => {
      const tutorId = await myTutorId(c, deps);
      return c.json(await saveAvailability(deps, tutorId, c.req.valid('json')), 200);
    })
    .openapi(readCalendarRoute, async (c) =>
      c.json(await readCalendar(deps.db, await myTutorId(c, deps)), 200),
    )
    .openapi(saveCalendarRoute, async (c) => {
      const tutorId = await myTutorId(c, deps);
      return c.json(await saveCalendar(deps, tutorId, c.req.valid('json').url), 200);
    })
    .openapi(slotsRoute, async (c) =>
      c.json(await listOneToOneSlots(deps, c.req.valid('query')), 200),
    );
}
