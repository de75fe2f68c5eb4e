import { createRoute } from '@hono/zod-openapi';
import {
  ClassIdParamsSchema,
  ClassTutorSchema,
  LessonReportRequestSchema,
  LessonReportSchema,
  ReportSentSchema,
  SessionIdParamsSchema,
  SessionTutorSchema,
  TutorAssignRequestSchema,
  TutorAttendanceRequestSchema,
  TutorAttendanceSchema,
  TutorCreatedSchema,
  TutorHoursCsvSchema,
  TutorHoursQuerySchema,
  TutorHoursSchema,
  TutorIdParamsSchema,
  TutorInviteRequestSchema,
  TutorListSchema,
  TutorRatesRequestSchema,
  TutorRegisterSchema,
  TutorSchema,
  TutorSessionListSchema,
  TutorSessionsQuerySchema,
} from '@tuition/api-contract';
import type { Context } from 'hono';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';
import {
  currentUser,
  rejectCrossSiteRequests,
  requireAdmin,
  requireTutor,
  signedIn,
} from '../auth/middleware.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { createRouter } from '../http/router.ts';
import { saveReport, sendReport } from './lesson-reports.ts';
import {
  activeTutorOf,
  deactivateTutor,
  inviteTutor,
  listTutors,
  setTutorRates,
  type TutorDeps,
} from './tutor-accounts.ts';
import { setClassLead, setSessionCover } from './tutor-assignments.ts';
import { tutorHours, tutorHoursCsv, tutorHoursFilename } from './tutor-hours.ts';
import { listTutorSessions, markTutorAttendance, readRegister } from './tutor-sessions.ts';

/*
 * Tutors' API (docs/decisions/079): the admin's invitations, assignments, rates and hours, and
 * the tutor's own sessions, registers and reports.
 */

const tutorRefusals = {
  401: problemResponse('Not signed in'),
  403: problemResponse('Not an active tutor ("Access denied"), or sent from another site'),
} as const;
const tutorOperation = { tags: ['tutor'], security: signedIn };

const listRoute = createRoute({
  method: 'get',
  path: '/api/admin/tutors',
  operationId: 'listTutors',
  ...admin,
  summary: 'Every tutor, active first, with the classes each leads and their rates',
  responses: { 200: jsonResponse(TutorListSchema, 'The tutors'), ...guarded },
});

const inviteRoute = createRoute({
  method: 'post',
  path: '/api/admin/tutors',
  operationId: 'inviteTutor',
  ...admin,
  summary: 'Invite a tutor: an account with the tutor role and a mailed set-password link',
  request: { body: jsonBody(TutorInviteRequestSchema) },
  responses: {
    201: jsonResponse(
      TutorCreatedSchema,
      'The tutor was created and e-mailed; `warnings` has `no-rates` when no rate was given',
    ),
    400: invalidInput(
      'A name and a valid e-mail; an address that already has an account or is in ADMIN_EMAILS; ' +
        'rates in whole pence from 0 to 100000',
    ),
    ...guarded,
  },
});

const deactivateRoute = createRoute({
  method: 'delete',
  path: '/api/admin/tutors/{id}',
  operationId: 'deactivateTutor',
  ...admin,
  summary: 'Deactivate a tutor: sign-in and tutor pages stop; their sessions and history stay',
  request: { params: TutorIdParamsSchema },
  responses: {
    200: jsonResponse(TutorSchema, 'The tutor, now inactive'),
    400: invalidInput('Not a tutor id'),
    404: problemResponse('No such tutor'),
    ...guarded,
  },
});

const ratesRoute = createRoute({
  method: 'put',
  path: '/api/admin/tutors/{id}/rates',
  operationId: 'setTutorRates',
  ...admin,
  summary: 'Set what a submitted register pays: per session and per pupil present or late',
  description:
    "The tutor's class pay lines of months not yet closed (until 00:00 London on the 8th of " +
    'the next month) are re-priced at the new rates; closed months never change (decision 113).',
  request: { params: TutorIdParamsSchema, body: jsonBody(TutorRatesRequestSchema) },
  responses: {
    200: jsonResponse(TutorSchema, 'The tutor with the new rates'),
    400: invalidInput('Whole pence from 0 to 100000'),
    404: problemResponse('No such tutor'),
    ...guarded,
  },
});

const hoursRoute = createRoute({
  method: 'get',
  path: '/api/admin/tutors/{id}/hours',
  operationId: 'tutorHours',
  ...admin,
  summary: "A tutor's submitted registers in a London month, for pay (JSON or CSV)",
  request: { params: TutorIdParamsSchema, query: TutorHoursQuerySchema },
  responses: {
    200: {
      description: 'The lines and totals; `format=csv` answers the same as a CSV download',
      content: {
        'application/json': { schema: TutorHoursSchema },
        'text/csv': { schema: TutorHoursCsvSchema },
      },
    },
    400: invalidInput('`month` as YYYY-MM; `format` json or csv'),
    404: problemResponse('No such tutor'),
    ...guarded,
  },
});

const classTutorRoute = createRoute({
  method: 'put',
  path: '/api/admin/classes/{id}/tutor',
  operationId: 'setClassTutor',
  ...admin,
  summary: "Name a weekly class's lead tutor (null: none)",
  request: { params: ClassIdParamsSchema, body: jsonBody(TutorAssignRequestSchema) },
  responses: {
    200: jsonResponse(
      ClassTutorSchema,
      'The class and its lead; `warnings` has `no-rates` when the lead has no class pay rate',
    ),
    400: invalidInput('Not an active tutor'),
    404: problemResponse('No such class'),
    ...guarded,
  },
});

const sessionTutorRoute = createRoute({
  method: 'put',
  path: '/api/admin/sessions/{id}/tutor',
  operationId: 'setSessionTutor',
  ...admin,
  summary: 'Name a cover tutor for one session (null: the class lead teaches)',
  description:
    'Before the session starts, each family with seats is e-mailed once per cover tutor, and ' +
    "the cover tutor gets the session and the class's last report.",
  request: { params: SessionIdParamsSchema, body: jsonBody(TutorAssignRequestSchema) },
  responses: {
    200: jsonResponse(
      SessionTutorSchema,
      'Who teaches it now, how many families were told, and `warnings` when the cover tutor ' +
        'has no pay rate for this kind of lesson',
    ),
    400: invalidInput('Not an active tutor, or the class lead'),
    404: problemResponse('No such session'),
    409: problemResponse(
      'unavailable: the tutor teaches at that time (a 1-to-1 lesson held or booked, or another ' +
        'class; decision 106)',
    ),
    ...guarded,
  },
});

const mySessionsRoute = createRoute({
  method: 'get',
  path: '/api/tutor/sessions',
  operationId: 'tutorSessions',
  ...tutorOperation,
  summary: 'The sessions you lead or cover: upcoming (next 4 weeks) or previous (last 8 weeks)',
  request: { query: TutorSessionsQuerySchema },
  responses: {
    200: jsonResponse(TutorSessionListSchema, 'Your sessions'),
    400: invalidInput('scope must be upcoming or previous'),
    ...tutorRefusals,
  },
});

const registerRoute = createRoute({
  method: 'get',
  path: '/api/tutor/sessions/{id}',
  operationId: 'tutorRegister',
  ...tutorOperation,
  summary: "A session's register (first names, year groups, marks), its report, the last one",
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(TutorRegisterSchema, 'The register'),
    400: invalidInput('Not a session id'),
    404: problemResponse('No session of yours with that id'),
    ...tutorRefusals,
  },
});

const attendanceRoute = createRoute({
  method: 'put',
  path: '/api/tutor/sessions/{id}/attendance',
  operationId: 'tutorMarkAttendance',
  ...tutorOperation,
  summary: 'Mark a pupil present, absent or late (from the start until 7 days after)',
  request: { params: SessionIdParamsSchema, body: jsonBody(TutorAttendanceRequestSchema) },
  responses: {
    200: jsonResponse(TutorAttendanceSchema, 'The mark as saved'),
    400: invalidInput('Unknown status, or not a pupil id'),
    404: problemResponse('No session of yours, or that pupil is not booked on it'),
    409: problemResponse("`code` attendance-closed: before the session's start or 7 days after"),
    ...tutorRefusals,
  },
});

const saveReportRoute = createRoute({
  method: 'put',
  path: '/api/tutor/sessions/{id}/report',
  operationId: 'saveLessonReport',
  ...tutorOperation,
  summary: 'Save the lesson report as a draft (nothing is sent)',
  request: { params: SessionIdParamsSchema, body: jsonBody(LessonReportRequestSchema) },
  responses: {
    200: jsonResponse(LessonReportSchema, 'The saved report'),
    400: invalidInput('A topic; texts within their lengths; notes only for booked pupils'),
    404: problemResponse('No session of yours with that id'),
    ...tutorRefusals,
  },
});

const sendReportRoute = createRoute({
  method: 'post',
  path: '/api/tutor/sessions/{id}/report/submit',
  operationId: 'sendLessonReport',
  ...tutorOperation,
  summary: 'Send the report to each family (its own children only) and submit the register',
  description: 'Sending again after a change sends a correction, marked as such.',
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(ReportSentSchema, 'Sent'),
    400: invalidInput('Not a session id'),
    404: problemResponse('No session of yours with that id'),
    409: problemResponse(
      '`code` report-not-ready: not started, no report saved, or pupils not marked',
    ),
    ...tutorRefusals,
  },
});

/** The active tutor behind the request (403 once deactivated). */
async function tutorOf(c: Context, deps: Pick<TutorDeps, 'db'>) {
  const me = currentUser(c);
  const tutor = await activeTutorOf(deps.db, me.id);
  return { id: tutor.id, userId: me.id, name: me.name };
}

export function createTutorRoutes(deps: TutorDeps) {
  const router = createRouter();
  const sameSiteOnly = rejectCrossSiteRequests(deps.config.trustedOrigins);
  for (const path of ['/api/admin/tutors', '/api/admin/tutors/*', '/api/admin/classes/:id/tutor']) {
    router.use(path, requireAdmin(deps.auth), sameSiteOnly);
  }
  router.use('/api/admin/sessions/:id/tutor', requireAdmin(deps.auth), sameSiteOnly);
  router.use('/api/tutor/*', requireTutor(deps.auth), sameSiteOnly);
  router.use('/api/tutor/sessions', requireTutor(deps.auth));

  return router
    .openapi(listRoute, async (c) =>
      c.json({ tutors: await listTutors(deps.db, await deps.content.timetable()) }, 200),
    )
    .openapi(inviteRoute, async (c) => {
      const me = currentUser(c);
      const body = c.req.valid('json');
      const created = await inviteTutor(deps, { adminId: me.id, adminName: me.name, ...body });
      c.get('log').info({ adminId: me.id, tutorId: created.id }, 'admin invited a tutor');
      return c.json(created, 201);
    })
    .openapi(deactivateRoute, async (c) => {
      const tutorId = c.req.valid('param').id;
      return c.json(await deactivateTutor(deps, { adminId: currentUser(c).id, tutorId }), 200);
    })
    .openapi(ratesRoute, async (c) => {
      const rates = c.req.valid('json');
      const tutorId = c.req.valid('param').id;
      return c.json(
        await setTutorRates(deps, { adminId: currentUser(c).id, tutorId, ...rates }),
        200,
      );
    })
    .openapi(hoursRoute, async (c) => {
      const { month, format } = c.req.valid('query');
      const hours = await tutorHours(deps, c.req.valid('param').id, month);
      if (format === 'csv') {
        return c.body(tutorHoursCsv(hours), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${tutorHoursFilename(hours)}"`,
        });
      }
      return c.json(hours, 200);
    })
    .openapi(classTutorRoute, async (c) => {
      const input = {
        adminId: currentUser(c).id,
        classId: c.req.valid('param').id,
        tutorId: c.req.valid('json').tutorId,
      };
      return c.json(await setClassLead(deps, input), 200);
    })
    .openapi(sessionTutorRoute, async (c) => {
      const input = {
        adminId: currentUser(c).id,
        sessionId: c.req.valid('param').id,
        tutorId: c.req.valid('json').tutorId,
      };
      return c.json(await setSessionCover(deps, input), 200);
    })
    .openapi(mySessionsRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      const sessions = await listTutorSessions(deps, tutor.id, c.req.valid('query').scope);
      return c.json({ sessions }, 200);
    })
    .openapi(registerRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      return c.json(await readRegister(deps, tutor.id, c.req.valid('param').id), 200);
    })
    .openapi(attendanceRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      const mark = await markTutorAttendance(
        deps,
        tutor,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(mark, 200);
    })
    .openapi(saveReportRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      const saved = await saveReport(deps, tutor.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json(saved, 200);
    })
    .openapi(sendReportRoute, async (c) => {
      const tutor = await tutorOf(c, deps);
      const sent = await sendReport(deps, tutor, c.req.valid('param').id);
      c.get('log').info(
        { tutorId: tutor.id, version: sent.version, families: sent.familiesEmailed },
        'lesson report sent',
      );
      return c.json(sent, 200);
    });
}
