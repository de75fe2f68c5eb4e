// The booking service as island tests meet it: a test declares the answer of each route it
// needs, and each answer is typed by @tuition/api-contract (decision 046), so renaming or
// retyping a field in the contract breaks the typecheck of every test whose fixture uses it.
// The site's own fetch also checks every answer against the same schema while testing, so a
// fixture outside the contract fails at run time too. A request no route answers gets a 404
// problem, as an unknown path of the service would.
import type * as Contract from '@tuition/api-contract';
import { type Mock, vi } from 'vitest';
import type { z } from 'zod';
import type { SchemaName } from '../lib/api-client.ts';

/** An answer without a body (204). */
const NO_CONTENT = 'no content';

/**
 * Every route the islands call, with the contract schema of its answer. `:name` stands for one
 * path segment; the query string is not part of the match.
 */
const ROUTES = {
  'GET /api/auth-tokens/reset/:token': 'ResetTokenSchema',
  'GET /api/me': 'MeSchema',
  'PATCH /api/me': 'MeSchema',
  'DELETE /api/me': NO_CONTENT,
  'GET /api/me/deletion-preview': 'AccountDeletionPreviewSchema',
  'GET /api/me/bookings': 'BookingListSchema',
  'POST /api/me/bookings/:id/cancel': 'BookingSchema',
  'POST /api/me/bookings/:id/reschedule': 'BookingSchema',
  'GET /api/me/bookings/:id/join': 'JoinStatusSchema',
  'GET /api/me/bookings/:id/recording': 'RecordingLinkSchema',
  'GET /api/me/payments': 'PaymentListSchema',
  'GET /api/me/wallet': 'WalletSchema',
  'POST /api/me/wallet/lots/:id/refund': 'PackRefundSchema',
  'GET /api/me/receipts': 'ReceiptListSchema',
  'GET /api/me/receipts/:id': 'ReceiptSchema',
  'GET /api/me/pupils': 'PupilListSchema',
  'POST /api/me/pupils': 'PupilSchema',
  'PATCH /api/me/pupils/:id': 'PupilSchema',
  'DELETE /api/me/pupils/:id': 'PupilRemovedSchema',
  'GET /api/me/calendar-feed': 'CalendarFeedSchema',
  'POST /api/me/calendar-feed/rotate': 'CalendarFeedSchema',
  'GET /api/me/notifications': 'NotificationsSchema',
  'PUT /api/me/notifications': 'NotificationsSchema',
  'POST /api/me/phone/verification': 'PhoneVerificationSentSchema',
  'POST /api/me/phone/verification/confirm': 'PhoneVerifiedSchema',
  'GET /api/me/waitlist': 'WaitlistEntryListSchema',
  'DELETE /api/me/waitlist/:id': NO_CONTENT,
  'POST /api/waitlist': 'WaitlistJoinedSchema',
  'GET /api/availability': 'AvailabilitySchema',
  'POST /api/bookability': 'BookabilitySchema',
  'POST /api/checkout': 'StartedCheckoutSchema',
  'GET /api/checkout/pending': 'OpenCheckoutListSchema',
  'GET /api/checkout/:id': 'CheckoutSummarySchema',
  'POST /api/checkout/term': 'TermCheckoutSchema',
  'GET /api/one-to-one/availability': 'OneToOneAvailabilitySchema',
  'POST /api/checkout/one-to-one': 'OneToOneCheckoutSchema',
  'GET /api/terms': 'TermListSchema',
  'GET /api/classes': 'ClassListSchema',
  'POST /api/terms/:id/quote': 'TermQuoteSchema',
  'GET /api/me/enrolments': 'EnrolmentListSchema',
  'POST /api/checkout/:id/cancel': 'CheckoutStatusSchema',
  'GET /api/admin/summary': 'AdminSummarySchema',
  'GET /api/admin/stats': 'AdminStatsSchema',
  'GET /api/admin/sessions': 'AdminSessionListSchema',
  'GET /api/admin/sessions/:id/attendees': 'AdminAttendeeListSchema',
  'PUT /api/admin/sessions/:id/attendance': 'AttendanceMarkSchema',
  'GET /api/admin/sessions/:id/meeting': 'SessionMeetingSchema',
  'PUT /api/admin/sessions/:id/meeting': 'SessionMeetingSchema',
  'GET /api/admin/sessions/:id/waitlist': 'AdminWaitlistSchema',
  'POST /api/admin/sessions/:id/cancel': 'SessionCancelledSchema',
  'POST /api/admin/sessions/:id/decision': 'SessionDecisionSchema',
  'POST /api/admin/sessions/:id/merge': 'SessionMergedSchema',
  'GET /api/admin/classes': 'AdminClassListSchema',
  'PUT /api/admin/classes/:id/meeting': 'AdminClassSchema',
  'PUT /api/admin/classes/:id/recording': 'AdminClassSchema',
  'PUT /api/admin/classes/:id/minimum': 'ClassMinimumSchema',
  'GET /api/admin/users': 'AdminUserPageSchema',
  'GET /api/admin/users/:id': 'AdminUserDetailSchema',
  'GET /api/admin/users/:id/bookings': 'AdminUserBookingPageSchema',
  'DELETE /api/admin/users/:id': NO_CONTENT,
  'POST /api/admin/users/:id/password-reset': 'PasswordResetSentSchema',
  'GET /api/admin/users/:id/wallet': 'WalletSchema',
  'POST /api/admin/users/:id/credit': 'CreditGrantedSchema',
  'POST /api/admin/bookings/:id/cancel': 'AdminCancelledBookingSchema',
  'POST /api/admin/bookings/:id/reschedule': 'BookingSchema',
  'GET /api/admin/audit': 'AuditListSchema',
  'GET /api/tutor/sessions': 'TutorSessionListSchema',
  'GET /api/tutor/sessions/:id': 'TutorRegisterSchema',
  'PUT /api/tutor/sessions/:id/attendance': 'TutorAttendanceSchema',
  'PUT /api/tutor/sessions/:id/report': 'LessonReportSchema',
  'POST /api/tutor/sessions/:id/report/submit': 'ReportSentSchema',
  'GET /api/tutor/sessions/:id/room': 'TutorRoomSchema',
  'POST /api/tutor/sessions/:id/room': 'TutorRoomSchema',
  'POST /api/tutor/sessions/:id/room/end': 'TutorRoomSchema',
  'GET /api/tutor/availability': 'TutorAvailabilitySchema',
  'PUT /api/tutor/availability': 'TutorAvailabilitySchema',
  'GET /api/tutor/calendar': 'TutorCalendarSchema',
  'PUT /api/tutor/calendar': 'TutorCalendarSchema',
  'GET /api/admin/tutors/:id/one-to-one': 'TutorOneToOneSchema',
  'PUT /api/admin/tutors/:id/one-to-one': 'TutorOneToOneSchema',
} as const satisfies Record<string, SchemaName | typeof NO_CONTENT>;

export type Route = keyof typeof ROUTES;

/** The JSON a route answers with, as the contract describes it on the wire; null for a 204. */
export type BodyOf<R extends Route> = (typeof ROUTES)[R] extends infer S extends SchemaName
  ? z.input<(typeof Contract)[S]>
  : null;

/** One request the stub received. */
export interface StubRequest {
  method: string;
  url: URL;
  /** The `:name` segments of the route, decoded. */
  params: Record<string, string>;
  /** The JSON sent, parsed; undefined without a body. */
  body: unknown;
}

/** A body of the route's contract type, or a whole Response (a problem, a network-level oddity). */
export type Answer<R extends Route> = BodyOf<R> | Response;

export type Handler<R extends Route> =
  | Answer<R>
  | ((request: StubRequest) => Answer<R> | Promise<Answer<R>>);

export type Routes = { [R in Route]?: Handler<R> };

export interface ApiStub {
  /** The stubbed fetch, for assertions on how it was called. */
  fetch: Mock<typeof fetch>;
  /** Every request as "METHOD /path?query", in order. */
  calls: string[];
  /** Every request, parsed. */
  requests: StubRequest[];
}

/** An RFC 9457 problem answer, as the service sends for a refusal or a failure. */
export function problem(
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
): Response {
  return Response.json(
    { type: 'about:blank', title: 'Problem', status, detail, ...extra },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}

const patterns = (Object.keys(ROUTES) as Route[]).map((route) => {
  const [method, path] = route.split(' ') as [string, string];
  const names: string[] = [];
  const source = path.replace(/:([a-z]+)/gi, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, method, regex: new RegExp(`^${source}$`), names };
});

/** The route a request is for, with its path parameters. */
function routeOf(
  method: string,
  url: URL,
): { route: Route; params: Record<string, string> } | undefined {
  for (const pattern of patterns) {
    if (pattern.method !== method) continue;
    const match = pattern.regex.exec(url.pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      pattern.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
    );
    return { route: pattern.route, params };
  }
  return undefined;
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

function toResponse(route: Route, answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (ROUTES[route] === NO_CONTENT) return new Response(null, { status: 204 });
  return Response.json(answer);
}

/** Replaces fetch with the service as `routes` describe it; undone by vi.unstubAllGlobals(). */
export function stubApi(routes: Routes = {}): ApiStub {
  const calls: string[] = [];
  const requests: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push(`${method} ${url.pathname}${url.search}`);
    const found = routeOf(method, url);
    const request: StubRequest = { method, url, params: found?.params ?? {}, body: bodyOf(init) };
    requests.push(request);
    const handler = found ? (routes[found.route] as Handler<Route> | undefined) : undefined;
    if (!found || handler === undefined) {
      return Response.json(
        { title: 'Not Found', status: 404, detail: `no stub for ${method} ${url.pathname}` },
        { status: 404 },
      );
    }
    // A Response given once may answer many requests: each reads its own copy.
    const answer =
      typeof handler === 'function'
        ? await handler(request)
        : handler instanceof Response
          ? handler.clone()
          : handler;
    return toResponse(found.route, answer);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { fetch: fetchStub as unknown as Mock<typeof fetch>, calls, requests };
}
