// The basket handed from /booking to the payment outcome pages through the tab's sessionStorage
// (docs/product-rules.md#checkout-and-payment: saved before the redirect to the payment page, read
// once on return and removed). /payment-success shows only the service's own record of the
// checkout, never this copy, since the copy proves nothing was paid (decision 041).

import { z } from 'zod';

export const PAYMENT_BASKET_KEY = 'payment-details';

/**
 * What the tab holds is read through this schema: anything else (an older version's shape, a
 * hand-edited value) is ignored as if nothing were stored.
 */
const SavedBasketSchema = z.object({
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

export type SavedBasket = z.infer<typeof SavedBasketSchema>;
export type SavedBasketSession = SavedBasket['selectedSessions'][number];

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the flow works without it.
    return undefined;
  }
}

export function savePaymentBasket(basket: SavedBasket): void {
  try {
    storage()?.setItem(PAYMENT_BASKET_KEY, JSON.stringify(basket));
  } catch {
    // A full or disabled storage only loses the fallback summary.
  }
}

/** Reads the saved basket and removes it, so it is shown at most once. */
export function takePaymentBasket(): SavedBasket | undefined {
  const store = storage();
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
