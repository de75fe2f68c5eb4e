import { createRoute } from '@hono/zod-openapi';
import {
  ClassIdParamsSchema,
  ClassMinimumRequestSchema,
  ClassMinimumSchema,
  SessionDecisionRequestSchema,
  SessionDecisionSchema,
  SessionIdParamsSchema,
} from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireAdmin } from '../auth/middleware.ts';
import type { BookingDeps } from '../bookings/bookings.ts';
import { weeklyClasses } from '../db/schema.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { decideEarly } from './session-decision.ts';

/*
 * The admin's side of class minimums (docs/decisions/100): set a weekly class's minimum, and
 * decide a session before the clock does. The at-risk list is the admin session list's
 * `at-risk` filter; the merge is merge-routes.ts.
 */

export interface MinimumRouteDeps extends BookingDeps {
  auth: Auth;
}

const minimumRoute = createRoute({
  method: 'put',
  path: '/api/admin/classes/{id}/minimum',
  operationId: 'setClassMinimum',
  ...admin,
  summary: "Set a weekly class's minimum pupils and when its sessions are decided",
  description:
    'minPupils 2–10, or null for none; decisionHoursBefore 12–168 (default 48), on London ' +
    'clocks. It governs the sessions whose decision time is still ahead; those already decided ' +
    'keep their decision.',
  request: { params: ClassIdParamsSchema, body: jsonBody(ClassMinimumRequestSchema) },
  responses: {
    200: jsonResponse(ClassMinimumSchema, "The class's minimum as saved"),
    400: invalidInput('A minimum or decision time out of range, or not a class id'),
    404: problemResponse('No such class'),
    ...guarded,
  },
});

const decisionRoute = createRoute({
  method: 'post',
  path: '/api/admin/sessions/{id}/decision',
  operationId: 'decideSession',
  ...admin,
  summary: 'Decide a session with a minimum now: it runs, or it is cancelled',
  description:
    'Cancelled: every family gets the remedy chosen in content, one e-mail offering the sister ' +
    'session, and the tutor is told, exactly as when the clock decides (docs/decisions/100).',
  request: { params: SessionIdParamsSchema, body: jsonBody(SessionDecisionRequestSchema) },
  responses: {
    200: jsonResponse(SessionDecisionSchema, 'The decision and what each seat got back'),
    400: invalidInput('Not a session id, or an outcome other than runs or cancelled'),
    404: problemResponse('No such session'),
    409: problemResponse('`code` decided: no minimum, decided already, cancelled or started'),
    ...guarded,
  },
});

export function createMinimumRoutes(deps: MinimumRouteDeps) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/admin/classes/:id/minimum', requireAdmin(deps.auth), sameSiteOnly);
  router.use('/api/admin/sessions/:id/decision', requireAdmin(deps.auth), sameSiteOnly);
  return router
    .openapi(minimumRoute, async (c) => {
      const adminId = currentUser(c).id;
      const { id } = c.req.valid('param');
      const { minPupils, decisionHoursBefore } = c.req.valid('json');
      const now = deps.clock.now();
      const saved = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(weeklyClasses)
          .set({ minPupils, decisionHoursBefore, minimumSetAt: minPupils === null ? null : now })
          .where(eq(weeklyClasses.id, id))
          .returning();
        if (!row) throw new NotFoundError('No such class.');
        await recordAudit(tx, {
          actorId: adminId,
          actorRole: 'admin',
          subjectUserId: null,
          action: 'class.minimum',
          target: `class:${row.id}`,
          after: { minPupils, decisionHoursBefore },
        });
        return row;
      });
      c.get('log').info({ adminId, classId: id, minPupils }, 'admin set a class minimum');
      return c.json(
        {
          classId: saved.id,
          minPupils: saved.minPupils,
          decisionHoursBefore: saved.decisionHoursBefore,
          setAt: saved.minimumSetAt?.toISOString() ?? null,
        },
        200,
      );
    })
    .openapi(decisionRoute, async (c) => {
      const adminId = currentUser(c).id;
      const sessionId = c.req.valid('param').id;
      const { outcome } = c.req.valid('json');
      const decided = await decideEarly(deps, { sessionId, outcome, adminId });
      c.get('log').info({ adminId, sessionId, outcome }, 'admin decided a session');
      return c.json(decided, 200);
    });
}
