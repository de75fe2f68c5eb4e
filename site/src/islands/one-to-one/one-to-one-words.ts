// /one-to-one's pure rules and words (docs/decisions/108): a weekly series' dates (the same
// London wall-clock time each week, as the service books them), the most weeks a series can ask
// for, and the sentences the page says. The free times' pages, days and words are shared with the
// 1-to-1 move (shared/free-times, decision 111). Times are written as everywhere else (071).
import {
  addDays,
  bookingWindow,
  formatPounds,
  londonDate,
  londonWallClockToUtc,
  toLondonWallClock,
} from '@tuition/domain';

/** The starts of a weekly series: the first lesson's London wall-clock time, week after week. */
export function weeklyStarts(first: string, weeks: number): string[] {
  const { date, time } = toLondonWallClock(new Date(first));
  return Array.from({ length: weeks }, (_, week) =>
    week === 0 ? first : londonWallClockToUtc(addDays(date, 7 * week), time).toISOString(),
  );
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The most weeks a series from `first` can run inside the booking window (the term may stop it sooner). */
export function maxWeeks(first: string, now: Date): number {
  const days = dayNumber(bookingWindow(now).to) - dayNumber(londonDate(new Date(first)));
  return Math.max(1, Math.floor(days / 7) + 1);
}

export const lessonsWords = (count: number) => `${count} lesson${count === 1 ? '' : 's'}`;

/** The new total after a 409 price-changed: a code's discount, or a price that moved. */
export function agreedTotalWords(options: {
  amountPence: number;
  expectedPence: number;
  promoCode: string | undefined;
  serviceDetail: string;
}): string {
  const { amountPence, expectedPence, promoCode, serviceDetail } = options;
  if (promoCode && amountPence < expectedPence) {
    return `With the code ${promoCode.toUpperCase()} the total is ${formatPounds(amountPence)}, not ${formatPounds(expectedPence)}. Please check it and press Pay to confirm.`;
  }
  return serviceDetail;
}
