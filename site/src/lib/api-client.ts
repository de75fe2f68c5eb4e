// The islands' one way to call the booking service on the same origin. Every path's answer is
// typed from @tuition/api-contract (the schemas the service's routes declare) and, in
// development and tests, checked against that schema: a service and a site out of step fail
// loudly there instead of rendering undefined. Every failure becomes an ApiError carrying the
// RFC 9457 problem body's fields, so a form can show `detail` and a booking flow can branch on
// `code` (the contract's PROBLEM_CODES). docs/decisions/046 says why this is a small zod-typed
// fetch rather than Hono's hc client.
import type * as Contract from '@tuition/api-contract';
import type {
  AvailabilityQuery,
  BasketRequest,
  BookabilityQuery,
  BookingScope,
  CheckoutRequest,
  ContactEnquiryRequest,
  FieldError,
  PackCheckoutRequest,
  ProfileUpdateRequest,
} from '@tuition/api-contract';
import type { z } from 'zod';
import { fetchWithRetry } from './retrying-fetch.ts';

export type {
  AvailabilitySlot,
  Booking,
  BookabilityResult,
  CheckoutSummary,
  FieldError,
  Me,
  OpenCheckout,
  Payment,
  StartedCheckout,
  Wallet,
} from '@tuition/api-contract';

/** A failed call: the problem body's fields, or a generic text when there was none. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  /** One of the contract's PROBLEM_CODES, or better-auth's own code (e.g. SIGN_IN_PAUSED). */
  readonly code?: string;
  /** The session starts a conflict concerns (the contract's Problem.slots). */
  readonly slots?: string[];
  readonly errors?: FieldError[];
  /** price-changed only: the total now, which the page shows instead (decision 102). */
  readonly amountPence?: number;

  constructor(init: {
    status: number;
    title: string;
    detail: string;
    code?: string;
    slots?: string[];
    errors?: FieldError[];
    amountPence?: number;
  }) {
    super(init.detail || init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    if (init.code !== undefined) this.code = init.code;
    if (init.slots !== undefined) this.slots = init.slots;
    if (init.errors !== undefined) this.errors = init.errors;
    if (init.amountPence !== undefined) this.amountPence = init.amountPence;
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
    ...(Array.isArray(problem.slots)
      ? { slots: problem.slots.filter((s): s is string => typeof s === 'string') }
      : {}),
    ...(errors ? { errors } : {}),
    ...(Number.isSafeInteger(problem.amountPence)
      ? { amountPence: Number(problem.amountPence) }
      : {}),
  });
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown;
  /**
   * Sending it twice leaves the same state, so a 502/503/504 may be retried (reads always
   * may). Never for a payment, a booking, a cancel or an e-mail (docs/decisions/051).
   */
  repeatable?: boolean;
}

/** The contract's schemas, by export name (e.g. 'MeSchema'). */
export type SchemaName = {
  [K in keyof typeof Contract]: (typeof Contract)[K] extends z.ZodType ? K : never;
}[keyof typeof Contract];

/** The body a schema of the contract describes. */
export type Answer<K extends SchemaName> = z.output<(typeof Contract)[K]>;

/** The service answered a shape its contract does not describe (development and tests only). */
export class ContractMismatchError extends Error {
  constructor(where: string, error: z.ZodError) {
    const issues = error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
    super(`${where} answered outside the API contract: ${issues.join('; ')}`);
    this.name = 'ContractMismatchError';
  }
}

/**
 * The body as the contract types it. While developing and in tests it is checked against the
 * named schema, loaded on demand. A production build trusts the service it is deployed with:
 * Vite replaces both flags with false, so the check, the contract's schemas and zod are not in
 * the bundle (only the schema's name is), and this is the one place an answer is taken as typed.
 */
async function asContract<K extends SchemaName>(
  name: K,
  body: unknown,
  where: string,
): Promise<Answer<K>> {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const contract = await import('@tuition/api-contract');
    const result = (contract[name] as z.ZodType).safeParse(body);
    if (!result.success) throw new ContractMismatchError(where, result.error);
  }
  return body as Answer<K>;
}

/**
 * JSON fetch against the service with the session cookie. Resolves to the body typed (and, in
 * development and tests, checked) by the contract's schema `answer`; throws ApiError for any
 * non-2xx answer or a network failure.
 */
export async function apiFetch<K extends SchemaName>(
  path: string,
  answer: K,
  init: ApiRequestInit = {},
): Promise<Answer<K>> {
  const { json, headers, repeatable, ...rest } = init;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetchWithRetry(
      path,
      {
        credentials: 'same-origin',
        ...rest,
        headers: requestHeaders,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      },
      { repeatable: repeatable === true },
    );
  } catch (error) {
    throw new ApiError({
      status: NETWORK_ERROR_STATUS,
      title: 'Network error',
      detail: error instanceof Error ? error.message : 'The request could not be sent.',
    });
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  return asContract(answer, body, `${rest.method ?? 'GET'} ${path}`);
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const s = search.toString();
  return s ? `?${s}` : '';
};

const id = encodeURIComponent;

/** Typed calls, one per endpoint. Each throws ApiError like apiFetch. */
export const api = {
  me: () => apiFetch('/api/me', 'MeSchema'),
  updateMe: (input: ProfileUpdateRequest) =>
    apiFetch('/api/me', 'MeSchema', { method: 'PATCH', json: input, repeatable: true }),

  /** `forUser` (admins only): answer as that customer would see it. */
  availability: (params: AvailabilityQuery) =>
    apiFetch(`/api/availability${query(params)}`, 'AvailabilitySchema'),
  /** The basket as the contract takes it: `pupilIds` names who each start is for. */
  bookability: (input: BasketRequest, forUser?: BookabilityQuery['forUser']) =>
    apiFetch(`/api/bookability${query({ forUser })}`, 'BookabilitySchema', {
      method: 'POST',
      json: input,
      // A question, not a change: asking twice is harmless.
      repeatable: true,
    }),

  /**
   * The basket with its `pupilIds`, and `offerId` when it takes up a waiting-list offer.
   * 409 ApiError with code 'duplicate' | 'full' and `slots` when a session cannot be had.
   */
  createCheckout: (input: CheckoutRequest) =>
    apiFetch('/api/checkout', 'StartedCheckoutSchema', { method: 'POST', json: input }),
  checkout: (checkoutId: string) =>
    apiFetch(`/api/checkout/${id(checkoutId)}`, 'CheckoutSummarySchema'),
  /** Releases one of the user's pending checkouts; answers the status afterwards. */
  cancelCheckout: (checkoutId: string) =>
    apiFetch(`/api/checkout/${id(checkoutId)}/cancel`, 'CheckoutStatusSchema', {
      method: 'POST',
      // Releasing a released checkout answers its status again.
      repeatable: true,
    }),
  openCheckouts: () => apiFetch('/api/checkout/pending', 'OpenCheckoutListSchema'),
  /**
   * Starts buying a session pack (docs/decisions/077); send the browser to the answer's `url`.
   * 401 signed out, 403 e-mail not verified, 404 a pack not on sale. Never retried: a payment.
   */
  checkoutPack: (packId: PackCheckoutRequest['packId']) =>
    apiFetch('/api/checkout/pack', 'StartedPackCheckoutSchema', {
      method: 'POST',
      json: { packId } satisfies PackCheckoutRequest,
    }),

  /** What deleting the account would cancel, each seat at the price charged (decision 074). */
  deletionPreview: () => apiFetch('/api/me/deletion-preview', 'AccountDeletionPreviewSchema'),
  payments: () => apiFetch('/api/me/payments', 'PaymentListSchema'),
  /** The family's credit: balance, lots and history (docs/decisions/077). */
  wallet: () => apiFetch('/api/me/wallet', 'WalletSchema'),
  /** A pack's unused sessions back to the card, within 14 days (decision 077). Never retried. */
  refundPackLot: (lotId: string) =>
    apiFetch(`/api/me/wallet/lots/${id(lotId)}/refund`, 'PackRefundSchema', { method: 'POST' }),
  bookings: (scope: BookingScope) =>
    apiFetch(`/api/me/bookings${query({ scope })}`, 'BookingListSchema'),
  cancelBooking: (bookingId: string) =>
    apiFetch(`/api/me/bookings/${id(bookingId)}/cancel`, 'BookingSchema', { method: 'POST' }),
  /**
   * A link to the lesson's recording that lives a few minutes (docs/decisions/099); each call
   * counts as a view. 404 when there is none this account may watch.
   */
  bookingRecording: (bookingId: string) =>
    apiFetch(`/api/me/bookings/${id(bookingId)}/recording`, 'RecordingLinkSchema'),
  /** 409 ApiError with code 'too-late' | 'full' | 'duplicate' | 'pending'. */
  rescheduleBooking: (bookingId: string, startsAt: string) =>
    apiFetch(`/api/me/bookings/${id(bookingId)}/reschedule`, 'BookingSchema', {
      method: 'POST',
      json: { startsAt },
    }),

  contact: (input: ContactEnquiryRequest) =>
    apiFetch('/api/contact', 'EnquiryReceivedSchema', { method: 'POST', json: input }),

  /** The address a password-reset token belongs to, or 404 when it is unknown or expired. */
  resetTokenOwner: (token: string) =>
    apiFetch(`/api/auth-tokens/reset/${id(token)}`, 'ResetTokenSchema'),
} as const;
