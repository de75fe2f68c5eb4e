import type { Context, MiddlewareHandler } from 'hono';
import { ForbiddenError, UnauthorizedError } from '../http/problem.ts';
import { AUTH_COOKIE_PREFIX, type Auth, type AuthSession, type AuthUser } from './auth.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by requireUser / requireVerifiedUser / requireCustomer / requireAdmin / requireTutor. */
    authUser: AuthUser;
    authSession: AuthSession['session'];
  }
}

/**
 * OpenAPI security requirements (the schemes app.ts declares): the session cookie, under its
 * development name or its production `__Secure-` name. `signedIn` marks the routes these
 * guards protect; `sessionIfAny` those that answer everyone but read a session when there is
 * one; `noSession` the public ones.
 */
export const SESSION_SCHEMES = {
  development: 'sessionCookie',
  production: 'secureSessionCookie',
} as const;
export const signedIn: Record<string, string[]>[] = [
  { [SESSION_SCHEMES.development]: [] },
  { [SESSION_SCHEMES.production]: [] },
];
export const sessionIfAny: Record<string, string[]>[] = [{}, ...signedIn];
export const noSession: Record<string, string[]>[] = [];

/** What every name of the session cookie contains (SESSION_COOKIE_NAMES), followed by `=`. */
const SESSION_COOKIE_MARK = `${AUTH_COOKIE_PREFIX}.session_token=`;

/**
 * The signed-in user's session from the request's cookie, or null. A request without the
 * session cookie is answered here: better-auth would only find no session, after building its
 * request context (the costliest part of an anonymous availability request).
 */
export async function readSession(auth: Auth, headers: Headers): Promise<AuthSession | null> {
  if (!headers.get('cookie')?.includes(SESSION_COOKIE_MARK)) return null;
  return auth.api.getSession({ headers });
}

/** 401 problem when signed out; otherwise the user is on c.get('authUser'). */
export function requireUser(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    const session = await readSession(auth, c.req.raw.headers);
    if (!session) throw new UnauthorizedError();
    c.set('authUser', session.user);
    c.set('authSession', session.session);
    await next();
  };
}

/**
 * Like requireUser, and 403 until the e-mail address is verified. Sign-in already demands a
 * verified address; this guards sessions made another way (admin impersonation, older rows).
 */
export function requireVerifiedUser(auth: Auth): MiddlewareHandler {
  const signedIn = requireUser(auth);
  return (c, next) =>
    signedIn(c, async () => {
      if (!c.get('authUser').emailVerified) {
        throw new ForbiddenError('Please verify your e-mail address first.');
      }
      await next();
    });
}

/** Why a staff account is refused a customer's action (docs/decisions/088). */
export const STAFF_ACCOUNT_DETAIL =
  'Tutor accounts cannot book or buy: use a separate family account.';

/**
 * 403 for a tutor's account. Staff accounts teach; a family's children, bookings and payments
 * belong in a customer account, never beside registers and pay lines (docs/decisions/079, 088).
 * Admins book for customers and stay allowed.
 */
export function refuseStaffAccount(user: Pick<AuthUser, 'role'>): void {
  if (user.role === 'tutor') {
    throw new ForbiddenError(STAFF_ACCOUNT_DETAIL, { code: 'staff-account' });
  }
}

/**
 * The guard of every customer action (children, booking, packs, enrolment, waiting lists): like
 * requireVerifiedUser, and 403 for a tutor's account.
 */
export function requireCustomer(auth: Auth): MiddlewareHandler {
  const verified = requireVerifiedUser(auth);
  return (c, next) =>
    verified(c, async () => {
      refuseStaffAccount(c.get('authUser'));
      await next();
    });
}

/**
 * 401 signed out, 403 signed in without the admin role ("Access denied",
 * docs/product-rules.md#accounts-and-roles). An admin whose address is not verified is no admin:
 * the role is only ever granted to verified addresses, so this guards rows made another way.
 */
export function requireAdmin(auth: Auth): MiddlewareHandler {
  const signedIn = requireUser(auth);
  return (c, next) =>
    signedIn(c, async () => {
      const user = c.get('authUser');
      if (user.role !== 'admin' || !user.emailVerified) throw new ForbiddenError('Access denied');
      await next();
    });
}

/**
 * 401 signed out, 403 for anyone but a tutor ("Access denied"): the tutor pages' API
 * (docs/decisions/079). Whether the tutor is still active is the tutors feature's check.
 */
export function requireTutor(auth: Auth): MiddlewareHandler {
  const signedIn = requireUser(auth);
  return (c, next) =>
    signedIn(c, async () => {
      const user = c.get('authUser');
      if (user.role !== 'tutor' || !user.emailVerified || user.banned) {
        throw new ForbiddenError('Access denied');
      }
      await next();
    });
}

/** The user a require* middleware put on the context. */
export function currentUser(c: Context): AuthUser {
  const user = c.get('authUser');
  if (!user) throw new UnauthorizedError();
  return user;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another site, as better-auth does for its own
 * endpoints: a browser names the page's origin in Origin (and Sec-Fetch-Site), so a cross-site
 * form or script is refused even though SameSite=Lax would already withhold the cookie.
 * Requests with neither header (server-to-server, curl) carry no ambient cookie risk and pass,
 * unless `originRequired`: a route no session guards (the local clock) has only this check, so
 * there a request must name the site's own origin.
 */
export function rejectCrossSiteRequests(
  trustedOrigins: readonly string[],
  { originRequired = false }: { originRequired?: boolean } = {},
): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      if ((origin && !trustedOrigins.includes(origin)) || fetchSite === 'cross-site') {
        throw new ForbiddenError('Cross-site requests are not allowed.');
      }
      if (!origin && originRequired) {
        throw new ForbiddenError('Only the site itself may do this: the request named no Origin.');
      }
    }
    await next();
  };
}
