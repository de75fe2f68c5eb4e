// The booking flow's rules, kept apart from its markup so they can be tested without a browser:
// which calendar days can be picked, what a basket costs, how a selection grows, and which
// catalogue message answers a bookability or checkout result
// (docs/product-rules.md#seats-and-bookings, #messages).
import type { ClosedDay } from '@tuition/api-contract';
import {
  addDays,
  CONFIRMED_TO_RUN,
  formatLondonDate,
  formatTime12h,
  isBookable,
  MESSAGES,
  type Message,
  type PricingRules,
  priceBasket,
  runsIfText,
  staffDuplicateDescription,
  withServerText,
} from '@tuition/domain';
import {
  ApiError,
  type AvailabilitySlot,
  type BookabilityResult,
  NETWORK_ERROR_STATUS,
} from '../../../lib/api-client.ts';

export type BookingMode = 'book' | 'reschedule';

/** A picked session: the availability slot as the service described it. */
export type SelectedSession = AvailabilitySlot;

export interface CalendarDays {
  /** London dates (YYYY-MM-DD) with a session that can be picked. */
  selectable: ReadonlySet<string>;
  /** London dates whose every session is full: disabled, and their cards say "Full". */
  full: ReadonlySet<string>;
  /** London dates the signed-in user has booked (confirmed): shown, and refused on selection. */
  booked: ReadonlySet<string>;
  /**
   * London dates with a session in the user's own unpaid checkout: shown as "Payment pending"
   * and pickable (checking them out again replaces that checkout).
   */
  pending: ReadonlySet<string>;
}

/**
 * Sorts the service's availability answer into calendar days. A day can be picked when it has
 * a session that has not started and lies in the 56-day window (checked again here: the page
 * may have stayed open past a start) with a seat left. Days without a session of the service
 * are in none of the sets, so the calendar disables them.
 */
export function calendarDays(slots: readonly AvailabilitySlot[], now: Date): CalendarDays {
  const selectable = new Set<string>();
  const booked = new Set<string>();
  const pending = new Set<string>();
  const fullCandidates = new Set<string>();
  for (const slot of slots) {
    if (!isBookable(new Date(slot.startsAt), now)) continue;
    if (slot.state === 'full') fullCandidates.add(slot.date);
    else if (slot.state === 'booked') booked.add(slot.date);
    else if (slot.state === 'pending') pending.add(slot.date);
    else selectable.add(slot.date);
  }
  const full = new Set(
    [...fullCandidates].filter((d) => !selectable.has(d) && !booked.has(d) && !pending.has(d)),
  );
  return { selectable, full, booked, pending };
}

/** A day the calendar lets the visitor click (full and session-less days are disabled). */
export function isDayEnabled(days: CalendarDays, date: string): boolean {
  return days.selectable.has(date) || days.booked.has(date) || days.pending.has(date);
}

/** Sessions still bookable now, in start order; the session cards list these. */
export function bookableSlots(slots: readonly AvailabilitySlot[], now: Date): AvailabilitySlot[] {
  return slots
    .filter((slot) => isBookable(new Date(slot.startsAt), now))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The session a click on a calendar day picks: the day's first session with a seat. */
export function slotForDay(
  slots: readonly AvailabilitySlot[],
  date: string,
  now: Date,
): AvailabilitySlot | undefined {
  return bookableSlots(slots, now).find((slot) => slot.date === date && slot.state !== 'full');
}

/**
 * What a session of a class with a minimum tells families (docs/decisions/100): the condition it
 * runs on until it is decided, then "Confirmed to run"; nothing for a class without a minimum.
 */
export function runsIfNote(
  slot: Pick<AvailabilitySlot, 'runsIf' | 'confirmedToRun'>,
): string | undefined {
  if (slot.runsIf) return runsIfText(slot.runsIf.minPupils, new Date(slot.runsIf.decidedAt));
  return slot.confirmedToRun ? CONFIRMED_TO_RUN : undefined;
}

export interface BasketTotals {
  sessionCount: number;
  /** Every session at the session price. */
  subtotalPence: number;
  /** What is charged: bundles of 10 at the bundle price, the rest at the session price. */
  amountPence: number;
  savingPence: number;
  bundles: number;
  isSpecialOffer: boolean;
}

/** The basket's price; a reschedule is free (docs/product-rules.md#prices: total shown as £0). */
export function basketTotals(
  count: number,
  pricing: PricingRules,
  mode: BookingMode,
): BasketTotals {
  if (count === 0 || mode === 'reschedule') {
    return {
      sessionCount: count,
      subtotalPence: 0,
      amountPence: 0,
      savingPence: 0,
      bundles: 0,
      isSpecialOffer: false,
    };
  }
  const price = priceBasket(count, pricing);
  return {
    sessionCount: count,
    subtotalPence: count * pricing.sessionPricePence,
    amountPence: price.amountPence,
    savingPence: price.savingPence,
    bundles: price.bundles,
    isSpecialOffer: price.isSpecialOffer,
  };
}

export type AddResult =
  | { added: true; selection: SelectedSession[] }
  | { added: false; selection: SelectedSession[]; message: Message };

/**
 * Adds a session to the selection, in start order. In reschedule mode only one session may be
 * chosen: a second one is refused and the first kept (docs/product-rules.md#seats-and-bookings).
 */
export function addSession(
  selection: readonly SelectedSession[],
  slot: SelectedSession,
  mode: BookingMode,
): AddResult {
  if (selection.some((s) => s.startsAt === slot.startsAt)) {
    return { added: true, selection: [...selection] };
  }
  if (mode === 'reschedule' && selection.length >= 1) {
    return { added: false, selection: [...selection], message: MESSAGES.singleSessionOnly };
  }
  const next = [...selection, slot].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return { added: true, selection: next };
}

export function removeSession(
  selection: readonly SelectedSession[],
  startsAt: string,
): SelectedSession[] {
  return selection.filter((s) => s.startsAt !== startsAt);
}

/**
 * What the check of one picked session means: undefined to add it, else the toast refusing it.
 * `invalid` (not a session any more, e.g. it has just started) cannot be booked either. A
 * session in the user's own unpaid checkout may be booked again (the new checkout replaces
 * the old one), but a booking cannot be moved onto it.
 */
export function selectionRefusal(
  status: BookabilityResult['status'],
  mode: BookingMode = 'book',
): Message | undefined {
  switch (status) {
    case 'ok':
      return undefined;
    case 'pending':
      return mode === 'reschedule' ? MESSAGES.reschedulePending : undefined;
    case 'duplicate':
      return MESSAGES.alreadyBooked;
    case 'full':
      return MESSAGES.sessionFull;
    default:
      return MESSAGES.availabilityError;
  }
}

/** The pre-flight check before payment: undefined when every session can be had. */
export function preflightRefusal(results: readonly BookabilityResult[]): Message | undefined {
  if (results.some((r) => r.status === 'duplicate')) return MESSAGES.duplicateBooking;
  if (results.some((r) => r.status === 'full')) return MESSAGES.sessionsNowFull;
  // `pending`: the user's own unpaid checkout, which this checkout replaces.
  if (results.some((r) => r.status !== 'ok' && r.status !== 'pending')) {
    return MESSAGES.availabilityError;
  }
  return undefined;
}

/**
 * The basket's note when sessions filled before the family paid (decision 107): they leave the
 * basket, and the family is pointed at each one's waiting list, whose button sits under the
 * session: "Now full, removed from your basket: Thursday 5 November 2026, 5:00 PM. Join its
 * waiting list under the session to be offered the next seat that frees."
 */
export function nowFullNote(starts: readonly string[]): string | undefined {
  if (starts.length === 0) return undefined;
  const names = [...starts]
    .sort()
    .map((start) => `${formatLondonDate(new Date(start))}, ${formatTime12h(new Date(start))}`);
  const join =
    starts.length === 1
      ? 'Join its waiting list under the session'
      : 'Join their waiting lists under the sessions';
  return `Now full, removed from your basket: ${names.join('; ')}. ${join} to be offered the next seat that frees.`;
}

/**
 * The toast for a failed POST /api/checkout (docs/product-rules.md#messages, Booking and payment).
 */
export function checkoutFailureMessage(error: unknown): Message {
  if (error instanceof ApiError) {
    if (error.status === 409 && error.code === 'duplicate') return MESSAGES.duplicateBooking;
    if (error.status === 409 && error.code === 'full') return MESSAGES.sessionsNowFull;
    // The service names both totals (decision 102); the basket then shows the new one.
    if (error.status === 409 && error.code === 'price-changed') {
      return { title: 'The price has changed', description: error.detail };
    }
    if (error.status === 401) return MESSAGES.noActiveSession;
    if (error.status !== NETWORK_ERROR_STATUS) {
      return withServerText(MESSAGES.paymentError, error.detail);
    }
  }
  return MESSAGES.paymentError;
}

/** The toast for a failed reschedule (docs/product-rules.md#messages, Reschedule page). */
/**
 * Staff moving a family's booking onto a session its pupil already has: the message names the
 * pupil ("Arjun already has this session"), as "You've already booked" would mislead the
 * admin reading it (decision 070). `base` gives the title the customer's message would have.
 */
export function staffDuplicateMessage(pupilName: string, base: Message): Message {
  return { title: base.title, description: staffDuplicateDescription(pupilName) };
}

/**
 * A refused move, in words; `staffFor` names the pupil when staff move a family's booking.
 */
export function rescheduleFailureMessage(error: unknown, staffFor?: string): Message {
  if (error instanceof ApiError) {
    if (error.code === 'duplicate') {
      return staffFor
        ? staffDuplicateMessage(staffFor, MESSAGES.rescheduleDuplicate)
        : MESSAGES.rescheduleDuplicate;
    }
    if (error.code === 'pending') return MESSAGES.reschedulePending;
    if (error.code === 'full') return MESSAGES.rescheduleFull;
    if (error.status !== NETWORK_ERROR_STATUS) {
      return withServerText(MESSAGES.rescheduleFailed, error.detail);
    }
  }
  return MESSAGES.rescheduleFailed;
}

/** Consecutive closed days with the same reason, as one line: "Closed — Christmas holiday". */
export interface ClosedRange {
  from: string;
  to: string;
  reason: string;
}

/** Groups closed days (in date order) into runs of consecutive days with one reason. */
export function closedRanges(closed: readonly ClosedDay[]): ClosedRange[] {
  const ranges: ClosedRange[] = [];
  for (const day of [...closed].sort((a, b) => a.date.localeCompare(b.date))) {
    const last = ranges.at(-1);
    if (last && last.reason === day.reason && addDays(last.to, 1) === day.date) last.to = day.date;
    else ranges.push({ from: day.date, to: day.date, reason: day.reason });
  }
  return ranges;
}
