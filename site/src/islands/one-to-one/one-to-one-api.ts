// The booking service's 1-to-1 calls (docs/decisions/104, 106, 108): a tutor's free slots for a
// course and length (public), and the checkout that holds one lesson or a weekly series. Typed
// and, in development and tests, checked by the contract through api-client's fetch; a refusal is
// an ApiError whose `slots` name the weeks the tutor is no longer free (409 `unavailable`) and
// whose `amountPence` is the new total (409 `price-changed`).
import type { OneToOneCheckoutRequest } from '@tuition/api-contract';
import { apiFetch } from '../../lib/api-client.ts';
import { freeTimes } from '../shared/free-times/free-times-api.ts';

export type { OneToOneSlot } from '../shared/free-times/free-times-api.ts';

export const oneToOneApi = {
  /** Free slots between two London dates (at most 28 days apart), tutors by first name. */
  availability: freeTimes,
  /** Holds the lessons and opens the payment page; never retried (a payment). */
  checkout: (input: OneToOneCheckoutRequest) =>
    apiFetch('/api/checkout/one-to-one', 'OneToOneCheckoutSchema', {
      method: 'POST',
      json: input,
    }),
} as const;
