// Rescheduling a 1-to-1 lesson on /upcoming-bookings (docs/decisions/111): the dialog lists only
// that tutor's free times of the lesson's length, a move sends the chosen start and marks the new
// booking in the re-read list, refusals are said in words, and within 24 hours the button
// explains how to contact support as for a group seat. The service is a fetch stub.
import type { OneToOneSlot } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../lib/api-client.ts';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsUpcoming } = await import('./bookings-upcoming.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

// A Monday in November: London is on UTC.
const clock = fixedClock('2026-11-02T09:00:00Z');

const lesson = (over: Partial<Booking> = {}): Booking => ({
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
  pupil: { id: 'p1', name: 'Sam', yearGroup: 'y10' },
  kind: 'one-to-one',
  tutorId: 't-ada',
  tutorName: 'Ada',
  ...over,
});

const slot = (
  tutorId: string,
  tutorName: string,
  startsAt: string,
  minutes = 60,
): OneToOneSlot => ({
  tutorId,
  tutorName,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
});
const ADA_THU = slot('t-ada', 'Ada', '2026-11-12T17:00:00.000Z');
const ADA_FRI_SHORT = slot('t-ada', 'Ada', '2026-11-13T16:00:00.000Z', 45);
const BEN_THU = slot('t-ben', 'Ben', '2026-11-12T17:00:00.000Z');
const ADA_SAT = slot('t-ada', 'Ada', '2026-11-14T10:00:00.000Z');

/** The service: one 1-to-1 lesson, Ada's and Ben's free times, and whatever `routes` add. */
function stubService(routes: Routes = {}) {
  return stubApi({
    'GET /api/me/bookings': [lesson()],
    'GET /api/checkout/pending': [],
    'GET /api/me/waitlist': [],
    'GET /api/one-to-one/availability': ({ url }) => ({
      service: 'gcse',
      lengthMinutes: 60,
      from: url.searchParams.get('from') ?? '2026-11-02',
      to: url.searchParams.get('to') ?? '2026-11-15',
      slots: [ADA_THU, BEN_THU, ADA_FRI_SHORT, ADA_SAT],
    }),
    ...routes,
  });
}

let queryClient: ReturnType<typeof createQueryClient>;
const navigate = vi.fn();

beforeEach(() => {
  queryClient = createQueryClient();
  navigate.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <BookingsUpcoming
      contactEmail="hello@example.com"
      contactPhone="020 7946 0000"
      clock={clock}
      navigate={navigate}
      queryClient={queryClient}
    />,
  );

/** Opens the lesson's Reschedule dialog once its free times have loaded. */
async function openPicker() {
  fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reschedule 1-to-1 lesson' });
  await within(dialog).findByRole('group', { name: 'Thursday 12 November 2026' });
  return dialog;
}

describe('Rescheduling a 1-to-1 lesson', () => {
  it('lists only the same tutor’s free times of the same length, in the dialog', async () => {
    const stub = stubService();
    show();
    const dialog = await openPicker();
    expect(navigate).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('Sam’s lesson with Ada');
    expect(dialog.textContent).toContain('same length (1 hour)');
    const times = within(dialog).getAllByRole('radio');
    expect(times.map((time) => time.closest('label')?.textContent)).toEqual([
      '5:00 PM – 6:00 PM',
      '10:00 AM – 11:00 AM',
    ]);
    expect(within(dialog).queryByText(/Ben/)).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Friday 13 November 2026' })).toBeNull();
    const asked = stub.requests.find((r) => r.url.pathname === '/api/one-to-one/availability');
    expect(asked?.url.searchParams.get('tutorId')).toBe('t-ada');
    expect(asked?.url.searchParams.get('lengthMinutes')).toBe('60');
    expect(asked?.url.searchParams.get('service')).toBe('gcse');
  });

  it('moves the lesson to the chosen time and marks the new booking in the list', async () => {
    let moved = false;
    const newLesson = lesson({
      id: 'b2',
      startsAt: ADA_SAT.startsAt,
      endsAt: ADA_SAT.endsAt,
    });
    const stub = stubService({
      'GET /api/me/bookings': () => (moved ? [newLesson] : [lesson()]),
      'POST /api/me/bookings/:id/reschedule': () => {
        moved = true;
        return newLesson;
      },
    });
    show();
    const dialog = await openPicker();
    const move = within(dialog).getByRole('button', { name: 'Move lesson' });
    expect(move.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: '10:00 AM – 11:00 AM' }));
    expect(dialog.textContent).toContain('New time: Saturday 14 November 2026 at 10:00 AM');
    fireEvent.click(move);
    expect(await screen.findByText('Session rescheduled successfully.')).toBeTruthy();
    const sent = stub.requests.find((r) => r.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/me/bookings/b1/reschedule');
    expect(sent?.body).toEqual({ startsAt: ADA_SAT.startsAt });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const marker = await screen.findByText('Rescheduled just now');
    expect(marker.closest('li')?.textContent).toContain('Saturday 14 November 2026');
  });

  it('says when the time was taken meanwhile, and asks for the free times again', async () => {
    const stub = stubService({
      'POST /api/me/bookings/:id/reschedule': problem(409, 'The tutor is not free.', {
        code: 'unavailable',
        slots: [ADA_THU.startsAt],
      }),
    });
    show();
    const dialog = await openPicker();
    const asked = () => stub.calls.filter((c) => c.includes('/one-to-one/availability')).length;
    const before = asked();
    fireEvent.click(within(dialog).getByRole('radio', { name: '5:00 PM – 6:00 PM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move lesson' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'Sorry, Ada is no longer free on Thursday 12 November 2026 at 5:00 PM. The free times have been refreshed.',
    );
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
    expect(
      within(dialog).getByRole('button', { name: 'Move lesson' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('says when it has become too late to move it online, and a bad start in words', async () => {
    let answer = problem(409, 'Sessions can be rescheduled up to 24 hours before they start.', {
      code: 'too-late',
    });
    stubService({ 'POST /api/me/bookings/:id/reschedule': () => answer });
    show();
    const dialog = await openPicker();
    fireEvent.click(within(dialog).getByRole('radio', { name: '5:00 PM – 6:00 PM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move lesson' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Sessions can be rescheduled up to 24 hours before they start.',
    );
    answer = problem(400, 'startsAt: bad', {
      errors: [{ field: 'startsAt', message: 'startsAt must be an ISO instant.' }],
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: '10:00 AM – 11:00 AM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move lesson' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'startsAt must be an ISO instant.',
      ),
    );
  });

  it('within 24 hours, Reschedule explains how to contact support, as for a group seat', async () => {
    stubService({ 'GET /api/me/bookings': [lesson({ canReschedule: false })] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us to reschedule' });
    expect(dialog.textContent).toContain('24 hours');
    expect(dialog.textContent).toContain('hello@example.com');
  });
});
