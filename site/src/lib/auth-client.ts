// better-auth's browser client for the service's /api/auth, shared by every island. The
// session lives in an HttpOnly cookie, so it survives reloads; this module keeps the islands
// of one page and the other open tabs in step: after a sign-in or sign-out it posts on the
// BroadcastChannel 'auth' (and a same-page event), and every listener refetches the session.
// better-auth itself also refetches when the tab regains focus.
import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { useEffect } from 'react';

const AUTH_PATH = '/api/auth';
/** Name of the BroadcastChannel the tabs use to say "the session changed". */
export const AUTH_CHANNEL = 'auth';
/** Same-page twin of the channel message (BroadcastChannel never delivers to its sender). */
export const SESSION_CHANGED_EVENT = 'tuition:session-changed';

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

/** Tells this page's other islands and the other tabs that the session changed. */
export function announceSessionChange(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
  if ('BroadcastChannel' in window) {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.postMessage({ type: 'session-changed' });
    channel.close();
  }
}

/** Calls `onChange` when another island or tab announces a session change. */
export function onSessionChange(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel(AUTH_CHANNEL) : null;
  if (channel) channel.onmessage = onChange;
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    channel?.close();
  };
}

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

/** The user's role from the session; anything unexpected counts as a plain user (spec §6). */
export function roleOf(user: { role?: string | null } | null | undefined): 'user' | 'admin' {
  return user?.role === 'admin' ? 'admin' : 'user';
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
 * Signs out. "Session not found" (already gone on the server) counts as success: the local
 * state is cleared either way (spec §8).
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
