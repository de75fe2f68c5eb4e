// The family's credit in the basket (docs/decisions/077): the service's bookability answer for
// the whole basket (use-basket-quote.ts) says how many sessions of credit the account can spend
// now, and the basket shows credit paying first, as the checkout will. "Use my credit" (on by
// default) lets a parent pay by card instead; the checkout's answer remains the truth.
import { useState } from 'react';
import { splitBasket } from '../wallet/credit-words.ts';

export interface BasketCredit {
  /** Sessions of credit the account can spend now. */
  available: number;
  /** "Use my credit" is ticked. */
  use: boolean;
  setUse: (use: boolean) => void;
  /** Seats the credit pays for. */
  creditSeats: number;
  /** Sessions of credit left after this basket. */
  leftAfter: number;
  /** Seats the card pays for. */
  cardSeats: number;
}

export function useBasketCredit(options: {
  /** Sessions of credit the service says the account can spend on this basket. */
  available: number;
  seats: number;
}): BasketCredit | undefined {
  const { available, seats } = options;
  const [use, setUse] = useState(true);
  if (available <= 0) return undefined;
  return { available, use, setUse, ...splitBasket(seats, available, use) };
}
