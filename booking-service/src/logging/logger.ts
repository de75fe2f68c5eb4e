import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Safety net for feature code that logs objects: whatever sits under these keys is
 * censored. The request log itself records only method, path (no query string), status,
 * duration and request id, never headers or bodies.
 */
export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'cookie',
  'cookies',
  'authorization',
  'card',
  'cardNumber',
  'cvc',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*.card',
  '*.cardNumber',
  '*.cvc',
];

/** Fields of an error worth logging: what kind, which code, where. Never values. */
export interface SafeError {
  type: string;
  message?: string;
  code?: string | number;
  status?: number;
  /** Postgres identifiers (not values): which constraint, table, column, server routine. */
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  stack?: string;
  cause?: SafeError | string;
  errors?: Array<SafeError | string>;
}

/** Strict enough to leave stack paths alone (pnpm's "hono@4.13.19" has no letter TLD). */
const EMAIL_ADDRESS = /[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi;
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSE_DEPTH = 4;

/** E-mail addresses out of free text (third-party messages sometimes quote them). */
export function scrubText(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]');
}

/**
 * A query failure: drizzle's DrizzleQueryError (its message, `query` and `params` are the
 * SQL and its values) or a driver error with a SQLSTATE (whose message and `detail` can quote
 * values: "Key (email)=(…) already exists", "invalid input syntax for type uuid: …").
 */
function isDatabaseError(error: Record<string, unknown>): boolean {
  if ('query' in error && 'params' in error) return true;
  return (
    typeof error.code === 'string' &&
    SQLSTATE.test(error.code) &&
    ('severity' in error || 'routine' in error || 'detail' in error)
  );
}

/** The stack's frames without its first line, which repeats the message. */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const firstFrame = stack.indexOf('\n    at ');
  return firstFrame === -1 ? undefined : stack.slice(firstFrame + 1);
}

/**
 * The pino serializer for `err` (and `error`): an allow-list of an error's fields, so the
 * SQL text and parameters of a failed query, a driver's `detail`, request bodies or headers a
 * library attached, never reach the log, however the error is nested (docs/decisions/040).
 */
export function safeError(value: unknown, depth = 0): SafeError | string {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return String(value);
  const error = value as Record<string, unknown>;
  const constructorName = (value as { constructor?: { name?: unknown } }).constructor?.name;
  const name = typeof error.name === 'string' ? error.name : undefined;
  const type =
    typeof constructorName === 'string' && constructorName !== 'Object'
      ? constructorName
      : (name ?? 'Error');
  const database = isDatabaseError(error);
  const safe: SafeError = { type };
  if (!database && typeof error.message === 'string') safe.message = scrubText(error.message);
  if (database) safe.message = 'database query failed (SQL and values not logged)';
  if (typeof error.code === 'string' || typeof error.code === 'number') safe.code = error.code;
  const status = error.status ?? error.statusCode;
  if (typeof status === 'number') safe.status = status;
  if (database) {
    for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
      const field = error[key];
      if (typeof field === 'string') safe[key] = field;
    }
  }
  const stack = database ? framesOnly(error.stack) : error.stack;
  if (typeof stack === 'string') safe.stack = scrubText(stack);
  if (depth < MAX_CAUSE_DEPTH) {
    if (error.cause !== undefined) safe.cause = safeError(error.cause, depth + 1);
    if (Array.isArray(error.errors)) {
      safe.errors = error.errors.slice(0, 5).map((inner) => safeError(inner, depth + 1));
    }
  }
  return safe;
}

/**
 * A request path fit for the log: the reset-password token rides in the path of two routes
 * (our token check and better-auth's link callback), and a token in a log is a live key.
 */
export function loggablePath(path: string): string {
  return path.replace(
    /^(\/api\/auth-tokens\/reset|\/api\/auth\/reset-password)\/[^/]+/,
    '$1/[redacted]',
  );
}

/** drizzle's failed-query text ("Failed query: <sql>\nparams: <values>") and all after it. */
const FAILED_QUERY = /Failed query:[\s\S]*/;

/**
 * Log messages themselves pass through this too: a library may log an error's message as the
 * message (better-auth does for some database errors), which for a failed query is its SQL
 * and values.
 */
export function safeMessage(message: string): string {
  return scrubText(message.replace(FAILED_QUERY, 'Failed query: [SQL and values not logged]'));
}

export function createLogger(
  options: { level?: string } = {},
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: safeError, error: safeError },
      hooks: {
        logMethod(args, method) {
          const safeArgs = args.map((arg) => (typeof arg === 'string' ? safeMessage(arg) : arg));
          return method.apply(this, safeArgs as Parameters<typeof method>);
        },
      },
      base: { service: 'booking-service' },
    },
    destination,
  );
}
