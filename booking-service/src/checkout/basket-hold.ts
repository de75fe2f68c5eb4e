import type { StartedCheckout } from '@tuition/api-contract';
import {
  type BasketQuote,
  formatPounds,
  MESSAGES,
  type PricingEngineRules,
  priceBasket,
} from '@tuition/domain';
import { ConflictError, HttpProblem } from '../http/problem.ts';
import type { Transaction } from '../db/client.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import { type PaymentLine, paymentLines } from '../payments/payment-provider.ts';
import {
  type OpenedHold,
  openHold,
  precheckHold,
  type SeatRefusal,
} from '../sessions/seat-ledger/seat-ledger.ts';
import type { SessionRow } from '../sessions/session-rows.ts';
import {
  type PricedSeat,
  type PromoChoice,
  pricingRules,
  priceQuoteOf,
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
  /** The total the page showed; another price is refused before anything is held (102). */
  expectedPence?: number | undefined;
  /** A typed code dropped because it can no longer be used (choosePromoForExpectedPrice). */
  droppedCode?: string | undefined;
  /**
   * Opens the hold itself inside the transaction, for seats that exist only once something is
   * locked first (a tutor's 1-to-1 hour, decision 106): `open` holds the seats it is given.
   * `seats` and `rows` are then empty and `expectedPence` is the caller's to check.
   */
  inTransaction?: ((tx: Transaction, open: OpenSeats) => Promise<HeldBasket>) | undefined;
}

type HeldBasket = Awaited<ReturnType<typeof openHold>>;

/** Holds these seats in the caller's transaction (openHold with the basket's terms). */
export type OpenSeats = (
  tx: Transaction,
  seats: readonly PricedSeat[],
  inHold?: (tx: Transaction, checkoutId: string) => Promise<void>,
) => Promise<HeldBasket>;

/**
 * 409 price-changed (docs/decisions/102): the basket no longer costs what the page showed (the
 * admin changed a discount or a price, a code was switched off). The answer names both totals so
 * the page shows the new one before any card is asked for; nothing was held.
 */
export function priceChanged(expectedPence: number, amountPence: number, droppedCode?: string) {
  const now = `the total is now ${formatPounds(amountPence)}, not ${formatPounds(expectedPence)}`;
  const detail = droppedCode
    ? `The code ${droppedCode} can no longer be used, so ${now}. Please check the new total and confirm again.`
    : `The price has changed: ${now}. Please check the new total and confirm again.`;
  return new HttpProblem(409, 'Conflict', detail, {
    type: 'urn:tuition:problem:price-changed',
    code: 'price-changed',
    expectedPence,
    amountPence,
  });
}

/**
 * Takes the seats of a basket for HOLD_MINUTES and opens the provider's payment page: resolve
 * what the hold needs (the pricing rules, the mail's brand and timetable), open the hold through
 * the seat ledger (seats, credit, the code's use and the prices in one transaction, decision
 * 086), then open the payment page. A basket nothing is left to pay for is booked there and then.
 */
export async function holdBasket(deps: CheckoutDeps, basket: BasketHold): Promise<StartedCheckout> {
  const { now } = basket;
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const seatMap = new Map<string, string[]>();
  for (const seat of basket.seats) {
    seatMap.set(seat.sessionId, [...(seatMap.get(seat.sessionId) ?? []), seat.pupilId]);
  }
  await precheckHold(deps.db, basket.rows, {
    userId: basket.user.id,
    seats: seatMap,
    now,
    refuse: basket.refuse,
  });
  const [brand, timetable, rules] = await Promise.all([
    mailBrand(deps),
    deps.content.timetable(),
    pricingRules(deps),
  ]);
  // The same rules and code price the hold below, so this total is the one it would charge.
  if (basket.expectedPence !== undefined) {
    const totalPence = quoteSeats(basket.seats, rules, basket.promo).totalPence;
    if (totalPence !== basket.expectedPence) {
      throw priceChanged(basket.expectedPence, totalPence, basket.droppedCode);
    }
  }
  let seatCount = basket.seats.length;
  const open: OpenSeats = (tx, seats, inHold) => {
    seatCount = seats.length;
    return openHold(deps, tx, {
      userId: basket.user.id,
      seats,
      useCredit: basket.useCredit,
      rules,
      promo: basket.promo,
      now,
      refuse: basket.refuse,
      checkout: { provider: deps.payments.kind, expiresAt },
      inHold,
    });
  };
  const held = await deps.db.transaction(async (tx) => {
    const opened = basket.inTransaction
      ? await basket.inTransaction(tx, open)
      : await open(tx, basket.seats, basket.inHold);
    if (opened.confirmed) {
      const { checkout, confirmed } = opened;
      await mailConfirmation(deps, tx, { brand, timetable, checkout, confirmed, now });
    }
    return opened;
  });
  // After commit: their pages stop taking money (a late payment on one is refunded).
  await Promise.all(held.replaced.map((old) => closeHostedPage(deps, old)));
  const discount = held.quote ? priceQuoteOf(held.quote) : null;
  const started = {
    checkoutId: held.checkoutId,
    amountPence: held.cardPence,
    creditUsed: held.creditUsed,
    sessionCount: seatCount,
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
    lines: paymentLinesOf(held, rules),
    amountPence: held.cardPence,
    holdExpiresAt: expiresAt,
  });
  return { ...started, status: 'pending', url: page.url };
}

/** The payment page's lines for what the card pays. */
function paymentLinesOf(held: OpenedHold, rules: PricingEngineRules): PaymentLine[] {
  const { quote, cardSeats, singles } = held;
  if (!quote || held.cardPence === 0) return [];
  // Undiscounted single sessions keep the bundle's own lines, as before the engine.
  return quote.discountPence > 0 || singles < cardSeats.length
    ? quotedPaymentLines(cardSeats, quote)
    : paymentLines({ ...priceBasket(singles, rules), ...rules });
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
    const kind =
      seat.lessonPricePence !== undefined
        ? '1-to-1 maths lesson'
        : seat.termPricePence === undefined
          ? 'Group maths session'
          : 'Term session';
    const name = line.discount ? `${kind} (${line.discount.label})` : kind;
    const id = `${name} ${line.pricePence}`;
    const group = grouped.get(id);
    if (group) group.quantity += 1;
    else grouped.set(id, { name, unitAmountPence: line.pricePence, quantity: 1 });
  }
  return [...grouped.values()];
}
