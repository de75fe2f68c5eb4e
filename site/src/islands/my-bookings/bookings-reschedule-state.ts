// The booking handed from the Reschedule button to /reschedule (docs/product-rules.md#pages: "needs
// booking data passed in navigation state"). A static site has no router state, so the tab's
// sessionStorage carries it; /reschedule?booking={id} also works on its own (a reload, a shared
// link) by loading the booking from the service.
import { BOOKING_STATUSES, SERVICE_CODES, YEAR_GROUPS } from '@tuition/domain';
import { z } from 'zod';
import type { Booking } from '../../lib/api-client.ts';
import type { BookingToMove } from '../shared/booking-picker/booking-flow-props.ts';

export const RESCHEDULE_BOOKING_KEY = 'reschedule-booking';

/**
 * The booking to move, with its pupil (decision 048: one pupil's seat moves). The pupil is optional
 * because a tab may still hold a booking saved before pupils were stored.
 */
export type BookingToReschedule = Pick<
  Booking,
  'id' | 'service' | 'label' | 'startsAt' | 'endsAt' | 'status'
> &
  Partial<Pick<Booking, 'pupil'>>;

/**
 * What the tab holds is read through this schema: anything else (another version's shape, a
 * hand-edited value) is ignored as if nothing were stored. Typed as the contract's Booking, so a
 * field renamed there breaks this at typecheck. Written with the domain's lists rather than the
 * contract's schemas, which the browser bundle leaves out (decision 046).
 */
const StoredBookingSchema: z.ZodType<BookingToReschedule> = z.object({
  id: z.string(),
  service: z.enum(SERVICE_CODES),
  label: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  pupil: z
    .object({ id: z.string(), name: z.string(), yearGroup: z.enum(YEAR_GROUPS).nullable() })
    .optional(),
});

export function saveBookingToMove(booking: BookingToReschedule): void {
  try {
    const { id, service, label, startsAt, endsAt, status, pupil } = booking;
    window.sessionStorage.setItem(
      RESCHEDULE_BOOKING_KEY,
      JSON.stringify({ id, service, label, startsAt, endsAt, status, pupil }),
    );
  } catch {
    // Without storage the ?booking= parameter still finds it.
  }
}

/** The saved booking, if it is the one asked for (or any, when no id is asked for). */
export function readBookingToMove(id?: string | null): BookingToReschedule | undefined {
  try {
    const raw = window.sessionStorage.getItem(RESCHEDULE_BOOKING_KEY);
    if (!raw) return undefined;
    const stored = StoredBookingSchema.safeParse(JSON.parse(raw));
    if (!stored.success) return undefined;
    if (id && stored.data.id !== id) return undefined;
    return stored.data;
  } catch {
    return undefined;
  }
}

/** What the picker is given in reschedule mode: the booking, and whose seat it is. */
export function pickerBooking(booking: BookingToReschedule): BookingToMove {
  const { id, service, label, startsAt, pupil } = booking;
  return {
    id,
    service,
    label,
    startsAt,
    ...(pupil ? { pupilName: pupil.name, pupilId: pupil.id } : {}),
  };
}

export function clearBookingToMove(): void {
  try {
    window.sessionStorage.removeItem(RESCHEDULE_BOOKING_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** /upcoming-bookings?moved={id}: the booking a reschedule just created, to confirm and highlight. */
export const MOVED_BOOKING_PARAM = 'moved';

/** Where to go after a successful reschedule: the list with the new booking named. */
export function afterRescheduleUrl(url: string, movedId: string | undefined): string {
  if (!movedId) return url;
  const target = new URL(url, 'http://localhost');
  target.searchParams.set(MOVED_BOOKING_PARAM, movedId);
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * Reads and removes ?moved= from the address bar, so a reload does not confirm the move again.
 */
export function takeMovedBookingId(): string | undefined {
  try {
    const url = new URL(window.location.href);
    const id = url.searchParams.get(MOVED_BOOKING_PARAM);
    if (!id) return undefined;
    url.searchParams.delete(MOVED_BOOKING_PARAM);
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
    return id;
  } catch {
    return undefined;
  }
}
