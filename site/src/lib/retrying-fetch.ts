// Bounded retries of a request that met an overloaded or restarting service (502, 503, 504),
// honouring the service's Retry-After (docs/decisions/051). Only requests that are safe to send
// twice are repeated: reads, requests the caller marks repeatable because sending them again
// leaves the same state (saving the same name, releasing the same checkout), and requests that
// carry an Idempotency-Key. Starting a payment, booking, cancelling, rescheduling or sending an
// e-mail is never repeated: a gateway's 502/504 does not say the first attempt did nothing.

/** Statuses that mean "not now" rather than "no". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the first retry when the answer names none; doubled each time. */
  baseDelayMs: number;
  /** A longer Retry-After gives up instead of leaving the customer waiting. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 400,
  maxDelayMs: 8000,
};

/** Methods that change nothing on the service (RFC 9110 safe methods). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may be sent again: a safe method, an Idempotency-Key, or the caller says so. */
export function isRepeatable(init: RequestInit | undefined, markedRepeatable = false): boolean {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method)) return true;
  if (new Headers(init?.headers).has('Idempotency-Key')) return true;
  return markedRepeatable;
}

/**
 * Retry-After in milliseconds: delay-seconds ("3") or an HTTP date; undefined when absent or
 * unreadable. A date in the past means "now".
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RetryOptions {
  /** The caller's word that sending this request twice is harmless (see isRepeatable). */
  repeatable?: boolean;
  policy?: RetryPolicy;
  /** Tests replace the wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Tests replace the network. */
  fetchImpl?: typeof fetch;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch, but a repeatable request answered 502/503/504 is tried again, up to `attempts` tries,
 * after the answer's Retry-After (or a doubling delay). The last answer is returned as it is, so
 * the caller reports it the usual way. A network failure is not retried here: whether it reached
 * the service is unknown, and reads already retry at the query layer.
 */
export async function fetchWithRetry(
  input: RequestInfo | URL,
  init?: RequestInit,
  options: RetryOptions = {},
): Promise<Response> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const send = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? wait;
  const repeatable = isRepeatable(init, options.repeatable);
  for (let attempt = 1; ; attempt += 1) {
    const response = await send(input, init);
    if (!repeatable || !RETRYABLE_STATUSES.has(response.status) || attempt >= policy.attempts) {
      return response;
    }
    const named = retryAfterMs(response.headers.get('Retry-After'));
    const delay = named ?? policy.baseDelayMs * 2 ** (attempt - 1);
    if (delay > policy.maxDelayMs) return response;
    // The body of the answer not used is released before the next try.
    await response.body?.cancel().catch(() => {});
    await sleep(delay);
  }
}
