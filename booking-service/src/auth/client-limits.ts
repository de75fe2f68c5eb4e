import type { BetterAuthRateLimitOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import {
  betterAuthRateLimitKey,
  consumeRateLimit,
  RATE_LIMIT_SCOPES,
  rateLimitKey,
} from '../http/rate-limit.ts';

/**
 * Per-IP limits on the endpoints that send e-mail: a stranger must not be able to make us
 * mail-bomb an inbox. No limit looks back further than an hour: the retention job removes
 * `rate_limit` rows idle for longer (LONGEST_RATE_LIMIT_WINDOW_SECONDS).
 */
export const MAIL_SENDING_RATE_LIMIT = { window: 60 * 60, max: 5 } as const;

/**
 * The same limit per e-mail address, so a stranger changing client addresses still cannot
 * fill one inbox: requests to the mail-sending endpoints answer 429 beyond it (counted for
 * every address typed, so the answer says nothing about which accounts exist), and
 * verification mails (also sent on sign-up and on a sign-in before verification) stop being
 * sent beyond it.
 */
export const MAIL_PER_ADDRESS_LIMIT = MAIL_SENDING_RATE_LIMIT;

/** Endpoints whose requests send mail to the address in the body. */
const MAIL_REQUEST_PATHS = new Set(['/request-password-reset', '/send-verification-email']);

/** better-auth's per-client limits, stored in the shared database table. */
export function sharedRateLimits(db: Database, secret: string): BetterAuthRateLimitOptions {
  return {
    enabled: true,
    // Shared by every instance of the service, unlike the in-memory default: the same table,
    // but each client's IP kept as its HMAC (better-auth's own storage wrote it in the clear).
    storage: 'database',
    customStorage: {
      consume: (key, rule) => consumeRateLimit(db, betterAuthRateLimitKey(secret, key), rule),
    },
    window: 60,
    max: 100,
    customRules: {
      '/request-password-reset': MAIL_SENDING_RATE_LIMIT,
      '/send-verification-email': MAIL_SENDING_RATE_LIMIT,
      // Every page load reads the session (several islands each); a family, or a school
      // behind one address, must never meet a 429 for that. It only reads a cookie.
      '/get-session': false,
    },
  };
}

/**
 * Counts a request to an endpoint that mails `email` and refuses it (429 TOO_MANY_MAILS) beyond
 * the address's hourly limit; requests to other endpoints pass untouched.
 */
export async function limitMailRequests(
  db: Database,
  secret: string,
  request: { path: string; email: string },
): Promise<void> {
  if (!MAIL_REQUEST_PATHS.has(request.path)) return;
  const decision = await consumeRateLimit(
    db,
    rateLimitKey(secret, `${RATE_LIMIT_SCOPES.authMail}:${request.path}`, request.email),
    MAIL_PER_ADDRESS_LIMIT,
  );
  if (!decision.allowed) {
    const wait = decision.retryAfter ?? MAIL_PER_ADDRESS_LIMIT.window;
    throw new APIError(
      'TOO_MANY_REQUESTS',
      {
        code: 'TOO_MANY_MAILS',
        message:
          'Several e-mails have been sent to this address recently. Please check your inbox or try again later.',
      },
      { 'Retry-After': String(wait) },
    );
  }
}

/** Counts one verification mail to `email`: false once the address's hourly limit is spent. */
export async function verificationMailAllowed(
  db: Database,
  secret: string,
  email: string,
): Promise<boolean> {
  const budget = await consumeRateLimit(
    db,
    rateLimitKey(secret, RATE_LIMIT_SCOPES.verificationMail, email),
    MAIL_PER_ADDRESS_LIMIT,
  );
  return budget.allowed;
}
