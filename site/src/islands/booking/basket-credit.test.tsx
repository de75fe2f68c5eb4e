// The family's credit in the basket (docs/decisions/077) against a stubbed service: credit pays
// for the first seats in start order then pupil, the card total covers the rest, "Use my credit"
// unticked sends useCredit: false, and a basket credit pays in full goes to the success page.
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartedCheckout } from '../../lib/api-client.ts';
import { accountPupil, gcseSlot } from '../../test-support/booking-fixtures.ts';
import { type StubRequest, stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingFlowContent } = await import('./booking-flow-content.tsx');
const { AppProviders, createQueryClient } = await import('../shared/app-providers.tsx');

// Monday 2 November 2026, 09:00 London time.
const clock = fixedClock('2026-11-02T09:00:00Z');

function stubService(creditAvailable: number, answer: (seats: number) => StartedCheckout) {
  const checkouts: unknown[] = [];
  stubApi({
    'GET /api/me/pupils': {
      accountType: 'parent',
      pupils: [accountPupil('p1', 'Sam'), accountPupil('p2', 'Alex')],
    },
    'GET /api/availability': {
      slots: [gcseSlot('2026-11-03'), gcseSlot('2026-11-05')],
      closed: [],
    },
    'POST /api/bookability': ({ body }: StubRequest) => ({
      creditAvailable,
      results: (body as { startsAt: string[] }).startsAt.map((s) => ({
        startsAt: s,
        status: 'ok' as const,
      })),
    }),
    'POST /api/checkout': ({ body }: StubRequest) => {
      checkouts.push(body);
      const basket = body as { startsAt: string[]; pupilIds: string[] };
      return answer(basket.startsAt.length * basket.pupilIds.length);
    },
    'GET /api/checkout/pending': [],
  });
  return checkouts;
}

const started = (over: Partial<StartedCheckout>): StartedCheckout => ({
  checkoutId: 'c1',
  status: 'pending',
  url: 'https://pay.example/c1',
  amountPence: 0,
  creditUsed: 0,
  sessionCount: 4,
  isSpecialOffer: false,
  expiresAt: '2026-11-02T09:30:00.000Z',
  replacedCheckoutIds: [],
  ...over,
});

const navigate = vi.fn();

beforeEach(() => {
  window.localStorage.clear();
  navigate.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Both children, both sessions: four seats. */
async function pickFourSeats() {
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
  const who = await screen.findByRole('group', { name: 'Who is this for?' });
  fireEvent.click(within(who).getByRole('checkbox', { name: /Sam/ }));
  fireEvent.click(within(who).getByRole('checkbox', { name: /Alex/ }));
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

/** The price column of the basket line for one seat. */
const linePrice = (basket: HTMLElement, info: string, nth: number) =>
  within(basket)
    .getAllByText(info)
    [nth]?.closest('li')
    ?.querySelector('.booking-basket__item-price')?.textContent;

describe('paying with credit in the basket', () => {
  it('pays the earliest seats with credit, by pupil name, and the card for the rest', async () => {
    stubService(3, () => started({}));
    const basket = await pickFourSeats();
    await within(basket).findByText('Paid with credit');
    expect(within(basket).getByTestId('basket-credit').textContent).toBe(
      '3 sessions (0 left after this)',
    );
    expect(within(basket).getByText('To pay by card')).toBeTruthy();
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£15.00');
    // Tuesday: Alex then Sam by name; Thursday: Alex by credit, Sam by card.
    expect(linePrice(basket, 'GCSE Foundation, 5-6pm, for Alex', 0)).toBe('Credit');
    expect(linePrice(basket, 'GCSE Foundation, 5-6pm, for Sam', 0)).toBe('Credit');
    expect(linePrice(basket, 'GCSE Foundation, 5-6pm, for Alex', 1)).toBe('Credit');
    expect(linePrice(basket, 'GCSE Foundation, 5-6pm, for Sam', 1)).toBe('£15.00');
  });

  it('unticking "Use my credit" prices every seat and sends useCredit: false', async () => {
    const checkouts = stubService(3, () => started({ amountPence: 6000 }));
    const basket = await pickFourSeats();
    const box = await within(basket).findByRole('checkbox', { name: /Use my credit/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    expect(within(basket).queryByText('Paid with credit')).toBeNull();
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£60.00');
    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://pay.example/c1'));
    expect(checkouts[0]).toMatchObject({ useCredit: false, pupilIds: ['p1', 'p2'] });
  });

  it('a basket credit pays in full books with credit and goes to the success page', async () => {
    const checkouts = stubService(10, () =>
      started({ status: 'paid', url: '/payment-success?checkout=c1', creditUsed: 4 }),
    );
    const basket = await pickFourSeats();
    await within(basket).findByText('4 sessions (6 left after this)');
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£0.00');
    fireEvent.click(within(basket).getByRole('button', { name: 'Book with Credit' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/payment-success?checkout=c1'));
    // Credit is the service's default: nothing extra is sent.
    expect(checkouts[0]).not.toHaveProperty('useCredit');
  });

  it('shows no credit parts to a family without credit', async () => {
    stubService(0, () => started({}));
    const basket = await pickFourSeats();
    await waitFor(() =>
      expect(within(basket).getByTestId('basket-total').textContent).toBe('£60.00'),
    );
    expect(within(basket).queryByRole('checkbox', { name: /Use my credit/ })).toBeNull();
    expect(within(basket).getByText('Total')).toBeTruthy();
  });
});
