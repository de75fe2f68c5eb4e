// better-auth's browser client for the service's /api/auth, shared by every island. The
// session lives in an HttpOnly cookie, so it survives reloads; this module keeps the islands
// of one page and the other open tabs in step: after a sign-in or sign-out it posts on the
// BroadcastChannel 'auth' (and a same-page event), and every listener refetches the session.
// better-auth itself also refetches when the tab regains focus. The light session reader the
// header uses lives in ./auth-session.ts.
import { ACCOUNT_TYPES } from '@tuition/domain';
import { adminClient, inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { useEffect } from 'react';
import { announceSessionChange, onSessionChange, roleOf } from './auth-session.ts';
import { fetchWithRetry } from './retrying-fetch.ts';

const AUTH_PATH = '/api/auth';

// During the server render of an island there is no window; the client is only used in the
// browser, but the module must still load.
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/**
 * The auth calls sending twice cannot harm: reading the session, signing in (a second session
 * at worst) and out. Sign-up, password changes and anything that sends an e-mail are not
 * repeated (docs/decisions/051).
 */
const REPEATABLE_AUTH_PATHS = new Set(['/get-session', '/sign-in/email', '/sign-out']);

/** Whether a request to better-auth's endpoints may be retried after a 502/503/504. */
export function isRepeatableAuthCall(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return REPEATABLE_AUTH_PATHS.has(pathname.slice(pathname.indexOf(AUTH_PATH) + AUTH_PATH.length));
}

/**
 * The service's own user fields, as better-auth's client plugin declares them (the site does
 * not import the service's auth config): signUp.email takes `accountType` ("I am a parent or
 * guardian", the default, or "a student aged 16 or over"; docs/decisions/048) and the session's
 * user carries it.
 */
const userFields = inferAdditionalFields({
  user: {
    accountType: { type: [...ACCOUNT_TYPES], required: false, input: true, defaultValue: 'parent' },
  },
});

export const authClient = createAuthClient({
  baseURL: `${origin}${AUTH_PATH}`,
  plugins: [adminClient(), userFields],
  sessionOptions: { refetchOnWindowFocus: true },
  fetchOptions: {
    customFetchImpl: (input, init) =>
      fetchWithRetry(input, init, {
        repeatable: isRepeatableAuthCall(input instanceof Request ? input.url : String(input)),
      }),
  },
});

export type AuthSession = NonNullable<typeof authClient.$Infer.Session>;
export type SessionUser = AuthSession['user'];

export { announceSessionChange, onSessionChange, roleOf };

/**
 * The signed-in session ({ data, isPending, error, refetch }), refetched when another island
 * or tab signs in or out.
 */
export function useSession() {
  const session = authClient.useSession();
  const { refetch } = session;
  useEffect(() => onSessionChange(() => void refetch()), [refetch]);
  return session;
}

/** The text of a better-auth client error, or a fallback. */
export function authErrorText(
  error: { message?: string | undefined; statusText?: string } | null | undefined,
  fallback: string,
): string {
  return error?.message?.trim() || error?.statusText?.trim() || fallback;
}

/** A refused auth call: the backend's text, and its code (e.g. EMAIL_NOT_VERIFIED) when given. */
export class AuthCallError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  constructor(message: string, code?: string, status?: number) {
    super(message);
    this.name = 'AuthCallError';
    this.code = code;
    this.status = status;
  }
}

/** better-auth's code for a correct password on an address not yet verified. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** Signs in; on success announces the new session everywhere. Throws AuthCallError. */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { error } = await authClient.signIn.email({ email, password });
  if (error) {
    throw new AuthCallError(
      authErrorText(error, 'Login failed. Please try again.'),
      error.code,
      error.status,
    );
  }
  announceSessionChange();
}

/**
 * Asks for a fresh verification link. The service limits how many go to one address (and from
 * one client) per hour and answers 429 with its own text beyond that: thrown as AuthCallError.
 */
export async function resendVerificationEmail(email: string): Promise<void> {
  const { error } = await authClient.sendVerificationEmail({ email, callbackURL: '/' });
  if (error) {
    throw new AuthCallError(
      authErrorText(error, 'The verification e-mail could not be sent. Please try again.'),
      error.code,
      error.status,
    );
  }
}

/**
 * Signs out. "Session not found" (already gone on the server) counts as success: the local state is
 * cleared either way (docs/product-rules.md#messages).
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    const { error } = await authClient.signOut();
    if (error && !/session not found/i.test(error.message ?? '')) {
      console.error('Sign out failed', error);
    }
  } finally {
    authClient.$store.notify('$sessionSignal');
    announceSessionChange();
  }
}
