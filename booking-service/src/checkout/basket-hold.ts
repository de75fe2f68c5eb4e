import type { StartedCheckout } from '@tuition/api-contract';
import { type BasketQuote, MESSAGES, type PricingEngineRules, priceBasket } from '@tuition/domain';
import { ConflictError } from '../http/problem.ts';
import { eq, sql } from 'drizzle-orm';
import { debitSeats, markCreditSeats } from '../credit/credit-ledger.ts';
import type { Transaction } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { type PaymentLine, paymentLines } from '../payments/payment-provider.ts';
import { claimPromo, redeemPromoClaim } from '../pricing/promo-claims.ts';
import {
  confirmSeats,
  holdSeats,
  precheckHold,
  type SeatRefusal,
} from '../sessions/seat-ledger/seat-ledger.ts';
import type { SessionRow } from '../sessions/session-rows.ts';
import {
  type PricedSeat,
  type PromoChoice,
  pricingRules,
  priceQuoteOf,
  promoCodeError,
  promoRefusal,
  quoteSeats,
  seatKey,
} from '../pricing/basket-price.ts';
import { mailConfirmation } from './confirmation-mail.ts';
import {
  type CheckoutDeps,
  closeHostedPage,
  HOLD_MINUTES,
  openPaymentPage,
} from './payment-page.ts';

/**
 * The hold's refusals in the catalogue's words (409 duplicate or full), naming the starts of the
 * sessions concerned.
 */
export function seatRefusals(slotsOf: (sessionIds: readonly string[]) => string[]) {
  return (reason: SeatRefusal, sessionIds: readonly string[]) =>
    reason === 'duplicate'
      ? new ConflictError('duplicate', slotsOf(sessionIds), MESSAGES.duplicateBooking.description)
      : new ConflictError('full', slotsOf(sessionIds), MESSAGES.sessionsNowFull.description);
}

/** A basket of seats about to be held: single sessions, or a term enrolment's sessions. */
export interface BasketHold {
  user: { id: string; email: string; name: string };
  /** In start order, then pupil order: credit pays for the earliest seats first. */
  seats: readonly PricedSeat[];
  /** The stored rows of the seats' sessions. */
  rows: readonly SessionRow[];
  useCredit: boolean;
  promo: PromoChoice | null;
  now: Date;
  refuse: (reason: SeatRefusal, sessionIds: readonly string[]) => Error;
  /** Written in the hold's transaction once the checkout exists (a term's enrolments). */
  inHold?: ((tx: Transaction, checkoutId: string) => Promise<void>) | undefined;
}

/**
 * Takes the seats of a basket for HOLD_MINUTES and opens the provider's payment page: in one
 * transaction under the session locks the seats are held (replacing the account's older holds
 * of them, decision 041), credit pays for what it covers (decision 077), the rest is priced by
 * the one pricing engine (decision 080) and a promo code's use is counted under the code's lock
 * (decision 082). A basket nothing is left to pay for is booked there and then.
 */
export async function holdBasket(deps: CheckoutDeps, basket: BasketHold): Promise<StartedCheckout> {
  const { now } = basket;
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const seatMap = new Map<string, string[]>();
  for (const seat of basket.seats) {
    seatMap.set(seat.sessionId, [...(seatMap.get(seat.sessionId) ?? []), seat.pupilId]);
  }
  const hold = { userId: basket.user.id, seats: seatMap, now, refuse: basket.refuse };
  await precheckHold(deps.db, basket.rows, hold);
  const [brand, timetable, rules] = await Promise.all([
    mailBrand(deps),
    deps.content.timetable(),
    pricingRules(deps),
  ]);
  const held = await deps.db.transaction(async (tx) => {
    const { checkoutId, replaced } = await holdSeats(tx, {
      ...hold,
      checkout: {
        provider: deps.payments.kind,
        amountPence: 0,
        sessionCount: basket.seats.length,
        isSpecialOffer: false,
        expiresAt,
      },
    });
    await basket.inHold?.(tx, checkoutId);
    const priced = await priceAndPay(deps, tx, {
      checkoutId,
      userId: basket.user.id,
      seats: basket.seats,
      useCredit: basket.useCredit,
      rules,
      promo: basket.promo,
      now,
      mail: { brand, timetable },
    });
    return { checkoutId, replaced, ...priced };
  });
  // After commit: their pages stop taking money (a late payment on one is refunded).
  await Promise.all(held.replaced.map((old) => closeHostedPage(deps, old)));
  const discount = held.quote ? priceQuoteOf(held.quote) : null;
  const started = {
    checkoutId: held.checkoutId,
    amountPence: held.cardPence,
    creditUsed: held.creditUsed,
    sessionCount: basket.seats.length,
    isSpecialOffer: held.isSpecialOffer,
    expiresAt: expiresAt.toISOString(),
    discountPence: discount?.discountPence ?? 0,
    discountLabel: discount?.discount?.label ?? null,
    replacedCheckoutIds: held.replaced.map((old) => old.id),
  };
  if (held.cardPence === 0) {
    // Credit or a code paid for every seat: booked already, nothing to pay (decision 077).
    return {
      ...started,
      status: 'paid',
      url: `${deps.config.publicUrl}/payment-success?checkout=${held.checkoutId}`,
    };
  }
  const page = await openPaymentPage(deps, {
    checkoutId: held.checkoutId,
    customerEmail: basket.user.email,
    lines: held.lines,
    amountPence: held.cardPence,
    holdExpiresAt: expiresAt,
  });
  return { ...started, status: 'pending', url: page.url };
}

interface PriceAndPay {
  checkoutId: string;
  userId: string;
  seats: readonly PricedSeat[];
  useCredit: boolean;
  rules: PricingEngineRules;
  promo: PromoChoice | null;
  now: Date;
  mail: Omit<Parameters<typeof mailConfirmation>[2], 'checkout' | 'confirmed'>;
}

/**
 * Inside the hold's transaction: credit pays for the seats it covers (under the wallet lock,
 * after the session locks), the engine prices the rest, a promo code's use is claimed under
 * its lock, and each card seat keeps its price. When nothing is left for the card the checkout
 * is paid and booked here, with its confirmation e-mail, as a card payment would be.
 */
async function priceAndPay(deps: CheckoutDeps, tx: Transaction, input: PriceAndPay) {
  const debited = input.useCredit
    ? await debitSeats(tx, {
        userId: input.userId,
        checkoutId: input.checkoutId,
        seats: input.seats.map(({ sessionId, pupilId }) => ({ sessionId, pupilId })),
        now: input.now,
      })
    : [];
  if (debited.length > 0) await markCreditSeats(tx, input.checkoutId, debited);
  const byCredit = new Set(debited.map(seatKey));
  const cardSeats = input.seats.filter((seat) => !byCredit.has(seatKey(seat)));
  const quote = cardSeats.length > 0 ? quoteSeats(cardSeats, input.rules, input.promo) : null;
  if (input.promo) await claimTypedCode(tx, input, quote);
  if (quote) await storeSeatPrices(tx, input.checkoutId, cardSeats, quote);
  const cardPence = quote?.totalPence ?? 0;
  const singles = cardSeats.filter((seat) => seat.termPricePence === undefined).length;
  const isSpecialOffer = singles > 0 && priceBasket(singles, input.rules).isSpecialOffer;
  const [checkout] = await tx
    .update(checkouts)
    .set({
      creditUsed: debited.length,
      amountPence: cardPence,
      isSpecialOffer,
      discountPence: quote?.discountPence ?? 0,
      discountLabel: quote ? (priceQuoteOf(quote).discount?.label ?? null) : null,
      ...(cardPence > 0
        ? {}
        : {
            provider: debited.length > 0 ? 'credit' : 'none',
            status: 'paid' as const,
            paidAt: input.now,
          }),
    })
    .where(eq(checkouts.id, input.checkoutId))
    .returning();
  if (!checkout) throw new Error('the checkout row vanished inside its own transaction');
  if (cardPence === 0) {
    // Still pending to confirmSeats: the hold is live, so its seats are the customer's.
    const confirmed = await confirmSeats(deps, tx, { ...checkout, status: 'pending' }, input.now);
    await redeemPromoClaim(tx, input.checkoutId);
    await mailConfirmation(deps, tx, { ...input.mail, checkout, confirmed });
  }
  let lines: PaymentLine[] = [];
  if (quote && cardPence > 0) {
    // Undiscounted single sessions keep the bundle's own lines, as before the engine.
    lines =
      quote.discountPence > 0 || singles < cardSeats.length
        ? quotedPaymentLines(cardSeats, quote)
        : paymentLines({ ...priceBasket(singles, input.rules), ...input.rules });
  }
  return { quote, cardPence, creditUsed: debited.length, isSpecialOffer, lines };
}

/** The typed code must apply to the seats the card pays for; its use is counted here. */
async function claimTypedCode(tx: Transaction, input: PriceAndPay, quote: BasketQuote | null) {
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
    checkoutId: input.checkoutId,
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

/**
 * The payment page's lines for a quoted basket: seats grouped by name and price, so they add up
 * to the total exactly; free seats are left off (a payment page takes no 0p line).
 */
export function quotedPaymentLines(
  seats: readonly PricedSeat[],
  quote: BasketQuote,
): PaymentLine[] {
  const byKey = new Map(quote.lines.map((line) => [line.key, line]));
  const grouped = new Map<string, PaymentLine>();
  for (const seat of seats) {
    const line = byKey.get(seatKey(seat));
    if (!line || line.pricePence === 0) continue;
    const kind = seat.termPricePence === undefined ? 'Group maths session' : 'Term session';
    const name = line.discount ? `${kind} (${line.discount.label})` : kind;
    const id = `${name} ${line.pricePence}`;
    const group = grouped.get(id);
    if (group) group.quantity += 1;
    else grouped.set(id, { name, unitAmountPence: line.pricePence, quantity: 1 });
  }
  return [...grouped.values()];
}
