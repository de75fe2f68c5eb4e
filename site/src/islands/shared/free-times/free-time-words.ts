// The pure rules and words of a tutor's free times (docs/decisions/108, 111): the two-week pages
// inside the booking window, the slots grouped by London day, a slot's identity and its words,
// and the sentence for hours taken meanwhile. Times are written as everywhere else (decision 071).
import {
  addDays,
  bookingWindow,
  formatCalendarDate,
  formatLondonDate,
  formatTime12h,
  formatTimeRange,
  londonDate,
} from '@tuition/domain';
import type { OneToOneSlot } from './free-times-api.ts';

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

/** "1 hour", "45 minutes", "1 hour 30 minutes". */
export function lengthWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourWords = hours === 0 ? '' : `${hours} hour${hours === 1 ? '' : 's'}`;
  const minuteWords = rest === 0 ? '' : `${rest} minutes`;
  return [hourWords, minuteWords].filter(Boolean).join(' ');
}

/** "Wednesday 25 November 2026 at 4:00 PM" */
export function whenWords(startsAt: string): string {
  const at = new Date(startsAt);
  return `${formatLondonDate(at)} at ${formatTime12h(at)}`;
}

/** Why a booking or a move was refused: the hours the tutor is no longer free. */
export function unavailableWords(tutorName: string, starts: readonly string[]): string {
  const when = starts.map(whenWords);
  const list =
    when.length <= 1 ? (when[0] ?? '') : `${when.slice(0, -1).join(', ')} and ${when.at(-1)}`;
  return `Sorry, ${tutorName} is no longer free on ${list}. The free times have been refreshed.`;
}
