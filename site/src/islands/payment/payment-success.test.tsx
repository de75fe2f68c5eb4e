// /payment-success as a visitor meets it: "Payment Successful" only for a paid checkout of
// the signed-in user; "We are confirming your payment" while it is pending; a neutral page
// (no claim, links to /upcoming-bookings and /booking) for no checkout, someone else's or an
// unknown one, or when signed out.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { CheckoutSummary } from '@tuition/api-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Handler, problem, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'user-1', name: 'Pat' } } : null,
    isPending: false,
  }),
}));

const { PaymentSuccess } = await import('./payment-success.tsx');
const { PAYMENT_BASKET_KEY } = await import('../shared/payment-basket.ts');
const { BASKET_STORAGE_KEY, loadBasket, saveBasket } = await import(
  '../shared/booking-picker/basket-storage.ts'
);
const { DEFAULT_PRICING } = await import('@tuition/domain');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const CHECKOUT = '5b0c3d38-8a55-4f0e-9a59-7b7f6f0d2c11';

const summary = (status: CheckoutSummary['status']): CheckoutSummary => ({
  status,
  amountPence: 10000,
  creditUsed: 0,
  pack: null,
  sessionCount: 10,
  isSpecialOffer: true,
  // Sam and his sister Maya in five sessions: ten seats, the 10-for-£100 offer.
  sessions: [10, 12, 17, 19, 24].flatMap((day) =>
    [
      { id: 'p2', name: 'Maya', yearGroup: 'y9' as const },
      { id: 'p1', name: 'Sam', yearGroup: 'y10' as const },
    ].map((pupil) => ({
      startsAt: `2026-11-${day}T17:00:00.000Z`,
      endsAt: `2026-11-${day}T18:00:00.000Z`,
      date: `2026-11-${day}`,
      time: '5-6pm',
      label: 'GCSE Foundation',
      service: 'gcse' as const,
      pupil,
    })),
  ),
});

/** The service's summary of the checkout, however the test has it answer. */
const stubCheckout = (answer: Handler<'GET /api/checkout/:id'>) =>
  stubApi({ 'GET /api/checkout/:id': answer }).fetch;

beforeEach(() => {
  session.signedIn = true;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

/** The neutral page: no success claimed, the two ways on. */
async function expectNeutral() {
  expect(await screen.findByRole('heading', { name: 'No payment to show' })).toBeTruthy();
  expect(screen.queryByText('Payment Successful')).toBeNull();
  expect(screen.queryByText(/sessions are booked/)).toBeNull();
  expect(screen.queryByText(/Total paid/)).toBeNull();
  expect(screen.getByRole('link', { name: 'Upcoming Bookings' }).getAttribute('href')).toBe(
    '/upcoming-bookings',
  );
  expect(screen.getByRole('link', { name: 'Book Sessions' }).getAttribute('href')).toBe('/booking');
}

/** The page for CHECKOUT, with a query client of its own as each page load has. */
function renderPage() {
  render(
    <PaymentSuccess
      queryClient={createQueryClient()}
      pricing={DEFAULT_PRICING}
      checkoutId={CHECKOUT}
    />,
  );
}

describe('PaymentSuccess', () => {
  it('asks again while the payment is pending, then shows the summary and drops the basket', async () => {
    window.sessionStorage.setItem(
      PAYMENT_BASKET_KEY,
      JSON.stringify({ checkoutId: CHECKOUT, selectedSessions: [] }),
    );
    let calls = 0;
    stubCheckout(() => {
      calls += 1;
      return summary(calls < 2 ? 'pending' : 'paid');
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'We are confirming your payment' }),
    ).toBeTruthy();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    await waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText(/Your sessions are booked/)).toBeTruthy();
    expect(screen.getByTestId('payment-total').textContent).toBe('£100.00');
    expect(screen.getByText(/Special offer applied/)).toBeTruthy();
    // Each seat names its child and costs its share of the £100, not £15.
    const lines = screen.getAllByRole('listitem');
    expect(lines).toHaveLength(10);
    expect(lines.filter((l) => l.textContent?.includes('for Sam'))).toHaveLength(5);
    expect(lines.filter((l) => l.textContent?.includes('for Maya'))).toHaveLength(5);
    expect(screen.queryByText('£15.00')).toBeNull();
    expect(screen.getAllByText('£10.00')).toHaveLength(10);
    expect(window.sessionStorage.getItem(PAYMENT_BASKET_KEY)).toBeNull();
  }, 15_000);

  it('clears the stored booking basket once the checkout is paid, not while it is pending', async () => {
    saveBasket({ service: 'gcse', starts: ['2026-11-10T17:00:00.000Z'] });
    let calls = 0;
    stubCheckout(() => {
      calls += 1;
      return summary(calls < 2 ? 'pending' : 'paid');
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'We are confirming your payment' }),
    ).toBeTruthy();
    expect(loadBasket()?.starts).toEqual(['2026-11-10T17:00:00.000Z']);
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(window.localStorage.getItem(BASKET_STORAGE_KEY)).toBeNull();
  }, 15_000);

  it('keeps the stored booking basket when the checkout was not paid', async () => {
    saveBasket({ service: 'gcse', starts: ['2026-11-10T17:00:00.000Z'] });
    stubCheckout(summary('expired'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(loadBasket()?.starts).toEqual(['2026-11-10T17:00:00.000Z']);
  });

  it("is neutral for someone else's or an unknown checkout (the service answers 404)", async () => {
    stubCheckout(problem(404, 'No such checkout.'));
    renderPage();
    await expectNeutral();
  });

  it('is neutral without a checkout, and asks the service nothing', async () => {
    // A basket left from an earlier visit is no proof of payment either.
    window.sessionStorage.setItem(
      PAYMENT_BASKET_KEY,
      JSON.stringify({
        checkoutId: CHECKOUT,
        sessionCount: 1,
        totalCost: 1500,
        isSpecialOffer: false,
        selectedSessions: [],
      }),
    );
    const fetchStub = stubCheckout(summary('paid'));
    render(
      <PaymentSuccess queryClient={createQueryClient()} pricing={DEFAULT_PRICING} checkoutId="" />,
    );
    await expectNeutral();
    render(
      <PaymentSuccess
        queryClient={createQueryClient()}
        pricing={DEFAULT_PRICING}
        checkoutId="not-a-checkout"
      />,
    );
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('is neutral when signed out, with a way to log in', async () => {
    session.signedIn = false;
    const fetchStub = stubCheckout(summary('paid'));
    renderPage();
    await expectNeutral();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('says a lapsed or released checkout was not paid', async () => {
    stubCheckout(summary('cancelled'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.queryByText('Payment Successful')).toBeNull();
  });

  it('claims nothing when the service cannot be reached', async () => {
    let asked = 0;
    stubCheckout(() => {
      asked += 1;
      return problem(503, 'Unavailable');
    });
    // The page's retries and their waits (about 8 s in all) run on a fake clock: on a busy
    // machine the real waits once outlasted the test.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderPage();
      for (
        let waited = 0;
        waited < 30_000 && !screen.queryByText(/could not check this payment/);
      ) {
        await vi.advanceTimersByTimeAsync(250);
        waited += 250;
      }
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByText(/could not check this payment/)).toBeTruthy();
    // Each of the page's tries was itself tried again (3 fetches each): it did not give up early.
    expect(asked).toBeGreaterThan(4);
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
