// better-auth's browser client for the service's /api/auth, shared by every island. The
// session lives in an HttpOnly cookie, so it survives reloads; this module keeps the islands
// of one page and the other open tabs in step: after a sign-in or sign-out it posts on the
// BroadcastChannel 'auth' (and a same-page event), and every listener refetches the session.
// better-auth itself also refetches when the tab regains focus. The light session reader the
// header uses lives in ./auth-session.ts.
import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { useEffect } from 'react';
import { announceSessionChange, onSessionChange, roleOf } from './auth-session.ts';

const AUTH_PATH = '/api/auth';

// During the server render of an island there is no window; the client is only used in the
// browser, but the module must still load.
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

export const authClient = createAuthClient({
  baseURL: `${origin}${AUTH_PATH}`,
  plugins: [adminClient()],
  sessionOptions: { refetchOnWindowFocus: true },
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

/** Signs in; on success announces the new session everywhere. Throws with the backend's text. */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { error } = await authClient.signIn.email({ email, password });
  if (error) throw new Error(authErrorText(error, 'Login failed. Please try again.'));
  announceSessionChange();
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
