// What a family reads about a lesson (docs/decisions/079): on /previous-bookings the report for
// each child, with the tutor's note about that child only (the service sends no other), and
// "Corrected" for a report sent again; on both lists, who teaches the session.
import type { Booking } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsPrevious } = await import('./bookings-previous.tsx');
const { BookingsCard } = await import('./bookings-card.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const clock = fixedClock('2026-12-05T09:00:00Z');

const booking = (over: Partial<Booking> = {}): Booking => ({
  id: 'b1',
  status: 'confirmed',
  service: 'gcse-higher',
  subject: 'mathematics',
  label: 'GCSE Higher',
  startsAt: '2026-12-01T19:00:00.000Z',
  endsAt: '2026-12-01T20:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  canCancel: false,
  canReschedule: false,
  pupil: { id: 'p1', name: 'Sam', yearGroup: 'y10' },
  tutorName: 'Mr Patel',
  ...over,
});

const REPORT = {
  topic: 'Quadratics',
  homework: 'Sheet 4, questions 1 to 10',
  resources: 'https://example.test/quadratics',
  note: 'Sam explained the method to the group.',
  tutorName: 'Mr Patel',
  sentAt: '2026-12-01T20:10:00.000Z',
  corrected: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the lesson report on previous bookings', () => {
  it('shows each child’s report with only that child’s note, and Corrected when resent', async () => {
    stubApi({
      'GET /api/me/bookings': [
        booking({ report: REPORT }),
        booking({
          id: 'b2',
          pupil: { id: 'p2', name: 'Ava', yearGroup: 'y11' },
          report: { ...REPORT, note: null, corrected: true },
        }),
        booking({ id: 'b3', startsAt: '2026-11-24T19:00:00.000Z', report: null }),
      ],
    });
    render(<BookingsPrevious clock={clock} queryClient={createQueryClient()} />);
    const reports = await screen.findAllByRole('heading', { name: 'Lesson report' });
    expect(reports).toHaveLength(2);

    const [sams, avas] = reports.map((heading) => within(heading.closest('li') as HTMLElement)) as [
      ReturnType<typeof within>,
      ReturnType<typeof within>,
    ];
    expect(sams.getByText('Quadratics')).toBeTruthy();
    expect(sams.getByText('Sheet 4, questions 1 to 10')).toBeTruthy();
    expect(sams.getByText('https://example.test/quadratics')).toBeTruthy();
    expect(sams.getByText('Tutor’s note about Sam')).toBeTruthy();
    expect(sams.getByText('Sam explained the method to the group.')).toBeTruthy();
    expect(sams.getByText('Sent by Mr Patel on Tuesday 1 December 2026')).toBeTruthy();
    expect(sams.queryByText('Corrected')).toBeNull();

    // Ava's family got no note about Ava: nothing about any other child shows instead.
    expect(avas.queryByText(/Tutor’s note/)).toBeNull();
    expect(avas.queryByText('Sam explained the method to the group.')).toBeNull();
    expect(avas.getByText('Corrected')).toBeTruthy();
  });
});

describe('the tutor line on a booking card', () => {
  it('names the tutor when one is set, and says nothing otherwise', () => {
    const now = clock.now();
    const { rerender } = render(
      <ul>
        <BookingsCard booking={booking()} now={now} />
      </ul>,
    );
    expect(screen.getByText('Tutor: Mr Patel')).toBeTruthy();
    rerender(
      <ul>
        <BookingsCard booking={booking({ tutorName: null })} now={now} />
      </ul>,
    );
    expect(screen.queryByText(/^Tutor:/)).toBeNull();
  });
});
