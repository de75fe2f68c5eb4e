import type { BookabilityResult, PriceQuote } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { type PricingEngineRules, type ServiceCode, splitBasketPayment } from '@tuition/domain';
import type { Clock } from '../clock.ts';
import type { DbExecutor } from '../db/client.ts';
import { choosePromo, priceQuoteOf, promoRefusal, quoteSeats } from '../pricing/basket-price.ts';

/*
 * The price the booking page shows beside a basket: the server's own quote of the seats that
 * can be taken, by the one pricing engine (docs/decisions/080, 082), so a sibling discount or a
 * promo code is shown as checkout will charge it. Credit is payment, shown apart.
 */

/** Signed out, the basket is one seat each for nobody in particular. */
const VISITOR = 'visitor';

/**
 * The quote for the ok (and own pending) seats of a bookability answer, each start × pupil, and
 * what the card pays when the account's credit pays for the earliest of them. A typed code is
 * checked for the account (400 naming promoCode when it cannot apply).
 */
export async function bookabilityPrice(
  deps: { db: DbExecutor; content: ContentLoader; clock: Clock },
  basket: {
    service: ServiceCode;
    results: readonly BookabilityResult[];
    userId: string | null;
    pupilIds: readonly string[];
    promoCode: string | undefined;
    /** Sessions of credit the account can spend: checkout pays the earliest seats with it. */
    creditAvailable: number;
    /** The pricing rules (pricingRules), read by the caller beside the seats. */
    rules: PricingEngineRules;
  },
): Promise<{ price: PriceQuote; cardPrice?: PriceQuote }> {
  const now = deps.clock.now();
  const pupilIds = basket.pupilIds.length > 0 ? basket.pupilIds : [VISITOR];
  const promo = basket.userId
    ? await choosePromo(deps.db, { code: basket.promoCode, userId: basket.userId, pupilIds, now })
    : null;
  const takeable = basket.results.filter((r) => r.status === 'ok' || r.status === 'pending');
  const seats = takeable.flatMap((result) =>
    pupilIds.map((pupilId) => ({
      sessionId: result.startsAt,
      pupilId,
      service: basket.service,
      startsAt: new Date(result.startsAt),
    })),
  );
  const { rules } = basket;
  const quote = quoteSeats(seats, rules, promo);
  // With no seat to price yet, a code is not refused: the customer may still pick sessions.
  const refusal = seats.length > 0 ? promoRefusal(quote) : null;
  if (refusal) throw refusal;
  // Credit pays for the earliest seats (decision 077), the balance spent as one lot; the card
  // seats are priced alone, the code applying to them.
  const split = splitBasketPayment(seats, [{ remaining: Math.max(0, basket.creditAvailable) }]);
  if (split.credit.length === 0 || split.card.length === 0) return { price: priceQuoteOf(quote) };
  return {
    price: priceQuoteOf(quote),
    cardPrice: priceQuoteOf(quoteSeats(split.card, rules, promo)),
  };
}
