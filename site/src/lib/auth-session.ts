// The light half of the auth client: reading the session and telling the page's islands and
// the other tabs that it changed. The header island uses only this, so content pages do not
// download better-auth's client (about 13 KB gzip) just to draw Login or the profile button;
// src/lib/auth-client.ts builds on it for everything that changes the session.
import type { UserRole } from '@tuition/domain';

/** Name of the BroadcastChannel the tabs use to say "the session changed". */
export const AUTH_CHANNEL = 'auth';
/** Same-page twin of the channel message (BroadcastChannel never delivers to its sender). */
export const SESSION_CHANGED_EVENT = 'tuition:session-changed';
/** better-auth's own cross-tab message key (it writes it on sign-out). */
const BETTER_AUTH_STORAGE_KEY = 'better-auth.message';

export interface SessionUserSummary {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  emailVerified?: boolean;
}

/** The signed-in user from better-auth's get-session, or null (also when the call fails). */
export async function fetchSessionUser(): Promise<SessionUserSummary | null> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { user?: SessionUserSummary } | null;
    return body?.user ?? null;
  } catch {
    // Offline, or a static preview without the service: treat as signed out.
    return null;
  }
}

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

/**
 * Calls `onChange` when another island or tab announces a session change, when better-auth
 * signals one through storage, and (if `onFocus`) when the tab becomes visible again.
 */
export function onSessionChange(onChange: () => void, options: { onFocus?: boolean } = {}) {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === BETTER_AUTH_STORAGE_KEY) onChange();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  if (options.onFocus) document.addEventListener('visibilitychange', onVisible);
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel(AUTH_CHANNEL) : null;
  if (channel) channel.onmessage = onChange;
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
  };
}

/**
 * The user's role from the session; anything unexpected counts as a plain user
 * (docs/product-rules.md#accounts-and-roles; tutors, docs/decisions/079).
 */
export function roleOf(user: { role?: string | null } | null | undefined): UserRole {
  return user?.role === 'admin' || user?.role === 'tutor' ? user.role : 'user';
}
