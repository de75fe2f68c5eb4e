import { createRoute } from '@hono/zod-openapi';
import {
  SessionIdParamsSchema,
  SessionMergedSchema,
  SessionMergeRequestSchema,
} from '@tuition/api-contract';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireAdmin } from '../auth/middleware.ts';
import type { Config } from '../config/env.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { mergeSession, type SessionMergeDeps } from './session-merge.ts';

/*
 * Merge instead of cancel (docs/decisions/100): an admin moves a thin session's families into
 * another session of the same class. Admin only, from the site itself, as the whole-session
 * cancel is.
 */

const mergeRoute = createRoute({
  method: 'post',
  path: '/api/admin/sessions/{id}/merge',
  operationId: 'adminMergeSession',
  ...admin,
  summary: 'Move every family of a session into another session of the same class',
  description:
    'Before the session is decided by its minimum, every confirmed seat moves to the target ' +
    'session in one transaction, or none does: the pupils of every family must fit together ' +
    '(seats left for all, none already booked or paying there). The emptied session is ' +
    'cancelled, its waiting list closed and any unfinished basket with it released. Each family ' +
    'gets one e-mail naming its children with the calendar update, and may cancel a moved seat ' +
    'for a session of credit within 24 hours (docs/decisions/100).',
  request: { params: SessionIdParamsSchema, body: jsonBody(SessionMergeRequestSchema) },
  responses: {
    200: jsonResponse(SessionMergedSchema, 'Each seat moved, with its old and new booking'),
    400: invalidInput(
      'Not a session id, or a targetSessionId that is the same session, of another class, ' +
        'cancelled or started',
    ),
    404: problemResponse('No such session, or no such session to merge into'),
    409: problemResponse(
      '`code` does-not-fit (too few seats left, or a pupil already booked or paying there; ' +
        'nothing moved), decided (its minimum decided it already) or not-cancellable (it ' +
        'started or was cancelled)',
    ),
    ...guarded,
  },
});

/** What the merge route needs: the merge's dependencies, the admin guard and trusted origins. */
export type MergeRouteDeps = SessionMergeDeps & {
  auth: Auth;
  config: Pick<Config, 'publicUrl' | 'trustedOrigins'>;
};

export function createMergeRoutes(deps: MergeRouteDeps) {
  const router = createRouter();
  router.use(
    '/api/admin/sessions/:id/merge',
    requireAdmin(deps.auth),
    rejectCrossSiteRequests(deps.config.trustedOrigins),
  );

  return router.openapi(mergeRoute, async (c) => {
    const adminId = currentUser(c).id;
    const sessionId = c.req.valid('param').id;
    const { targetSessionId } = c.req.valid('json');
    const merged = await mergeSession(deps, { sessionId, targetSessionId, adminId });
    c.get('log').info(
      { adminId, sessionId, targetSessionId, moved: merged.moved.length },
      'admin merged a session',
    );
    return c.json(merged, 200);
  });
}
