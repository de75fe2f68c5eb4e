import { createRoute } from '@hono/zod-openapi';
import {
  AdminAttendeeListSchema,
  AdminSessionListSchema,
  AdminSessionsQuerySchema,
  AdminStatsSchema,
  AdminSummarySchema,
  ADMIN_SESSIONS_PAGE_SIZE,
  ADMIN_USERS_PAGE_SIZE,
  AdminUserBookingPageSchema,
  AdminUserBookingsQuerySchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUsersQuerySchema,
  AttendanceRegisterCsvSchema,
  BookingIdParamsSchema,
  AdminCancelledBookingSchema,
  AdminCancelRequestSchema,
  SessionCancelledSchema,
  SessionCancelRequestSchema,
  BookingSchema,
  PasswordResetSentSchema,
  RescheduleRequestSchema,
  SessionIdParamsSchema,
  UserIdParamsSchema,
} from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { RoomProvider } from '../rooms/room-provider.ts';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireAdmin } from '../auth/middleware.ts';
import { sendAdminPasswordReset } from '../auth/password-reset.ts';
import { type BookingDeps, cancelBooking, rescheduleBooking } from '../bookings/bookings.ts';
import { cancelSessionForEveryone } from '../bookings/session-cancel.ts';
import { user } from '../db/schema.ts';
import {
  invalidInput,
  jsonBody,
  jsonResponse,
  optionalJsonBody,
  problemResponse,
} from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { attendanceRegisterCsv, attendanceRegisterFilename } from './attendance-register.ts';
import { dashboardStats, dashboardSummary } from './dashboard-figures.ts';
import { listBookedSessions, loadSessionAttendees } from './session-overview.ts';
import { listUsers, loadUserDetail, userBookingPage } from './user-directory.ts';
import { adminOperation as admin, adminRefusals as guarded } from '../auth/admin-openapi.ts';

/*
 * The admin dashboard's API (docs/product-rules.md#pages /admin and /admin/users/{id}). Every route
 * needs the admin role: 401 signed out, 403 "Access denied" otherwise; POSTs must come from the
 * site itself. Every schema is the API contract's.
 */

const summaryRoute = createRoute({
  method: 'get',
  path: '/api/admin/summary',
  operationId: 'getAdminSummary',
  ...admin,
  summary: 'The four figures at the top of the dashboard',
  responses: {
    200: jsonResponse(AdminSummarySchema, 'Figures as of now'),
    400: invalidInput('Control characters or bad encoding in the query'),
    ...guarded,
  },
});

const statsRoute = createRoute({
  method: 'get',
  path: '/api/admin/stats',
  operationId: 'getAdminStats',
  ...admin,
  summary: 'Bookings per week (12 back, 8 ahead) and revenue per month (last 12)',
  responses: {
    200: jsonResponse(AdminStatsSchema, 'Chart series, oldest first'),
    400: invalidInput('Control characters or bad encoding in the query'),
    ...guarded,
  },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions',
  operationId: 'listAdminSessions',
  ...admin,
  summary: `Sessions with confirmed bookings, upcoming or previous, ${ADMIN_SESSIONS_PAGE_SIZE} a page`,
  request: { query: AdminSessionsQuerySchema },
  responses: {
    200: jsonResponse(AdminSessionListSchema, 'One page of sessions in the chosen order'),
    400: invalidInput('Unknown filter or sort, or a cursor this list did not hand out'),
    ...guarded,
  },
});

const attendeesRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/attendees',
  operationId: 'listSessionAttendees',
  ...admin,
  summary: 'People with a confirmed seat in a session, with their booking and spending figures',
  request: { params: SessionIdParamsSchema },
  responses: {
    200: jsonResponse(AdminAttendeeListSchema, 'Attendees by name'),
    400: invalidInput('Not a session id'),
    404: problemResponse('No such session'),
    ...guarded,
  },
});

const cancelSessionRoute = createRoute({
  method: 'post',
  path: '/api/admin/sessions/{id}/cancel',
  operationId: 'adminCancelSession',
  ...admin,
  summary: 'Cancel a whole session for everyone, making every family whole',
  description:
    'Every confirmed seat is cancelled with the remedy chosen (docs/decisions/077), the ' +
    'waiting list is closed, and each family gets one e-mail with the reason and the calendar ' +
    'cancellations. The session can no longer be booked.',
  request: { params: SessionIdParamsSchema, body: jsonBody(SessionCancelRequestSchema) },
  responses: {
    200: jsonResponse(SessionCancelledSchema, 'What each seat got back'),
    400: invalidInput('Not a session id, or a missing remedy or reason'),
    404: problemResponse('No such session'),
    409: problemResponse('`code` not-cancellable: the session started or was cancelled before'),
    ...guarded,
  },
});

const registerRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/attendees.csv',
  operationId: 'getAttendanceRegister',
  ...admin,
  summary: 'Printable register of a session (name, e-mail, phone) as CSV',
  request: { params: SessionIdParamsSchema },
  responses: {
    200: {
      description: 'CSV with a header row; cells that would run as formulas are made text',
      content: { 'text/csv': { schema: AttendanceRegisterCsvSchema } },
    },
    400: invalidInput('Not a session id'),
    404: problemResponse('No such session'),
    ...guarded,
  },
});

const usersRoute = createRoute({
  method: 'get',
  path: '/api/admin/users',
  operationId: 'listUsers',
  ...admin,
  summary: `Users, newest first, ${ADMIN_USERS_PAGE_SIZE} a page, searchable by name or e-mail`,
  request: { query: AdminUsersQuerySchema },
  responses: {
    200: jsonResponse(AdminUserPageSchema, 'One page of users and the number matching in all'),
    400: invalidInput('Bad cursor or search'),
    ...guarded,
  },
});

const userDetailRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}',
  operationId: 'getUser',
  ...admin,
  summary: "A user's profile, booking statistics, spending and booking history",
  request: { params: UserIdParamsSchema },
  responses: {
    200: jsonResponse(AdminUserDetailSchema, 'The user'),
    400: invalidInput('An id longer than 100 characters'),
    404: problemResponse('No such user'),
    ...guarded,
  },
});

const userBookingsRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}/bookings',
  operationId: 'listUserBookings',
  ...admin,
  summary: "The next page of a user's booking history, after the user page's first",
  request: { params: UserIdParamsSchema, query: AdminUserBookingsQuerySchema },
  responses: {
    200: jsonResponse(AdminUserBookingPageSchema, 'Bookings, latest session first'),
    400: invalidInput('An id longer than 100 characters, or a bad cursor'),
    404: problemResponse('No such user'),
    ...guarded,
  },
});

const passwordResetRoute = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/password-reset',
  operationId: 'sendPasswordReset',
  ...admin,
  summary: 'E-mail the user a password-reset link that names the admin who sent it',
  request: { params: UserIdParamsSchema },
  responses: {
    202: jsonResponse(PasswordResetSentSchema, 'The reset e-mail is queued to this address'),
    400: invalidInput('An id longer than 100 characters'),
    404: problemResponse('No such user'),
    ...guarded,
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/api/admin/bookings/{id}/cancel',
  operationId: 'adminCancelBooking',
  ...admin,
  summary: "Cancel any customer's upcoming booking, with what the family gets back",
  description:
    'Without a body (or `remedy: "none"`) nothing is refunded, as when the family asked to ' +
    'cancel. When the business cancels, `credit` or `refund` makes the family whole ' +
    '(docs/decisions/077); the customer is e-mailed what was done and the `reason`, if given.',
  request: { params: BookingIdParamsSchema, body: optionalJsonBody(AdminCancelRequestSchema) },
  responses: {
    200: jsonResponse(AdminCancelledBookingSchema, 'The cancelled booking and its remedy'),
    400: invalidInput('Control characters or bad encoding in the path, or a reason too long'),
    404: problemResponse('No such booking'),
    409: problemResponse('`code` not-cancellable: already cancelled, moved or started'),
    ...guarded,
  },
});

const rescheduleRoute = createRoute({
  method: 'post',
  path: '/api/admin/bookings/{id}/reschedule',
  operationId: 'adminRescheduleBooking',
  ...admin,
  summary: 'Move any upcoming booking to another slot of the same class, even within 24 hours',
  request: { params: BookingIdParamsSchema, body: jsonBody(RescheduleRequestSchema) },
  responses: {
    200: jsonResponse(BookingSchema, 'The new booking (the old one is now `rescheduled`)'),
    400: invalidInput('startsAt is not a bookable slot of the same class'),
    404: problemResponse('No such booking'),
    409: problemResponse(
      '`code` full, duplicate, pending (the customer is still paying for that seat) or ' +
        'not-reschedulable',
    ),
    ...guarded,
  },
});

/** The account an admin route names by id; NotFoundError for an unknown id. */
async function knownUser(
  db: AdminRouteDeps['db'],
  id: string,
): Promise<{ id: string; email: string }> {
  const [found] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, id))
    .limit(1);
  if (!found) throw new NotFoundError('User profile not found.');
  return found;
}

/** What the admin API needs: the booking actions act for the admin, the figures read the rest. */
export type AdminRouteDeps = BookingDeps & { auth: Auth; rooms: RoomProvider | null };

export function createAdminRoutes(deps: AdminRouteDeps) {
  const router = createRouter();
  router.use('/api/admin/*', requireAdmin(deps.auth));
  router.use('/api/admin/*', rejectCrossSiteRequests(deps.config.trustedOrigins));

  return router
    .openapi(summaryRoute, async (c) => c.json(await dashboardSummary(deps), 200))
    .openapi(statsRoute, async (c) => c.json(await dashboardStats(deps), 200))
    .openapi(sessionsRoute, async (c) => {
      return c.json(await listBookedSessions(deps, c.req.valid('query')), 200);
    })
    .openapi(attendeesRoute, async (c) => {
      const { attendees } = await loadSessionAttendees(deps, c.req.valid('param').id);
      return c.json(attendees, 200);
    })
    .openapi(cancelSessionRoute, async (c) => {
      const adminId = currentUser(c).id;
      const { remedy, reason } = c.req.valid('json');
      const sessionId = c.req.valid('param').id;
      const done = await cancelSessionForEveryone(deps, { sessionId, adminId, remedy, reason });
      c.get('log').info(
        { adminId, sessionId, remedy, seats: done.seats.length },
        'admin cancelled a session',
      );
      return c.json(done, 200);
    })
    .openapi(registerRoute, async (c) => {
      const register = await loadSessionAttendees(deps, c.req.valid('param').id);
      return c.body(attendanceRegisterCsv(register), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${attendanceRegisterFilename(register)}"`,
        // Personal data: keep it out of shared caches and the browser's back/forward cache.
        'Cache-Control': 'no-store',
      });
    })
    .openapi(usersRoute, async (c) => {
      const { search, cursor } = c.req.valid('query');
      return c.json(await listUsers(deps, { search, cursor }), 200);
    })
    .openapi(userDetailRoute, async (c) =>
      c.json(await loadUserDetail(deps, c.req.valid('param').id), 200),
    )
    .openapi(userBookingsRoute, async (c) => {
      const { id } = await knownUser(deps.db, c.req.valid('param').id);
      return c.json(await userBookingPage(deps, id, c.req.valid('query').cursor), 200);
    })
    .openapi(passwordResetRoute, async (c) => {
      const target = await knownUser(deps.db, c.req.valid('param').id);
      const admin = currentUser(c);
      await sendAdminPasswordReset(deps, { email: target.email, adminName: admin.name });
      await recordAudit(deps.db, {
        actorId: admin.id,
        actorRole: 'admin',
        subjectUserId: c.req.valid('param').id,
        action: 'user.password-reset',
        target: `user:${c.req.valid('param').id}`,
        after: { resetLinkSent: true },
      });
      c.get('log').info({ adminId: admin.id }, 'admin sent a password reset');
      return c.json({ email: target.email }, 202);
    })
    .openapi(cancelRoute, async (c) => {
      const { id } = c.req.valid('param');
      const adminId = currentUser(c).id;
      const body = c.req.valid('json');
      const remedy = body?.remedy ?? 'none';
      const booking = await cancelBooking(deps, {
        bookingId: id,
        actor: { kind: 'admin', adminId },
        remedy,
        // A blank reason (trimmed to nothing) is no reason: the e-mail says none.
        ...(body?.reason ? { reason: body.reason } : {}),
      });
      c.get('log').info({ adminId, bookingId: id, remedy }, 'admin cancelled a booking');
      return c.json(booking, 200);
    })
    .openapi(rescheduleRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { startsAt } = c.req.valid('json');
      const booking = await rescheduleBooking(deps, {
        bookingId: id,
        startsAt,
        actor: { kind: 'admin', adminId: currentUser(c).id },
      });
      c.get('log').info(
        { adminId: currentUser(c).id, bookingId: id, newBookingId: booking.id },
        'admin rescheduled a booking',
      );
      return c.json(booking, 200);
    });
}
