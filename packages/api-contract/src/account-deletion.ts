import { z } from 'zod';
import { count, isoInstant, named, pence } from './named.ts';
import { SeatSummarySchema } from './sessions.ts';

/*
 * What deleting an account costs (docs/decisions/074): its upcoming seats are cancelled without
 * a refund (docs/product-rules.md), so the delete dialog lists them, with what each was charged,
 * before the customer confirms.
 */

/** One upcoming seat a deletion cancels, at the price it was charged. */
export const DeletionSeatSchema = named(
  'DeletionSeat',
  SeatSummarySchema.extend({
    pricePence: pence.meta({
      description:
        "This seat's share of its payment, as charged (a seat of a 10-for-£100 bundle: 1000); " +
        'a rescheduled seat keeps its first price; 0 for a seat no payment records',
    }),
  }),
);
export type DeletionSeat = z.infer<typeof DeletionSeatSchema>;

/**
 * The credit a deletion ends (docs/decisions/101): packs still inside their 14-day cooling-off
 * window are refunded to the card for their unused sessions; the rest is forfeited.
 */
export const DeletionCreditSchema = named(
  'DeletionCredit',
  z.object({
    sessions: count.meta({
      description: 'Sessions of credit the account could still use (lots not lapsed)',
    }),
    valuePence: pence.meta({
      description: "Their value: each lot's unused sessions at its price per session; goodwill 0",
    }),
    refundableSessions: count.meta({
      description: 'Of those, the unused sessions of packs inside their cooling-off window',
    }),
    refundablePence: pence.meta({
      description: 'What deleting now refunds to the card for them; the rest is forfeited',
    }),
    refundableUntil: isoInstant.nullable().meta({
      description: 'When the last of those cooling-off windows ends; null when none is open',
    }),
  }),
);
export type DeletionCredit = z.infer<typeof DeletionCreditSchema>;

/** GET /api/me/deletion-preview: everything a deletion of the signed-in account would cancel. */
export const AccountDeletionPreviewSchema = named(
  'AccountDeletionPreview',
  z.object({
    upcomingSeats: z
      .array(DeletionSeatSchema)
      .meta({ description: 'Confirmed seats not yet started, in start order' }),
    totalPence: pence.meta({ description: 'What the upcoming seats were charged, together' }),
    waitingPlaces: count.meta({ description: 'Waiting-list places (and live offers) left' }),
    pendingCheckouts: count.meta({ description: 'Payments not yet made whose held seats go back' }),
    credit: DeletionCreditSchema,
  }),
);
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreviewSchema>;
