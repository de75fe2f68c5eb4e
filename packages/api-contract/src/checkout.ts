import { CHECKOUT_STATUSES } from '@tuition/domain';
import { z } from 'zod';
import { count, isoInstant, named, pence } from './named.ts';
import { SeatSummarySchema } from './sessions.ts';

/** Each seat as a line (date, time, class and pupil), in start order. */
const seatLines = z.array(SeatSummarySchema).meta({
  description: 'One line per seat (start × pupil), in start order then pupil name',
});

/** What the price counts: seats, i.e. sessions × pupils (two children × 5 sessions = 10). */
const seatCount = count.meta({ description: 'Seats priced: each start × pupil is one' });

export const CheckoutIdParamsSchema = z.object({ id: z.string() });

export const StartedCheckoutSchema = named(
  'StartedCheckout',
  z.object({
    checkoutId: z.string(),
    status: z.enum(['pending', 'paid']).meta({
      description:
        '`paid` when credit covered every seat: the bookings are confirmed already and `url` ' +
        'is the success page; otherwise `pending` until the card payment lands',
    }),
    url: z.string().meta({ description: 'The page to send the customer to (payment or success)' }),
    amountPence: pence.meta({ description: 'What the card pays (0 when credit covered it all)' }),
    creditUsed: count.meta({ description: 'Seats paid with sessions of credit' }),
    sessionCount: seatCount,
    isSpecialOffer: z.boolean(),
    expiresAt: isoInstant.meta({ description: 'When the seat hold lapses (ISO instant)' }),
    discountPence: pence.optional().meta({ description: 'What the discount took off' }),
    discountLabel: z.string().nullable().optional().meta({
      description: 'The discount applied, in words ("Sibling discount 10%", "Code LEAFLET10")',
    }),
    replacedCheckoutIds: z.array(z.string()).meta({
      description:
        'Your older unpaid checkouts that held some of the same sessions, cancelled by this one',
    }),
  }),
);
export type StartedCheckout = z.infer<typeof StartedCheckoutSchema>;

export const OpenCheckoutSchema = named(
  'OpenCheckout',
  z.object({
    checkoutId: z.string(),
    expiresAt: isoInstant.meta({ description: 'When the seat hold lapses (ISO instant)' }),
    resumeUrl: z.string().nullable().meta({
      description: 'The payment page to go back to while the hold lasts (null while opening)',
    }),
    amountPence: pence,
    sessionCount: seatCount,
    isSpecialOffer: z.boolean(),
    sessions: seatLines,
  }),
);
export type OpenCheckout = z.infer<typeof OpenCheckoutSchema>;

export const OpenCheckoutListSchema = z.array(OpenCheckoutSchema);

const creditUsed = count.meta({ description: 'Seats paid with sessions of credit' });

const packBought = z
  .object({ name: z.string(), sessions: count })
  .nullable()
  .meta({ description: 'The session pack this checkout buys (null for seats)' });

export const CheckoutSummarySchema = named(
  'CheckoutSummary',
  z.object({
    status: z.enum(CHECKOUT_STATUSES),
    amountPence: pence,
    creditUsed,
    pack: packBought,
    sessionCount: seatCount,
    isSpecialOffer: z.boolean(),
    discountPence: pence.optional().meta({ description: 'What the discount took off' }),
    discountLabel: z.string().nullable().optional().meta({
      description: 'The discount applied, in words ("Sibling discount 10%", "Code LEAFLET10")',
    }),
    sessions: seatLines,
  }),
);
export type CheckoutSummary = z.infer<typeof CheckoutSummarySchema>;

export const CheckoutStatusSchema = named(
  'CheckoutStatus',
  z.object({ status: z.enum(CHECKOUT_STATUSES) }),
);
export type CheckoutStatusBody = z.infer<typeof CheckoutStatusSchema>;

export const PaymentSchema = named(
  'Payment',
  z.object({
    id: z.string(),
    paidAt: isoInstant,
    amountPence: pence,
    refundedPence: pence.meta({
      description: 'Given back to the card so far (a seat we cancelled, unused pack sessions)',
    }),
    creditUsed,
    pack: packBought,
    sessionCount: seatCount,
    isSpecialOffer: z.boolean(),
    sessions: seatLines,
  }),
);
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentListSchema = z.array(PaymentSchema);
