/**
 * How long a waiting-list offer holds its seat (decision 060,
 * docs/product-rules.md#seats-and-bookings): until the earlier of now + the offer time and
 * 2 hours before the start; under 30 minutes left, no offer is made and the seat goes back to
 * general sale. The offer time is a site setting; DEFAULT_OFFER_HOURS applies when it is unset.
 */

/** The offer time when the site setting is missing (content and the Studio read this). */
export const DEFAULT_OFFER_HOURS = 12;

/** An offer never runs past this long before the start (a family needs time to get ready). */
export const OFFER_ENDS_BEFORE_START_MINUTES = 120;

/** Less time than this to answer is no offer at all: the seat goes back to general sale. */
export const OFFER_MIN_MINUTES = 30;

/**
 * From this long before the start no offer can be made (less than OFFER_MIN_MINUTES would be
 * left before the 2-hour cut-off), so the list stops claiming free seats: 150 minutes.
 */
export const LIST_CLOSES_BEFORE_START_MINUTES = OFFER_ENDS_BEFORE_START_MINUTES + OFFER_MIN_MINUTES;

const MINUTE = 60_000;

/**
 * When an offer made at `now` ends: the earlier of now + the offer time and 2 hours before the
 * start. Null when less than 30 minutes would remain: no offer, the seat goes to general sale.
 */
export function offerExpiry(now: Date, startsAt: Date, offerHours: number): Date | null {
  const byOfferTime = now.getTime() + offerHours * 60 * MINUTE;
  const beforeStart = startsAt.getTime() - OFFER_ENDS_BEFORE_START_MINUTES * MINUTE;
  const ends = Math.min(byOfferTime, beforeStart);
  return ends - now.getTime() < OFFER_MIN_MINUTES * MINUTE ? null : new Date(ends);
}

/** The instant a session's waiting list closes: 150 minutes before the start. */
export function listClosesAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - LIST_CLOSES_BEFORE_START_MINUTES * MINUTE);
}
