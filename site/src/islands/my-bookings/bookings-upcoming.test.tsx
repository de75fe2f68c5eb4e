// The upcoming bookings list as a customer meets it: the empty state, a 1-to-1 lesson named by
// its tutor, the too-late dialog instead of the picker within 24 hours, the cancel confirmation
// and its outcomes, and an unpaid checkout shown as "Payment pending" with Resume payment and
// Release.
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking, OpenCheckout } from '../../lib/api-client.ts';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsUpcoming } = await import('./bookings-upcoming.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const clock = fixedClock('2026-11-02T09:00:00Z');
const PUPIL = { id: 'p1', name: 'Sam', yearGroup: 'y10' } as const;

const booking = (over: Partial<Booking> = {}): Booking => ({
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
  pupil: PUPIL,
  ...over,
});

/** Stubs the service: no bookings, unpaid checkouts or waiting places unless `routes` say so. */
function stubService(routes: Routes = {}) {
  return stubApi({
    'GET /api/me/bookings': [],
    'GET /api/checkout/pending': [],
    'GET /api/me/waitlist': [],
    ...routes,
  }).fetch;
}

beforeEach(() => {
  props = { ...baseProps, queryClient: createQueryClient() };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const baseProps = { contactEmail: 'hello@example.com', contactPhone: '020 7946 0000', clock };
// A fresh cache per test, so one test's bookings never show in the next.
let props: typeof baseProps & { queryClient: ReturnType<typeof createQueryClient> };

describe('BookingsUpcoming', () => {
  it('says so when there is nothing booked', async () => {
    stubService();
    render(<BookingsUpcoming {...props} />);
    expect(await screen.findByText('No upcoming sessions')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book New Session' }).getAttribute('href')).toBe(
      '/booking',
    );
  });

  it('back from a reschedule, confirms it and highlights the moved booking, once', async () => {
    window.history.replaceState(null, '', '/upcoming-bookings?moved=b2');
    stubService({
      'GET /api/me/bookings': [
        booking(),
        booking({
          id: 'b2',
          startsAt: '2026-11-17T17:00:00.000Z',
          endsAt: '2026-11-17T18:00:00.000Z',
        }),
      ],
    });
    render(<BookingsUpcoming {...props} />);
    expect(await screen.findByText('Session rescheduled successfully.')).toBeTruthy();
    const marker = await screen.findByText('Rescheduled just now');
    const card = marker.closest('li');
    expect(card?.textContent).toContain('17 November');
    expect(screen.getAllByText('Rescheduled just now')).toHaveLength(1);
    // A reload does not confirm it again.
    expect(window.location.search).toBe('');
  });

  it('shows a 1-to-1 lesson as one with its tutor, not as a class', async () => {
    stubService({
      'GET /api/me/bookings': [
        booking(),
        booking({
          id: 'b2',
          kind: 'one-to-one',
          tutorName: 'Ada',
          label: 'GCSE Foundation',
          startsAt: '2026-11-11T16:00:00.000Z',
          endsAt: '2026-11-11T17:00:00.000Z',
        }),
      ],
    });
    render(<BookingsUpcoming {...props} />);
    expect(await screen.findByText('1-to-1 with Ada · GCSE Foundation')).toBeTruthy();
    expect(screen.getByText('Mathematics · GCSE Foundation')).toBeTruthy();
    expect(screen.queryByText('Tutor: Ada')).toBeNull();
  });

  it('within 24 hours, Reschedule explains how to contact support instead', async () => {
    stubService({ 'GET /api/me/bookings': [booking({ canReschedule: false })] });
    const navigate = vi.fn();
    render(<BookingsUpcoming {...props} navigate={navigate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('24 hours');
    expect(dialog.textContent).toContain('hello@example.com');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('Reschedule hands the booking to /reschedule', async () => {
    stubService({ 'GET /api/me/bookings': [booking()] });
    const navigate = vi.fn();
    render(<BookingsUpcoming {...props} navigate={navigate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(navigate).toHaveBeenCalledWith('/reschedule?booking=b1');
    expect(JSON.parse(window.sessionStorage.getItem('reschedule-booking') ?? '{}').id).toBe('b1');
  });

  it('cancels after a confirmation that states there is no refund', async () => {
    const fetchStub = stubService({
      'GET /api/me/bookings': [booking()],
      'POST /api/me/bookings/:id/cancel': booking({ status: 'cancelled' }),
    });
    render(<BookingsUpcoming {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    // Whose seat, which course and when: a family's bookings are for different children.
    expect(
      within(dialog).getByRole('heading', {
        name: `Cancel ${PUPIL.name}’s GCSE Foundation session on Tuesday 10 November 2026?`,
      }),
    ).toBeTruthy();
    expect(dialog.textContent).toMatch(/no[nt]?[- ]?refund/i);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('Booking Cancelled.')).toBeTruthy();
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/me/bookings/b1/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says the seat comes back as credit where the CMS says so, more than 24 hours ahead', async () => {
    stubService({ 'GET /api/me/bookings': [booking()] });
    render(<BookingsUpcoming {...props} cancelReturnsCredit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('comes back to you as a session of credit');
    expect(dialog.textContent).not.toMatch(/non-refundable/);
  });

  it('a failed cancel says so', async () => {
    stubService({
      'GET /api/me/bookings': [booking()],
      'POST /api/me/bookings/:id/cancel': problem(500, 'Oops'),
    });
    render(<BookingsUpcoming {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('Failed to cancel booking. Please try again.')).toBeTruthy();
  });

  it('shows an unpaid checkout as Payment pending, not as booked, and releases it', async () => {
    let open: OpenCheckout[] = [
      {
        checkoutId: 'c-open',
        expiresAt: '2026-11-02T09:20:00Z',
        resumeUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
        amountPence: 3000,
        sessionCount: 2,
        isSpecialOffer: false,
        sessions: [
          {
            startsAt: '2026-11-10T17:00:00.000Z',
            endsAt: '2026-11-10T18:00:00.000Z',
            date: '2026-11-10',
            time: '5-6pm',
            label: 'GCSE Foundation',
            service: 'gcse',
            pupil: PUPIL,
          },
          {
            startsAt: '2026-11-12T17:00:00.000Z',
            endsAt: '2026-11-12T18:00:00.000Z',
            date: '2026-11-12',
            time: '5-6pm',
            label: 'GCSE Foundation',
            service: 'gcse',
            pupil: PUPIL,
          },
        ],
      },
    ];
    const fetchStub = stubService({
      'GET /api/checkout/pending': () => open,
      'POST /api/checkout/:id/cancel': ({ params }) => {
        if (params.id === 'c-open') open = [];
        return { status: 'cancelled' };
      },
    });
    render(<BookingsUpcoming {...props} />);
    const panel = await screen.findByRole('region', { name: 'Payment pending' });
    expect(panel.textContent).toContain('2 sessions, £30.00');
    expect(panel.textContent).toContain('Tuesday 10 November 2026');
    expect(panel.textContent).toContain('Nothing is booked or paid yet');
    expect(screen.getByRole('link', { name: 'Resume payment' }).getAttribute('href')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
    // Nothing is booked: the list itself stays empty.
    expect(await screen.findByText('No upcoming sessions')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Payment released')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Payment pending' })).toBeNull(),
    );
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/checkout/c-open/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('groups a term enrolment’s sessions under its heading; other bookings stay as they were', async () => {
    stubService({
      'GET /api/me/bookings': [
        booking({ id: 't1', enrolmentId: 'e1', label: 'GCSE Higher' }),
        booking({
          id: 'single',
          startsAt: '2026-11-12T17:00:00.000Z',
          endsAt: '2026-11-12T18:00:00.000Z',
        }),
        booking({
          id: 't2',
          enrolmentId: 'e1',
          label: 'GCSE Higher',
          startsAt: '2026-11-17T17:00:00.000Z',
          endsAt: '2026-11-17T18:00:00.000Z',
        }),
      ],
      'GET /api/me/enrolments': [
        {
          id: 'e1',
          termId: 'spring-2027',
          termName: 'Spring 2027',
          classId: 'gcse-higher-tue-1900',
          service: 'gcse',
          label: 'GCSE Higher, Tuesdays 7:00 PM',
          pupil: { id: 'p1', name: 'Maya', yearGroup: 'y10' },
          status: 'paid',
          sessionsTotal: 11,
          sessionsLeft: 9,
          pricePencePerSession: 1400,
        },
      ],
    });
    render(<BookingsUpcoming {...props} />);
    const group = await screen.findByRole('region', {
      name: 'Maya — GCSE Higher, Tuesdays 7:00 PM, Spring 2027: 9 sessions left',
    });
    const dates = within(group)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(dates).toEqual(['Tuesday 10 November 2026', 'Tuesday 17 November 2026']);
    // Each session of the term keeps its own actions.
    expect(within(group).getAllByRole('button', { name: 'Reschedule' })).toHaveLength(2);
    const singles = screen.getByRole('region', { name: 'Single sessions' });
    expect(singles.textContent).toContain('Thursday 12 November 2026');
    expect(within(singles).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('names the children of an unfinished payment, one line per session', async () => {
    const seat = {
      startsAt: '2026-11-10T17:00:00.000Z',
      endsAt: '2026-11-10T18:00:00.000Z',
      date: '2026-11-10',
      time: '5:00 PM – 6:00 PM',
      label: 'GCSE Foundation',
      service: 'gcse',
      pupil: { id: 'p-maya', name: 'Maya', yearGroup: 'y10' },
    } as const;
    stubService({
      'GET /api/checkout/pending': [
        {
          checkoutId: 'c-two',
          expiresAt: '2026-11-02T09:20:00Z',
          resumeUrl: '/dev/checkout/c-two',
          amountPence: 1500,
          sessionCount: 2,
          isSpecialOffer: false,
          sessions: [
            {
              ...seat,
              pupil: { id: 'p-arjun', name: 'Arjun', yearGroup: 'y8' },
              paidWithCredit: true,
            },
            { ...seat, pricePence: 1500 },
          ],
        },
      ],
    });
    render(<BookingsUpcoming {...props} />);
    const panel = await screen.findByRole('region', { name: 'Payment pending' });
    expect(panel.textContent).toContain('2 sessions, £15.00 by card and 1 session of credit');
    const lines = within(panel)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector(':scope > strong'));
    expect(lines.map((li) => li.textContent)).toEqual([
      'Tuesday 10 November 2026 GCSE Foundation, 5:00 PM – 6:00 PM, for Arjun and Maya',
    ]);
  });

  it('leaves out a hold that has lapsed by now', async () => {
    stubService({
      'GET /api/checkout/pending': [
        {
          checkoutId: 'c-old',
          expiresAt: '2026-11-02T08:59:00Z',
          resumeUrl: '/dev/checkout/c-old',
          amountPence: 1500,
          sessionCount: 1,
          isSpecialOffer: false,
          sessions: [],
        },
      ],
    });
    render(<BookingsUpcoming {...props} />);
    expect(await screen.findByText('No upcoming sessions')).toBeTruthy();
    expect(screen.queryByText('Payment pending')).toBeNull();
  });
});
