import { CHECKOUT_STATUSES } from '@tuition/domain';
import { z } from 'zod';
import { count, isoInstant, named, pence } from './named.ts';
import { SessionSummarySchema } from './sessions.ts';

export const CheckoutIdParamsSchema = z.object({ id: z.string() });

export const StartedCheckoutSchema = named(
  'StartedCheckout',
  z.object({
    checkoutId: z.string(),
    url: z.string().meta({ description: 'The payment page to send the customer to' }),
    amountPence: pence,
    sessionCount: count,
    isSpecialOffer: z.boolean(),
    expiresAt: isoInstant.meta({ description: 'When the seat hold lapses (ISO instant)' }),
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
    sessionCount: count,
    isSpecialOffer: z.boolean(),
    sessions: z.array(SessionSummarySchema),
  }),
);
export type OpenCheckout = z.infer<typeof OpenCheckoutSchema>;

export const OpenCheckoutListSchema = z.array(OpenCheckoutSchema);

export const CheckoutSummarySchema = named(
  'CheckoutSummary',
  z.object({
    status: z.enum(CHECKOUT_STATUSES),
    amountPence: pence,
    sessionCount: count,
    isSpecialOffer: z.boolean(),
    sessions: z.array(SessionSummarySchema),
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
    sessionCount: count,
    isSpecialOffer: z.boolean(),
    sessions: z.array(SessionSummarySchema),
  }),
);
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentListSchema = z.array(PaymentSchema);
