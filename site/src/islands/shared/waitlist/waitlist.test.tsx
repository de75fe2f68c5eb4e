// Waiting lists on the site (decision 060): the places on /upcoming-bookings (position, a live offer
// with the time left and Book now, Decline), and the join control on a full session's card.
import type { AvailabilitySlot, WaitlistEntry } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../app-providers.tsx';
import { timeLeft } from './waitlist-api.ts';
import { positionsText, WaitlistJoin } from './waitlist-join.tsx';
import { WaitlistPlaces } from './waitlist-places.tsx';

const NOW = new Date('2026-11-03T09:00:00Z');

const place = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 'w1',
  service: 'gcse-higher',
  label: 'GCSE Higher',
  startsAt: '2026-11-08T12:00:00.000Z',
  endsAt: '2026-11-08T13:00:00.000Z',
  date: '2026-11-08',
  time: '12-1pm',
  pupil: { id: 'p1', name: 'Sam', yearGroup: 'y10' },
  joinedAt: '2026-11-01T10:00:00.000Z',
  position: 2,
  offer: null,
  ...over,
});

const slot = (over: Partial<AvailabilitySlot> = {}): AvailabilitySlot => ({
  sessionId: 's1',
  startsAt: '2026-11-08T12:00:00.000Z',
  endsAt: '2026-11-08T13:00:00.000Z',
  date: '2026-11-08',
  time: '12-1pm',
  label: 'GCSE Higher',
  service: 'gcse-higher',
  pricePence: 1500,
  capacity: 10,
  seatsLeft: 0,
  state: 'full',
  heldBy: [],
  waiting: 3,
  waitingFor: [],
  ...over,
});

const renderIn = (ui: React.ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('places on waiting lists', () => {
  it('shows nothing while the account waits for nothing', async () => {
    const { fetch: fetchStub } = stubApi({ 'GET /api/me/waitlist': [] });
    const { container } = renderIn(<WaitlistPlaces now={NOW} />);
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    expect(container.querySelector('.waitlist-places')).toBeNull();
  });

  it('shows the position while waiting, and a live offer with the time left and Book now', async () => {
    stubApi({
      'GET /api/me/waitlist': [
        place(),
        place({
          id: 'w2',
          pupil: { id: 'p2', name: 'Kim', yearGroup: 'y10' },
          position: null,
          offer: {
            id: 'o1',
            expiresAt: '2026-11-03T20:30:00.000Z',
            url: 'http://localhost/booking?offer=o1',
          },
        }),
      ],
    });
    renderIn(<WaitlistPlaces now={NOW} />);
    expect(await screen.findByText('Waiting list · position 2')).toBeTruthy();
    expect(screen.getByText('11 hours 30 minutes left')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Book now: GCSE Higher/ }).getAttribute('href')).toBe(
      '/booking?offer=o1',
    );
    expect(screen.getByRole('button', { name: 'Leave waiting list' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline offer' })).toBeTruthy();
  });

  it('declines an offer with DELETE and reads the places again', async () => {
    let places = [
      place({
        position: null,
        offer: { id: 'o1', expiresAt: '2026-11-03T10:00:00.000Z', url: '/booking?offer=o1' },
      }),
    ];
    const { fetch: fetchStub } = stubApi({
      'GET /api/me/waitlist': () => places,
      'DELETE /api/me/waitlist/:id': () => {
        places = [];
        return null;
      },
    });
    renderIn(<WaitlistPlaces now={NOW} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline offer' }));
    await waitFor(() =>
      expect(fetchStub).toHaveBeenCalledWith(
        '/api/me/waitlist/w1',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Decline offer' })).toBeNull());
  });
});

describe('joining from the booking calendar', () => {
  const props = {
    service: 'gcse-higher' as const,
    pupilIds: ['p1', 'p2'],
    pupilsMissing: false,
    signedOut: false,
  };

  it('says how many wait and joins for the chosen pupils', async () => {
    const { fetch: fetchStub } = stubApi({
      'POST /api/waitlist': {
        id: 'w1',
        position: 4,
        places: [
          { id: 'w1', pupil: { id: 'p1', name: 'Sam', yearGroup: 'y10' }, position: 4 },
          { id: 'w2', pupil: { id: 'p2', name: 'Kim', yearGroup: 'y10' }, position: 5 },
        ],
      },
    });
    renderIn(<WaitlistJoin {...props} slot={slot()} onSeatsOpened={() => {}} />);
    expect(screen.getByText('3 waiting')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Join waiting list/ }));
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe('/api/waitlist');
    expect(JSON.parse(String(init?.body))).toEqual({
      service: 'gcse-higher',
      startsAt: '2026-11-08T12:00:00.000Z',
      pupilIds: ['p1', 'p2'],
    });
  });

  it('reads the calendar again when a seat opened meanwhile (409 not-full)', async () => {
    stubApi({ 'POST /api/waitlist': problem(409, 'x', { code: 'not-full' }) });
    const onSeatsOpened = vi.fn();
    renderIn(<WaitlistJoin {...props} slot={slot()} onSeatsOpened={onSeatsOpened} />);
    fireEvent.click(screen.getByRole('button', { name: /Join waiting list/ }));
    await waitFor(() => expect(onSeatsOpened).toHaveBeenCalled());
  });

  it('says so, with where they stand, when the chosen pupils already wait', async () => {
    stubApi({
      'GET /api/me/waitlist': [
        place({ id: 'w1', pupil: { id: 'p2', name: 'Kim', yearGroup: 'y9' }, position: 3 }),
        place({ id: 'w2', position: 2 }),
        // Another session's place does not count.
        place({ id: 'w3', startsAt: '2026-11-15T12:00:00.000Z', position: 1 }),
      ],
    });
    renderIn(
      <WaitlistJoin
        {...props}
        slot={slot({ waitingFor: ['p1', 'p2'] })}
        onSeatsOpened={() => {}}
      />,
    );
    expect(screen.getByRole('link', { name: /^On the waiting list/ })).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: 'On the waiting list (positions 2 and 3)' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join waiting list/ })).toBeNull();
  });

  it('names one position for one pupil', () => {
    expect(positionsText([2])).toBe(' (position 2)');
    expect(positionsText([])).toBe('');
    expect(positionsText([1, 2, 4])).toBe(' (positions 1, 2 and 4)');
  });
});

describe('timeLeft', () => {
  it('counts hours and minutes down to less than a minute', () => {
    expect(timeLeft('2026-11-03T21:00:00Z', NOW)).toBe('12 hours');
    expect(timeLeft('2026-11-03T10:01:00Z', NOW)).toBe('1 hour 1 minute');
    expect(timeLeft('2026-11-03T09:45:30Z', NOW)).toBe('45 minutes');
    expect(timeLeft('2026-11-03T09:00:30Z', NOW)).toBe('less than a minute');
  });
});
