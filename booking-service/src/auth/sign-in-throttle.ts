import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { RATE_LIMIT_SCOPES, rateLimitKey } from '../http/rate-limit.ts';

/**
 * Failed sign-ins per e-mail address, whatever client they come from (docs/decisions/039):
 * the 5th failure within 15 minutes of the one before pauses that address's sign-in for 15
 * minutes. Counted for every address typed, existing or not, so the pause reveals nothing
 * about which accounts exist. Kept in the shared `rate_limit` table under its own scope, keyed
 * by the address's HMAC (never the address), so every instance shares it and retention tidies it.
 */
export const ACCOUNT_SIGN_IN_THROTTLE = {
  failures: 5,
  windowSeconds: 15 * 60,
  pauseSeconds: 15 * 60,
} as const;

/** The database and the auth secret the keys are made with. */
export interface ThrottleStore {
  db: Database;
  secret: string;
}

const keyFor = (store: ThrottleStore, email: string) =>
  rateLimitKey(store.secret, RATE_LIMIT_SCOPES.signInFailures, email);

/** Seconds until this address may try again, or null when it is not paused. */
export async function signInPause(
  store: ThrottleStore,
  email: string,
  nowMs: number = Date.now(),
): Promise<number | null> {
  const [row] = await store.db
    .select()
    .from(rateLimit)
    .where(eq(rateLimit.key, keyFor(store, email)));
  if (!row || row.count < ACCOUNT_SIGN_IN_THROTTLE.failures) return null;
  const resumesAt = Number(row.lastRequest) + ACCOUNT_SIGN_IN_THROTTLE.pauseSeconds * 1000;
  return resumesAt > nowMs ? Math.ceil((resumesAt - nowMs) / 1000) : null;
}

/**
 * Counts one failed sign-in. The count restarts when the previous failure is older than the
 * window; row-locked, so concurrent guesses cannot slip past the count.
 */
export async function recordFailedSignIn(
  store: ThrottleStore,
  email: string,
  nowMs: number = Date.now(),
): Promise<void> {
  const key = keyFor(store, email);
  const windowMs = ACCOUNT_SIGN_IN_THROTTLE.windowSeconds * 1000;
  await store.db.transaction(async (tx) => {
    await tx
      .insert(rateLimit)
      .values({ id: randomUUID(), key, count: 0, lastRequest: 0 })
      .onConflictDoNothing({ target: rateLimit.key });
    const [row] = await tx.select().from(rateLimit).where(eq(rateLimit.key, key)).for('update');
    const recent = row && nowMs - Number(row.lastRequest) < windowMs;
    await tx
      .update(rateLimit)
      .set({ count: recent ? row.count + 1 : 1, lastRequest: nowMs })
      .where(eq(rateLimit.key, key));
  });
}

/** Forgets the failures: after a successful sign-in or password reset. */
export async function clearFailedSignIns(store: ThrottleStore, email: string): Promise<void> {
  await store.db.delete(rateLimit).where(eq(rateLimit.key, keyFor(store, email)));
}

export function signInPausedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `Too many failed sign-in attempts for this e-mail address. Please try again in ${minutes} ` +
    `minute${minutes === 1 ? '' : 's'}, or reset your password.`
  );
}
