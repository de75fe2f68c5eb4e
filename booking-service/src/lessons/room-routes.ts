import { createRoute } from '@hono/zod-openapi';
import {
  AdminClassSchema,
  BookingIdParamsSchema,
  ClassIdParamsSchema,
  ClassRecordingRequestSchema,
  RecordingLinkSchema,
  RoomWebhookReceiptSchema,
  SessionIdParamsSchema,
  TutorRoomSchema,
} from '@tuition/api-contract';
import type { Context } from 'hono';
import { recordAudit } from '../audit/audit.ts';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireAdmin,
  requireTutor,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import type { Config } from '../config/env.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { HttpProblem } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import type { Logger } from '../logging/logger.ts';
import { RoomWebhookRejected } from '../rooms/room-provider.ts';
import { activeTutorOf } from '../tutors/tutor-accounts.ts';
import {
  adminRecordingLink,
  applyRoomEvent,
  familyRecordingLink,
  tutorRecordingLink,
} from './lesson-recordings.ts';
import { endRoomAsTutor, openRoom, type RoomDeps, tutorRoom } from './lesson-room.ts';
import { setClassRecording } from './weekly-classes.ts';

/*
 * The lesson room's API (docs/decisions/098) and its recordings' (099): the tutor opens and ends
 * the room; families, the tutor and admins get short-lived recording links; the admin chooses
 * which classes record; the provider's webhook reports finished recordings.
 */

/** Where LiveKit (and the local twin, in-process) posts its events. */
export const ROOM_WEBHOOK_PATH = '/api/rooms/webhook';
/** The OpenAPI security scheme (declared in openapi-document.ts): LiveKit's signed JWT. */
export const ROOM_WEBHOOK_SECURITY_SCHEME = 'livekitWebhook';

const tutorRefusals = {
  401: problemResponse('Not signed in'),
  403: problemResponse('Not an active tutor, or sent from another site'),
  404: problemResponse('No session of yours with that id'),
} as const;
const tutorOperation = { tags: ['tutor'], security: signedIn };

const tutorRoomRoute = createRoute({
  method: 'get',
  path: '/api/tutor/sessions/{id}/room',
  operationId: 'getTutorRoom',
  ...tutorOperation,
  summary: "The session's lesson room: when it opens, whether it is open, and recording",
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(TutorRoomSchema, 'The room; `room` is null (no entry is minted)'),
    400: invalidInput('Not a session id'),
    ...tutorRefusals,
  },
});

const openRoomRoute = createRoute({
  method: 'post',
  path: '/api/tutor/sessions/{id}/room',
  operationId: 'openTutorRoom',
  ...tutorOperation,
  summary: "Open the session's room (from 15 minutes before the start) and enter it as host",
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(TutorRoomSchema, 'The room with your host entry'),
    400: invalidInput('Not a session id'),
    409: problemResponse(
      '`code` too-early (before 15 minutes ahead of the start), room-ended (after the end or once ended), rooms-off (standing links)',
    ),
    503: problemResponse('`code` room-unavailable: the provider did not make the room'),
    ...tutorRefusals,
  },
});

const endRoomRoute = createRoute({
  method: 'post',
  path: '/api/tutor/sessions/{id}/room/end',
  operationId: 'endTutorRoom',
  ...tutorOperation,
  summary: 'End the lesson: everyone leaves the room and nobody can enter it again',
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(TutorRoomSchema, 'The room, ended'),
    400: invalidInput('Not a session id'),
    ...tutorRefusals,
  },
});

const tutorRecordingRoute = createRoute({
  method: 'get',
  path: '/api/tutor/sessions/{id}/recording',
  operationId: 'getTutorRecording',
  ...tutorOperation,
  summary: "A 5-minute link to the session's recording (each view is recorded)",
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(RecordingLinkSchema, 'The link'),
    400: invalidInput('Not a session id'),
    ...tutorRefusals,
  },
});

const familyRecordingRoute = createRoute({
  method: 'get',
  path: '/api/me/bookings/{id}/recording',
  operationId: 'getBookingRecording',
  tags: ['bookings'],
  security: signedIn,
  summary: "A 5-minute link to the lesson's recording, for a pupil marked present in it",
  request: { params: BookingIdParamsSchema },
  responses: {
    200: jsonResponse(RecordingLinkSchema, 'The link and how often you opened it'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    404: problemResponse(
      'No such booking of yours, the pupil was not marked present, or there is no recording',
    ),
  },
});

const adminRecordingRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/recording',
  operationId: 'getAdminRecording',
  ...admin,
  summary: "A 5-minute link to a session's recording (each view is recorded)",
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(RecordingLinkSchema, 'The link'),
    400: invalidInput('Not a session id'),
    404: problemResponse('No such session, or no recording of it'),
    ...guarded,
  },
});

const classRecordingRoute = createRoute({
  method: 'put',
  path: '/api/admin/classes/{id}/recording',
  operationId: 'setClassRecording',
  ...admin,
  summary: "Record a weekly class's lessons (only when every family consents) or stop",
  request: { params: ClassIdParamsSchema, body: jsonBody(ClassRecordingRequestSchema) },
  responses: {
    200: jsonResponse(AdminClassSchema, 'The class with its setting'),
    400: invalidInput('record is not true or false, or not a class id'),
    404: problemResponse('No such class'),
    ...guarded,
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: ROOM_WEBHOOK_PATH,
  operationId: 'receiveRoomWebhook',
  tags: ['lessons'],
  summary: 'LiveKit webhook (finished recordings), verified by its signed token',
  description:
    "The Authorization header is a JWT signed with the API secret whose sha256 claim is the raw body's hash; anything else is refused.",
  security: [{ [ROOM_WEBHOOK_SECURITY_SCHEME]: [] }],
  responses: {
    200: jsonResponse(RoomWebhookReceiptSchema, 'Event accepted'),
    400: problemResponse('`code` invalid-signature: missing or wrong token, or an altered body'),
    404: problemResponse('Rooms are off (MEETING_PROVIDER=link)'),
  },
});

export type RoomRouteDeps = RoomDeps & {
  auth: Auth;
  config: Config;
  mail: MailOutbox;
  logger: Logger;
};

async function tutorOf(c: Context, deps: Pick<RoomRouteDeps, 'db'>) {
  const me = currentUser(c);
  const tutor = await activeTutorOf(deps.db, me.id);
  return { id: tutor.id, userId: me.id, name: me.name };
}

/** Verifies and applies one provider webhook (the route, and the local twin in-process). */
export async function receiveRoomWebhook(
  deps: Pick<RoomRouteDeps, 'db' | 'clock' | 'rooms' | 'recordingStorage' | 'logger'>,
  body: string,
  authorization: string | undefined,
): Promise<void> {
  if (!deps.rooms) throw new HttpProblem(404, 'Not Found', 'Lesson rooms are not in use.');
  let event: Awaited<ReturnType<NonNullable<typeof deps.rooms>['verifyWebhook']>>;
  try {
    event = await deps.rooms.verifyWebhook(body, authorization);
  } catch (error) {
    if (error instanceof RoomWebhookRejected) {
      deps.logger.warn({ reason: error.message }, 'room webhook rejected');
      throw new HttpProblem(400, 'Invalid signature', 'The webhook signature does not match.', {
        code: 'invalid-signature',
      });
    }
    throw error;
  }
  await applyRoomEvent(deps, event);
}

export function createRoomRoutes(deps: RoomRouteDeps) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  router.use('/api/tutor/sessions/:id/room', requireTutor(deps.auth), sameSiteOnly);
  router.use('/api/tutor/sessions/:id/room/*', requireTutor(deps.auth), sameSiteOnly);
  router.use('/api/tutor/sessions/:id/recording', requireTutor(deps.auth), sameSiteOnly);
  router.use('/api/me/bookings/:id/recording', requireUser(deps.auth));
  router.use('/api/admin/sessions/:id/recording', requireAdmin(deps.auth), sameSiteOnly);
  router.use('/api/admin/classes/:id/recording', requireAdmin(deps.auth), sameSiteOnly);

  return router
    .openapi(tutorRoomRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      return c.json(await tutorRoom(deps, tutor.id, c.req.valid('param').id), 200);
    })
    .openapi(openRoomRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      const room = await openRoom(deps, tutor, c.req.valid('param').id);
      c.get('log').info({ tutorId: tutor.id, sessionId: room.sessionId }, 'tutor opened a room');
      return c.json(room, 200);
    })
    .openapi(endRoomRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      const room = await endRoomAsTutor(deps, tutor, c.req.valid('param').id);
      c.get('log').info({ tutorId: tutor.id, sessionId: room.sessionId }, 'tutor ended a room');
      return c.json(room, 200);
    })
    .openapi(tutorRecordingRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      return c.json(await tutorRecordingLink(deps, tutor, c.req.valid('param').id), 200);
    })
    .openapi(familyRecordingRoute, async (c) => {
      const link = await familyRecordingLink(deps, currentUser(c).id, c.req.valid('param').id);
      return c.json(link, 200);
    })
    .openapi(adminRecordingRoute, async (c) => {
      const link = await adminRecordingLink(deps, currentUser(c).id, c.req.valid('param').id);
      return c.json(link, 200);
    })
    .openapi(classRecordingRoute, async (c) => {
      const adminId = currentUser(c).id;
      const { id } = c.req.valid('param');
      const { record } = c.req.valid('json');
      const timetable = await deps.content.timetable();
      const updated = await deps.db.transaction(async (tx) => {
        const saved = await setClassRecording(tx, timetable, id, record);
        await recordAudit(tx, {
          actorId: adminId,
          actorRole: 'admin',
          subjectUserId: null,
          action: 'recording.setting',
          target: `class:${saved.id}`,
          after: { record },
        });
        return saved;
      });
      return c.json(updated, 200);
    })
    .openapi(webhookRoute, async (c) => {
      // The token signs the exact bytes sent, so the body is read raw.
      await receiveRoomWebhook(deps, await c.req.text(), c.req.header('authorization'));
      return c.json({ received: true as const }, 200);
    });
}
