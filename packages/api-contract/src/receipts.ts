import { BOOKING_STATUSES } from '@tuition/domain';
import { z } from 'zod';
import { count, isoInstant, named, pence } from './named.ts';
import { SeatSummarySchema, SessionSummarySchema } from './sessions.ts';

export const ReceiptIdParamsSchema = z.object({ id: z.string() });

/**
 * One seat a payment bought, as it stands now: still `confirmed`, `cancelled`, or
 * `rescheduled` (moved), with where it was moved to.
 */
export const ReceiptLineSchema = named(
  'ReceiptLine',
  SeatSummarySchema.extend({
    status: z.enum(BOOKING_STATUSES),
    movedTo: SessionSummarySchema.extend({ status: z.enum(BOOKING_STATUSES) })
      .nullable()
      .meta({ description: 'For a rescheduled seat: the session it is booked on now' }),
  }),
);
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

/**
 * Who was paid, from the CMS site settings as they are when the receipt is opened (part of
 * Receipt, not a component of its own, so the contract's index needs no new export).
 */
const ReceiptSellerSchema = z.object({
  name: z.string(),
  address: z.array(z.string()).meta({ description: 'The postal address, line by line' }),
  vatNumber: z
    .string()
    .nullable()
    .meta({ description: 'Null while the business is not VAT registered (the receipt says so)' }),
});
export type ReceiptSeller = z.infer<typeof ReceiptSellerSchema>;

/** A paid checkout as its receipt prints it (decision 053); only its payer may read it. */
/** One refund of part (or all) of a payment (docs/decisions/077). */
export const ReceiptRefundSchema = z.object({
  amountPence: pence,
  refundedAt: isoInstant.meta({
    description:
      'When we refunded it (the card provider is asked at once, and again until it takes it)',
  }),
});
export type ReceiptRefund = z.infer<typeof ReceiptRefundSchema>;

export const ReceiptSchema = named(
  'Receipt',
  z.object({
    paymentId: z.string(),
    reference: z.string().meta({
      description:
        "The payment reference: the provider's payment id (Stripe's payment intent), else its " +
        'checkout id, else our payment id',
    }),
    paidAt: isoInstant,
    amountPence: pence,
    refundedPence: pence.meta({ description: 'Given back to the card since (decision 077)' }),
    refunds: z
      .array(ReceiptRefundSchema)
      .optional()
      .meta({
        description:
          'Each refund of this payment, oldest first: what was given back and when (their sum is ' +
          'refundedPence). Absent from answers of services older than this field',
      }),
    creditUsed: count.meta({ description: 'Seats paid with sessions of credit' }),
    pack: z
      .object({ name: z.string(), sessions: count })
      .nullable()
      .meta({ description: 'The session pack this payment bought (null for seats)' }),
    sessionCount: count,
    isSpecialOffer: z.boolean(),
    discountPence: pence.optional().meta({ description: 'What a discount took off the price' }),
    discountLabel: z.string().nullable().optional().meta({
      description: 'The discount applied, in words ("Sibling discount 10%")',
    }),
    lines: z.array(ReceiptLineSchema),
    seller: ReceiptSellerSchema,
  }),
);
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ReceiptListSchema = z.array(ReceiptSchema);
