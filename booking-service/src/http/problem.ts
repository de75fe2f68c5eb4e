import type { ConflictCode, FieldError, Problem, ProblemCode } from '@tuition/api-contract';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/*
 * One error shape for the whole API: RFC 9457 problem details, served as
 * application/problem+json. Feature code throws the typed errors below; the app's single
 * onError turns them into bodies. Islands map `code` to the spec's messages.
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** One invalid input field: its dotted path ("email", "startsAt.2") and what is wrong. */
export type { FieldError };

/** The contract's Problem; extensions beyond it are allowed by RFC 9457. */
export type ProblemBody = Problem & { [extension: string]: unknown };

/** What a problem adds to its title and detail; `code` only from the contract's list. */
export interface ProblemExtras {
  type?: string;
  errors?: FieldError[];
  code?: ProblemCode;
  slots?: string[];
  [extension: string]: unknown;
}

export function problemBody(
  status: number,
  title: string,
  detail: string,
  extra: ProblemExtras = {},
): ProblemBody {
  const { type = 'about:blank', ...rest } = extra;
  return { type, title, status, detail, ...rest };
}

/** Answers with a problem+json body. */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  detail: string,
  extra?: ProblemExtras,
): Response {
  return c.body(JSON.stringify(problemBody(status, title, detail, extra)), status, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
  });
}

/** Base of every error the onError maps to a problem body (never to a 500). */
export class HttpProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    readonly detail: string,
    readonly extra: ProblemExtras = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

/** 400: one entry per invalid field; `detail` names every field too. */
export class ValidationError extends HttpProblem {
  constructor(
    readonly fieldErrors: FieldError[],
    detail = fieldErrors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; '),
  ) {
    super(400, 'Invalid request', detail || 'The request is invalid.', { errors: fieldErrors });
  }

  static fromZod(error: ZodError): ValidationError {
    return new ValidationError(
      error.issues.map((issue) => ({
        field: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    );
  }
}

/** 401: not signed in. */
export class UnauthorizedError extends HttpProblem {
  constructor(detail = 'You need to sign in first.') {
    super(401, 'Unauthorized', detail);
  }
}

/** 403: signed in without the role (`code` when the client should tell why, e.g. staff-account). */
export class ForbiddenError extends HttpProblem {
  constructor(detail = 'You do not have permission to do this.', extra: ProblemExtras = {}) {
    super(403, 'Forbidden', detail, extra);
  }
}

/** 404: missing, or another user's resource (never reveal which). */
export class NotFoundError extends HttpProblem {
  constructor(detail = 'The requested resource was not found.') {
    super(404, 'Not Found', detail);
  }
}

/**
 * 409: a business conflict with a machine-readable `code` (e.g. 'full', 'duplicate') and,
 * where it helps the client, the offending `slots`.
 */
export class ConflictError extends HttpProblem {
  constructor(
    readonly code: ConflictCode,
    readonly slots?: string[],
    detail = `The request conflicts with the current state (${code}).`,
  ) {
    super(409, 'Conflict', detail, {
      type: `urn:tuition:problem:${code}`,
      code,
      ...(slots ? { slots } : {}),
    });
  }
}

/** 429: too many attempts; the onError sends `retryAfterSeconds` as the Retry-After header. */
export class TooManyRequestsError extends HttpProblem {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'Too Many Requests', detail);
  }
}

/** Seconds a client is asked to wait (Retry-After) before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * 503: a dependency (the database) does not answer; retry later. The onError sends
 * `retryAfterSeconds` as the Retry-After header.
 */
export class ServiceUnavailableError extends HttpProblem {
  constructor(
    detail = 'The service is temporarily unavailable.',
    readonly retryAfterSeconds = RETRY_AFTER_SECONDS,
  ) {
    super(503, 'Service Unavailable', detail);
  }
}
