import { z } from 'zod';
import { BookingSchema } from './bookings.ts';
import { count, isoInstant, named, pence } from './named.ts';
import { PupilRefSchema } from './pupils.ts';

/*
 * The family wallet (docs/decisions/077): session packs bought up front, credit any pupil of
 * the account may use, and the ledger that says where each session of credit went.
 */

/** What a parent can buy: a pack on sale in the CMS. */
export const PackSchema = named(
  'Pack',
  z.object({
    id: z.string(),
    name: z.string(),
    sessions: count.meta({ description: 'Sessions of credit the pack gives' }),
    pricePence: pence,
    validityMonths: count.meta({ description: 'Months from purchase until unused credit lapses' }),
  }),
);
export type Pack = z.infer<typeof PackSchema>;

export const PackListSchema = z.array(PackSchema);

/** POST /api/checkout/pack. */
export const PackCheckoutRequestSchema = named(
  'PackCheckoutRequest',
  z.object({ packId: z.string().min(1).max(100) }),
);
export type PackCheckoutRequest = z.infer<typeof PackCheckoutRequestSchema>;

export const StartedPackCheckoutSchema = named(
  'StartedPackCheckout',
  z.object({
    checkoutId: z.string(),
    url: z.string().meta({ description: 'The payment page to send the customer to' }),
    amountPence: pence,
  }),
);
export type StartedPackCheckout = z.infer<typeof StartedPackCheckoutSchema>;

/** Why the balance changed; each ledger entry has one. */
export const CREDIT_REASONS = ['purchase', 'book', 'return', 'expire', 'refund', 'grant'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export const CreditLotSchema = named(
  'CreditLot',
  z.object({
    id: z.string(),
    name: z.string().meta({ description: 'The pack bought, or "Credit from us" for a grant' }),
    sessions: count.meta({ description: 'Sessions the lot started with' }),
    remaining: count.meta({ description: 'Sessions still unused (0 once spent or lapsed)' }),
    pricePaidPence: pence.meta({ description: 'What was paid for the whole lot (0 for a grant)' }),
    purchasedAt: isoInstant,
    expiresAt: isoInstant.meta({ description: 'When credit left in the lot lapses' }),
    held: count.meta({
      description:
        'Sessions of this lot an unfinished card payment holds (not in `remaining`; back if the ' +
        'payment is not finished)',
    }),
    refundableUntil: isoInstant.nullable().meta({
      description:
        'Until when unused credit of a bought pack may be refunded to the card (14 days ' +
        'cooling-off); null for credit that cannot be refunded',
    }),
  }),
);
export type CreditLot = z.infer<typeof CreditLotSchema>;

/**
 * A history line's reason: the ledger's, or `hold-ended`, the one line that stands for the
 * credit a payment held and gave back when it was not finished (docs/decisions/105).
 */
export const CREDIT_HISTORY_REASONS = [...CREDIT_REASONS, 'hold-ended'] as const;
export type CreditHistoryReason = (typeof CREDIT_HISTORY_REASONS)[number];

export const CreditHistoryEntrySchema = named(
  'CreditHistoryEntry',
  z.object({
    at: isoInstant,
    change: z.number().int().meta({
      description: 'Sessions added (positive) or used (negative); 0 for hold-ended',
    }),
    reason: z.enum(CREDIT_HISTORY_REASONS),
    held: count.optional().meta({
      description: 'hold-ended only: the sessions the unfinished payment held and gave back',
    }),
    lotId: z.string().meta({ description: 'The lot concerned (hold-ended: the first it drew on)' }),
    pupil: PupilRefSchema.nullable(),
    session: z
      .object({ startsAt: isoInstant, label: z.string() })
      .nullable()
      .meta({ description: 'The session a booking or its return concerns' }),
    note: z.string().nullable().meta({ description: 'Why staff granted or returned credit' }),
  }),
);
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntrySchema>;

/** Credit an unfinished card payment holds (docs/decisions/105): held, not used. */
export const CreditHoldSchema = named(
  'CreditHold',
  z.object({
    checkoutId: z.string(),
    sessions: count.meta({ description: 'Sessions of credit the payment holds' }),
    pupils: z.array(PupilRefSchema).meta({ description: 'The children the seats are for' }),
    expiresAt: isoInstant.meta({ description: 'When the hold ends and the credit comes back' }),
    resumeUrl: z.string().nullable().meta({
      description: 'The payment page to go back to while the hold lasts',
    }),
  }),
);
export type CreditHold = z.infer<typeof CreditHoldSchema>;

export const WalletSchema = named(
  'Wallet',
  z.object({
    balance: count.meta({ description: 'Sessions of credit usable now (held credit is not)' }),
    held: z.array(CreditHoldSchema).meta({
      description: 'Unfinished card payments holding credit, the soonest to end first',
    }),
    lots: z.array(CreditLotSchema).meta({ description: 'Soonest to expire first' }),
    history: z.array(CreditHistoryEntrySchema).meta({ description: 'Newest first' }),
  }),
);
export type Wallet = z.infer<typeof WalletSchema>;

/** What the family gets back when the business cancels their seat (docs/decisions/077). */
export const CANCEL_REMEDIES = ['credit', 'refund', 'none'] as const;
export type CancelRemedy = (typeof CANCEL_REMEDIES)[number];

/** The longest reason an admin may give for cancelling, a seat or a whole session. */
export const CANCEL_REASON_MAX = 300;

/** Why the business cancelled, as the family's e-mail says it. */
const cancelReason = z
  .string()
  .trim()
  .max(CANCEL_REASON_MAX, { error: `reason must be at most ${CANCEL_REASON_MAX} characters.` });

/** POST /api/admin/bookings/{id}/cancel: absent remedy is `none`, a cancel the family asked for. */
export const AdminCancelRequestSchema = named(
  'AdminCancelRequest',
  z.object({
    remedy: z
      .enum(CANCEL_REMEDIES)
      .optional()
      .meta({
        description:
          '`credit`: a session of credit (a credit-paid seat gets its own back); `refund`: the ' +
          'seat’s charged price back to the card (a credit-paid seat gets its credit back); ' +
          '`none` (default): nothing, as when the family asked to cancel',
      }),
    reason: cancelReason.optional().meta({
      description: 'Why the seat is cancelled, told to the family in its e-mail (blank: not said)',
    }),
  }),
);
export type AdminCancelRequest = z.infer<typeof AdminCancelRequestSchema>;

export const RemedyOutcomeSchema = named(
  'RemedyOutcome',
  z.object({
    remedy: z.enum(CANCEL_REMEDIES),
    refundedPence: pence.meta({ description: 'Refunded to the card for this seat' }),
    creditReturned: count.meta({ description: 'Sessions of credit given back for this seat' }),
  }),
);
export type RemedyOutcome = z.infer<typeof RemedyOutcomeSchema>;

/** POST /api/admin/users/{id}/credit: goodwill credit. */
export const CreditGrantRequestSchema = named(
  'CreditGrantRequest',
  z.object({
    sessions: z.number().int().min(1).max(20),
    reason: z.string().trim().min(1).max(200),
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: 'When the credit lapses (default: 6 months from today)' }),
  }),
);
export type CreditGrantRequest = z.infer<typeof CreditGrantRequestSchema>;

export const AdminCancelledBookingSchema = named(
  'AdminCancelledBooking',
  BookingSchema.extend({ remedy: RemedyOutcomeSchema }),
);
export type AdminCancelledBooking = z.infer<typeof AdminCancelledBookingSchema>;

export const CreditLotIdParamsSchema = z.object({ id: z.string() });

export const PackRefundSchema = named(
  'PackRefund',
  z.object({
    refundedPence: pence.meta({ description: 'Refunded to the card' }),
    sessionsCancelled: count.meta({ description: 'Unused sessions that left your credit' }),
  }),
);
export type PackRefund = z.infer<typeof PackRefundSchema>;

export const CreditGrantedSchema = named(
  'CreditGranted',
  z.object({ lotId: z.string(), expiresAt: isoInstant }),
);
export type CreditGranted = z.infer<typeof CreditGrantedSchema>;

/** POST /api/admin/sessions/{id}/cancel: the business cancels a whole session. */
export const SessionCancelRequestSchema = named(
  'SessionCancelRequest',
  z.object({
    remedy: z.enum(CANCEL_REMEDIES).meta({
      description: 'What every family gets back (credit is what the admin screen preselects)',
    }),
    reason: cancelReason.min(1, {
      error: 'Say why the session is cancelled: the families are told.',
    }),
  }),
);
export type SessionCancelRequest = z.infer<typeof SessionCancelRequestSchema>;

export const SessionCancelledSchema = named(
  'SessionCancelled',
  z.object({
    sessionId: z.string(),
    seats: z.array(RemedyOutcomeSchema.extend({ bookingId: z.string(), pupil: PupilRefSchema })),
  }),
);
export type SessionCancelled = z.infer<typeof SessionCancelledSchema>;
