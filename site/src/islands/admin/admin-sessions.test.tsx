// The sessions overview flags a booked session whose day was closed after people booked it
// (CMS closures, decision 052): staff see why, and the bookings stay as they are.
import type { AdminSession } from '@tuition/api-contract';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { AdminSessions } from './admin-sessions.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (id: string, startsAt: string, closedReason?: string): AdminSession => ({
  id,
  service: 'gcse',
  subject: 'mathematics',
  label: 'GCSE Foundation',
  startsAt,
  endsAt: startsAt.replace('T17', 'T18'),
  date: startsAt.slice(0, 10),
  time: '5-6pm',
  bookedCount: 2,
  capacity: 10,
  ...(closedReason ? { closedReason } : {}),
});

it('flags a booked session on a day closed since, with the reason', async () => {
  stubApi({
    'GET /api/admin/sessions': {
      sessions: [
        session('s1', '2026-12-15T17:00:00Z'),
        session('s2', '2026-12-22T17:00:00Z', 'Christmas holiday'),
      ],
    },
  });
  render(
    <AppProviders>
      <AdminSessions upcomingCount={2} />
    </AppProviders>,
  );
  const flag = await screen.findByText('Closed — Christmas holiday');
  expect(flag.closest('li')?.textContent).toContain('Tuesday 22 December 2026');
  expect(screen.getAllByText(/^Closed — /)).toHaveLength(1);
});
