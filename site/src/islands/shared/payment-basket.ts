// The basket handed from /booking to the payment outcome pages through the tab's sessionStorage
// (docs/product-rules.md#checkout-and-payment: saved before the redirect to the payment page, read
// once on return and removed). /payment-success shows only the service's own record of the
// checkout, never this copy, since the copy proves nothing was paid (decision 041). The booking
// flow only saves it; reading it back through a schema is payment-basket-take.ts, so zod loads
// on the outcome pages, not with the booking flow (decision 124).

export const PAYMENT_BASKET_KEY = 'payment-details';

export interface SavedBasketSession {
  /** London date, YYYY-MM-DD. */
  date: string;
  /** Label and time band, e.g. "GCSE Foundation, 5-6pm". */
  info: string;
  startsAt: string;
}

export interface SavedBasket {
  checkoutId: string;
  sessionCount: number;
  /** Pence, as priced by the service. */
  totalCost: number;
  isSpecialOffer: boolean;
  selectedSessions: SavedBasketSession[];
}

export function paymentStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the flow works without it.
    return undefined;
  }
}

export function savePaymentBasket(basket: SavedBasket): void {
  try {
    paymentStorage()?.setItem(PAYMENT_BASKET_KEY, JSON.stringify(basket));
  } catch {
    // A full or disabled storage only loses the fallback summary.
  }
}
