import { type BasketQuote, type PricingEngineRules, priceBasket } from '@tuition/domain';
import { eq, sql } from 'drizzle-orm';
import { debitSeats, markCreditSeats } from '../../credit/credit-ledger.ts';
import type { Transaction } from '../../db/client.ts';
import { checkouts } from '../../db/schema.ts';
import {
  type PricedSeat,
  type PromoChoice,
  priceQuoteOf,
  promoCodeError,
  promoRefusal,
  quoteSeats,
  seatKey,
} from '../../pricing/basket-price.ts';
import { claimPromo } from '../../pricing/promo-claims.ts';
import type { EndedHold } from './hold-end.ts';

/*
 * Opening a hold (docs/decisions/086): one call takes everything a hold takes, in one
 * transaction, in the lock door's order: the seats (checkouts replaced and sessions locked
 * first; waiting-list offers taken up), then the credit that pays for the earliest seats
 * (under the wallet's lock), then the promo code's claim (under the code's lock), and each card
 * seat's price from the pricing engine (decision 080). A basket nothing is left to pay for is
 * confirmed at once.
 */

/** What the seat-taking step (holdSeats) needs to know; the ledger passes it in. */
export interface OpenHoldRequest {
  userId: string;
  /** In start order, then pupil order: credit pays for the earliest seats first. */
  seats: readonly PricedSeat[];
  useCredit: boolean;
  rules: PricingEngineRules;
  promo: PromoChoice | null;
  now: Date;
}

/** The priced hold. */
export interface OpenedHold {
  checkoutId: string;
  replaced: EndedHold[];
  quote: BasketQuote | null;
  /** What the card pays: 0 when credit or a code paid for everything (booked already). */
  cardPence: number;
  creditUsed: number;
  isSpecialOffer: boolean;
  /** The seats the card pays for, in basket order. */
  cardSeats: PricedSeat[];
  /** How many of the card seats are single group sessions (not a term's, not 1-to-1). */
  singles: number;
  /** The checkout row as priced (paid when nothing is left for the card). */
  checkout: typeof checkouts.$inferSelect;
}

/**
 * Inside the hold's transaction, after the seats are held (`checkoutId`): credit pays for the
 * seats it covers, the engine prices the rest, the typed code's use is claimed, each card seat
 * keeps its price, and the checkout records the split.
 */
export async function priceHold(
  tx: Transaction,
  hold: { checkoutId: string; replaced: EndedHold[] },
  input: OpenHoldRequest,
): Promise<OpenedHold> {
  const debited = input.useCredit
    ? await debitSeats(tx, {
        userId: input.userId,
        checkoutId: hold.checkoutId,
        seats: input.seats.map(({ sessionId, pupilId }) => ({ sessionId, pupilId })),
        now: input.now,
      })
    : [];
  if (debited.length > 0) await markCreditSeats(tx, hold.checkoutId, debited);
  const byCredit = new Set(debited.map(seatKey));
  const cardSeats = input.seats.filter((seat) => !byCredit.has(seatKey(seat)));
  const quote = cardSeats.length > 0 ? quoteSeats(cardSeats, input.rules, input.promo) : null;
  if (input.promo) await claimTypedCode(tx, hold.checkoutId, input, quote);
  if (quote) await storeSeatPrices(tx, hold.checkoutId, cardSeats, quote);
  const cardPence = quote?.totalPence ?? 0;
  const singles = cardSeats.filter(
    (seat) => seat.termPricePence === undefined && seat.lessonPricePence === undefined,
  ).length;
  const isSpecialOffer = singles > 0 && priceBasket(singles, input.rules).isSpecialOffer;
  const [checkout] = await tx
    .update(checkouts)
    .set({
      creditUsed: debited.length,
      amountPence: cardPence,
      isSpecialOffer,
      discountPence: quote?.discountPence ?? 0,
      discountLabel: quote ? (priceQuoteOf(quote).discount?.label ?? null) : null,
    })
    .where(eq(checkouts.id, hold.checkoutId))
    .returning();
  if (!checkout) throw new Error('the checkout row vanished inside its own transaction');
  return {
    ...hold,
    quote,
    cardPence,
    creditUsed: debited.length,
    isSpecialOffer,
    cardSeats,
    singles,
    checkout,
  };
}

/** The typed code must apply to the seats the card pays for; its use is counted here. */
async function claimTypedCode(
  tx: Transaction,
  checkoutId: string,
  input: OpenHoldRequest,
  quote: BasketQuote | null,
) {
  const promo = input.promo;
  if (!promo) return;
  if (!quote) throw promoCodeError('Your credit pays for every seat, so no code is needed.');
  const refusal = promoRefusal(quote);
  if (refusal) throw refusal;
  if (quote.deal !== 'promo') return;
  const pupilOf = new Map(input.seats.map((seat) => [seatKey(seat), seat.pupilId]));
  const discounted = quote.lines.flatMap((line) =>
    line.discount?.kind === 'promo' ? [pupilOf.get(line.key) ?? ''] : [],
  );
  await claimPromo(tx, {
    promoCodeId: promo.id,
    userId: input.userId,
    checkoutId,
    pupilIds: [...new Set(discounted)].filter(Boolean),
    discountPence: quote.discountPence,
    now: input.now,
  });
}

/** Each card seat's price as charged (docs/decisions/082), in one statement. */
async function storeSeatPrices(
  tx: Transaction,
  checkoutId: string,
  seats: readonly PricedSeat[],
  quote: BasketQuote,
) {
  // The quote's lines come back in the order of the seats priced.
  const values = seats.map(
    (seat, i) =>
      sql`(${seat.sessionId}::uuid, ${seat.pupilId}::uuid, ${quote.lines[i]?.pricePence ?? 0}::integer)`,
  );
  await tx.execute(sql`
    update checkout_items as item set price_pence = seat.price
    from (values ${sql.join(values, sql`, `)}) as seat(session_id, pupil_id, price)
    where item.checkout_id = ${checkoutId}
      and item.session_id = seat.session_id and item.pupil_id = seat.pupil_id`);
}
