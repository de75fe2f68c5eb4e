// The islands' one way to call the booking service on the same origin. Every failure becomes
// an ApiError carrying the RFC 9457 problem body's fields, so a form can show `detail` and a
// booking flow can branch on `code` ('duplicate', 'full', 'too-late'...). The types mirror the
// service's routes (booking-service/src/*/…-routes.ts); the site does not import the service.
import type { ServiceCode } from '@tuition/domain';

export interface FieldError {
  /** Dotted path of the input field, e.g. "phone" or "startsAt.2". */
  field: string;
  message: string;
}

/** A failed call: the problem body's fields, or a generic text when there was none. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly code?: string;
  readonly slots?: unknown[];
  readonly errors?: FieldError[];

  constructor(init: {
    status: number;
    title: string;
    detail: string;
    code?: string;
    slots?: unknown[];
    errors?: FieldError[];
  }) {
    super(init.detail || init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    if (init.code !== undefined) this.code = init.code;
    if (init.slots !== undefined) this.slots = init.slots;
    if (init.errors !== undefined) this.errors = init.errors;
  }
}

/** Status 0: the request never got an answer (offline, DNS, aborted). */
export const NETWORK_ERROR_STATUS = 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Builds an ApiError from a non-2xx response, reading a problem body when there is one. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: keep the status and a plain text.
  }
  const problem = isRecord(body) ? body : {};
  const errors = Array.isArray(problem.errors)
    ? problem.errors.filter(
        (e): e is FieldError =>
          isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string',
      )
    : undefined;
  const title = text(problem.title) ?? (response.statusText || 'Request failed');
  // better-auth answers {code, message} rather than a problem body; take its message too.
  const detail = text(problem.detail) ?? text(problem.message) ?? title;
  return new ApiError({
    status: response.status,
    title,
    detail,
    ...(text(problem.code) ? { code: String(problem.code) } : {}),
    ...(Array.isArray(problem.slots) ? { slots: problem.slots } : {}),
    ...(errors ? { errors } : {}),
  });
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown;
}

/**
 * JSON fetch against the service with the session cookie. Resolves to the parsed body
 * (undefined for 204), throws ApiError for any non-2xx answer or a network failure.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: requestHeaders,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch (error) {
    throw new ApiError({
      status: NETWORK_ERROR_STATUS,
      title: 'Network error',
      detail: error instanceof Error ? error.message : 'The request could not be sent.',
    });
  }
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  const body = await response.text();
  return (body === '' ? undefined : JSON.parse(body)) as T;
}

// --- the service's resources ----------------------------------------------------------------

export type Role = 'user' | 'admin';

export interface Me {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  emailVerified: boolean;
}

/**
 * `booked`: a confirmed booking of the user; `pending`: in the user's own unpaid checkout (it
 * can be picked again: a new checkout replaces that one); `full`: no seat left.
 */
export type SlotState = 'available' | 'full' | 'booked' | 'pending';

export interface AvailabilitySlot {
  sessionId?: string;
  /** ISO instant, UTC. */
  startsAt: string;
  endsAt: string;
  /** London date YYYY-MM-DD. */
  date: string;
  /** Band label such as "5-6pm". */
  time: string;
  label: string;
  service: ServiceCode;
  pricePence: number;
  capacity: number;
  seatsLeft: number;
  state: SlotState;
}

export type BookabilityStatus = 'ok' | 'duplicate' | 'pending' | 'full' | 'invalid';

export interface BookabilityResult {
  startsAt: string;
  status: BookabilityStatus;
}

export interface CheckoutCreated {
  checkoutId: string;
  url: string;
  amountPence: number;
  sessionCount: number;
  isSpecialOffer: boolean;
  expiresAt: string;
  /** The user's older unpaid checkouts this one replaced. */
  replacedCheckoutIds?: string[];
}

/** One of the user's unpaid checkouts still holding seats (GET /api/checkout/pending). */
export interface OpenCheckout {
  checkoutId: string;
  /** When the hold lapses (ISO instant). */
  expiresAt: string;
  /** The payment page to go back to; null while it is still being opened. */
  resumeUrl: string | null;
  amountPence: number;
  sessionCount: number;
  isSpecialOffer: boolean;
  sessions: CheckoutSession[];
}

export type CheckoutStatus = 'pending' | 'paid' | 'expired' | 'cancelled';

export interface CheckoutSession {
  startsAt: string;
  date: string;
  time: string;
  label: string;
}

export interface CheckoutSummary {
  status: CheckoutStatus;
  amountPence: number;
  sessionCount: number;
  isSpecialOffer: boolean;
  sessions: CheckoutSession[];
}

export interface Payment {
  checkoutId?: string;
  id?: string;
  amountPence: number;
  sessionCount: number;
  isSpecialOffer?: boolean;
  paidAt?: string;
  createdAt?: string;
}

export type BookingScope = 'upcoming' | 'previous';
export type BookingStatus = 'confirmed' | 'cancelled' | 'rescheduled';

export interface MyBooking {
  id: string;
  status: BookingStatus;
  service: ServiceCode;
  subject: string;
  label: string;
  startsAt: string;
  endsAt: string;
  createdAt: string;
  canCancel: boolean;
  canReschedule: boolean;
}

export interface ContactEnquiryInput {
  parentName: string;
  email: string;
  phone?: string;
  yearGroup?: string;
  subject?: string;
  preference?: string;
  message: string;
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const s = search.toString();
  return s ? `?${s}` : '';
};

/** Typed calls, one per endpoint. Each throws ApiError like apiFetch. */
export const api = {
  me: () => apiFetch<Me>('/api/me'),
  updateMe: (input: { name: string; phone?: string | null }) =>
    apiFetch<Me>('/api/me', { method: 'PATCH', json: input }),

  /** `forUser` (admins only): answer as that customer would see it. */
  availability: (params: { service: ServiceCode; from?: string; to?: string; forUser?: string }) =>
    apiFetch<{ slots: AvailabilitySlot[] }>(`/api/availability${query(params)}`),
  bookability: (input: { service: ServiceCode; startsAt: string[] }, forUser?: string) =>
    apiFetch<{ results: BookabilityResult[] }>(`/api/bookability${query({ forUser })}`, {
      method: 'POST',
      json: input,
    }),

  /** 409 ApiError with code 'duplicate' | 'full' and `slots` when a session cannot be had. */
  createCheckout: (input: { service: ServiceCode; startsAt: string[] }) =>
    apiFetch<CheckoutCreated>('/api/checkout', { method: 'POST', json: input }),
  checkout: (id: string) => apiFetch<CheckoutSummary>(`/api/checkout/${encodeURIComponent(id)}`),
  /** Releases one of the user's pending checkouts; answers the status afterwards. */
  cancelCheckout: (id: string) =>
    apiFetch<{ status: CheckoutStatus }>(`/api/checkout/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
    }),
  openCheckouts: () => apiFetch<OpenCheckout[]>('/api/checkout/pending'),

  payments: () => apiFetch<Payment[]>('/api/me/payments'),
  bookings: (scope: BookingScope) => apiFetch<MyBooking[]>(`/api/me/bookings${query({ scope })}`),
  cancelBooking: (id: string) =>
    apiFetch<unknown>(`/api/me/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
  /** 409 ApiError with code 'too-late' | 'full' | 'duplicate'. */
  rescheduleBooking: (id: string, startsAt: string) =>
    apiFetch<unknown>(`/api/me/bookings/${encodeURIComponent(id)}/reschedule`, {
      method: 'POST',
      json: { startsAt },
    }),

  contact: (input: ContactEnquiryInput) =>
    apiFetch<unknown>('/api/contact', { method: 'POST', json: input }),

  /** The address a password-reset token belongs to, or 404 when it is unknown or expired. */
  resetTokenOwner: (token: string) =>
    apiFetch<{ valid: true; email: string }>(`/api/auth-tokens/reset/${encodeURIComponent(token)}`),
} as const;
