/**
 * Prices of group sessions. All money is integer pence; pounds appear only when formatting.
 * The service prices every basket itself with priceBasket and never trusts a client's total.
 */

export interface PricingRules {
  sessionPricePence: number;
  bundleSize: number;
  bundlePricePence: number;
}

/** £15 a session; 10 sessions for £100 (docs/product-rules.md#prices). */
export const DEFAULT_PRICING: PricingRules = Object.freeze({
  sessionPricePence: 1500,
  bundleSize: 10,
  bundlePricePence: 10000,
});

/**
 * Moving a booked session to another slot is free (docs/product-rules.md#prices: reschedule total
 * £0).
 */
export const RESCHEDULE_PRICE_PENCE = 0;

export interface BasketPrice {
  sessionCount: number;
  amountPence: number;
  /** Full blocks charged at the bundle price. */
  bundles: number;
  /** Sessions outside a full block, charged at the session price. */
  singles: number;
  /** The 10-for-£100 offer applied to at least one block. */
  isSpecialOffer: boolean;
  /** What the customer saves against paying the session price for every session. */
  savingPence: number;
}

function assertRules(rules: PricingRules): void {
  const { sessionPricePence, bundleSize, bundlePricePence } = rules;
  if (!Number.isSafeInteger(sessionPricePence) || sessionPricePence < 0) {
    throw new RangeError(`sessionPricePence must be whole pence >= 0: ${sessionPricePence}`);
  }
  if (!Number.isSafeInteger(bundleSize) || bundleSize < 2) {
    throw new RangeError(`bundleSize must be a whole number >= 2: ${bundleSize}`);
  }
  if (!Number.isSafeInteger(bundlePricePence) || bundlePricePence < 0) {
    throw new RangeError(`bundlePricePence must be whole pence >= 0: ${bundlePricePence}`);
  }
  // A "bundle" dearer than its sessions bought singly would charge customers for an offer.
  if (bundlePricePence > bundleSize * sessionPricePence) {
    throw new RangeError('bundlePricePence must not exceed bundleSize * sessionPricePence');
  }
}

/**
 * Price of a basket of `sessionCount` sessions: the bundle price per full block of
 * `bundleSize` plus the session price for each remaining session.
 * Throws a RangeError for a count that is not a whole number of at least 1.
 */
export function priceBasket(
  sessionCount: number,
  rules: PricingRules = DEFAULT_PRICING,
): BasketPrice {
  if (!Number.isSafeInteger(sessionCount) || sessionCount < 1) {
    throw new RangeError(`A basket needs a whole number of sessions, at least 1: ${sessionCount}`);
  }
  assertRules(rules);
  const bundles = Math.floor(sessionCount / rules.bundleSize);
  const singles = sessionCount % rules.bundleSize;
  const amountPence = bundles * rules.bundlePricePence + singles * rules.sessionPricePence;
  return {
    sessionCount,
    amountPence,
    bundles,
    singles,
    isSpecialOffer: bundles > 0,
    savingPence: sessionCount * rules.sessionPricePence - amountPence,
  };
}

/**
 * What each seat of a paid basket cost, in line order, summing to `amountPence`, the total
 * charged: the seats of full bundles at the bundle price shared between them (£100 over ten
 * seats: £10 each), the rest at the session price. When the rules no longer give that total
 * (the prices changed since the payment), the total is shared evenly instead. Odd pennies go
 * to the first lines of their share, so a receipt's lines always add up to what was paid.
 */
export function seatLinePrices(
  seatCount: number,
  amountPence: number,
  rules: PricingRules = DEFAULT_PRICING,
): number[] {
  if (!Number.isSafeInteger(seatCount) || seatCount < 0) {
    throw new RangeError(`A seat count must be a whole number: ${seatCount}`);
  }
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) {
    throw new RangeError(`Pence must be a whole number: ${amountPence}`);
  }
  if (seatCount === 0) return [];
  const price = priceBasket(seatCount, rules);
  if (price.amountPence !== amountPence) return shareOut(amountPence, seatCount);
  const bundleSeats = price.bundles * rules.bundleSize;
  const bundles = Array.from({ length: price.bundles }, () =>
    shareOut(rules.bundlePricePence, rules.bundleSize),
  ).flat();
  return [...bundles, ...Array<number>(seatCount - bundleSeats).fill(rules.sessionPricePence)];
}

/** `pence` over `parts` lines: equal shares, the remainder a penny each on the first lines. */
function shareOut(pence: number, parts: number): number[] {
  const share = Math.floor(pence / parts);
  const extra = pence - share * parts;
  return Array.from({ length: parts }, (_, i) => share + (i < extra ? 1 : 0));
}

/** A whole number with a comma between thousands, as en-GB writes it: 1234567 -> "1,234,567". */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number: ${n}`);
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/**
 * 1500 -> "£15.00", 123456 -> "£1,234.56", -150 -> "-£1.50" (as `Intl.NumberFormat('en-GB',
 * GBP)` writes them). Written out rather than asked of `Intl`: a page's first `Intl` number
 * formatter loads locale and currency data, ~20 ms of main thread (four times that on a phone),
 * and pounds need nothing from it (docs/decisions/084). Throws a RangeError for fractional pence.
 */
export function formatPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a whole number: ${pence}`);
  const whole = Math.abs(pence);
  const sign = pence < 0 ? '-' : '';
  return `${sign}£${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** Whole pounds as "£90", "£1,200"; pence as formatPounds writes them ("£100.50"). */
export function formatRoundPounds(pence: number): string {
  if (pence % 100 !== 0) return formatPounds(pence);
  return `${pence < 0 ? '-' : ''}£${formatCount(Math.abs(pence) / 100)}`;
}
