import { createHmac, randomUUID } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';

/*
 * Keys of the `rate_limit` table never hold an e-mail or IP address in the clear (decision
 * 058, addendum): each is a scope and an HMAC-SHA-256, under the auth secret, of the normalised address.
 * Without the secret the digest cannot be matched against a list of addresses (the IPv4 space
 * is small enough to try whole with a plain hash). Rows idle longer than the longest window
 * below mean nothing any more and the retention job removes them.
 */

/** The scopes of every limit kept in `rate_limit`, each counting one kind of thing. */
export const RATE_LIMIT_SCOPES = {
  /** Failed sign-ins per e-mail address (auth/sign-in-throttle.ts). */
  signInFailures: 'sign-in-failures',
  /** Verification mails sent per address (auth/client-limits.ts). */
  verificationMail: 'verification-mail',
  /** Requests to a mail-sending auth endpoint per address; the endpoint's path follows. */
  authMail: 'auth-mail',
  contactEmail: 'contact:email',
  contactIp: 'contact:ip',
  /** better-auth's own per-client limits; the endpoint's path follows. */
  authClient: 'auth-client',
  /** DELETE /api/me attempts per account id (not an address: kept as it is). */
  accountDeletion: 'account-deletion',
  /** Unknown promo codes typed, per account id and per client address (pricing/code-guesses.ts). */
  codeGuessAccount: 'code-guess:account',
  codeGuessClient: 'code-guess:client',
} as const;

/**
 * The longest time any limit looks back: the mail and contact limits' hour (the sign-in pause
 * and the deletion attempts last 15 minutes, better-auth's default windows a minute or less).
 * A row idle for longer is removed by the retention job.
 */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 60 * 60;

/** The key of one address (e-mail or IP) under one scope: never the address itself. */
export function rateLimitKey(secret: string, scope: string, address: string): string {
  const digest = createHmac('sha256', secret)
    .update(address.trim().toLowerCase())
    .digest('base64url');
  return `${scope}:${digest}`;
}

/** Scopes keyed by an e-mail address (a deleted account's are forgotten with it). */
const EMAIL_SCOPES = [
  RATE_LIMIT_SCOPES.signInFailures,
  RATE_LIMIT_SCOPES.verificationMail,
  `${RATE_LIMIT_SCOPES.authMail}:/request-password-reset`,
  `${RATE_LIMIT_SCOPES.authMail}:/send-verification-email`,
  RATE_LIMIT_SCOPES.contactEmail,
];

/** Removes every count kept under this e-mail address (account deletion). */
export async function forgetAddressLimits(
  db: DbExecutor,
  secret: string,
  email: string,
): Promise<void> {
  const keys = EMAIL_SCOPES.map((scope) => rateLimitKey(secret, scope, email));
  await db.delete(rateLimit).where(inArray(rateLimit.key, keys));
}

/** Removes rows idle longer than the longest window (retention); returns how many. */
export async function removeIdleRateLimits(db: DbExecutor, nowMs: number): Promise<number> {
  const cutoff = nowMs - LONGEST_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const removed = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, cutoff))
    .returning({ id: rateLimit.id });
  return removed.length;
}

/**
 * better-auth's storage (rateLimit.customStorage): its key is `${ip}|${path}`, kept here as
 * the path and the IP's HMAC, counted by consumeRateLimit (same semantics as its own).
 */
export function betterAuthRateLimitKey(secret: string, key: string): string {
  const bar = key.lastIndexOf('|');
  const [ip, path] = bar < 0 ? [key, ''] : [key.slice(0, bar), key.slice(bar + 1)];
  return rateLimitKey(secret, `${RATE_LIMIT_SCOPES.authClient}:${path}`, ip);
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until another request would be allowed; null when allowed. */
  retryAfter: number | null;
}

/**
 * One request against `key` in better-auth's `rate_limit` table, with better-auth's own
 * semantics (count within a window that restarts when `window` seconds pass without an
 * allowed request), so the table means one thing and every instance shares it. One atomic
 * upsert decides and counts, so concurrent requests cannot all slip past the limit, and it
 * runs as a single pooled query: a transaction held a pooled client, and when the database
 * vanished mid-request that client could hang the pool's shutdown. A refused request still
 * raises the count (past `max`), which is how the answer tells it was refused; the window is
 * measured from the last allowed request. Wall-clock time on purpose: TEST_CLOCK is for
 * booking rules.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: { window: number; max: number },
  nowMs: number = Date.now(),
): Promise<RateDecision> {
  const windowMs = rule.window * 1000;
  const expired = sql`${nowMs} - ${rateLimit.lastRequest} >= ${windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} or ${rateLimit.count} < ${rule.max} then ${nowMs}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  if (row && row.count <= rule.max) return { allowed: true, retryAfter: null };
  const last = Number(row?.lastRequest ?? nowMs);
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((last + windowMs - nowMs) / 1000)) };
}
