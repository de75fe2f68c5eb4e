import type { PriceQuote } from '@tuition/api-contract';
import {
  type BasketLine,
  type BasketQuote,
  type PricingEngineRules,
  type Promo,
  PROMO_REASONS,
  type PupilHistory,
  type ServiceCode,
  quoteBasket,
} from '@tuition/domain';
import type { DbExecutor } from '../db/client.ts';
import { ValidationError } from '../http/problem.ts';
import { findUsablePromo, promoCodeIssued, promoHistory } from './promo-claims.ts';
import { siblingPercent } from './sibling-setting.ts';
import type { ContentLoader } from '@tuition/content';

/*
 * How a basket of seats is priced by the one pricing engine (docs/decisions/080, 082): the CMS
 * bundle rule, the term's per-session price, the admin's sibling percentage and a promo code the
 * customer typed, looked up here and never trusted from the browser.
 */

/** One seat to price: a session × pupil, at the term's price when it belongs to an enrolment. */
export interface PricedSeat {
  sessionId: string;
  pupilId: string;
  service: ServiceCode;
  startsAt: Date;
  /** Set for a term enrolment's seat (docs/decisions/083). */
  termPricePence?: number | undefined;
  /** Set for a 1-to-1 lesson: its price for its length (docs/decisions/106). */
  lessonPricePence?: number | undefined;
}

/** A promo code that may be used now by this account, with the pupils' history for it. */
export interface PromoChoice {
  id: string;
  promo: Promo;
  history: PupilHistory;
}

export const seatKey = (seat: { sessionId: string; pupilId: string }) =>
  `${seat.sessionId} ${seat.pupilId}`;

/** The engine's rules now: the CMS bundle rule plus the admin's sibling percentage. */
export async function pricingRules(deps: {
  db: DbExecutor;
  content: ContentLoader;
}): Promise<PricingEngineRules> {
  const [pricing, percent] = await Promise.all([deps.content.pricing(), siblingPercent(deps.db)]);
  return { ...pricing, siblingPercent: percent };
}

/**
 * The engine's rules for a visitor's basket (signed out: one seat a session, no code). No
 * sibling shares a session in it, so the sibling percentage cannot change its price and is not
 * read: one statement less on the booking page's most asked read (docs/decisions/118).
 */
export async function visitorPricingRules(deps: {
  content: ContentLoader;
}): Promise<PricingEngineRules> {
  return { ...(await deps.content.pricing()), siblingPercent: 0 };
}

/**
 * The code the customer typed, checked for this account and these pupils (400 naming
 * promoCode otherwise); null when none was typed.
 */
export async function choosePromo(
  db: DbExecutor,
  input: { code: string | undefined; userId: string; pupilIds: readonly string[]; now: Date },
): Promise<PromoChoice | null> {
  if (input.code === undefined) return null;
  const usable = await findUsablePromo(db, {
    code: input.code,
    userId: input.userId,
    now: input.now,
  });
  const history = await promoHistory(db, {
    promoCodeId: usable.id,
    userId: input.userId,
    pupilIds: input.pupilIds,
    now: input.now,
  });
  return { id: usable.id, promo: usable.promo, history };
}

/**
 * choosePromo for a checkout that names the total its page showed (docs/decisions/102): a code
 * that can no longer be used (switched off, expired, used up) is dropped rather than refused,
 * so the checkout can answer with the price without it; the caller says which code went. An
 * unknown code is refused as before.
 */
export async function choosePromoForExpectedPrice(
  db: DbExecutor,
  input: { code: string | undefined; userId: string; pupilIds: readonly string[]; now: Date },
  expectedPence: number | undefined,
): Promise<{ promo: PromoChoice | null; droppedCode?: string }> {
  try {
    return { promo: await choosePromo(db, input) };
  } catch (error) {
    const aboutCode =
      error instanceof ValidationError &&
      error.fieldErrors.every((fieldError) => fieldError.field === 'promoCode');
    if (expectedPence === undefined || !aboutCode || input.code === undefined) throw error;
    // A code nobody ever issued is still refused (and counted as a guess, decision 093): only a
    // real code that stopped being usable (switched off, expired, used up) is dropped.
    if (!(await promoCodeIssued(db, input.code))) throw error;
    return { promo: null, droppedCode: input.code.trim().toUpperCase() };
  }
}

/** Prices seats with the engine: base prices, then the best single deal (decision 080). */
export function quoteSeats(
  seats: readonly PricedSeat[],
  rules: PricingEngineRules,
  promo: PromoChoice | null,
): BasketQuote {
  return quoteBasket({
    lines: seats.map(toLine),
    rules,
    promo: promo?.promo ?? null,
    ...(promo ? { history: promo.history } : {}),
  });
}

function toLine(seat: PricedSeat): BasketLine {
  const base = {
    key: seatKey(seat),
    service: seat.service,
    startsAt: seat.startsAt.toISOString(),
    pupilId: seat.pupilId,
  };
  if (seat.lessonPricePence !== undefined) {
    return { ...base, kind: 'one-to-one', lessonPricePence: seat.lessonPricePence };
  }
  return seat.termPricePence === undefined
    ? { ...base, kind: 'session' }
    : { ...base, kind: 'term', termPricePence: seat.termPricePence };
}

/** 400 naming promoCode in the customer's words. */
export function promoCodeError(message: string): ValidationError {
  return new ValidationError([{ field: 'promoCode', message }]);
}

/**
 * The refusal for a typed code that the quote did not apply, or null. A code beaten by the
 * sibling discount is not an error: the basket gets the better deal and the code stays unused
 * (decision 080).
 */
export function promoRefusal(quote: BasketQuote): ValidationError | null {
  const outcome = quote.promo;
  if (!outcome || outcome.applied || outcome.reason === PROMO_REASONS.siblingBetter) return null;
  return promoCodeError(outcome.reason ?? PROMO_REASONS.savesNothing);
}

/** The quote as the API shows it. */
export function priceQuoteOf(quote: BasketQuote): PriceQuote {
  const label = quote.lines.find((line) => line.discount)?.discount;
  return {
    subtotalPence: quote.subtotalPence,
    discountPence: quote.discountPence,
    totalPence: quote.totalPence,
    discount: label ? { kind: label.kind, label: label.label } : null,
    promo: quote.promo,
  };
}
