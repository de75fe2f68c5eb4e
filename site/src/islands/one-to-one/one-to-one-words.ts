// /one-to-one's pure rules and words (docs/decisions/108): the two-week pages of free times inside
// the booking window, the free slots grouped by London day, a weekly series' dates (the same
// London wall-clock time each week, as the service books them), the most weeks a series can ask
// for, and the sentences the page says. Times are written as everywhere else (decision 071).
import {
  addDays,
  bookingWindow,
  formatCalendarDate,
  formatLondonDate,
  formatPounds,
  formatTime12h,
  formatTimeRange,
  londonDate,
  londonWallClockToUtc,
  toLondonWallClock,
} from '@tuition/domain';
import type { OneToOneSlot } from './one-to-one-api.ts';

/** Days of free times shown at once: two weeks, well inside the service's 28-day limit. */
export const PAGE_DAYS = 14;

export interface SlotPage {
  from: string;
  to: string;
}

/** The pages of free times the booking window holds, from today (London). */
export function slotPages(now: Date): SlotPage[] {
  const window = bookingWindow(now);
  const pages: SlotPage[] = [];
  for (let from = window.from; from <= window.to; from = addDays(from, PAGE_DAYS)) {
    const last = addDays(from, PAGE_DAYS - 1);
    // London dates written YYYY-MM-DD sort as text in date order.
    pages.push({ from, to: last.localeCompare(window.to) > 0 ? window.to : last });
  }
  return pages;
}

/** "11 November": a date's day and month, as a page of dates is named. */
export function dayAndMonth(date: string): string {
  return formatCalendarDate(date).split(' ').slice(1, 3).join(' ');
}

/** "11 November – 24 November". */
export function pageWords(page: SlotPage): string {
  return `${dayAndMonth(page.from)} – ${dayAndMonth(page.to)}`;
}

export interface SlotDay {
  date: string;
  /** "Wednesday 18 November 2026" */
  label: string;
  slots: OneToOneSlot[];
}

/** Slots by London day, in start order (the service answers them sorted). */
export function slotsByDay(slots: readonly OneToOneSlot[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const date = londonDate(new Date(slot.startsAt));
    const day = days.get(date) ?? { date, label: formatCalendarDate(date), slots: [] };
    day.slots.push(slot);
    days.set(date, day);
  }
  return [...days.values()];
}

/** The same identity for a slot wherever it is drawn: tutor and start. */
export const slotKey = (slot: Pick<OneToOneSlot, 'tutorId' | 'startsAt'>) =>
  `${slot.tutorId} ${slot.startsAt}`;

/** A slot's time as a button says it, with the tutor when several teach. */
export function slotWords(slot: OneToOneSlot, withTutor: boolean): string {
  const time = formatTimeRange(new Date(slot.startsAt), new Date(slot.endsAt));
  return withTutor ? `${time} with ${slot.tutorName}` : time;
}

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

/** "1 hour", "45 minutes", "1 hour 30 minutes". */
export function lengthWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourWords = hours === 0 ? '' : `${hours} hour${hours === 1 ? '' : 's'}`;
  const minuteWords = rest === 0 ? '' : `${rest} minutes`;
  return [hourWords, minuteWords].filter(Boolean).join(' ');
}

export const lessonsWords = (count: number) => `${count} lesson${count === 1 ? '' : 's'}`;

/** "Wednesday 25 November 2026 at 4:00 PM" */
export function whenWords(startsAt: string): string {
  const at = new Date(startsAt);
  return `${formatLondonDate(at)} at ${formatTime12h(at)}`;
}

/** Why the series was refused: the weeks the tutor is no longer free. */
export function unavailableWords(tutorName: string, starts: readonly string[]): string {
  const when = starts.map(whenWords);
  const list =
    when.length <= 1 ? (when[0] ?? '') : `${when.slice(0, -1).join(', ')} and ${when.at(-1)}`;
  return `Sorry, ${tutorName} is no longer free on ${list}. The free times have been refreshed.`;
}

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
