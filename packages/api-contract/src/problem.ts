import { z } from 'zod';
import { named } from './named.ts';

/**
 * Every machine-readable `code` a problem body of the booking service can carry. Clients
 * branch on these (the booking flow, the reschedule dialog), so they are one closed list: the
 * service cannot throw a code that is not here, and a client cannot test for one that is
 * never sent.
 */
export const PROBLEM_CODES = [
  /** 409: the customer already has a confirmed booking of the session. */
  'duplicate',
  /** 409: no seat left. */
  'full',
  /** 409: the seat is in the customer's own unpaid checkout (reschedule onto it refused). */
  'pending',
  /** 409: a customer's reschedule inside the 24-hour cut-off. */
  'too-late',
  /** 409: the booking is cancelled, moved or started. */
  'not-cancellable',
  /** 409: the booking is cancelled, moved or started. */
  'not-reschedulable',
  /** 409: attendance marked before the session's start or over 7 days after it. */
  'attendance-closed',
  /** 502: the payment provider did not open a page. */
  'payment-error',
  /** 409: a student account has exactly one pupil, itself (no second, no removal). */
  'student-account',
  /** 400: a webhook whose signature does not match its body. */
  'invalid-signature',
  /** 409: joining a waiting list while seats are free (book instead). */
  'not-full',
  /** 409: the waiting list is closed (the session starts too soon for an offer). */
  'list-closed',
  /** 409: a waiting-list offer that lapsed, was declined or was used. */
  'offer-expired',
  /** 400: an account already holds the most pupils it may (decision 066). */
  'too-many-pupils',
  /** 409: credit that cannot be refunded (a grant, spent, or past the 14 days; decision 077). */
  'not-refundable',
  /**
   * A tutor's account: 409 when deleting it (closed by an admin, never deleted; decision 079),
   * 403 for a customer's action such as booking (decision 088).
   */
  'staff-account',
  /** 409: a lesson report sent before the start, unsaved, or with pupils unmarked (079). */
  'report-not-ready',
  /** 409: term enrolment is not open yet for these pupils; `opensOn` says when (083). */
  'not-open',
  /** 409: a lesson room opened before 15 minutes ahead of the start (decision 098). */
  'too-early',
  /** 409: a lesson room opened after the lesson's end or once it was ended (098). */
  'room-ended',
  /** 409: this business uses standing meeting links, not rooms (MEETING_PROVIDER=link; 098). */
  'rooms-off',
  /** 503: the room provider did not make the room; the class's meeting link stands in (098). */
  'room-unavailable',
  /** 409: the basket's price is no longer the total the page showed (decision 102). */
  'price-changed',
  /** 409: a session with a minimum that was decided already, or has no minimum (100). */
  'decided',
  /** 409: a merge whose families' pupils do not all fit the target session together (100). */
  'does-not-fit',
  /** 409: a tutor's hour that is no longer free; `slots` lists the starts (decision 106). */
  'unavailable',
  /** 409: a text kind turned on, or a code asked for, without a verified number (103). */
  'phone-not-verified',
  /** 429: more verification codes than 3 an hour for the account or the number (103). */
  'too-many-codes',
  /** 401/403 from the local room twin: why it refused a token (decision 098). */
  'invalid-token',
  'expired',
  'no-such-room',
  'removed',
  'room-full',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The codes of a 409 Conflict. */
export const CONFLICT_CODES = [
  'duplicate',
  'full',
  'pending',
  'too-late',
  'not-cancellable',
  'not-reschedulable',
  'student-account',
  'not-full',
  'list-closed',
  'offer-expired',
  'attendance-closed',
  'not-refundable',
  'staff-account',
  'report-not-ready',
  'not-open',
  'too-early',
  'room-ended',
  'rooms-off',
  'decided',
  'does-not-fit',
  'price-changed',
  'phone-not-verified',
  'unavailable',
] as const satisfies readonly ProblemCode[];
export type ConflictCode = (typeof CONFLICT_CODES)[number];

export const FieldErrorSchema = named(
  'FieldError',
  z.object({
    field: z.string().meta({ description: 'Dotted path of the input field, e.g. startsAt.2' }),
    message: z.string(),
  }),
);
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** RFC 9457 problem details, served as application/problem+json for every error. */
export const ProblemSchema = named(
  'Problem',
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z
      .array(FieldErrorSchema)
      .optional()
      .meta({ description: '400 only: one entry per invalid field' }),
    code: z.enum(PROBLEM_CODES).optional(),
    slots: z
      .array(z.string())
      .optional()
      .meta({ description: 'The session starts (ISO instants) a conflict concerns' }),
    opensOn: z
      .string()
      .optional()
      .meta({ description: 'not-open only: the London date enrolment opens for these pupils' }),
    expectedPence: z
      .number()
      .int()
      .optional()
      .meta({ description: 'price-changed only: the total the page showed' }),
    amountPence: z
      .number()
      .int()
      .optional()
      .meta({ description: 'price-changed only: the total now, which the page shows instead' }),
  }),
  'RFC 9457 problem details',
);
export type Problem = z.infer<typeof ProblemSchema>;
