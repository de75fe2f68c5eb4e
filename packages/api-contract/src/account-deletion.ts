import { z } from 'zod';
import { count, named, pence } from './named.ts';
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
  }),
);
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreviewSchema>;
