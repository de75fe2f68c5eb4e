// The family's credit in the basket (docs/decisions/077): the service's bookability answer for
// the whole basket says how many sessions of credit the account can spend now, and the basket
// shows credit paying first, as the checkout will. "Use my credit" (on by default) lets a parent
// pay by card instead; the checkout's answer remains the truth.
import type { ServiceCode } from '@tuition/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { splitBasket } from '../wallet/credit-words.ts';
import type { BookingMode, SelectedSession } from './booking-rules.ts';
import type { useWhoFor } from './use-who-for.ts';

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
  mode: BookingMode;
  /** Only a family booking for itself spends its own credit. */
  forSelf: boolean;
  userId: string | null;
  service: ServiceCode | undefined;
  selection: readonly SelectedSession[];
  whoFor: ReturnType<typeof useWhoFor>;
  seats: number;
}): BasketCredit | undefined {
  const { mode, forSelf, userId, service, selection, whoFor, seats } = options;
  const [use, setUse] = useState(true);
  const starts = selection.map((s) => s.startsAt);
  const enabled =
    mode === 'book' &&
    forSelf &&
    userId !== null &&
    service !== undefined &&
    starts.length > 0 &&
    !whoFor.pupils.missing;
  const answer = useQuery({
    queryKey: ['basket-credit', userId, service, starts, whoFor.pupils.pupilIds ?? null],
    queryFn: () => api.bookability(whoFor.basketFor(service as ServiceCode, starts)),
    enabled,
    // Keep the line steady while the next pick is asked about.
    placeholderData: keepPreviousData,
  });
  const available = enabled ? (answer.data?.creditAvailable ?? 0) : 0;
  if (available <= 0) return undefined;
  return { available, use, setUse, ...splitBasket(seats, available, use) };
}
