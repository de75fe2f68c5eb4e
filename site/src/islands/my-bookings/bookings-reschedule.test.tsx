// @vitest-environment jsdom
// /reschedule says whose seat moves (decision 048: one pupil's seat), whether the booking came from
// the Reschedule button (kept in the tab) or is looked up again after a reload.
import { DEFAULT_PRICING } from '@tuition/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../lib/api-client.ts';
import { stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsReschedule } = await import('./bookings-reschedule.tsx');
const { saveBookingToMove } = await import('./bookings-reschedule-state.ts');

const BOOKING: Booking = {
  id: 'b1',
  status: 'confirmed',
  service: 'gcse',
  subject: 'mathematics',
  label: 'GCSE Foundation',
  startsAt: '2026-11-10T17:00:00.000Z',
  endsAt: '2026-11-10T18:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  canCancel: true,
  canReschedule: true,
  pupil: { id: 'p2', name: 'Alex', yearGroup: 'y9' },
};

beforeEach(() => {
  window.history.replaceState(null, '', '/reschedule?booking=b1');
  // The picker's own calls (availability, pupils, checkouts) are not what these tests are about.
  stubApi({
    'GET /api/me/bookings': [BOOKING],
    'GET /api/availability': { slots: [], closed: [] },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('/reschedule', () => {
  it('names the pupil whose seat moves when started from the Reschedule button', async () => {
    saveBookingToMove(BOOKING);
    render(<BookingsReschedule pricing={DEFAULT_PRICING} navigate={vi.fn()} />);
    expect(await screen.findByText('Moving Alex’s seat only')).toBeTruthy();
  });

  it('names the pupil after a reload too, from the booking looked up again', async () => {
    render(<BookingsReschedule pricing={DEFAULT_PRICING} navigate={vi.fn()} />);
    expect(await screen.findByText('Moving Alex’s seat only')).toBeTruthy();
  });
});
