import type { UserRole } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { user } from '../db/schema.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import type { TestApp } from './test-app.ts';

/** Options for a request the way the site's islands send it: same origin, JSON, cookie. */
export interface ApiCall {
  method?: string;
  body?: unknown;
  cookie?: string;
  /**
   * The client's address, as the socket peer the Node server would see (rate limits key on it;
   * X-Forwarded-For is ignored unless TRUSTED_PROXIES says so).
   */
  ip?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

let nextIp = 1;
/** A distinct client address per test user, so per-IP rate limits do not couple tests. */
export function freshIp(): string {
  const n = nextIp++;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/**
 * The bindings @hono/node-server gives a request from `address` (c.env.incoming.socket), for
 * app.request(path, init, peerEnv(address)): in-process requests have no socket otherwise.
 */
export function peerEnv(address: string) {
  return { incoming: { socket: { remoteAddress: address } } };
}

export function api(t: TestApp, path: string, call: ApiCall = {}): Promise<Response> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.cookie) headers.cookie = call.cookie;
  const origin = call.origin === undefined ? t.deps.config.publicUrl : call.origin;
  if (origin) headers.origin = origin;
  return Promise.resolve(
    t.app.request(
      path,
      {
        method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      },
      call.ip ? peerEnv(call.ip) : undefined,
    ),
  );
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair): pair is string => Boolean(pair) && !pair!.endsWith('='))
    .join('; ');
}

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Delivers queued mail, then reads the local mailbox for one address (newest first). */
export async function mailTo(t: TestApp, address: string): Promise<MailboxEntry[]> {
  await deliverPendingMail(t.deps);
  const response = await t.app.request(`/dev/mail/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as MailboxEntry[];
}

/** The token of the first link in `text` that points at `path` (e.g. '/verify-email'). */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path}\\?token=([^\\s&]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
  ip: string;
}

/**
 * A signed-in customer (or admin) for feature tests: signs up through the API, marks the address
 * verified directly (the verification journey has its own test), signs in, returns the cookie.
 */
export async function signedInUser(
  t: TestApp,
  options: { email?: string; name?: string; password?: string; role?: UserRole } = {},
): Promise<TestUser> {
  const ip = freshIp();
  const email = options.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? 'correct-horse-battery';
  const signUp = await api(t, '/api/auth/sign-up/email', {
    body: { name: options.name ?? 'Test User', email, password },
    ip,
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await t.deps.db
    .update(user)
    .set({ emailVerified: true, role: options.role ?? 'user' })
    .where(eq(user.email, email));
  const signIn = await api(t, '/api/auth/sign-in/email', { body: { email, password }, ip });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: row!.id, email, password, cookie: cookieFrom(signIn), ip };
}
