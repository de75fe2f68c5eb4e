// The admin dashboard's calls to the booking service (booking-service/src/admin/admin-routes.ts).
// Types mirror the service's responses; every call throws ApiError like the rest of the site.
import type { BookingBadge, BookingStatus, ServiceCode } from '@tuition/domain';
import { apiFetch } from '../../lib/api-client.ts';

export interface AdminSummary {
  totalUsers: number;
  totalBookings: number;
  upcomingSessions: number;
  totalRevenuePence: number;
}

export interface AdminStats {
  /** Monday (London date) of the current week; later weeks are still to come. */
  currentWeekStart: string;
  bookingsPerWeek: Array<{ weekStart: string; bookings: number }>;
  revenuePerMonth: Array<{ month: string; revenuePence: number }>;
}

export type SessionFilter = 'upcoming' | 'previous';
export type SessionSort = 'date' | 'bookings';

export interface AdminSession {
  id: string;
  service: ServiceCode;
  subject: string;
  label: string;
  startsAt: string;
  endsAt: string;
  date: string;
  time: string;
  bookedCount: number;
  capacity: number;
}

export interface BookingCounts {
  total: number;
  upcoming: number;
  previous: number;
  cancelled: number;
}

export interface AdminAttendee {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  bookings: BookingCounts;
  totalSpentPence: number;
  lastPaymentAt: string | null;
}

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  joinedAt: string;
  bookingsTotal: number;
  totalSpentPence: number;
  lastPaymentAt: string | null;
  stripeCustomerUrl?: string;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminBookingHistoryEntry {
  id: string;
  sessionStartsAt: string;
  sessionEndsAt: string;
  subject: string;
  service: ServiceCode;
  label: string;
  status: BookingStatus;
  badge: BookingBadge;
  createdAt: string;
  canCancel: boolean;
  canReschedule: boolean;
}

export interface AdminUserDetail {
  profile: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    role: 'user' | 'admin';
    emailVerified: boolean;
    joinedAt: string;
    stripeCustomerUrl?: string;
  };
  statistics: BookingCounts;
  financial: { totalSpentPence: number; lastPaymentAt: string | null };
  bookings: AdminBookingHistoryEntry[];
}

const id = encodeURIComponent;

/** Where a session's printable register (CSV) downloads from. */
export const registerCsvUrl = (sessionId: string) =>
  `/api/admin/sessions/${id(sessionId)}/attendees.csv`;

/** The admin page of one user. */
export const adminUserUrl = (userId: string) => `/admin/users/${id(userId)}`;

export const adminApi = {
  summary: () => apiFetch<AdminSummary>('/api/admin/summary'),
  stats: () => apiFetch<AdminStats>('/api/admin/stats'),
  sessions: (filter: SessionFilter, sort: SessionSort) =>
    apiFetch<{ sessions: AdminSession[] }>(`/api/admin/sessions?filter=${filter}&sort=${sort}`),
  attendees: (sessionId: string) =>
    apiFetch<AdminAttendee[]>(`/api/admin/sessions/${id(sessionId)}/attendees`),
  users: (search: string, page: number) => {
    const query = new URLSearchParams({ page: String(page) });
    if (search) query.set('search', search);
    return apiFetch<AdminUserPage>(`/api/admin/users?${query}`);
  },
  user: (userId: string) => apiFetch<AdminUserDetail>(`/api/admin/users/${id(userId)}`),
  sendPasswordReset: (userId: string) =>
    apiFetch<{ email: string }>(`/api/admin/users/${id(userId)}/password-reset`, {
      method: 'POST',
    }),
  cancelBooking: (bookingId: string) =>
    apiFetch<unknown>(`/api/admin/bookings/${id(bookingId)}/cancel`, { method: 'POST' }),
  rescheduleBooking: (bookingId: string, startsAt: string) =>
    apiFetch<unknown>(`/api/admin/bookings/${id(bookingId)}/reschedule`, {
      method: 'POST',
      json: { startsAt },
    }),
} as const;
