// A family's bookings (decision 048): every card names the pupil, and with bookings for
// several pupils the list can be narrowed to one of them.
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../lib/api-client.ts';
import { stubApi } from '../../test-support/api-stub.ts';
import { ALL_PUPILS, byPupil, pupilsOf } from './pupil-filter.tsx';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsUpcoming } = await import('./bookings-upcoming.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const SAM = { id: 'p1', name: 'Sam', yearGroup: 'y10' } as const;
const ALEX = { id: 'p2', name: 'Alex', yearGroup: 'y9' } as const;

const booking = (id: string, pupil: Booking['pupil'], day: number): Booking => ({
  id,
  status: 'confirmed',
  service: 'gcse',
  subject: 'mathematics',
  label: 'GCSE Foundation',
  startsAt: `2026-11-${day}T17:00:00.000Z`,
  endsAt: `2026-11-${day}T18:00:00.000Z`,
  createdAt: '2026-11-01T10:00:00.000Z',
  canCancel: true,
  canReschedule: true,
  pupil,
});

// Siblings in Tuesday's session, and Sam alone on Thursday.
const FAMILY = [booking('b1', SAM, 10), booking('b2', ALEX, 10), booking('b3', SAM, 12)];

function renderUpcoming(list: Booking[]) {
  stubApi({
    'GET /api/me/bookings': list,
    'GET /api/checkout/pending': [],
    'GET /api/me/waitlist': [],
  });
  render(
    <BookingsUpcoming
      contactEmail="hello@example.com"
      contactPhone="020 7946 0000"
      clock={fixedClock('2026-11-02T09:00:00Z')}
      queryClient={createQueryClient()}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cards = () =>
  screen.getAllByRole('listitem').filter((li) => li.classList.contains('bookings-card'));

describe('upcoming bookings for a family', () => {
  it('names the pupil on each card and filters by pupil', async () => {
    renderUpcoming(FAMILY);
    await screen.findAllByText('Sam');
    expect(cards().map((c) => within(c).getByText(/^For/).textContent)).toEqual([
      'For Sam',
      'For Alex',
      'For Sam',
    ]);
    const filter = screen.getByLabelText('Show bookings for');
    fireEvent.change(filter, { target: { value: 'p2' } });
    expect(cards().map((c) => within(c).getByText(/^For/).textContent)).toEqual(['For Alex']);
    fireEvent.change(filter, { target: { value: ALL_PUPILS } });
    expect(cards()).toHaveLength(3);
  });

  it('offers no filter when every booking is for one pupil', async () => {
    renderUpcoming([booking('b1', SAM, 10)]);
    await screen.findByText('Sam');
    expect(screen.queryByLabelText('Show bookings for')).toBeNull();
  });
});

describe('pupil filter rules', () => {
  it('lists each pupil once, in order, and shows everyone for an unknown pupil', () => {
    expect(pupilsOf(FAMILY)).toEqual([
      { id: 'p1', name: 'Sam' },
      { id: 'p2', name: 'Alex' },
    ]);
    expect(byPupil(FAMILY, 'p1').map((b) => b.id)).toEqual(['b1', 'b3']);
    expect(byPupil(FAMILY, 'gone')).toHaveLength(3);
    expect(byPupil(FAMILY, ALL_PUPILS)).toHaveLength(3);
  });
});
