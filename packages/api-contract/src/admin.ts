import {
  ATTENDANCE_WINDOW_STATES,
  type BookingBadge,
  BOOKING_STATUSES,
  SERVICE_CODES,
  USER_ROLES,
} from '@tuition/domain';
import { z } from 'zod';
import { bandLabel, count, isoInstant, londonDate, named, pence } from './named.ts';
import { closedReasonField } from './closures.ts';
import { idParams } from './ids.ts';
import { SESSION_KINDS } from './bookings.ts';
import { attendanceField, meetingLinkMissingField } from './lessons.ts';
import {
  cursorParam,
  nextCursorField,
  parseHistoryCursor,
  parseSessionCursor,
  parseUserCursor,
} from './page-cursors.ts';
import { SessionMinimumSchema } from './minimums.ts';
import { AdminTextSchema } from './notifications.ts';
import { AccountTypeSchema, PupilRefSchema, PupilSchema } from './pupils.ts';

/*
 * The admin dashboard's API: every route needs the admin role. Booking actions answer the
 * customer's own Booking shape (bookings.ts).
 */

export const AdminSummarySchema = named(
  'AdminSummary',
  z.object({
    totalUsers: count,
    totalBookings: count.meta({ description: 'Confirmed bookings, past and future' }),
    upcomingSessions: count.meta({
      description: 'Sessions not yet started with a confirmed booking',
    }),
    totalRevenuePence: pence.meta({
      description:
        'Card payments taken (seats and packs), before refunds: shown as "Payments Taken". A ' +
        'payment refunded whole on arrival (its seats had gone) was never taken and is left out',
    }),
    refundedPence: pence.meta({
      description: 'Given back to the card since, of those payments (docs/decisions/077)',
    }),
    cashReceivedPence: pence.meta({
      description: 'Payments taken less refunds: totalRevenuePence − refundedPence',
    }),
    revenueDeliveredPence: pence.meta({
      description:
        'Cash received less what is still owed for it: seats still to come (each at what it ' +
        'was charged) and unused credit. Lessons held, and seats or credit the family gave up ' +
        '(lapsed, or forfeited with a deleted account)',
    }),
    creditOutstandingSessions: count.meta({
      description:
        'Sessions of credit families hold and can still use: not lapsed, and not of a deleted ' +
        'account (that credit is forfeited)',
    }),
    atRiskSessions: count.meta({
      description:
        'Sessions in the next 7 days with a minimum not yet met and not decided (docs/decisions/100)',
    }),
    creditOutstandingPence: pence.meta({
      description:
        'Those sessions at what was paid for them (each at its lot’s price per session; ' +
        'goodwill credit at nothing): lessons owed for money already taken',
    }),
  }),
);
export type AdminSummary = z.infer<typeof AdminSummarySchema>;

export const WeekBookingsSchema = z.object({
  weekStart: londonDate.meta({ description: 'The Monday (London date) the week starts on' }),
  bookings: count.meta({ description: 'Confirmed bookings for sessions in that week' }),
});
export type WeekBookings = z.infer<typeof WeekBookingsSchema>;

export const MonthRevenueSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM' }),
  revenuePence: pence.meta({
    description:
      'Card payments taken in that London month, before refunds (the chart says so; the ' +
      "summary's refundedPence has the refunds)",
  }),
});
export type MonthRevenue = z.infer<typeof MonthRevenueSchema>;

export const AdminStatsSchema = named(
  'AdminStats',
  z.object({
    currentWeekStart: londonDate.meta({ description: 'Monday of this week, London date' }),
    bookingsPerWeek: z.array(WeekBookingsSchema),
    revenuePerMonth: z.array(MonthRevenueSchema),
  }),
);
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const SESSION_FILTERS = ['upcoming', 'previous', 'today', 'at-risk'] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];
export const SESSION_SORTS = ['date', 'bookings'] as const;
export type SessionSort = (typeof SESSION_SORTS)[number];

export const AdminSessionsQuerySchema = z.object({
  filter: z
    .enum(SESSION_FILTERS, { error: 'filter must be upcoming, previous, today or at-risk.' })
    .default('upcoming'),
  sort: z.enum(SESSION_SORTS, { error: 'sort must be date or bookings.' }).default('date'),
  kind: z
    .enum(SESSION_KINDS, { error: 'kind must be group or one-to-one.' })
    .optional()
    .meta({ description: 'Only group sessions, or only 1-to-1 lessons; absent: both' }),
  cursor: cursorParam(parseSessionCursor),
});
export type AdminSessionsQuery = z.input<typeof AdminSessionsQuerySchema>;

export const AdminSessionSchema = named(
  'AdminSession',
  z.object({
    id: z.string(),
    service: z.enum(SERVICE_CODES),
    subject: z.string(),
    label: z.string().meta({
      description: "The class name; a 1-to-1 lesson's is its course's name",
      examples: ['GCSE Higher'],
    }),
    kind: z
      .enum(SESSION_KINDS)
      .optional()
      .meta({
        description:
          'one-to-one: a lesson of a tutor’s hour (docs/decisions/106), taught by `tutorName`; ' +
          'absent: group',
      }),
    startsAt: isoInstant,
    endsAt: isoInstant,
    date: londonDate,
    time: bandLabel,
    bookedCount: count.meta({ description: 'Confirmed bookings: the seats taken' }),
    capacity: count,
    closedReason: closedReasonField,
    meetingLinkMissing: meetingLinkMissingField,
    waitingCount: count.optional().meta({
      description: 'Places on its waiting list (waiting or holding an offer); absent when none',
    }),
    tutorName: z.string().nullable().optional().meta({
      description: 'Who teaches it: the cover tutor, else the class lead (docs/decisions/079)',
    }),
    coverTutorId: z.string().nullable().optional().meta({ description: 'Set when covered' }),
    minimum: SessionMinimumSchema.nullable().optional().meta({
      description: "Its class's minimum and decision (docs/decisions/100); absent when none",
    }),
    register: z
      .enum(ATTENDANCE_WINDOW_STATES)
      .optional()
      .meta({
        description:
          'Whether attendance can be marked now, by the service clock: open from the start until ' +
          '7 days after (docs/decisions/065, 107)',
      }),
  }),
);
export type AdminSession = z.infer<typeof AdminSessionSchema>;

/** docs/decisions/075: the session lists come ADMIN_SESSIONS_PAGE_SIZE at a time. */
export const ADMIN_SESSIONS_PAGE_SIZE = 50;

export const AdminSessionListSchema = named(
  'AdminSessionList',
  z.object({
    items: z.array(AdminSessionSchema).meta({
      description: `At most ${ADMIN_SESSIONS_PAGE_SIZE} sessions, in the chosen order`,
    }),
    nextCursor: nextCursorField,
  }),
);
export type AdminSessionList = z.infer<typeof AdminSessionListSchema>;

export const SessionIdParamsSchema = idParams('session');

export const AdminBookingCountsSchema = named(
  'AdminBookingCounts',
  z.object({
    total: count.meta({ description: 'confirmed seats: upcoming + previous' }),
    upcoming: count.meta({ description: 'Confirmed and not started' }),
    previous: count.meta({ description: 'Confirmed sessions already held' }),
    cancelled: count.meta({ description: 'Cancelled seats; not in total' }),
    moved: count.meta({
      description: 'Seats moved to another session; not in total (each lives on as its new seat)',
    }),
  }),
);
export type AdminBookingCounts = z.infer<typeof AdminBookingCountsSchema>;

/** A customer's spending: what they paid and kept paid, refunds taken off. */
export const SpendingSchema = z.object({
  totalSpentPence: pence.meta({
    description: 'Card payments taken from the customer less what was refunded of them',
  }),
  lastPaymentAt: isoInstant.nullable().meta({ description: 'When last paid; null when never' }),
});
export type Spending = z.infer<typeof SpendingSchema>;

/**
 * One confirmed seat in a session: the pupil who attends, and the account holder (name,
 * e-mail, phone, figures) who booked and pays. Siblings are two attendees of one account.
 */
export const AdminAttendeeSchema = named(
  'AdminAttendee',
  z.object({
    bookingId: z.string(),
    pupil: PupilRefSchema,
    userId: z.string(),
    name: z.string().meta({ description: "The account holder's name" }),
    email: z.string(),
    phone: z.string().nullable(),
    bookings: AdminBookingCountsSchema,
    ...SpendingSchema.shape,
    attendance: attendanceField,
  }),
);
export type AdminAttendee = z.infer<typeof AdminAttendeeSchema>;

export const AdminAttendeeListSchema = z.array(AdminAttendeeSchema);

const stripeCustomerUrl = z.string().optional().meta({
  description: "The customer in the payment provider's dashboard; only when Stripe took money",
});

export const AdminUsersQuerySchema = z.object({
  search: z
    .string()
    .max(200, { error: 'search must be at most 200 characters.' })
    .optional()
    .meta({ description: "Part of a name, an e-mail or a pupil's name, any case" }),
  cursor: cursorParam(parseUserCursor),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserRowSchema = named(
  'AdminUserRow',
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    joinedAt: isoInstant,
    pupilNames: z.array(z.string()).meta({ description: "The account's pupils, archived too" }),
    bookingsTotal: count,
    ...SpendingSchema.shape,
    stripeCustomerUrl,
  }),
);
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

/** docs/product-rules.md#admin-figures: 25 users a page; counted up to USERS_TOTAL_CAP. */
export const ADMIN_USERS_PAGE_SIZE = 25;
export const USERS_TOTAL_CAP = 1000;

export const AdminUserPageSchema = named(
  'AdminUserPage',
  z.object({
    items: z.array(AdminUserRowSchema).meta({
      description: `Newest first, at most ${ADMIN_USERS_PAGE_SIZE}`,
    }),
    nextCursor: nextCursorField,
    total: count.meta({
      description: `Users matching the search in all, counted up to ${USERS_TOTAL_CAP}`,
    }),
    totalIsCapped: z.boolean().meta({
      description: `True when more than ${USERS_TOTAL_CAP} match: show "1,000+"`,
    }),
  }),
);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

/** A user's booking history comes ADMIN_HISTORY_PAGE_SIZE bookings at a time. */
export const ADMIN_HISTORY_PAGE_SIZE = 50;

export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const BOOKING_BADGES = [
  'upcoming',
  'completed',
  'cancelled',
  'rescheduled',
] as const satisfies readonly BookingBadge[];

export const AdminBookingHistoryEntrySchema = named(
  'AdminBookingHistoryEntry',
  z.object({
    id: z.string(),
    sessionStartsAt: isoInstant,
    sessionEndsAt: isoInstant,
    subject: z.string(),
    service: z.enum(SERVICE_CODES),
    label: z.string(),
    status: z.enum(BOOKING_STATUSES),
    badge: z
      .enum(BOOKING_BADGES)
      .meta({ description: 'What the customer sees: upcoming, completed, cancelled, rescheduled' }),
    createdAt: isoInstant,
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
    pupil: PupilRefSchema,
    attendance: attendanceField,
    kind: z.enum(SESSION_KINDS).optional().meta({
      description: 'one-to-one: a lesson of a tutor’s hour (docs/decisions/106); absent: group',
    }),
    tutorName: z.string().optional().meta({
      description: "A 1-to-1 lesson's tutor as the family sees them: the first name",
    }),
  }),
);
export type AdminBookingHistoryEntry = z.infer<typeof AdminBookingHistoryEntrySchema>;

export const AdminUserDetailSchema = named(
  'AdminUserDetail',
  z.object({
    profile: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      role: z.enum(USER_ROLES),
      emailVerified: z.boolean(),
      joinedAt: isoInstant,
      stripeCustomerUrl,
      accountType: AccountTypeSchema,
    }),
    pupils: z.array(PupilSchema).meta({ description: "The account's pupils, archived ones too" }),
    statistics: AdminBookingCountsSchema,
    financial: SpendingSchema,
    bookings: z.array(AdminBookingHistoryEntrySchema).meta({
      description:
        `Latest session first, the first ${ADMIN_HISTORY_PAGE_SIZE}; the rest from ` +
        'GET /api/admin/users/{id}/bookings',
    }),
    bookingsNextCursor: nextCursorField,
    noShows: count
      .optional()
      .meta({ description: "Sessions marked absent, all the account's pupils together" }),
    texts: z
      .array(AdminTextSchema)
      .optional()
      .meta({ description: 'The last 10 text messages to the account, newest first, with status' }),
  }),
);
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserBookingsQuerySchema = z.object({
  cursor: cursorParam(parseHistoryCursor),
});

export const AdminUserBookingPageSchema = named(
  'AdminUserBookingPage',
  z.object({
    items: z.array(AdminBookingHistoryEntrySchema).meta({
      description: `Latest session first, at most ${ADMIN_HISTORY_PAGE_SIZE}`,
    }),
    nextCursor: nextCursorField,
  }),
);
export type AdminUserBookingPage = z.infer<typeof AdminUserBookingPageSchema>;

export const PasswordResetSentSchema = named(
  'PasswordResetSent',
  z.object({ email: z.string().meta({ description: 'The address the reset e-mail goes to' }) }),
);
export type PasswordResetSent = z.infer<typeof PasswordResetSentSchema>;

/** A session's printable register: CSV text, one row per pupil, not JSON. */
export const AttendanceRegisterCsvSchema = z.string().meta({
  description:
    'CSV text with a header row: pupil, year group, account holder, e-mail, phone (one row per pupil)',
});
