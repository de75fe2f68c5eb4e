import {
  BOOKING_STATUSES,
  CHECKOUT_STATUSES,
  isCalendarDate,
  SERVICE_CODES,
} from '@tuition/domain';
import { z } from 'zod';
import { isId } from './ids.ts';
import { count, isoInstant, named, pence } from './named.ts';
import { AccountTypeSchema, YearGroupSchema } from './pupils.ts';

/*
 * Your data (docs/decisions/058): the export a customer (or an admin for them)
 * downloads, the account deletion body, and the audit trail of staff actions.
 */

/* The audit trail. */

/** Every action the trail records. Customers' own cancels and reschedules are in it too. */
export const AUDIT_ACTIONS = [
  'booking.cancel',
  'booking.reschedule',
  'user.password-reset',
  'user.password-set',
  'user.role-change',
  'user.delete',
  'user.export',
  'attendance.mark',
  'meeting-link.change',
  'credit.grant',
  'tutor.invite',
  'tutor.deactivate',
  'tutor.rates',
  'tutor.one-to-one',
  'tutor.assign',
  'report.send',
  'promo.create',
  'promo.update',
  'discount.sibling',
  'room.open',
  'room.end',
  'recording.setting',
  'recording.consent',
  'recording.create',
  'recording.view',
  'recording.delete',
  'session.merge',
  'class.minimum',
  'session.decision',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: staff, the customer on their own account, or the service itself. */
export const AUDIT_ACTOR_ROLES = ['admin', 'customer', 'tutor', 'system'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

const auditValues = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: 'The changed fields before or after the action; null when none' });

export const AuditEntrySchema = named(
  'AuditEntry',
  z.object({
    id: z.string(),
    at: isoInstant,
    actorId: z.string().nullable().meta({ description: 'null: the service itself' }),
    actorName: z
      .string()
      .nullable()
      .meta({ description: "The actor's current name; null for the service or a purged account" }),
    actorRole: z.enum(AUDIT_ACTOR_ROLES),
    subjectUserId: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    target: z.string().meta({ examples: ['booking:2f0c…', 'user:abc…'] }),
    before: auditValues,
    after: auditValues,
    summary: z.string().meta({
      description:
        'The entry in words, London time, naming the pupil and session (decision 073); ' +
        'what every reader shows',
      examples: [
        'Booking for Maya (GCSE Higher) moved from Sunday 29 November 2026, 1:00 PM to ' +
          'Thursday 3 December 2026, 5:00 PM by Grace Admin',
      ],
    }),
  }),
);
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Newest first, at most AUDIT_PAGE_SIZE entries a page. */
export const AUDIT_PAGE_SIZE = 50;

export const AuditListSchema = named(
  'AuditList',
  z.object({
    entries: z.array(AuditEntrySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `before` for the next (older) page; null on the last page' }),
  }),
);
export type AuditList = z.infer<typeof AuditListSchema>;

/** A page cursor: the last entry's instant (to the microsecond) and id, `{at}_{id}`. */
const AUDIT_CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** Whether `text` is a cursor this API handed out (so it never reaches SQL otherwise). */
export function isAuditCursor(text: string): boolean {
  const split = text.lastIndexOf('_');
  return AUDIT_CURSOR_AT.test(text.slice(0, split)) && isId(text.slice(split + 1));
}

function auditDate(name: string) {
  return z
    .string()
    .refine(isCalendarDate, { error: `${name} must be a date as YYYY-MM-DD.` })
    .optional()
    .meta({
      description: `London date YYYY-MM-DD (${name === 'from' ? 'first' : 'last'} day, inclusive)`,
    });
}

export const AuditQuerySchema = z
  .object({
    userId: z
      .string()
      .min(1)
      .max(100, { error: 'userId must be at most 100 characters.' })
      .optional()
      .meta({ description: 'Only entries about this account (its History); else every entry' }),
    actor: z
      .string()
      .max(200, { error: 'actor must be at most 200 characters.' })
      .optional()
      .meta({ description: "Part of the actor's name or e-mail, any case" }),
    actorRole: z
      .enum(AUDIT_ACTOR_ROLES, { error: 'actorRole must be admin, customer, tutor or system.' })
      .optional()
      .meta({
        description: 'Only entries by staff, by tutors, by customers, or by the service itself',
      }),
    action: z
      .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}.` })
      .optional(),
    from: auditDate('from'),
    to: auditDate('to'),
    before: z
      .string()
      .refine(isAuditCursor, { error: 'before must be a nextCursor from an earlier page.' })
      .optional()
      .meta({ description: 'The nextCursor of the previous page: entries older than it' }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    error: 'to must be on or after from.',
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/* Account deletion. */

export const AccountDeletionSchema = named(
  'AccountDeletion',
  z.object({
    password: z
      .string({ error: 'Enter your password to delete your account.' })
      .min(1, { error: 'Enter your password to delete your account.' })
      .max(200, { error: 'password must be at most 200 characters.' }),
  }),
);
export type AccountDeletionRequest = z.input<typeof AccountDeletionSchema>;

/** The label every deleted account's kept records carry. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/* The export document. */

const ExportProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  accountType: AccountTypeSchema,
  role: z.string(),
  emailVerified: z.boolean(),
  createdAt: isoInstant,
});

const ExportPupilSchema = z.object({
  id: z.string(),
  name: z.string(),
  yearGroup: YearGroupSchema.nullable(),
  email: z.string().nullable(),
  consentRecordedAt: isoInstant.nullable(),
  consentPolicyVersion: z.string().nullable(),
  recordingConsentAt: isoInstant
    .nullable()
    .meta({ description: 'When lesson recording was agreed (decision 099); null: not agreed' }),
  recordingConsentVersion: z.string().nullable(),
  createdAt: isoInstant,
  archivedAt: isoInstant.nullable(),
});

const ExportStatusChangeSchema = z.object({
  at: isoInstant,
  action: z.enum(AUDIT_ACTIONS),
  by: z.enum(AUDIT_ACTOR_ROLES),
  before: auditValues,
  after: auditValues,
});

const ExportBookingSchema = z.object({
  id: z.string(),
  pupilId: z.string(),
  service: z.enum(SERVICE_CODES),
  subject: z.string(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  status: z.enum(BOOKING_STATUSES),
  checkoutId: z.string().nullable(),
  rescheduledFrom: z.string().nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
  history: z.array(ExportStatusChangeSchema).meta({ description: 'Status changes, oldest first' }),
});

const ExportPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  amountPence: pence,
  sessionCount: z.number().int(),
  provider: z.string(),
  paymentReference: z.string().nullable(),
  createdAt: isoInstant,
  paidAt: isoInstant.nullable(),
  refundedAt: isoInstant.nullable().meta({ description: 'Set when the payment was refunded' }),
});

const ExportEnquirySchema = z.object({
  id: z.string(),
  createdAt: isoInstant,
  parentName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  yearGroup: z.string().nullable(),
  subject: z.string().nullable(),
  preference: z.string().nullable(),
  message: z.string(),
});

const ExportEmailSchema = z.object({ sentAt: isoInstant, to: z.string(), subject: z.string() });

/** A place on a session's waiting list, in any state (waiting, offered, booked, left …). */
const ExportWaitingListPlaceSchema = z.object({
  sessionId: z.string(),
  pupilId: z.string(),
  status: z.string(),
  createdAt: isoInstant,
});

/**
 * A lesson report a pupil of the account was sent (docs/decisions/079): what the family read,
 * with the tutor's note about that pupil only. Never the staff note or other pupils' notes.
 */
const ExportLessonReportSchema = z.object({
  sessionId: z.string(),
  pupilId: z.string(),
  service: z.enum(SERVICE_CODES),
  subject: z.string(),
  startsAt: isoInstant,
  tutorName: z.string(),
  topic: z.string(),
  homework: z.string(),
  resources: z.string().nullable(),
  sentAt: isoInstant.meta({ description: 'When the report (or its latest correction) was sent' }),
  note: z
    .string()
    .nullable()
    .meta({ description: "The tutor's note about this pupil; null when none" }),
});

export const DataExportSchema = named(
  'DataExport',
  z.object({
    exportedAt: isoInstant,
    profile: ExportProfileSchema,
    pupils: z.array(ExportPupilSchema),
    bookings: z.array(ExportBookingSchema),
    payments: z.array(ExportPaymentSchema),
    refunds: z.array(
      z.object({ paymentId: z.string(), amountPence: pence, refundedAt: isoInstant }),
    ),
    waitingList: z.array(ExportWaitingListPlaceSchema),
    recordingViews: z
      .array(z.object({ sessionId: z.string(), viewedAt: isoInstant }))
      .optional()
      .meta({ description: 'Each time the account opened a lesson recording (decision 099)' }),
    credit: z
      .object({
        lots: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            sessions: count,
            remaining: count,
            pricePaidPence: pence,
            purchasedAt: isoInstant,
            expiresAt: isoInstant,
          }),
        ),
        ledger: z.array(
          z.object({
            at: isoInstant,
            change: z.number().int(),
            reason: z.string(),
            lotId: z.string(),
            pupilId: z.string().nullable(),
            sessionId: z.string().nullable(),
            note: z.string().nullable(),
          }),
        ),
      })
      .meta({ description: "The family's credit: each lot and every change (decision 077)" }),
    termEnrolments: z
      .array(
        z.object({
          id: z.string(),
          termId: z.string(),
          termName: z.string(),
          classId: z.string(),
          pupilId: z.string(),
          paymentId: z.string(),
          pricePencePerSession: pence,
          createdAt: isoInstant,
        }),
      )
      .meta({ description: "The pupils' term enrolments, each with its payment (decision 083)" }),
    promoCodesUsed: z
      .array(
        z.object({
          code: z.string(),
          status: z.string(),
          discountPence: pence,
          paymentId: z.string().nullable(),
          pupilIds: z.array(z.string()),
          createdAt: isoInstant,
        }),
      )
      .meta({ description: 'Promo codes this account used (decision 082)' }),
    lessonReports: z.array(ExportLessonReportSchema).meta({
      description: "The lesson reports sent about the account's pupils, by session start",
    }),
    enquiries: z
      .array(ExportEnquirySchema)
      .meta({ description: "Contact-form enquiries sent from the account's e-mail address" }),
    emails: z
      .array(ExportEmailSchema)
      .meta({ description: 'E-mails sent to the account (date and subject only)' }),
  }),
  'Everything the business holds on one account, as a JSON file (Content-Disposition: attachment)',
);
export type DataExport = z.infer<typeof DataExportSchema>;
