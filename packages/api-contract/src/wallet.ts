import { z } from 'zod';
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
    refundableUntil: isoInstant.nullable().meta({
      description:
        'Until when unused credit of a bought pack may be refunded to the card (14 days ' +
        'cooling-off); null for credit that cannot be refunded',
    }),
  }),
);
export type CreditLot = z.infer<typeof CreditLotSchema>;

export const CreditHistoryEntrySchema = named(
  'CreditHistoryEntry',
  z.object({
    at: isoInstant,
    change: z.number().int().meta({ description: 'Sessions added (positive) or used (negative)' }),
    reason: z.enum(CREDIT_REASONS),
    lotId: z.string(),
    pupil: PupilRefSchema.nullable(),
    session: z
      .object({ startsAt: isoInstant, label: z.string() })
      .nullable()
      .meta({ description: 'The session a booking or its return concerns' }),
    note: z.string().nullable().meta({ description: 'Why staff granted or returned credit' }),
  }),
);
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntrySchema>;

export const WalletSchema = named(
  'Wallet',
  z.object({
    balance: count.meta({ description: 'Sessions of credit usable now' }),
    lots: z.array(CreditLotSchema).meta({ description: 'Soonest to expire first' }),
    history: z.array(CreditHistoryEntrySchema).meta({ description: 'Newest first' }),
  }),
);
export type Wallet = z.infer<typeof WalletSchema>;
