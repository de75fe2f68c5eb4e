// The booking page's test fixtures: a GCSE Foundation session at 5 pm on a date, and a pupil of
// the signed-in account, as the stubbed service answers them (tests only).
import type { AvailabilitySlot } from '../lib/api-client.ts';
import type { Pupil } from '@tuition/api-contract';

/** An open GCSE Foundation session, 5–6 pm London (GMT) on `date`, three seats left, £15. */
export function gcseSlot(date: string): AvailabilitySlot {
  const startsAt = new Date(`${date}T17:00:00Z`).toISOString();
  return {
    sessionId: `session-${date}`,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    date,
    time: '5-6pm',
    label: 'GCSE Foundation',
    service: 'gcse',
    pricePence: 1500,
    capacity: 10,
    seatsLeft: 3,
    state: 'available',
    heldBy: [],
  };
}

/** A pupil of the account with consent recorded, not recorded in lessons. */
export const accountPupil = (id: string, name: string): Pupil => ({
  id,
  name,
  yearGroup: 'y10',
  email: null,
  archived: false,
  consentRecordedAt: '2026-10-01T10:00:00.000Z',
  consentPolicyVersion: '2026-08-01',
  recordingConsent: false,
  recordingConsentAt: null,
});
