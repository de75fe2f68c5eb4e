// A lesson's recording on /previous-bookings (docs/decisions/099): "Watch recording" where the
// service says one can be watched, a fresh short-lived link opened in a new tab without opener
// or referrer, and how often this account has watched it.
import type { Booking } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import { viewedLine } from '../shared/lesson-room/watch-recording.tsx';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsPrevious } = await import('./bookings-previous.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

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

const LINK = {
  url: 'https://recordings.example.test/session-s1.mp4?signature=abc',
  expiresAt: '2026-12-05T09:05:00.000Z',
  viewCount: 2,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(list: Booking[], routes: Routes = {}) {
  const stub = stubApi({ 'GET /api/me/bookings': list, ...routes });
  const opened = vi.spyOn(window, 'open').mockReturnValue(null);
  render(
    <BookingsPrevious
      clock={fixedClock('2026-12-05T09:00:00Z')}
      queryClient={createQueryClient()}
    />,
  );
  return { stub, opened };
}

describe('watching a lesson’s recording', () => {
  it('opens a fresh link in a new tab without opener or referrer, and counts the views', async () => {
    const { stub, opened } = open([booking({ recording: { viewCount: 1 } })], {
      'GET /api/me/bookings/:id/recording': LINK,
    });
    const button = await screen.findByRole('button', { name: /^Watch recording/ });
    expect(button.textContent).toContain('Sam’s lesson on Tuesday 1 December 2026');
    expect(screen.getByText('Viewed by you once')).toBeTruthy();
    expect(stub.calls).not.toContain('GET /api/me/bookings/b1/recording');

    fireEvent.click(button);
    expect(await screen.findByText('Viewed by you 2 times')).toBeTruthy();
    expect(stub.calls).toContain('GET /api/me/bookings/b1/recording');
    expect(opened).toHaveBeenCalledWith(LINK.url, '_blank', 'noopener,noreferrer');
    // The signed link is opened, never shown.
    expect(document.body.textContent).not.toContain(LINK.url);
  });

  it('offers nothing where there is no recording, and no count before the first view', async () => {
    open([
      booking({ recording: { viewCount: 0 } }),
      booking({ id: 'b2', startsAt: '2026-11-24T19:00:00.000Z', recording: null }),
    ]);
    const buttons = await screen.findAllByRole('button', { name: /^Watch recording/ });
    expect(buttons).toHaveLength(1);
    expect(
      within(buttons[0]?.closest('li') as HTMLElement).queryByText(/Viewed by you/),
    ).toBeNull();
  });

  it('says so when the recording can no longer be watched', async () => {
    const { opened } = open([booking({ recording: { viewCount: 3 } })], {
      'GET /api/me/bookings/:id/recording': problem(404, 'Not found'),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Watch recording/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This recording can no longer be watched.',
    );
    expect(opened).not.toHaveBeenCalled();
  });

  it('words the count: nothing, once, then a number', () => {
    expect([0, 1, 2, 7].map(viewedLine)).toEqual([
      '',
      'Viewed by you once',
      'Viewed by you 2 times',
      'Viewed by you 7 times',
    ]);
  });
});
