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
