import { z } from 'zod';
import { isoInstant, named } from './named.ts';

/*
 * Text messages (docs/decisions/103): the account's verified number, its choice per text kind
 * and quiet hours, and the shapes of the local twin's /dev/sms routes. Payments, receipts and
 * account mail are e-mail only and have no choice here.
 */

/** The text kinds a family turns on one by one; all off until they choose. */
export const SMS_KINDS = ['reminders', 'changes', 'waitingListOffers', 'lessonReports'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** A London wall-clock time, 24-hour "HH:MM". */
const wallClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 21:00')
  .meta({ description: 'London wall-clock time, HH:MM (24-hour)' });

export const SmsChoicesSchema = named(
  'SmsChoices',
  z.object({
    reminders: z.boolean().meta({ description: 'Lesson reminders (the join link)' }),
    changes: z
      .boolean()
      .meta({ description: 'A session cancelled, moved or rescheduled by the business' }),
    waitingListOffers: z.boolean().meta({ description: 'A waiting-list seat offered' }),
    lessonReports: z.boolean().meta({ description: "A tutor's lesson report sent" }),
  }),
);
export type SmsChoices = z.infer<typeof SmsChoicesSchema>;

export const QuietHoursSchema = named(
  'QuietHours',
  z.object({ from: wallClockTime, to: wallClockTime }).meta({
    description: 'No text is sent from `from` until `to`, London time (default 21:00–08:00)',
  }),
);
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** The account's number as texting sees it: what the account page shows beside the choices. */
export const SmsPhoneStateSchema = named(
  'SmsPhoneState',
  z.object({
    number: z.string().nullable().meta({ description: "The account's phone, E.164, or null" }),
    verified: z
      .boolean()
      .meta({ description: 'The number was verified by a code (texts need it)' }),
    stoppedByReply: z.boolean().meta({
      description:
        'The family replied STOP: every kind is off until they reply START (shown as "Texts stopped by reply")',
    }),
    stoppedAt: isoInstant.nullable(),
    unreachable: z.boolean().meta({
      description:
        'Three texts in a row failed; the family was told by e-mail. Verifying again clears it',
    }),
  }),
);
export type SmsPhoneState = z.infer<typeof SmsPhoneStateSchema>;

/** GET /api/me/notifications. */
export const NotificationsSchema = named(
  'Notifications',
  z.object({
    sms: SmsChoicesSchema,
    quietHours: QuietHoursSchema,
    phone: SmsPhoneStateSchema,
    explanations: z.record(z.enum(SMS_KINDS), z.string()).meta({
      description:
        'The sentence the page shows beside each choice; turning a kind on records this wording and the time',
    }),
  }),
);
export type Notifications = z.infer<typeof NotificationsSchema>;

/** PUT /api/me/notifications: the kinds and quiet hours to change (omitted ones stay). */
export const NotificationsUpdateSchema = named(
  'NotificationsUpdate',
  z.object({
    sms: SmsChoicesSchema.partial().optional(),
    quietHours: QuietHoursSchema.optional(),
  }),
);
export type NotificationsUpdate = z.infer<typeof NotificationsUpdateSchema>;

/** POST /api/me/phone/verification: a code was texted to the account's number. */
export const PhoneVerificationSentSchema = named(
  'PhoneVerificationSent',
  z.object({
    number: z.string().meta({ description: 'The number the code went to, E.164' }),
    expiresAt: isoInstant.meta({ description: 'The code works until then (10 minutes)' }),
  }),
);
export type PhoneVerificationSent = z.infer<typeof PhoneVerificationSentSchema>;

/** POST /api/me/phone/verification/confirm. */
export const PhoneVerificationConfirmSchema = named(
  'PhoneVerificationConfirm',
  z.object({ code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code from the text') }),
);
export type PhoneVerificationConfirm = z.infer<typeof PhoneVerificationConfirmSchema>;

export const PhoneVerifiedSchema = named(
  'PhoneVerified',
  z.object({ number: z.string(), verified: z.literal(true) }),
);
export type PhoneVerified = z.infer<typeof PhoneVerifiedSchema>;

/** A text's status, following the provider's delivery receipts, or why it never went. */
export const SMS_STATUSES = [
  'pending',
  'held',
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'dropped',
  'limited',
] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** One text on the admin's user page, newest first. */
export const AdminTextSchema = named(
  'AdminText',
  z.object({
    id: z.string(),
    kind: z.string().meta({ description: 'An SmsKind, verification or reply' }),
    to: z.string().meta({
      description: 'The number it went to, every digit but the last 3 hidden (docs/decisions/112)',
      examples: ['+•••••••••999'],
    }),
    status: z.enum(SMS_STATUSES),
    errorCode: z.string().nullable().meta({ description: "The provider's error code, if any" }),
    note: z.string().nullable().meta({ description: 'Why it was dropped or limited' }),
    at: isoInstant.meta({ description: 'When it was written' }),
    statusAt: isoInstant,
  }),
);
export type AdminText = z.infer<typeof AdminTextSchema>;

/** A message of the local text twin, at GET /dev/sms/messages?to=. */
export const DevSmsMessageSchema = named(
  'DevSmsMessage',
  z.object({
    id: z.string(),
    direction: z.enum(['outbound', 'inbound']),
    to: z.string(),
    from: z.string(),
    body: z.string(),
    status: z
      .string()
      .meta({ description: 'queued, sent, delivered, undelivered (inbound: received)' }),
    errorCode: z.string().nullable(),
    at: isoInstant,
  }),
);
export type DevSmsMessage = z.infer<typeof DevSmsMessageSchema>;

export const DevSmsMessageListSchema = named(
  'DevSmsMessageList',
  z.object({ messages: z.array(DevSmsMessageSchema) }),
);

/** POST /dev/sms/inbound: a reply as a phone would send it; signed and posted to the webhook. */
export const DevSmsInboundSchema = named(
  'DevSmsInbound',
  z.object({ from: z.string().min(1), body: z.string() }),
);
