import { UNKNOWN_PROMO_CODE_MESSAGE } from '@tuition/domain';
import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';
import { addressBucket, clientAddress } from '../http/client-address.ts';
import { TooManyRequestsError, ValidationError } from '../http/problem.ts';
import { consumeRateLimit, RATE_LIMIT_SCOPES, rateLimitKey } from '../http/rate-limit.ts';

/*
 * Codes cannot be guessed (docs/product-rules.md#prices, decision 093): an account, or a client
 * address, that has typed CODE_GUESSES.max unknown codes within CODE_GUESSES.window seconds of
 * its last allowed one is refused every code look-up (bookability, checkout, a term's quote and
 * checkout) with a 429 and Retry-After until the window has passed, whatever it types then; a
 * known code never counts. The counts live in the shared `rate_limit` table, so every instance
 * sees them, under HMAC keys like the other limits.
 */
export const CODE_GUESSES = { window: 10 * 60, max: 10 };

export const CODE_GUESSES_MESSAGE =
  'Too many codes that do not exist were tried. Please wait a few minutes and try again.';

type GuessDeps = { db: Database; config: Pick<Config, 'auth' | 'trustedProxies'> };

/**
 * Runs `lookUp` (which checks `code` for `userId`) unless this account or client is refused
 * for guessing; counts the code against both when `lookUp` finds it does not exist.
 */
export async function withCodeGuessLimit<T>(
  deps: GuessDeps,
  c: Context,
  who: { userId: string | null | undefined; code: string | undefined },
  lookUp: () => Promise<T>,
): Promise<T> {
  if (who.code === undefined || !who.userId) return lookUp();
  const secret = deps.config.auth.secret;
  const client = addressBucket(clientAddress(c, deps.config.trustedProxies));
  const keys = [
    `${RATE_LIMIT_SCOPES.codeGuessAccount}:${who.userId}`,
    rateLimitKey(secret, RATE_LIMIT_SCOPES.codeGuessClient, client),
  ];
  const now = Date.now();
  await refuseWhileGuessing(deps.db, keys, now);
  try {
    return await lookUp();
  } catch (error) {
    if (isUnknownCode(error)) {
      for (const key of keys) await consumeRateLimit(deps.db, key, CODE_GUESSES, now);
    }
    throw error;
  }
}

/** 429 when any of these keys has used up its guesses and its window has not yet passed. */
async function refuseWhileGuessing(db: Database, keys: string[], now: number): Promise<void> {
  const rows = await db
    .select({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(inArray(rateLimit.key, keys));
  const windowMs = CODE_GUESSES.window * 1000;
  const waits = rows
    .filter((row) => row.count >= CODE_GUESSES.max && now - Number(row.lastRequest) < windowMs)
    .map((row) => Math.ceil((Number(row.lastRequest) + windowMs - now) / 1000));
  if (waits.length > 0) {
    throw new TooManyRequestsError(CODE_GUESSES_MESSAGE, Math.max(1, ...waits));
  }
}

function isUnknownCode(error: unknown): boolean {
  return (
    error instanceof ValidationError &&
    error.fieldErrors.some(
      (e) => e.field === 'promoCode' && e.message === UNKNOWN_PROMO_CODE_MESSAGE,
    )
  );
}
