// The admin dashboard's calls to the booking service (booking-service/src/admin/admin-routes.ts).
// Answers are typed (and, in development and tests, checked) by @tuition/api-contract; every
// call throws ApiError like the rest of the site.
import type {
  AuditQuery,
  CancelRemedy,
  ClassMinimumRequest,
  CreditGrantRequest,
  SessionDecisionOutcome,
  SessionFilter,
  SessionKind,
  SessionSort,
} from '@tuition/api-contract';
import { apiFetch } from '../../lib/api-client.ts';

export type {
  AdminAttendee,
  AdminBookingHistoryEntry,
  AdminSession,
  AdminStats,
  AdminSummary,
  AdminUserBookingPage,
  AdminUserDetail,
  AdminUserPage,
  AdminUserRow,
  AuditEntry,
  AuditList,
  AuditQuery,
  CancelRemedy,
  ClassMinimum,
  CreditGrantRequest,
  RemedyOutcome,
  SessionDecision,
  SessionMerged,
  SessionMinimum,
  SessionFilter,
  SessionKind,
  SessionSort,
  Wallet,
} from '@tuition/api-contract';

const id = encodeURIComponent;

/** Where a session's printable register (CSV) downloads from. */
export const registerCsvUrl = (sessionId: string) =>
  `/api/admin/sessions/${id(sessionId)}/attendees.csv`;

/** The admin page of one user. */
export const adminUserUrl = (userId: string) => `/admin/users/${id(userId)}`;

export const adminApi = {
  summary: () => apiFetch('/api/admin/summary', 'AdminSummarySchema'),
  stats: () => apiFetch('/api/admin/stats', 'AdminStatsSchema'),
  /**
   * One page of sessions (decision 075); `cursor` is the nextCursor of the page before. `kind`
   * narrows it to group sessions or 1-to-1 lessons (decision 112); without it, both.
   */
  sessions: (filter: SessionFilter, sort: SessionSort, cursor?: string, kind?: SessionKind) => {
    const query = new URLSearchParams({ filter, sort });
    if (kind) query.set('kind', kind);
    if (cursor) query.set('cursor', cursor);
    return apiFetch(`/api/admin/sessions?${query}`, 'AdminSessionListSchema');
  },
  attendees: (sessionId: string) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/attendees`, 'AdminAttendeeListSchema'),
  /** One page of users, newest first (decision 075); without a cursor, the first page. */
  users: (search: string, cursor?: string) => {
    const query = new URLSearchParams();
    if (search) query.set('search', search);
    if (cursor) query.set('cursor', cursor);
    return apiFetch(`/api/admin/users?${query}`, 'AdminUserPageSchema');
  },
  user: (userId: string) => apiFetch(`/api/admin/users/${id(userId)}`, 'AdminUserDetailSchema'),
  /** The user's booking history after the first page the detail brings. */
  userBookings: (userId: string, cursor: string) =>
    apiFetch(
      `/api/admin/users/${id(userId)}/bookings?${new URLSearchParams({ cursor })}`,
      'AdminUserBookingPageSchema',
    ),
  sendPasswordReset: (userId: string) =>
    apiFetch(`/api/admin/users/${id(userId)}/password-reset`, 'PasswordResetSentSchema', {
      method: 'POST',
    }),
  /** Cancels a seat; `remedy` says what the family gets back (decision 077), `reason` why. */
  cancelBooking: (bookingId: string, cancel: { remedy: CancelRemedy; reason?: string }) =>
    apiFetch(`/api/admin/bookings/${id(bookingId)}/cancel`, 'AdminCancelledBookingSchema', {
      method: 'POST',
      json: cancel,
    }),
  /** The family's credit, as they see it on /payments-invoices (decision 077). */
  wallet: (userId: string) => apiFetch(`/api/admin/users/${id(userId)}/wallet`, 'WalletSchema'),
  /** Goodwill credit; audited as credit.grant. */
  grantCredit: (userId: string, grant: CreditGrantRequest) =>
    apiFetch(`/api/admin/users/${id(userId)}/credit`, 'CreditGrantedSchema', {
      method: 'POST',
      json: grant,
    }),
  rescheduleBooking: (bookingId: string, startsAt: string) =>
    apiFetch(`/api/admin/bookings/${id(bookingId)}/reschedule`, 'BookingSchema', {
      method: 'POST',
      json: { startsAt },
    }),
  /** One page of the audit trail (decision 073); empty filters are left out. */
  audit: (query: AuditQuery) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
    return apiFetch(`/api/admin/audit?${params}`, 'AuditListSchema');
  },
  /** Cancels a whole session for everyone, each seat with `remedy` (decision 077). */
  cancelSession: (sessionId: string, cancel: { remedy: CancelRemedy; reason: string }) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/cancel`, 'SessionCancelledSchema', {
      method: 'POST',
      json: cancel,
    }),
  /** A weekly class's minimum and decision hour (docs/decisions/100); minPupils null for none. */
  setClassMinimum: (classId: string, minimum: ClassMinimumRequest) =>
    apiFetch(`/api/admin/classes/${id(classId)}/minimum`, 'ClassMinimumSchema', {
      method: 'PUT',
      json: minimum,
      repeatable: true,
    }),
  /** Decides a session with a minimum before the clock does; a cancel e-mails the families. */
  decideSession: (sessionId: string, outcome: SessionDecisionOutcome) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/decision`, 'SessionDecisionSchema', {
      method: 'POST',
      json: { outcome },
    }),
  /** Moves every family of a thin session into a sister session; the emptied one is cancelled. */
  mergeSession: (sessionId: string, targetSessionId: string) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/merge`, 'SessionMergedSchema', {
      method: 'POST',
      json: { targetSessionId },
    }),
} as const;
