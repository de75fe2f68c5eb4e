import { createRoute } from '@hono/zod-openapi';
import {
  CalendarFeedIcsSchema,
  CalendarFeedQuerySchema,
  CalendarFeedSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  noSession,
  rejectCrossSiteRequests,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import { invalidInput, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import {
  CALENDAR_FEED_PATH,
  type CalendarFeedDeps,
  calendarFeedFor,
  calendarFeedUrl,
  rotateCalendarFeed,
} from './calendar-feed.ts';

const getRoute = createRoute({
  method: 'get',
  path: '/api/me/calendar-feed',
  operationId: 'getCalendarFeed',
  tags: ['bookings'],
  summary: 'Your personal calendar feed address (secret; made on first request)',
  security: signedIn,
  responses: {
    200: jsonResponse(CalendarFeedSchema, 'The address to subscribe to'),
    401: problemResponse('Not signed in'),
  },
});

const rotateRoute = createRoute({
  method: 'post',
  path: '/api/me/calendar-feed/rotate',
  operationId: 'rotateCalendarFeed',
  tags: ['bookings'],
  summary: 'Replace the feed address; the old one stops working at once',
  security: signedIn,
  responses: {
    200: jsonResponse(CalendarFeedSchema, 'The new address'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
  },
});

const feedRoute = createRoute({
  method: 'get',
  path: CALENDAR_FEED_PATH,
  operationId: 'readCalendarFeed',
  tags: ['bookings'],
  summary: "An account's upcoming confirmed sessions as iCalendar (the token is the key)",
  security: noSession,
  request: { query: CalendarFeedQuerySchema },
  responses: {
    200: {
      description: 'text/calendar, one VEVENT per upcoming seat',
      content: { 'text/calendar': { schema: CalendarFeedIcsSchema } },
    },
    400: invalidInput('Token too long'),
    404: problemResponse('Not the current token of any feed'),
  },
});

export function createCalendarFeedRoutes(
  deps: CalendarFeedDeps & { auth: Auth; config: { trustedOrigins: string[] } },
) {
  const router = createRouter();
  router.use('/api/me/calendar-feed', requireUser(deps.auth));
  router.use(
    '/api/me/calendar-feed/*',
    rejectCrossSiteRequests(deps.config.trustedOrigins),
    requireUser(deps.auth),
  );
  return router
    .openapi(getRoute, async (c) =>
      c.json({ url: await calendarFeedUrl(deps, currentUser(c).id) }, 200),
    )
    .openapi(rotateRoute, async (c) =>
      c.json({ url: await rotateCalendarFeed(deps, currentUser(c).id) }, 200),
    )
    .openapi(feedRoute, async (c) => {
      const feed = await calendarFeedFor(deps, c.req.valid('query').token);
      if (feed === undefined) throw new NotFoundError('No such calendar feed.');
      return c.body(feed, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    });
}
