// Reading back the basket payment-basket.ts saved, on the payment outcome pages: through a schema,
// so only a shape this version wrote is shown (decision 041). Apart from the saving side so that
// the booking flow does not load zod (decision 124).
import { z } from 'zod';
import { PAYMENT_BASKET_KEY, paymentStorage, type SavedBasket } from './payment-basket.ts';

/**
 * What the tab holds is read through this schema: anything else (an older version's shape, a
 * hand-edited value) is ignored as if nothing were stored.
 */
const SavedBasketSchema: z.ZodType<SavedBasket> = z.object({
  checkoutId: z.string(),
  sessionCount: z.number(),
  /** Pence, as priced by the service. */
  totalCost: z.number(),
  isSpecialOffer: z.boolean(),
  selectedSessions: z.array(
    z.object({
      /** London date, YYYY-MM-DD. */
      date: z.string(),
      /** Label and time band, e.g. "GCSE Foundation, 5-6pm". */
      info: z.string(),
      startsAt: z.string(),
    }),
  ),
});

/** Reads the saved basket and removes it, so it is shown at most once. */
export function takePaymentBasket(): SavedBasket | undefined {
  const store = paymentStorage();
  const raw = store?.getItem(PAYMENT_BASKET_KEY);
  store?.removeItem(PAYMENT_BASKET_KEY);
  if (!raw) return undefined;
  try {
    const parsed = SavedBasketSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not ours or damaged: ignore it.
  }
  return undefined;
}
