import { createRoute } from '@hono/zod-openapi';
import {
  AdminWaitlistSchema,
  SessionIdParamsSchema,
  WaitlistEntryListSchema,
  WaitlistIdParamsSchema,
  WaitlistJoinedSchema,
  WaitlistJoinSchema,
} from '@tuition/api-contract';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireAdmin,
  requireCustomer,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import type { Config } from '../config/env.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import {
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlist,
  sessionWaitlist,
  type WaitlistServiceDeps,
} from './waitlist.ts';

const joinRoute = createRoute({
  method: 'post',
  path: '/api/waitlist',
  operationId: 'joinWaitlist',
  tags: ['waitlist'],
  summary: "Join a full session's waiting list (one place per pupil)",
  description:
    'When a seat frees, the first place waiting is offered it by e-mail and the seat is held ' +
    'until the offer ends (the offer time, at most until 2 hours before the start). Without ' +
    'pupilIds the place is for the account’s only pupil.',
  security: signedIn,
  request: { body: jsonBody(WaitlistJoinSchema) },
  responses: {
    201: jsonResponse(WaitlistJoinedSchema, 'On the list; `position` 1 is offered next'),
    400: invalidInput('startsAt is not a bookable session, or pupilIds are missing or archived'),
    401: problemResponse('Not signed in'),
    403: problemResponse('E-mail not verified, a tutor account, or sent from another site'),
    404: problemResponse('A pupil id that is not one of your pupils'),
    409: problemResponse(
      '`code` not-full (seats are free: book instead), duplicate (a pupil already holds the ' +
        'session or waits for it) or list-closed (it starts too soon for an offer)',
    ),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/me/waitlist',
  operationId: 'listMyWaitlist',
  tags: ['waitlist'],
  summary: 'Your places on waiting lists, soonest session first, with any live offer',
  security: signedIn,
  responses: {
    200: jsonResponse(WaitlistEntryListSchema, 'Places'),
    401: problemResponse('Not signed in'),
  },
});

const leaveRoute = createRoute({
  method: 'delete',
  path: '/api/me/waitlist/{id}',
  operationId: 'leaveWaitlist',
  tags: ['waitlist'],
  summary: 'Leave a waiting list, or decline its offer: the seat goes to the next person',
  security: signedIn,
  request: { params: WaitlistIdParamsSchema },
  responses: {
    204: { description: 'Left (leaving costs nothing; leaving twice changes nothing)' },
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Sent from another site'),
    404: problemResponse('No such place of yours'),
  },
});

const adminListRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/waitlist',
  operationId: 'adminSessionWaitlist',
  tags: ['admin'],
  summary: 'Who waits for a session and who holds an offer, in queue order',
  security: signedIn,
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(AdminWaitlistSchema, 'Places'),
    400: invalidInput('id is not a session id'),
    401: problemResponse('Not signed in'),
    403: problemResponse('Not an admin'),
  },
});

export function createWaitlistRoutes(
  deps: WaitlistServiceDeps & { auth: Auth; config: Pick<Config, 'publicUrl' | 'trustedOrigins'> },
) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/waitlist', sameSiteOnly, requireCustomer(deps.auth));
  router.use('/api/me/waitlist', requireUser(deps.auth));
  router.use('/api/me/waitlist/:id', sameSiteOnly, requireUser(deps.auth));
  router.use('/api/admin/sessions/:id/waitlist', requireAdmin(deps.auth));

  return router
    .openapi(joinRoute, async (c) => {
      const { service, startsAt, pupilIds } = c.req.valid('json');
      const me = currentUser(c);
      const joined = await joinWaitlist(deps, {
        user: { id: me.id, name: me.name },
        service,
        startsAt,
        pupilIds,
      });
      return c.json(joined, 201);
    })
    .openapi(listRoute, async (c) => c.json(await listMyWaitlist(deps, currentUser(c).id), 200))
    .openapi(leaveRoute, async (c) => {
      await leaveWaitlist(deps, { userId: currentUser(c).id, placeId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(adminListRoute, async (c) =>
      c.json(await sessionWaitlist(deps, c.req.valid('param').id), 200),
    );
}
