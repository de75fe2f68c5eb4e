import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import {
  AdminClassListSchema,
  AdminClassSchema,
  AttendanceMarkSchema,
  AttendanceRequestSchema,
  BookingIdParamsSchema,
  ClassIdParamsSchema,
  ClassListSchema,
  ClassMeetingRequestSchema,
  JoinStatusSchema,
  SessionIdParamsSchema,
  SessionMeetingRequestSchema,
  SessionMeetingSchema,
} from '@tuition/api-contract';
import type { Context } from 'hono';
import type { Auth } from '../auth/auth.ts';
import {
  currentUser,
  noSession,
  readSession,
  rejectCrossSiteRequests,
  requireAdmin,
  requireUser,
  signedIn,
} from '../auth/middleware.ts';
import type { Config } from '../config/env.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { recordAudit } from '../audit/audit.ts';
import { markAttendance } from './attendance.ts';
import { type JoinDeps, resolveJoin } from './join.ts';
import {
  listClasses,
  sessionMeeting,
  setClassMeetingUrl,
  setSessionMeetingUrl,
} from './weekly-classes.ts';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';

/*
 * Delivering the lesson (docs/decisions/056): the admin's weekly classes and meeting links, the
 * register's attendance marks, and joining a session through /join/{bookingId}. Meeting URLs are
 * secret: they are never logged, and reach only a booking's owner inside its join window.
 */

const classesRoute = createRoute({
  method: 'get',
  path: '/api/admin/classes',
  operationId: 'listClasses',
  ...admin,
  summary: 'The weekly classes of the timetable with their meeting links',
  responses: {
    200: jsonResponse(AdminClassListSchema, 'Monday first, by start time'),
    400: invalidInput('Control characters or bad encoding in the query'),
    ...guarded,
  },
});

const publicClassesRoute = createRoute({
  method: 'get',
  path: '/api/classes',
  operationId: 'listPublicClasses',
  tags: ['lessons'],
  summary: 'The weekly classes families can enrol in for a term (no meeting links)',
  security: noSession,
  responses: { 200: jsonResponse(ClassListSchema, 'Monday first, by start time') },
});

const classMeetingRoute = createRoute({
  method: 'put',
  path: '/api/admin/classes/{id}/meeting',
  operationId: 'setClassMeeting',
  ...admin,
  summary: "Set a weekly class's online meeting link (https only)",
  request: { params: ClassIdParamsSchema, body: jsonBody(ClassMeetingRequestSchema) },
  responses: {
    200: jsonResponse(AdminClassSchema, 'The class with its new link'),
    400: invalidInput('Not an https URL (`errors` names url), or not a class id'),
    404: problemResponse('No such class'),
    ...guarded,
  },
});

const sessionMeetingRoute = createRoute({
  method: 'put',
  path: '/api/admin/sessions/{id}/meeting',
  operationId: 'setSessionMeeting',
  ...admin,
  summary: "Override one dated session's meeting link (null: back to the class's link)",
  request: { params: SessionIdParamsSchema, body: jsonBody(SessionMeetingRequestSchema) },
  responses: {
    200: jsonResponse(SessionMeetingSchema, "The session's link now"),
    400: invalidInput('Not an https URL (`errors` names url), or not a session id'),
    404: problemResponse('No such session'),
    ...guarded,
  },
});

const sessionMeetingReadRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/meeting',
  operationId: 'getSessionMeeting',
  ...admin,
  summary: "One dated session's meeting link: its own override, and the link pupils reach",
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(SessionMeetingSchema, "The session's link now"),
    400: invalidInput('Not a session id'),
    404: problemResponse('No such session'),
    ...guarded,
  },
});

const attendanceRoute = createRoute({
  method: 'put',
  path: '/api/admin/sessions/{id}/attendance',
  operationId: 'markAttendance',
  ...admin,
  summary: 'Mark a pupil of the session present, absent or late',
  request: { params: SessionIdParamsSchema, body: jsonBody(AttendanceRequestSchema) },
  responses: {
    200: jsonResponse(AttendanceMarkSchema, 'The mark as saved'),
    400: invalidInput('Unknown status, or not a booking or session id'),
    404: problemResponse('No confirmed booking with that id in this session'),
    409: problemResponse("`code` attendance-closed: before the session's start or 7 days after"),
    ...guarded,
  },
});

const joinStatusRoute = createRoute({
  method: 'get',
  path: '/api/me/bookings/{id}/join',
  operationId: 'getJoinStatus',
  tags: ['bookings'],
  summary: 'Whether one of your bookings can be joined now, and why not (the /join page)',
  security: signedIn,
  request: { params: BookingIdParamsSchema },
  responses: {
    200: jsonResponse(JoinStatusSchema, 'The state; the meeting URL itself is never included'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    404: problemResponse('No such booking of yours'),
  },
});

export type LessonRouteDeps = JoinDeps & { auth: Auth; config: Config };

export function createLessonRoutes(deps: LessonRouteDeps) {
  const router = createRouter();
  // Guarded here too, so these routes stay admin-only wherever this router is mounted.
  const adminPaths = [
    '/api/admin/classes',
    '/api/admin/classes/*',
    '/api/admin/sessions/:id/meeting',
    '/api/admin/sessions/:id/attendance',
  ];
  for (const prefix of adminPaths) {
    router.use(prefix, requireAdmin(deps.auth));
    router.use(prefix, rejectCrossSiteRequests(deps.config.trustedOrigins));
  }
  router.use('/api/me/bookings/:id/join', requireUser(deps.auth));

  // The page /join/{bookingId} (not JSON): joinRedirect.
  router.get('/join/:id', (c) => joinRedirect(c, deps));

  return router
    .openapi(classesRoute, async (c) => {
      const classes = await listClasses(deps.db, await deps.content.timetable());
      return c.json({ classes }, 200);
    })
    .openapi(publicClassesRoute, async (c) => c.json(await publicClasses(deps), 200))
    .openapi(classMeetingRoute, async (c) => {
      const adminId = currentUser(c).id;
      const timetable = await deps.content.timetable();
      const { id } = c.req.valid('param');
      const { url } = c.req.valid('json');
      const updated = await deps.db.transaction(async (tx) => {
        const saved = await setClassMeetingUrl(tx, timetable, id, url);
        // The URL is a secret: the trail keeps only that a link is set, and its host.
        await recordAudit(tx, {
          actorId: adminId,
          actorRole: 'admin',
          subjectUserId: null,
          action: 'meeting-link.change',
          target: `class:${saved.id}`,
          after: linkFacts(saved.meetingUrl),
        });
        return saved;
      });
      c.get('log').info({ adminId, classId: updated.id }, 'admin set a class meeting link');
      return c.json(updated, 200);
    })
    .openapi(sessionMeetingReadRoute, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await sessionMeeting(deps.db, id), 200);
    })
    .openapi(sessionMeetingRoute, async (c) => {
      const adminId = currentUser(c).id;
      const { id } = c.req.valid('param');
      const { url } = c.req.valid('json');
      const meeting = await deps.db.transaction(async (tx) => {
        const saved = await setSessionMeetingUrl(tx, id, url);
        await recordAudit(tx, {
          actorId: adminId,
          actorRole: 'admin',
          subjectUserId: null,
          action: 'meeting-link.change',
          target: `session:${saved.sessionId}`,
          after: linkFacts(saved.overrideUrl),
        });
        return saved;
      });
      c.get('log').info(
        { adminId, sessionId: meeting.sessionId },
        'admin set a session meeting link',
      );
      return c.json(meeting, 200);
    })
    .openapi(attendanceRoute, async (c) => {
      const adminId = currentUser(c).id;
      const sessionId = c.req.valid('param').id;
      const request = c.req.valid('json');
      const mark = await deps.db.transaction(async (tx) => {
        const marked = await markAttendance(tx, sessionId, request, deps.clock.now());
        await recordAudit(tx, {
          actorId: adminId,
          actorRole: 'admin',
          subjectUserId: marked.userId,
          action: 'attendance.mark',
          target: `booking:${marked.mark.bookingId}`,
          before: { attendance: marked.previous },
          after: { attendance: marked.mark.status },
        });
        return marked.mark;
      });
      c.get('log').info(
        { adminId, bookingId: mark.bookingId, status: mark.status },
        'admin marked attendance',
      );
      return c.json(mark, 200);
    })
    .openapi(joinStatusRoute, async (c) => {
      const { status } = await resolveJoin(deps, c.req.valid('param').id, currentUser(c).id);
      return c.json(status, 200);
    });
}

/**
 * The page /join/{bookingId} (not JSON): the meeting for its owner inside the window, else the
 * site's join page, which asks /api/me/bookings/{id}/join why and says so.
 */
async function joinRedirect(c: Context, deps: LessonRouteDeps) {
  const session = await readSession(deps.auth, c.req.raw.headers);
  if (!session) return joinPage(c, deps.config, 401);
  try {
    const { meetingUrl } = await resolveJoin(deps, c.req.param('id') ?? '', session.user.id);
    if (!meetingUrl) return joinPage(c, deps.config, 200);
    // The request log records the path only; the meeting URL is in no log line. The meeting
    // host must not learn which page sent the pupil, and nothing may cache the redirect.
    return c.body(null, 302, {
      Location: meetingUrl,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
  } catch (error) {
    if (error instanceof NotFoundError) return joinPage(c, deps.config, 404);
    throw error;
  }
}

/** The timetable's classes under the admin's ids, without anything operational (no links). */
async function publicClasses(deps: Pick<LessonRouteDeps, 'db' | 'content'>) {
  const classes = await listClasses(deps.db, await deps.content.timetable());
  return classes
    .filter((row) => row.inTimetable)
    .map(({ id, service, day, startTime, label }) => ({ id, service, day, startTime, label }));
}

/** What the audit trail keeps of a meeting link: whether one is set, and its host; never the URL. */
function linkFacts(url: string | null): Record<string, unknown> {
  return url ? { hasLink: true, host: new URL(url).host } : { hasLink: false };
}

/** The join page's possible file names in the built site (directory or file build format). */
const JOIN_PAGE_FILES = ['join.html', path.join('join', 'index.html')];

const FALLBACK_JOIN_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Join session</title></head>
<body><h1>Join session</h1><p>This session cannot be joined from here right now. See
<a href="/upcoming-bookings">your upcoming bookings</a>.</p></body></html>`;

/** The built site's /join page (read per request, like the 404 page), never cached. */
function joinPage(c: Context, config: Pick<Config, 'siteDist'>, status: 200 | 401 | 404) {
  const file = JOIN_PAGE_FILES.map((name) => path.join(config.siteDist, name)).find((f) =>
    existsSync(f),
  );
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(file ? readFileSync(file, 'utf8') : FALLBACK_JOIN_PAGE, status);
}
