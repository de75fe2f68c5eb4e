// The admin dashboard's calls to the booking service (booking-service/src/admin/admin-routes.ts).
// Answers are typed (and, in development and tests, checked) by @tuition/api-contract; every
// call throws ApiError like the rest of the site.
import type { AuditQuery, SessionFilter, SessionSort } from '@tuition/api-contract';
import { apiFetch } from '../../lib/api-client.ts';

export type {
  AdminAttendee,
  AdminBookingHistoryEntry,
  AdminSession,
  AdminStats,
  AdminSummary,
  AdminUserDetail,
  AdminUserPage,
  AdminUserRow,
  AuditEntry,
  AuditList,
  AuditQuery,
  SessionFilter,
  SessionSort,
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
  sessions: (filter: SessionFilter, sort: SessionSort) =>
    apiFetch(`/api/admin/sessions?filter=${filter}&sort=${sort}`, 'AdminSessionListSchema'),
  attendees: (sessionId: string) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/attendees`, 'AdminAttendeeListSchema'),
  users: (search: string, page: number) => {
    const query = new URLSearchParams({ page: String(page) });
    if (search) query.set('search', search);
    return apiFetch(`/api/admin/users?${query}`, 'AdminUserPageSchema');
  },
  user: (userId: string) => apiFetch(`/api/admin/users/${id(userId)}`, 'AdminUserDetailSchema'),
  sendPasswordReset: (userId: string) =>
    apiFetch(`/api/admin/users/${id(userId)}/password-reset`, 'PasswordResetSentSchema', {
      method: 'POST',
    }),
  cancelBooking: (bookingId: string) =>
    apiFetch(`/api/admin/bookings/${id(bookingId)}/cancel`, 'BookingSchema', { method: 'POST' }),
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
} as const;
