// A tutor's free 1-to-1 hours as the service lists them (public `GET /api/one-to-one/availability`,
// docs/decisions/104): /one-to-one books one (108), /upcoming-bookings moves a lesson to one (111).
// Typed and, in development and tests, checked by the contract through api-client's fetch.
import type { OneToOneAvailabilityQuery, OneToOneSlot } from '@tuition/api-contract';
import { apiFetch } from '../../../lib/api-client.ts';

export type { OneToOneSlot };

function queryOf(params: OneToOneAvailabilityQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** Free slots between two London dates (at most 28 days apart), tutors by first name. */
export const freeTimes = (params: OneToOneAvailabilityQuery) =>
  apiFetch(`/api/one-to-one/availability?${queryOf(params)}`, 'OneToOneAvailabilitySchema');
