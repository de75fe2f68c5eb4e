// The price a family is shown is the price it pays (docs/decisions/102), against a stubbed
// service: the checkout carries the total the basket showed; when the service answers 409
// price-changed the family is told, nothing is paid, the basket shows the new total, and the
// next press sends that one. A family that loses the race for the last seat is offered the
// waiting list instead (decision 107).
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartedCheckout } from '../../lib/api-client.ts';
import { accountPupil, gcseSlot } from '../../test-support/booking-fixtures.ts';
import { problem, type StubRequest, stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingFlowContent } = await import('./booking-flow-content.tsx');
const { AppProviders, createQueryClient } = await import('../shared/app-providers.tsx');

const clock = fixedClock('2026-11-02T09:00:00Z');

/** The service's price per seat, changed by the test between the quote and the press. */
let seatPence = 1500;
/** Another family took the last seat of 5 November between the pick and the press. */
let fifthTaken = false;
const FIFTH = gcseSlot('2026-11-05');

function stubService() {
  const checkouts: Array<{ expectedPence?: number }> = [];
  stubApi({
    'GET /api/me/pupils': {
      accountType: 'parent',
      pupils: [accountPupil('p1', 'Sam')],
    },
    'GET /api/availability': () => ({
      slots: [
        gcseSlot('2026-11-03'),
        fifthTaken ? { ...FIFTH, state: 'full' as const, seatsLeft: 0 } : FIFTH,
      ],
      closed: [],
    }),
    'POST /api/bookability': ({ body }: StubRequest) => {
      const { startsAt } = body as { startsAt: string[] };
      const totalPence = startsAt.length * seatPence;
      return {
        creditAvailable: 0,
        results: startsAt.map((s) => ({ startsAt: s, status: 'ok' as const })),
        price: {
          subtotalPence: totalPence,
          discountPence: 0,
          totalPence,
          discount: null,
          promo: null,
        },
      };
    },
    'POST /api/checkout': ({ body }: StubRequest) => {
      const order = body as { startsAt: string[]; expectedPence?: number };
      checkouts.push(order);
      const amountPence = order.startsAt.length * seatPence;
      if (fifthTaken) {
        return problem(409, 'One or more of the selected sessions is full.', {
          code: 'full',
          slots: [FIFTH.startsAt],
        });
      }
      if (order.expectedPence !== undefined && order.expectedPence !== amountPence) {
        return problem(
          409,
          `The price has changed: the total is now £${(amountPence / 100).toFixed(2)}, not £${(order.expectedPence / 100).toFixed(2)}. Please check the new total and confirm again.`,
          { code: 'price-changed', expectedPence: order.expectedPence, amountPence },
        );
      }
      return {
        checkoutId: 'c1',
        status: 'pending',
        url: 'https://pay.example/c1',
        amountPence,
        creditUsed: 0,
        sessionCount: 2,
        isSpecialOffer: false,
        expiresAt: '2026-11-02T09:30:00.000Z',
        replacedCheckoutIds: [],
      } satisfies StartedCheckout;
    },
    'GET /api/checkout/pending': [],
  });
  return { checkouts };
}

const navigate = vi.fn();

beforeEach(() => {
  window.localStorage.clear();
  navigate.mockReset();
  seatPence = 1500;
  fifthTaken = false;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function pickTwoSessions() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BookingFlowContent
        pricing={DEFAULT_PRICING}
        clock={clock}
        initialService="gcse"
        navigate={navigate}
      />
    </AppProviders>,
  );
  for (const date of ['Tuesday 3 November 2026', 'Thursday 5 November 2026']) {
    const card = (await screen.findAllByRole('button', { name: new RegExp(date) })).find(
      (b) => b.className === 'booking-session__button',
    );
    if (!card) throw new Error(`no card for ${date}`);
    fireEvent.click(card);
    await waitFor(() => expect(card.getAttribute('aria-pressed')).toBe('true'));
  }
  return screen.getByRole('complementary');
}

describe('a price that changed before the press', () => {
  it('sends the total shown, and pays it when it still stands', async () => {
    const { checkouts } = stubService();
    const basket = await pickTwoSessions();
    await waitFor(() =>
      expect(within(basket).getByTestId('basket-total').textContent).toBe('£30.00'),
    );
    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://pay.example/c1'));
    expect(checkouts[0]).toMatchObject({ expectedPence: 3000 });
  });

  it('tells the family, pays nothing, shows the new total, and sends it next time', async () => {
    const { checkouts } = stubService();
    const basket = await pickTwoSessions();
    await waitFor(() =>
      expect(within(basket).getByTestId('basket-total').textContent).toBe('£30.00'),
    );
    seatPence = 1000; // the admin changed a price meanwhile
    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('The price has changed')).toBeTruthy();
    expect(
      await screen.findByText(
        'The price has changed: the total is now £20.00, not £30.00. Please check the new total and confirm again.',
      ),
    ).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(within(basket).getByTestId('basket-total').textContent).toBe('£20.00'),
    );
    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://pay.example/c1'));
    expect(checkouts.map((c) => c.expectedPence)).toEqual([3000, 2000]);
  });
});

describe('the last seat taken before the press (decision 107)', () => {
  it('drops the session from the basket and offers its waiting list', async () => {
    stubService();
    const basket = await pickTwoSessions();
    await waitFor(() =>
      expect(within(basket).getByTestId('basket-total').textContent).toBe('£30.00'),
    );
    fifthTaken = true;
    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    expect(
      await within(basket).findByText(
        'Now full, removed from your basket: Thursday 5 November 2026, 5:00 PM. Join its waiting list under the session to be offered the next seat that frees.',
      ),
    ).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(within(basket).getByTestId('basket-total').textContent).toBe('£15.00'),
    );
    expect(
      await screen.findByRole('button', {
        name: /^Join waiting list: GCSE Foundation, Thursday 5 November 2026/,
      }),
    ).toBeTruthy();
  });
});
