/**
 * What may happen to a booking, decided from its status, its start and "now".
 * "Upcoming" and "previous" are derived, never stored (a booking does not change when its
 * session ends).
 */

/**
 * Reschedule is free up to 24 hours before the start (docs/product-rules.md#seats-and-bookings);
 * customers are held to it.
 */
export const RESCHEDULE_CUTOFF_HOURS = 24;

export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'rescheduled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export interface BookingFacts {
  status: BookingStatus;
  startsAt: Date;
}

export type BookingActor = 'customer' | 'admin';

/** The badge a booking shows: upcoming and completed are derived from the start. */
export type BookingBadge = 'upcoming' | 'completed' | 'cancelled' | 'rescheduled';

/** Confirmed and not yet started. */
export function isUpcoming(b: BookingFacts, now: Date): boolean {
  return b.status === 'confirmed' && b.startsAt.getTime() > now.getTime();
}

/** Started already, or no longer standing (cancelled, or moved to another session). */
export function isPrevious(b: BookingFacts, now: Date): boolean {
  return !isUpcoming(b, now);
}

/**
 * Customers and admins may cancel any upcoming confirmed booking (no refund,
 * docs/product-rules.md#seats-and-bookings).
 */
export function canCancel(b: BookingFacts, now: Date): boolean {
  return isUpcoming(b, now);
}

/**
 * Whether a customer who cancels at least 24 hours before the start gets the seat back as a
 * session of credit (docs/decisions/077). Off, as before the wallet, unless the CMS site
 * settings switch it on; the content package applies this when the setting is unset.
 */
export const DEFAULT_CUSTOMER_CANCEL_RETURNS_CREDIT = false;

/**
 * Whether a customer's own cancel at `now` returns the seat as a session of credit: only where
 * the CMS switched it on, and only at least 24 hours before the start (docs/decisions/077).
 */
export function customerCancelGivesCredit(startsAt: Date, now: Date, settingOn: boolean): boolean {
  return settingOn && now.getTime() <= rescheduleDeadline(startsAt).getTime();
}

/**
 * A family's own cancel of a 1-to-1 lesson 24 hours or more before its start refunds the card:
 * a tutor's hour is not a group seat, so no session credit stands in for it (docs/decisions/106).
 * Later, nothing comes back, as with a group seat.
 */
export function customerCancelRefundsLesson(startsAt: Date, now: Date): boolean {
  return now.getTime() <= rescheduleDeadline(startsAt).getTime();
}

/** From this instant on (24 hours before the start) a customer can no longer reschedule. */
export function rescheduleDeadline(startsAt: Date): Date {
  return new Date(startsAt.getTime() - RESCHEDULE_CUTOFF_HOURS * 3_600_000);
}

/**
 * Customers: an upcoming booking more than 24 hours before its start (exactly 24 hours is
 * too late). Admins act on the provider's discretion: any upcoming booking.
 */
export function canReschedule(b: BookingFacts, now: Date, actor: BookingActor): boolean {
  if (!isUpcoming(b, now)) return false;
  if (actor === 'admin') return true;
  return now.getTime() < rescheduleDeadline(b.startsAt).getTime();
}

export function bookingBadge(b: BookingFacts, now: Date): BookingBadge {
  if (b.status === 'cancelled' || b.status === 'rescheduled') return b.status;
  return isUpcoming(b, now) ? 'upcoming' : 'completed';
}
