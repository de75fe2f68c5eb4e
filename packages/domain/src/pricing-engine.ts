/**
 * One pricing engine for every basket: single sessions, term enrolments and packs, with the
 * sibling discount and a promo code. It chooses the best single deal and never stacks them
 * (docs/decisions/080). All money is integer pence (docs/product-rules.md#prices). Credit is a
 * means of payment, applied after this price by the caller, so the engine knows nothing of it.
 */
import {
  DEFAULT_PRICING,
  formatPounds,
  type PricingRules,
  priceBasket,
  seatLinePrices,
} from './pricing.ts';
import { isServiceCode, type ServiceCode } from './services.ts';

/** A seat in one group session, priced by the session/bundle rule. */
export interface SessionSeatLine {
  key: string;
  kind: 'session';
  service: ServiceCode;
  /** The session's start, an ISO 8601 instant with an offset ("2026-12-01T17:00:00Z"). */
  startsAt: string;
  pupilId: string;
}

/** A term enrolment's seat in one session, at the term's per-session price. */
export interface TermSeatLine {
  key: string;
  kind: 'term';
  service: ServiceCode;
  startsAt: string;
  pupilId: string;
  termPricePence: number;
}

/**
 * A 1-to-1 lesson (docs/decisions/106): one pupil, the tutor's hour at the CMS hourly price for
 * its length (oneToOneLessonPence). A percent or fixed code applies; a free-session code is a
 * group seat and does not.
 */
export interface OneToOneLine {
  key: string;
  kind: 'one-to-one';
  service: ServiceCode;
  startsAt: string;
  pupilId: string;
  lessonPricePence: number;
}

/** A pack of credit bought up front (decision 077); never discounted. */
export interface PackLine {
  key: string;
  kind: 'pack';
  packId: string;
  pricePence: number;
}

export type BasketLine = SessionSeatLine | TermSeatLine | OneToOneLine | PackLine;

/** The bundle rule for single-session seats plus the sibling percentage (0-50, default 0). */
export interface PricingEngineRules extends PricingRules {
  siblingPercent?: number;
}

export const SIBLING_PERCENT_MAX = 50;

export interface Promo {
  code: string;
  kind: 'percent' | 'fixed' | 'free-session';
  /** Percent 1-100 for `percent`, pence for `fixed`; ignored for `free-session`. */
  value: number;
  /** The courses the code is for; null for every course. */
  services: readonly ServiceCode[] | null;
  firstTimePupilsOnly: boolean;
}

export interface PupilHistory {
  /** Pupils who never had a confirmed booking. */
  firstTimePupilIds: readonly string[];
  /** Pupils who already used this free-session code (once per pupil). */
  freeSessionUsedPupilIds: readonly string[];
}

export interface BasketQuoteInput {
  lines: readonly BasketLine[];
  rules?: PricingEngineRules;
  /** Already looked up by the caller; absent or null when no code was entered. */
  promo?: Promo | null;
  /** Absent means no pupil is a first-timer and none has used the code. */
  history?: PupilHistory;
}

export type Deal = 'none' | 'sibling' | 'promo';

export interface QuotedLine {
  key: string;
  basePence: number;
  discountPence: number;
  pricePence: number;
  discount: null | { kind: 'sibling' | 'promo'; label: string };
}

export interface BasketQuote {
  /** In the input order. */
  lines: QuotedLine[];
  subtotalPence: number;
  /** Every penny off, `waivedPence` included. */
  discountPence: number;
  totalPence: number;
  /** What a discount left under the card minimum, not charged (CARD_MINIMUM_PENCE); else 0. */
  waivedPence: number;
  deal: Deal;
  promo: null | { code: string; applied: boolean; reason: string | null };
}

/** Why a code was not applied, in the words the customer reads. */
export const PROMO_REASONS = Object.freeze({
  noLessons: 'This code is for lessons, not packs.',
  wrongCourse: 'This code is not for this course.',
  firstLessonOnly: 'This code is for a first lesson only.',
  alreadyUsed: 'This code has already been used for this pupil.',
  savesNothing: 'This code takes nothing off this basket.',
  groupOnly: 'This code is for a group session, not a 1-to-1 lesson.',
  siblingBetter:
    'The sibling discount saves at least as much as this code, and the two do not combine.',
});

const NO_HISTORY: PupilHistory = Object.freeze({
  firstTimePupilIds: [],
  freeSessionUsedPupilIds: [],
});

/** A session or term seat, with its start as an instant for sorting and grouping. */
interface Seat {
  key: string;
  kind: 'session' | 'term' | 'one-to-one';
  service: ServiceCode;
  at: number;
  pupilId: string;
}

type Discounts = Map<string, number>;

/**
 * The smallest card payment Stripe takes in pounds sterling. A discount that leaves less than
 * this to pay (a £14.95 code on a £15 seat) makes the basket free: the few pence are waived
 * rather than refused at the payment page (docs/decisions/085).
 */
export const CARD_MINIMUM_PENCE = 30;

/**
 * Prices a basket: base prices, then the cheapest of no discount, the sibling discount alone
 * and the promo alone; on a tie the earlier of those three wins (decision 080). The result
 * does not depend on the order of `lines`.
 */
export function quoteBasket(input: BasketQuoteInput): BasketQuote {
  const rules: PricingEngineRules = input.rules ?? DEFAULT_PRICING;
  const siblingPercent = rules.siblingPercent ?? 0;
  const history = input.history ?? NO_HISTORY;
  const promo = input.promo ?? null;
  assertRules(rules, siblingPercent);
  if (promo) assertPromo(promo);
  const seats = seatsInOrder(input.lines);
  const base = basePrices(input.lines, seats, rules);

  const subtotalPence = sum(input.lines.map((line) => base.get(line.key) ?? 0));
  const sibling = siblingDiscounts(seats, base, siblingPercent);
  const offer = promo ? promoDiscounts(seats, base, promo, history) : null;
  const siblingTotal = subtotalPence - sum([...sibling.values()]);
  const promoTotal = offer?.discounts ? subtotalPence - sum([...offer.discounts.values()]) : null;

  let deal: Deal = 'none';
  let best = subtotalPence;
  if (siblingTotal < best) [deal, best] = ['sibling', siblingTotal];
  if (promoTotal !== null && promoTotal < best) [deal, best] = ['promo', promoTotal];

  const chosen = deal === 'sibling' ? sibling : deal === 'promo' ? offer?.discounts : undefined;
  const label =
    deal === 'sibling' ? `Sibling discount ${siblingPercent}%` : promo ? promoLabel(promo) : '';
  const waivedPence = deal !== 'none' && best < CARD_MINIMUM_PENCE ? best : 0;
  const shownLabel =
    waivedPence > 0
      ? `${label} (the last ${formatPounds(waivedPence)} waived: under the card minimum)`
      : label;
  const lines = input.lines.map((line): QuotedLine => {
    const basePence = base.get(line.key) ?? 0;
    const dealPence = chosen?.get(line.key) ?? 0;
    // Waived, every line is free: the total left was under the minimum.
    const discountPence = waivedPence > 0 ? basePence : dealPence;
    return {
      key: line.key,
      basePence,
      discountPence,
      pricePence: basePence - discountPence,
      discount: discountPence > 0 && deal !== 'none' ? { kind: deal, label: shownLabel } : null,
    };
  });
  const discountPence = sum(lines.map((line) => line.discountPence));
  return {
    lines,
    subtotalPence,
    discountPence,
    totalPence: subtotalPence - discountPence,
    waivedPence,
    deal,
    promo: promo ? promoOutcome(promo, deal, offer, promoTotal, subtotalPence) : null,
  };
}

function promoOutcome(
  promo: Promo,
  deal: Deal,
  offer: PromoOffer | null,
  promoTotal: number | null,
  subtotalPence: number,
): NonNullable<BasketQuote['promo']> {
  const applied = deal === 'promo';
  let reason: string | null = null;
  if (offer?.reason) reason = offer.reason;
  else if (!applied && promoTotal === subtotalPence) reason = PROMO_REASONS.savesNothing;
  else if (!applied) reason = PROMO_REASONS.siblingBetter;
  return { code: promo.code, applied, reason };
}

function promoLabel(promo: Promo): string {
  if (promo.kind === 'percent') return `${promo.code}: ${promo.value}% off`;
  if (promo.kind === 'fixed') return `${promo.code}: ${formatPounds(promo.value)} off`;
  return `${promo.code}: free session`;
}

/** Sorted by (start, pupil, key): the one order every share and "first" is decided in. */
function seatsInOrder(lines: readonly BasketLine[]): Seat[] {
  const keys = new Set<string>();
  const pupilsInSession = new Set<string>();
  const seats: Seat[] = [];
  for (const line of lines) {
    if (typeof line.key !== 'string' || line.key === '') {
      throw new RangeError('Every basket line needs a non-empty key');
    }
    if (keys.has(line.key)) throw new RangeError(`Duplicate basket line key: ${line.key}`);
    keys.add(line.key);
    if (line.kind === 'pack') {
      assertPence(line.pricePence, `pricePence of pack line ${line.key}`);
      continue;
    }
    if (line.kind === 'term') {
      assertPence(line.termPricePence, `termPricePence of term line ${line.key}`);
    } else if (line.kind === 'one-to-one') {
      assertPence(line.lessonPricePence, `lessonPricePence of 1-to-1 line ${line.key}`);
    } else if (line.kind !== 'session') {
      throw new RangeError(`Unknown basket line kind: ${(line as { kind: unknown }).kind}`);
    }
    if (!isServiceCode(line.service)) {
      throw new RangeError(`Unknown service on line ${line.key}: ${line.service}`);
    }
    if (typeof line.pupilId !== 'string' || line.pupilId === '') {
      throw new RangeError(`Line ${line.key} needs a pupilId`);
    }
    const at = instantOf(line.startsAt, line.key);
    const session = JSON.stringify([line.service, at, line.pupilId]);
    if (pupilsInSession.has(session)) {
      throw new RangeError(
        `Pupil ${line.pupilId} is twice in the ${line.service} session at ${line.startsAt}`,
      );
    }
    pupilsInSession.add(session);
    seats.push({
      key: line.key,
      kind: line.kind,
      service: line.service,
      at,
      pupilId: line.pupilId,
    });
  }
  return seats.sort(bySeatOrder);
}

function bySeatOrder(a: Seat, b: Seat): number {
  return a.at - b.at || compareText(a.pupilId, b.pupilId) || compareText(a.key, b.key);
}

/** Code-unit order, the same on every machine and locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function instantOf(startsAt: string, key: string): number {
  const at = ISO_INSTANT.test(startsAt) ? Date.parse(startsAt) : Number.NaN;
  if (Number.isNaN(at)) {
    throw new RangeError(`startsAt of line ${key} is not an ISO instant: ${startsAt}`);
  }
  return at;
}

/**
 * Single-session seats share the bundle exactly as `seatLinePrices` does, in seat order (full
 * blocks first, at the bundle price shared between them); term seats at their term price;
 * packs at their price.
 */
function basePrices(lines: readonly BasketLine[], seats: Seat[], rules: PricingRules): Discounts {
  const base: Discounts = new Map();
  const singles = seats.filter((seat) => seat.kind === 'session');
  if (singles.length > 0) {
    const total = priceBasket(singles.length, rules).amountPence;
    const shares = seatLinePrices(singles.length, total, rules);
    for (const [i, seat] of singles.entries()) base.set(seat.key, shares[i] ?? 0);
  }
  for (const line of lines) {
    if (line.kind === 'term') base.set(line.key, line.termPricePence);
    if (line.kind === 'one-to-one') base.set(line.key, line.lessonPricePence);
    if (line.kind === 'pack') base.set(line.key, line.pricePence);
  }
  return base;
}

/** `percent`% off each additional pupil's seat in a session; the first pupil pays in full. */
function siblingDiscounts(seats: Seat[], base: Discounts, percent: number): Discounts {
  const discounts: Discounts = new Map();
  if (percent === 0) return discounts;
  const seen = new Set<string>();
  for (const seat of seats) {
    // A 1-to-1 lesson has one pupil: no sibling shares it (decision 106).
    if (seat.kind === 'one-to-one') continue;
    const session = JSON.stringify([seat.service, seat.at]);
    if (seen.has(session)) discounts.set(seat.key, percentOff(base.get(seat.key) ?? 0, percent));
    seen.add(session);
  }
  return discounts;
}

/** Rounded down, so the customer never pays a fraction of a penny. */
function percentOff(pence: number, percent: number): number {
  return Math.floor((pence * percent) / 100);
}

interface PromoOffer {
  /** Null when no seat is eligible; `reason` then says why. */
  discounts: Discounts | null;
  reason: string | null;
}

function promoDiscounts(
  seats: Seat[],
  base: Discounts,
  promo: Promo,
  history: PupilHistory,
): PromoOffer {
  const eligible = eligibleSeats(seats, promo, history);
  if ('reason' in eligible) return { discounts: null, reason: eligible.reason };
  const discounts: Discounts = new Map();
  const priceOf = (seat: Seat) => base.get(seat.key) ?? 0;
  if (promo.kind === 'percent') {
    for (const seat of eligible.seats)
      discounts.set(seat.key, percentOff(priceOf(seat), promo.value));
  } else if (promo.kind === 'fixed') {
    const shares = shareFixed(eligible.seats.map(priceOf), promo.value);
    for (const [i, seat] of eligible.seats.entries()) discounts.set(seat.key, shares[i] ?? 0);
  } else {
    const freed = new Set<string>();
    for (const seat of eligible.seats) {
      if (freed.has(seat.pupilId)) continue; // seats are in start order: the first is earliest
      freed.add(seat.pupilId);
      discounts.set(seat.key, priceOf(seat));
    }
  }
  return { discounts, reason: null };
}

/** The seats a code can reach, or the first rule that left none, in the customer's words. */
function eligibleSeats(
  seats: Seat[],
  promo: Promo,
  history: PupilHistory,
): { seats: Seat[] } | { reason: string } {
  if (seats.length === 0) return { reason: PROMO_REASONS.noLessons };
  const services = promo.services;
  let eligible = services ? seats.filter((seat) => services.includes(seat.service)) : seats;
  if (eligible.length === 0) return { reason: PROMO_REASONS.wrongCourse };
  if (promo.firstTimePupilsOnly) {
    const firstTimers = new Set(history.firstTimePupilIds);
    eligible = eligible.filter((seat) => firstTimers.has(seat.pupilId));
    if (eligible.length === 0) return { reason: PROMO_REASONS.firstLessonOnly };
  }
  if (promo.kind === 'free-session') {
    // A free session is a group seat: it never pays for a tutor's 1-to-1 hour (decision 106).
    eligible = eligible.filter((seat) => seat.kind !== 'one-to-one');
    if (eligible.length === 0) return { reason: PROMO_REASONS.groupOnly };
    const used = new Set(history.freeSessionUsedPupilIds);
    eligible = eligible.filter((seat) => !used.has(seat.pupilId));
    if (eligible.length === 0) return { reason: PROMO_REASONS.alreadyUsed };
  }
  return { seats: eligible };
}

/**
 * `value` pence off `prices` in total, never more than they add up to: each seat's share is
 * in proportion to its price, rounded down, and the pennies left go one each to the first
 * seats that still cost something, so no seat's share exceeds its price.
 */
function shareFixed(prices: number[], value: number): number[] {
  const total = sum(prices);
  if (value >= total) return [...prices];
  const shares = prices.map((p) => Number((BigInt(value) * BigInt(p)) / BigInt(total)));
  let left = value - sum(shares);
  return shares.map((share, i) => {
    if (left > 0 && share < (prices[i] ?? 0)) {
      left -= 1;
      return share + 1;
    }
    return share;
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function assertPence(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be whole pence >= 0: ${value}`);
  }
}

/**
 * Percentages are whole numbers, so `pence * percent` is an exact integer and rounding down
 * is exact too (decision 080).
 */
function assertPercent(value: number, min: number, max: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole percent from ${min} to ${max}: ${value}`);
  }
}

function assertRules(rules: PricingRules, siblingPercent: number): void {
  priceBasket(1, rules); // refuses bad bundle rules with its own RangeError
  assertPercent(siblingPercent, 0, SIBLING_PERCENT_MAX, 'siblingPercent');
}

function assertPromo(promo: Promo): void {
  if (typeof promo.code !== 'string' || promo.code.trim() === '') {
    throw new RangeError('A promo needs a code');
  }
  if (promo.kind === 'percent') assertPercent(promo.value, 1, 100, 'A percent promo value');
  else if (promo.kind === 'fixed') {
    assertPence(promo.value, 'A fixed promo value');
    if (promo.value === 0) throw new RangeError('A fixed promo value must be at least 1 pence');
  } else if (promo.kind !== 'free-session') {
    throw new RangeError(`Unknown promo kind: ${(promo as { kind: unknown }).kind}`);
  }
  for (const service of promo.services ?? []) {
    if (!isServiceCode(service)) throw new RangeError(`Unknown service in promo: ${service}`);
  }
}

/**
 * A 1-to-1 lesson's price: the CMS hourly price for its length, rounded to the nearest penny
 * (45 minutes at £50 an hour is £37.50; docs/decisions/106).
 */
export function oneToOneLessonPence(hourlyPence: number, lengthMinutes: number): number {
  assertPence(hourlyPence, 'hourlyPence');
  if (!Number.isSafeInteger(lengthMinutes) || lengthMinutes <= 0) {
    throw new RangeError(`A lesson length must be whole minutes above 0: ${lengthMinutes}`);
  }
  return Math.round((hourlyPence * lengthMinutes) / 60);
}
