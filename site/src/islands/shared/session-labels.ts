// How a session is named and timed wherever a list shows one: the customer's bookings and
// receipts, the waiting-list places and the admin's booking history.
import { formatTime12h, isServiceCode, SERVICES } from '@tuition/domain';

/** The course's label ("GCSE Higher"); an unknown code is shown as it is. */
export function serviceLabel(service: string): string {
  return isServiceCode(service) ? SERVICES[service].label : service;
}

/** "5:00 PM – 6:00 PM", London time. */
export function londonTimeRange(startsAt: string, endsAt: string): string {
  return `${formatTime12h(new Date(startsAt))} – ${formatTime12h(new Date(endsAt))}`;
}
