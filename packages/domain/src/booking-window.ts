/**
 * Which sessions can be booked: from now until 56 days ahead, counted in London dates
 * (docs/product-rules.md#time, Calendar).
 */
import { addDays, londonDate } from './london-time.ts';

export const BOOKING_WINDOW_DAYS = 56;

/** First and last bookable London dates, both included: today .. today + 56. */
export function bookingWindow(now: Date): { from: string; to: string } {
  const from = londonDate(now);
  return { from, to: addDays(from, BOOKING_WINDOW_DAYS) };
}

/** A session can be booked if it has not started yet and its London date is in the window. */
export function isBookable(startsAt: Date, now: Date): boolean {
  if (Number.isNaN(startsAt.getTime())) return false;
  if (startsAt.getTime() <= now.getTime()) return false;
  const { from, to } = bookingWindow(now);
  const date = londonDate(startsAt);
  return date >= from && date <= to;
}
