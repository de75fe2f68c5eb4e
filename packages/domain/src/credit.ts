import { addDays, londonDate, londonWallClockToUtc } from './london-time.ts';

/*
 * The family wallet's rules (docs/decisions/077), pure so the service, the site and the tests
 * share them.
 */

/** Days after buying a pack during which its unused sessions may be refunded (cooling-off). */
export const PACK_COOLING_OFF_DAYS = 14;

/** Days before credit lapses when the family is reminded, earliest first. */
export const CREDIT_EXPIRY_WARNING_DAYS = [14, 3] as const;

/** A session of credit given for a card-paid seat the business cancelled lasts this long. */
export const CANCELLED_LESSON_CREDIT_MONTHS = 6;

/** A session of credit returned after the business cancelled lasts at least this long. */
export const RETURNED_CREDIT_MIN_DAYS = 30;

/**
 * The London calendar date `months` months after `date` (YYYY-MM-DD), on the same day of the
 * month or, when that month is shorter, its last day: 31 August + 6 months is 28 (or 29)
 * February.
 */
export function addMonthsClamped(date: string, months: number): string {
  if (!Number.isInteger(months) || months < 0) {
    throw new RangeError(`addMonthsClamped: months must be a whole number >= 0: ${months}`);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const targetDay = Math.min(day, lastDay);
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

/**
 * When credit bought at `purchasedAt` and valid for `months` months lapses: at the end of the
 * London day `months` months after the day of purchase (bought on 26 November, valid 6 months:
 * usable all of 26 May, lapsing at midnight that night).
 */
export function creditExpiresAt(purchasedAt: Date, months: number): Date {
  const lastDay = addMonthsClamped(londonDate(purchasedAt), months);
  return londonWallClockToUtc(addDays(lastDay, 1), '00:00');
}

/** The last London day credit lapsing at `expiresAt` can be used ("use by"). */
export function creditLastDay(expiresAt: Date): string {
  return londonDate(new Date(expiresAt.getTime() - 1));
}

/** Until when a bought pack's unused sessions may be refunded. */
export function coolingOffEndsAt(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + PACK_COOLING_OFF_DAYS * 24 * 60 * 60_000);
}

/**
 * The refund for cancelling `unused` sessions of a pack of `sessions` bought for `pricePence`:
 * the pack's own price per session, never the single-session price, and never more than was
 * paid. The value of the first n sessions is rounded down to whole pence, so refunds in parts
 * add up to exactly the pack's price.
 */
export function packRefundPence(
  pack: { sessions: number; pricePence: number },
  used: number,
  unused: number,
): number {
  const { sessions, pricePence } = pack;
  if (![sessions, pricePence, used, unused].every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new RangeError('packRefundPence takes whole numbers >= 0');
  }
  if (sessions === 0 || used + unused > sessions) {
    throw new RangeError('packRefundPence: more sessions than the pack has');
  }
  const worth = (count: number) => Math.floor((pricePence * count) / sessions);
  // What the sessions after `used` are worth, so refunds in parts add up to the whole price.
  return worth(used + unused) - worth(used);
}

/** Months goodwill credit staff give lasts when they set no expiry of their own. */
export const GRANTED_CREDIT_MONTHS = 6;

/**
 * When goodwill credit granted at `now` with no expiry chosen lapses: at the end of the London
 * day GRANTED_CREDIT_MONTHS months on, as a pack's credit does (creditExpiresAt).
 */
export function grantedCreditExpiresAt(now: Date): Date {
  return creditExpiresAt(now, GRANTED_CREDIT_MONTHS);
}

/** Sessions of credit in one lot, spendable now. */
export interface SpendableLot {
  remaining: number;
}

/** How a basket is paid: seats by credit, each with the lot that pays it, and seats by card. */
export interface BasketPaymentSplit<S, L> {
  /** Earliest start first, each paid from the lot given first that still has credit. */
  credit: { seat: S; lot: L }[];
  /** The rest, earliest start first, for the card at the usual prices (bundle included). */
  card: S[];
}

/**
 * Which seats of a basket credit pays for and which the card does (docs/decisions/077): credit
 * pays for as many seats as it covers, earliest start first (seats starting together keep the
 * order given, e.g. pupil order), each from the first of `lots` with credit left; pass the lots
 * in the order they should be spent (the one lapsing first first), or the balance as one lot.
 */
export function splitBasketPayment<S extends { startsAt: Date }, L extends SpendableLot>(
  seats: readonly S[],
  lots: readonly L[],
): BasketPaymentSplit<S, L> {
  for (const lot of lots) {
    if (!Number.isSafeInteger(lot.remaining) || lot.remaining < 0) {
      throw new RangeError(`splitBasketPayment: a lot's remaining must be whole: ${lot.remaining}`);
    }
  }
  if (seats.some((seat) => Number.isNaN(seat.startsAt.getTime()))) {
    throw new RangeError('splitBasketPayment: every seat needs a valid start');
  }
  const ordered = seats
    .map((seat, index) => ({ seat, index, at: seat.startsAt.getTime() }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ seat }) => seat);
  const split: BasketPaymentSplit<S, L> = { credit: [], card: [] };
  let lotIndex = 0;
  let spent = 0;
  for (const seat of ordered) {
    while (lotIndex < lots.length && spent >= (lots[lotIndex]?.remaining ?? 0)) {
      lotIndex += 1;
      spent = 0;
    }
    const lot = lots[lotIndex];
    if (lot) {
      split.credit.push({ seat, lot });
      spent += 1;
    } else {
      split.card.push(seat);
    }
  }
  return split;
}
