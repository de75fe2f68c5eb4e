// The service's answer for the whole basket (POST /api/bookability): how many sessions of credit
// the family can spend (docs/decisions/077) and, with the promo code the parent applied, the
// server's price with its one discount (docs/decisions/080, 082). A code the service refuses is
// asked about again without it, so the basket keeps its price and stays payable; the refusal is
// kept for the field until the code is changed or cleared, and the checkout is sent without it.
import type { PriceQuote } from '@tuition/api-contract';
import type { ServiceCode } from '@tuition/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import type { BookingMode, SelectedSession } from './booking-rules.ts';
import type { useWhoFor } from './use-who-for.ts';

/** The promo code field's state, as the basket draws it. */
export interface BasketPromo {
  text: string;
  setText: (text: string) => void;
  /** The code applied (sent with the basket), if any. */
  applied: string | undefined;
  apply: () => void;
  clear: () => void;
  /** Why the service refused the code, in its words. */
  refused: string | undefined;
  /** Why a code that was accepted does not apply (e.g. a better discount did). */
  note: string | undefined;
}

/**
 * The service's words for a refused promo code, if this is one: a 400 naming promoCode, or the
 * 429 that follows too many codes that do not exist (docs/decisions/093).
 */
export function promoRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 429) return error.detail;
  if (error.status !== 400) return undefined;
  return error.errors?.find((e) => e.field === 'promoCode')?.message;
}

type Basket = ReturnType<ReturnType<typeof useWhoFor>['basketFor']>;

async function bookabilityWithCode(basket: Basket, promoCode: string | undefined) {
  if (!promoCode) return { answer: await api.bookability(basket) };
  try {
    return { answer: await api.bookability({ ...basket, promoCode }) };
  } catch (error) {
    const refused = promoRefusal(error);
    if (!refused) throw error;
    return { answer: await api.bookability(basket), refused };
  }
}

export function useBasketQuote(options: {
  mode: BookingMode;
  /** Only a family booking for itself spends its credit and enters a code. */
  forSelf: boolean;
  userId: string | null;
  service: ServiceCode | undefined;
  selection: readonly SelectedSession[];
  whoFor: ReturnType<typeof useWhoFor>;
}) {
  const { mode, forSelf, userId, service, selection, whoFor } = options;
  const [text, setText] = useState('');
  const [applied, setApplied] = useState<string>();
  // A refusal at checkout (the code ran out between the basket's check and the payment).
  const [refusedAtCheckout, setRefusedAtCheckout] = useState<string>();
  const starts = selection.map((s) => s.startsAt);
  const enabled =
    mode === 'book' &&
    forSelf &&
    userId !== null &&
    service !== undefined &&
    starts.length > 0 &&
    !whoFor.pupils.missing;
  const query = useQuery({
    queryKey: [
      'basket-credit',
      userId,
      service,
      starts,
      whoFor.pupils.pupilIds ?? null,
      applied ?? null,
    ],
    queryFn: () => bookabilityWithCode(whoFor.basketFor(service as ServiceCode, starts), applied),
    enabled,
    // Keep the lines steady while the next pick is asked about.
    placeholderData: keepPreviousData,
  });
  const data = enabled ? query.data : undefined;
  const refused = refusedAtCheckout ?? data?.refused;
  const price: PriceQuote | undefined = data?.answer.price;
  const promo: BasketPromo | undefined =
    mode === 'book' && forSelf && userId !== null
      ? {
          text,
          setText: (next) => {
            setRefusedAtCheckout(undefined);
            setText(next);
          },
          applied,
          apply: () => {
            setRefusedAtCheckout(undefined);
            setApplied(text.trim() || undefined);
          },
          clear: () => {
            setRefusedAtCheckout(undefined);
            setText('');
            setApplied(undefined);
          },
          refused,
          note:
            price?.promo && !price.promo.applied ? (price.promo.reason ?? undefined) : undefined,
        }
      : undefined;
  return {
    creditAvailable: data?.answer.creditAvailable ?? 0,
    price,
    /** What the card pays once the account's credit has paid for the earliest seats. */
    cardPrice: data?.answer.cardPrice,
    promo,
    /** What the checkout sends: the applied code unless the service refused it, and… */
    sent: {
      promoCode: refused ? undefined : applied,
      /**
       * The total the basket shows, once settled (not a previous basket's while the next is
       * asked about): a price changed since is refused, not charged (decision 102).
       */
      expectedPence:
        enabled && !query.isPlaceholderData && !query.isFetching ? price?.totalPence : undefined,
    },
    refuseAtCheckout: setRefusedAtCheckout,
  };
}
