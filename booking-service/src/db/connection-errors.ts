import { DrizzleQueryError } from 'drizzle-orm';

/*
 * Telling "the database cannot be reached right now" apart from "the database refused this
 * query". The first is an outage the client may retry (503 with Retry-After); the second is a
 * bug or a conflict (500, or a typed error). Drivers wrap and nest errors differently:
 * drizzle's DrizzleQueryError keeps the driver's error as `cause`, Node reports a refused
 * connection to several addresses as an AggregateError (`errors`), and the Neon driver
 * surfaces the WebSocket's ErrorEvent (`error`); so the whole chain is searched.
 */

/** Node socket errors: nothing answers, or the connection broke. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up, failover), 53300 too many
 * connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What the drivers say when they carry no code (pg-pool, pg, Neon's pg fork, PGlite). */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg-pool: no free connection in time
  /connection terminated/i, // pg: server went away, or connect timeout
  /is not queryable/i, // pg: client broke earlier
  /PGlite is closed/i,
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND)\b/, // ws ErrorEvent text
];

export interface UnreachableCause {
  code: string | undefined;
  message: string;
}

/**
 * The error in `error`'s chain that shows the database is unreachable, or undefined when it
 * is some other failure. Only its code and message are returned: the outer errors can carry
 * the SQL and its parameters, which stay out of logs.
 */
export function databaseUnreachableCause(error: unknown): UnreachableCause | undefined {
  return findInChain(error, (code, message) =>
    Boolean(
      (code && (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) ||
        UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)),
    ),
  );
}

/**
 * SQLSTATEs of a transaction the server rolled back to settle a contest between transactions:
 * 40P01 deadlock detected, 40001 serialization failure, 55P03 lock not available (a seat
 * write waited longer than the seat ledger's lock timeout). Nothing of it was written and the
 * same request may well succeed a moment later, so the client is told to retry, as in an outage.
 */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001', '55P03']);

/** The error in `error`'s chain that shows a retryable contest (see above). */
export function transientConflictCause(error: unknown): UnreachableCause | undefined {
  return findInChain(error, (code) => code !== undefined && RETRYABLE_SQLSTATES.has(code));
}

/** Whether the database refused the query with this SQLSTATE (e.g. 23503, a foreign key). */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  return findInChain(error, (code) => code === sqlState) !== undefined;
}

/** Searches `error`'s chain (causes, nested and aggregated errors) for one that `matches`. */
function findInChain(
  error: unknown,
  matches: (code: string | undefined, message: string) => boolean,
): UnreachableCause | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors, error: inner } = current as Record<string, unknown>;
    const codeText = typeof code === 'string' ? code : undefined;
    // A failed query's own message quotes the SQL and its parameters (user input): only its
    // cause speaks for the driver.
    const messageText =
      typeof message === 'string' && !(current instanceof DrizzleQueryError) ? message : '';
    if (matches(codeText, messageText)) return { code: codeText, message: messageText };
    queue.push(cause, inner, ...(Array.isArray(errors) ? errors : []));
  }
  return undefined;
}

/** True when the error means the database cannot be reached right now (see above). */
export function isDatabaseUnreachable(error: unknown): boolean {
  return databaseUnreachableCause(error) !== undefined;
}
