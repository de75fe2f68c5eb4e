import { createRoute, z } from '@hono/zod-openapi';
import { BOOKING_STATUSES, rescheduleSchema, SERVICE_CODES, USER_ROLES } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import { currentUser, rejectCrossSiteRequests, requireAdmin } from '../auth/middleware.ts';
import { sendAdminPasswordReset } from '../auth/password-reset.ts';
import { type BookingDeps, cancelBooking, rescheduleBooking } from '../bookings/bookings.ts';
import { user } from '../db/schema.ts';
import { ProblemSchema } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { attendanceRegisterCsv, attendanceRegisterFilename } from './attendance-register.ts';
import { dashboardStats, dashboardSummary } from './dashboard-figures.ts';
import {
  listBookedSessions,
  loadSessionAttendees,
  SESSION_FILTERS,
  SESSION_SORTS,
} from './session-overview.ts';
import { listUsers, loadUserDetail, USERS_PAGE_SIZE } from './user-directory.ts';

/*
 * The admin dashboard's API (docs/product-rules.md#pages /admin and /admin/users/{id}). Every route
 * needs the admin role: 401 signed out, 403 "Access denied" otherwise; POSTs must come from the
 * site itself.
 */

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const guarded = {
  401: problemResponse('Not signed in'),
  403: problemResponse('Signed in without the admin role ("Access denied")'),
} as const;

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const isoInstant = z.string().openapi({ description: 'ISO instant, UTC' });

const BookingCountsSchema = z
  .object({
    total: z.number().int(),
    upcoming: z.number().int(),
    previous: z.number().int().openapi({ description: 'Confirmed sessions already held' }),
    cancelled: z.number().int(),
  })
  .openapi('AdminBookingCounts');

const SummarySchema = z
  .object({
    totalUsers: z.number().int(),
    totalBookings: z.number().int().openapi({ description: 'Confirmed bookings' }),
    upcomingSessions: z
      .number()
      .int()
      .openapi({ description: 'Sessions not yet started with a confirmed booking' }),
    totalRevenuePence: z.number().int().openapi({ description: 'Paid, unrefunded checkouts' }),
  })
  .openapi('AdminSummary');

const StatsSchema = z
  .object({
    currentWeekStart: z.string().openapi({ description: 'Monday of this week, London date' }),
    bookingsPerWeek: z.array(z.object({ weekStart: z.string(), bookings: z.number().int() })),
    revenuePerMonth: z.array(z.object({ month: z.string(), revenuePence: z.number().int() })),
  })
  .openapi('AdminStats');

const SessionSchema = z
  .object({
    id: z.string(),
    service: z.enum(SERVICE_CODES),
    subject: z.string(),
    label: z.string(),
    startsAt: isoInstant,
    endsAt: isoInstant,
    date: z.string().openapi({ description: 'London date YYYY-MM-DD' }),
    time: z.string().openapi({ example: '5-6pm' }),
    bookedCount: z.number().int(),
    capacity: z.number().int(),
  })
  .openapi('AdminSession');

const AttendeeSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    bookings: BookingCountsSchema,
    totalSpentPence: z.number().int(),
    lastPaymentAt: isoInstant.nullable(),
  })
  .openapi('AdminAttendee');

const UserRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    joinedAt: isoInstant,
    bookingsTotal: z.number().int(),
    totalSpentPence: z.number().int(),
    lastPaymentAt: isoInstant.nullable(),
    stripeCustomerUrl: z.string().optional(),
  })
  .openapi('AdminUserRow');

const UserDetailSchema = z
  .object({
    profile: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      role: z.enum(USER_ROLES),
      emailVerified: z.boolean(),
      joinedAt: isoInstant,
      stripeCustomerUrl: z.string().optional(),
    }),
    statistics: BookingCountsSchema,
    financial: z.object({
      totalSpentPence: z.number().int(),
      lastPaymentAt: isoInstant.nullable(),
    }),
    bookings: z.array(
      z.object({
        id: z.string(),
        sessionStartsAt: isoInstant,
        sessionEndsAt: isoInstant,
        subject: z.string(),
        service: z.enum(SERVICE_CODES),
        label: z.string(),
        status: z.enum(BOOKING_STATUSES),
        badge: z.enum(['upcoming', 'completed', 'cancelled', 'rescheduled']),
        createdAt: isoInstant,
        canCancel: z.boolean(),
        canReschedule: z.boolean(),
      }),
    ),
  })
  .openapi('AdminUserDetail');

const SessionIdParam = z.object({
  id: z.uuid({ error: 'id must be a session id.' }).openapi({ param: { name: 'id', in: 'path' } }),
});
const UserIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/api/admin/summary',
  tags: ['admin'],
  summary: 'The four figures at the top of the dashboard',
  responses: { 200: json(SummarySchema, 'Figures as of now'), ...guarded },
});

const statsRoute = createRoute({
  method: 'get',
  path: '/api/admin/stats',
  tags: ['admin'],
  summary: 'Bookings per week (12 back, 8 ahead) and revenue per month (last 12)',
  responses: { 200: json(StatsSchema, 'Chart series, oldest first'), ...guarded },
});

const sessionsRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions',
  tags: ['admin'],
  summary: 'Sessions with confirmed bookings, upcoming or previous',
  request: {
    query: z.object({
      filter: z
        .enum(SESSION_FILTERS, { error: 'filter must be upcoming or previous.' })
        .default('upcoming'),
      sort: z.enum(SESSION_SORTS, { error: 'sort must be date or bookings.' }).default('date'),
    }),
  },
  responses: {
    200: json(z.object({ sessions: z.array(SessionSchema) }), 'Sessions in the chosen order'),
    400: problemResponse('Unknown filter or sort'),
    ...guarded,
  },
});

const attendeesRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/attendees',
  tags: ['admin'],
  summary: 'People with a confirmed seat in a session, with their booking and spending figures',
  request: { params: SessionIdParam },
  responses: {
    200: json(z.array(AttendeeSchema), 'Attendees by name'),
    400: problemResponse('Not a session id'),
    404: problemResponse('No such session'),
    ...guarded,
  },
});

const registerRoute = createRoute({
  method: 'get',
  path: '/api/admin/sessions/{id}/attendees.csv',
  tags: ['admin'],
  summary: 'Printable register of a session (name, e-mail, phone) as CSV',
  request: { params: SessionIdParam },
  responses: {
    200: {
      description: 'CSV with a header row; cells that would run as formulas are made text',
      content: { 'text/csv': { schema: z.string() } },
    },
    400: problemResponse('Not a session id'),
    404: problemResponse('No such session'),
    ...guarded,
  },
});

const usersRoute = createRoute({
  method: 'get',
  path: '/api/admin/users',
  tags: ['admin'],
  summary: `Users, newest first, ${USERS_PAGE_SIZE} a page, searchable by name or e-mail`,
  request: {
    query: z.object({
      search: z
        .string()
        .max(200, { error: 'search must be at most 200 characters.' })
        .optional()
        .openapi({ description: 'Part of a name or e-mail, any case' }),
      page: z.coerce
        .number({ error: 'page must be a whole number from 1.' })
        .int({ error: 'page must be a whole number from 1.' })
        .min(1, { error: 'page must be a whole number from 1.' })
        .max(100_000, { error: 'page is too large.' })
        .default(1),
    }),
  },
  responses: {
    200: json(
      z.object({
        users: z.array(UserRowSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      'One page of users and the number matching in all',
    ),
    400: problemResponse('Bad page or search'),
    ...guarded,
  },
});

const userDetailRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/{id}',
  tags: ['admin'],
  summary: "A user's profile, booking statistics, spending and booking history",
  request: { params: UserIdParam },
  responses: {
    200: json(UserDetailSchema, 'The user'),
    404: problemResponse('No such user'),
    ...guarded,
  },
});

const passwordResetRoute = createRoute({
  method: 'post',
  path: '/api/admin/users/{id}/password-reset',
  tags: ['admin'],
  summary: 'E-mail the user a password-reset link that names the admin who sent it',
  request: { params: UserIdParam },
  responses: {
    202: json(z.object({ email: z.string() }), 'The reset e-mail is queued to this address'),
    404: problemResponse('No such user'),
    ...guarded,
  },
});

const AdminBookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    service: z.enum(SERVICE_CODES),
    subject: z.string(),
    label: z.string(),
    startsAt: isoInstant,
    endsAt: isoInstant,
    createdAt: isoInstant,
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
  })
  .openapi('AdminBooking');

const BookingIdParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/api/admin/bookings/{id}/cancel',
  tags: ['admin'],
  summary: "Cancel any customer's upcoming booking (no refund; the customer is e-mailed)",
  request: { params: BookingIdParam },
  responses: {
    200: json(AdminBookingSchema, 'The cancelled booking'),
    404: problemResponse('No such booking'),
    409: problemResponse('`code` not-cancellable: already cancelled, moved or started'),
    ...guarded,
  },
});

const rescheduleRoute = createRoute({
  method: 'post',
  path: '/api/admin/bookings/{id}/reschedule',
  tags: ['admin'],
  summary: 'Move any upcoming booking to another slot of the same class, even within 24 hours',
  request: {
    params: BookingIdParam,
    body: { required: true, content: { 'application/json': { schema: rescheduleSchema } } },
  },
  responses: {
    200: json(AdminBookingSchema, 'The new booking (the old one is now `rescheduled`)'),
    400: problemResponse('startsAt is not a bookable slot of the same class'),
    404: problemResponse('No such booking'),
    409: problemResponse(
      '`code` full, duplicate, pending (the customer is still paying for that seat) or ' +
        'not-reschedulable',
    ),
    ...guarded,
  },
});

/** What the admin API needs: the booking actions act for the admin, the figures read the rest. */
export type AdminRouteDeps = BookingDeps & { auth: Auth };

export function createAdminRoutes(deps: AdminRouteDeps) {
  const router = createRouter();
  router.use('/api/admin/*', requireAdmin(deps.auth));
  router.use('/api/admin/*', rejectCrossSiteRequests(deps.config.trustedOrigins));

  return router
    .openapi(summaryRoute, async (c) => c.json(await dashboardSummary(deps), 200))
    .openapi(statsRoute, async (c) => c.json(await dashboardStats(deps), 200))
    .openapi(sessionsRoute, async (c) => {
      const sessions = await listBookedSessions(deps, c.req.valid('query'));
      return c.json({ sessions }, 200);
    })
    .openapi(attendeesRoute, async (c) => {
      const { attendees } = await loadSessionAttendees(deps, c.req.valid('param').id);
      return c.json(attendees, 200);
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
      const { search, page } = c.req.valid('query');
      return c.json(await listUsers(deps, { search, page }), 200);
    })
    .openapi(userDetailRoute, async (c) =>
      c.json(await loadUserDetail(deps, c.req.valid('param').id), 200),
    )
    .openapi(passwordResetRoute, async (c) => {
      const [target] = await deps.db
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, c.req.valid('param').id))
        .limit(1);
      if (!target) throw new NotFoundError('User profile not found.');
      const admin = currentUser(c);
      await sendAdminPasswordReset(deps, { email: target.email, adminName: admin.name });
      c.get('log').info({ adminId: admin.id }, 'admin sent a password reset');
      return c.json({ email: target.email }, 202);
    })
    .openapi(cancelRoute, async (c) => {
      const { id } = c.req.valid('param');
      const booking = await cancelBooking(deps, { bookingId: id, actor: { kind: 'admin' } });
      c.get('log').info({ adminId: currentUser(c).id, bookingId: id }, 'admin cancelled a booking');
      return c.json(booking, 200);
    })
    .openapi(rescheduleRoute, async (c) => {
      const { id } = c.req.valid('param');
      const { startsAt } = c.req.valid('json');
      const booking = await rescheduleBooking(deps, {
        bookingId: id,
        startsAt,
        actor: { kind: 'admin' },
      });
      c.get('log').info(
        { adminId: currentUser(c).id, bookingId: id, newBookingId: booking.id },
        'admin rescheduled a booking',
      );
      return c.json(booking, 200);
    });
}
