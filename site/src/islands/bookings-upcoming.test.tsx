// The upcoming bookings list as a customer meets it: the empty state, the too-late dialog
// instead of the picker within 24 hours, and the cancel confirmation and its outcomes.
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyBooking } from '../lib/api-client.ts';

vi.mock('../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingsUpcoming } = await import('./bookings-upcoming.tsx');
const { createQueryClient } = await import('./app-providers.tsx');
const { PaymentSuccess } = await import('./payment-success.tsx');
const { PAYMENT_BASKET_KEY } = await import('./payment-basket.ts');
const { DEFAULT_PRICING } = await import('@tuition/domain');

const clock = fixedClock('2026-11-02T09:00:00Z');

const booking = (over: Partial<MyBooking> = {}): MyBooking => ({
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
  ...over,
});

function stubFetch(answer: (url: string, init?: RequestInit) => Response) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(String(input), init),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

beforeEach(() => {
  props = { ...baseProps, queryClient: createQueryClient() };
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
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
    stubFetch(() => Response.json([]));
    render(<BookingsUpcoming {...props} />);
    expect(await screen.findByText('No upcoming sessions')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book New Session' }).getAttribute('href')).toBe(
      '/booking',
    );
  });

  it('within 24 hours, Reschedule explains how to contact support instead', async () => {
    stubFetch(() => Response.json([booking({ canReschedule: false })]));
    const navigate = vi.fn();
    render(<BookingsUpcoming {...props} navigate={navigate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('24 hours');
    expect(dialog.textContent).toContain('hello@example.com');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('Reschedule hands the booking to /reschedule', async () => {
    stubFetch(() => Response.json([booking()]));
    const navigate = vi.fn();
    render(<BookingsUpcoming {...props} navigate={navigate} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(navigate).toHaveBeenCalledWith('/reschedule?booking=b1');
    expect(JSON.parse(window.sessionStorage.getItem('reschedule-booking') ?? '{}').id).toBe('b1');
  });

  it('cancels after a confirmation that states there is no refund', async () => {
    const fetchStub = stubFetch((url) =>
      url.endsWith('/cancel')
        ? Response.json(booking({ status: 'cancelled' }))
        : Response.json([booking()]),
    );
    render(<BookingsUpcoming {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/no[nt]?[- ]?refund/i);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('Booking Cancelled')).toBeTruthy();
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/me/bookings/b1/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('a failed cancel says so', async () => {
    stubFetch((url) =>
      url.endsWith('/cancel')
        ? Response.json({ title: 'Oops', status: 500 }, { status: 500 })
        : Response.json([booking()]),
    );
    render(<BookingsUpcoming {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('Failed to cancel booking. Please try again.')).toBeTruthy();
  });
});

describe('PaymentSuccess', () => {
  it('asks again while the payment is pending, then shows the summary and drops the basket', async () => {
    window.sessionStorage.setItem(
      PAYMENT_BASKET_KEY,
      JSON.stringify({ checkoutId: 'c1', selectedSessions: [] }),
    );
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return Response.json({
        status: calls < 2 ? 'pending' : 'paid',
        amountPence: 10000,
        sessionCount: 10,
        isSpecialOffer: true,
        sessions: [
          {
            startsAt: '2026-11-10T17:00:00.000Z',
            date: '2026-11-10',
            time: '5-6pm',
            label: 'GCSE Foundation',
          },
        ],
      });
    });
    render(<PaymentSuccess pricing={DEFAULT_PRICING} checkoutId="c1" />);
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
    await waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(await screen.findByText(/Your sessions are booked/)).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('£100.00');
    expect(screen.getByText(/Special offer applied/)).toBeTruthy();
    expect(screen.getByText('£15.00')).toBeTruthy();
    expect(window.sessionStorage.getItem(PAYMENT_BASKET_KEY)).toBeNull();
  }, 15_000);
});
