// How a session is named and timed wherever a list shows one: the customer's bookings and
// receipts, the waiting-list places and the admin's booking history.
import { formatLondonDate, formatTime12h, isServiceCode, SERVICES } from '@tuition/domain';

/** The course's label ("GCSE Higher"); an unknown code is shown as it is. */
export function serviceLabel(service: string): string {
  return isServiceCode(service) ? SERVICES[service].label : service;
}

/** "5:00 PM – 6:00 PM", London time. */
export function londonTimeRange(startsAt: string, endsAt: string): string {
  return `${formatTime12h(new Date(startsAt))} – ${formatTime12h(new Date(endsAt))}`;
}

/**
 * A cancel dialog's question, naming whose seat it is: "Cancel Maya’s GCSE Higher session on
 * Thursday 3 December 2026?" (a family's bookings are for different children, decision 048).
 */
export function cancelSeatQuestion(pupilName: string, course: string, startsAt: string): string {
  return `Cancel ${pupilName}’s ${course} session on ${formatLondonDate(new Date(startsAt))}?`;
}
