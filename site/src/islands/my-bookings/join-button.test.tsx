import type { Booking } from '@tuition/api-contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JoinButton } from './join-button.tsx';

const booking = (join: Booking['join']): Booking => ({
  id: 'b1',
  status: 'confirmed',
  service: 'gcse-higher',
  subject: 'mathematics',
  label: 'GCSE Higher',
  startsAt: '2026-11-03T19:00:00.000Z',
  endsAt: '2026-11-03T20:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  canCancel: true,
  canReschedule: false,
  pupil: { id: 'p1', name: 'Sam', yearGroup: 'y10' },
  ...(join ? { join } : {}),
});

afterEach(cleanup);

describe('the Join session button', () => {
  it('links to the join page while the service says the window is open', () => {
    render(
      <JoinButton booking={booking({ opensAt: '2026-11-03T18:45:00.000Z', url: '/join/b1' })} />,
    );
    expect(screen.getByRole('link', { name: 'Join session' }).getAttribute('href')).toBe(
      '/join/b1',
    );
  });

  it('says when it opens, in London time, before that', () => {
    render(<JoinButton booking={booking({ opensAt: '2026-11-03T18:45:00.000Z', url: null })} />);
    expect(screen.getByText('Join opens at 6:45 PM')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
