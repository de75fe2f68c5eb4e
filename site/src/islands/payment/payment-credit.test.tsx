// /payment-success for checkouts the family's credit paid for (docs/decisions/077): the seats
// credit paid say so, the total says how it was paid, and a pack bought says its credit is ready.
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CheckoutSummary } from '@tuition/api-contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { PaymentSuccess } = await import('./payment-success.tsx');
const { DEFAULT_PRICING } = await import('@tuition/domain');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const CHECKOUT = '5b0c3d38-8a55-4f0e-9a59-7b7f6f0d2c11';

const MAYA = { id: 'p2', name: 'Maya', yearGroup: 'y9' as const };
const SAM = { id: 'p1', name: 'Sam', yearGroup: 'y10' as const };

/** Maya and Sam in two sessions; the first `byCredit` seats paid with credit. */
const seats = (byCredit: number) =>
  [10, 12]
    .flatMap((day) =>
      [MAYA, SAM].map((pupil) => ({
        startsAt: `2026-11-${day}T17:00:00.000Z`,
        endsAt: `2026-11-${day}T18:00:00.000Z`,
        date: `2026-11-${day}`,
        time: '5-6pm',
        label: 'GCSE Higher',
        service: 'gcse' as const,
        pupil,
      })),
    )
    .map((seat, i) => (i < byCredit ? { ...seat, paidWithCredit: true } : seat));

const paid = (over: Partial<CheckoutSummary>): CheckoutSummary => ({
  status: 'paid',
  amountPence: 0,
  creditUsed: 0,
  pack: null,
  sessionCount: 4,
  isSpecialOffer: false,
  sessions: [],
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(summary: CheckoutSummary) {
  stubApi({ 'GET /api/checkout/:id': summary });
  render(
    <PaymentSuccess
      queryClient={createQueryClient()}
      pricing={DEFAULT_PRICING}
      checkoutId={CHECKOUT}
    />,
  );
}

/** Each seat line's price column, in order. */
const linePrices = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.lastElementChild?.textContent);

describe('paid with credit', () => {
  it('books every seat with credit: no card payment, each line paid with credit', async () => {
    renderPage(paid({ creditUsed: 4, sessions: seats(4) }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy();
    expect(screen.getByText(/sessions are booked with your credit/)).toBeTruthy();
    expect(screen.getByTestId('paid-with').textContent).toBe('Paid with 4 sessions of credit');
    expect(screen.queryByTestId('payment-total')).toBeNull();
    expect(linePrices()).toEqual(Array(4).fill('Paid with credit'));
  });

  it('credit for some seats, the card for the rest at the usual price', async () => {
    renderPage(paid({ amountPence: 3000, creditUsed: 2, sessions: seats(2) }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('£30.00');
    expect(screen.getByTestId('paid-with').textContent).toBe(
      '£30.00 by card and 2 sessions of credit',
    );
    expect(linePrices()).toEqual(['Paid with credit', 'Paid with credit', '£15.00', '£15.00']);
  });

  it('a discounted basket shows each seat as charged and what the discount took off', async () => {
    // Sibling discount 10%: Maya's seats £15, Sam's £13.50 (docs/decisions/082).
    const priced = seats(0).map((seat) => ({
      ...seat,
      pricePence: seat.pupil.id === SAM.id ? 1350 : 1500,
    }));
    renderPage(
      paid({
        amountPence: 5700,
        sessions: priced,
        discountPence: 300,
        discountLabel: 'Sibling discount 10%',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(linePrices()).toEqual(['£15.00', '£13.50', '£15.00', '£13.50']);
    expect(screen.getByText('Sibling discount 10%').nextElementSibling?.textContent).toBe('−£3.00');
    expect(screen.getByTestId('payment-total').textContent).toBe('£57.00');
  });

  it('a pack bought says its credit is ready and links to booking', async () => {
    renderPage(
      paid({
        amountPence: 10000,
        sessionCount: 10,
        pack: { name: '10-session pack', sessions: 10 },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByTestId('pack-ready').textContent).toContain(
      'Your 10-session pack is ready: 10 sessions of credit.',
    );
    expect(screen.getByRole('link', { name: 'Book sessions with it' }).getAttribute('href')).toBe(
      '/booking',
    );
    expect(screen.getByTestId('payment-total').textContent).toBe('£100.00');
    expect(screen.queryByText('Booking summary')).toBeNull();
  });
});
