/**
 * Which sessions can be booked: from now until 56 days ahead, counted in London dates
 * (docs/product-rules.md#time, Calendar).
 */
import { addDays, londonDate } from './london-time.ts';

export const BOOKING_WINDOW_DAYS = 56;

const MS_PER_HOUR = 3_600_000;

/**
 * The last window computed, by UTC hour: London's offset is whole hours and changes on the
 * hour, so every instant of one UTC hour has the same London date. Spares the London date
 * maths that every availability and bookability request ran again (docs/decisions/118).
 */
let lastWindow: { hour: number; window: { readonly from: string; readonly to: string } } | null =
  null;

/** First and last bookable London dates, both included: today .. today + 56. */
export function bookingWindow(now: Date): { readonly from: string; readonly to: string } {
  const hour = Math.floor(now.getTime() / MS_PER_HOUR);
  if (lastWindow?.hour === hour) return lastWindow.window;
  const from = londonDate(now);
  const window = Object.freeze({ from, to: addDays(from, BOOKING_WINDOW_DAYS) });
  if (!Number.isNaN(hour)) lastWindow = { hour, window };
  return window;
}

/** A session can be booked if it has not started yet and its London date is in the window. */
export function isBookable(startsAt: Date, now: Date): boolean {
  if (Number.isNaN(startsAt.getTime())) return false;
  if (startsAt.getTime() <= now.getTime()) return false;
  const { from, to } = bookingWindow(now);
  const date = londonDate(startsAt);
  return date >= from && date <= to;
}
