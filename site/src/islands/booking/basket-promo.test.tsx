// The basket's promo code (docs/decisions/080, 082) against a stubbed service: an applied code
// goes with bookability and the checkout, the service's discount line and total are shown as it
// answered them, and a code it refuses is explained under the field while the basket stays
// payable without it; clearing the code recovers.
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

const REFUSED = 'LEAFLET10 has been used as many times as it may.';

/** The service: SPRING5 takes £3.00 off; any other code is refused with a reason. */
function stubService(credit = 0) {
  const bookability: unknown[] = [];
  const checkouts: unknown[] = [];
  stubApi({
    'GET /api/me/pupils': {
      accountType: 'parent',
      pupils: [accountPupil('p1', 'Sam')],
    },
    'GET /api/availability': {
      slots: [gcseSlot('2026-11-03'), gcseSlot('2026-11-05')],
      closed: [],
    },
    'POST /api/bookability': ({ body }: StubRequest) => {
      bookability.push(body);
      const { startsAt, promoCode } = body as { startsAt: string[]; promoCode?: string };
      if (promoCode && promoCode.toUpperCase() !== 'SPRING5') {
        return problem(400, 'Invalid promo code', {
          errors: [{ field: 'promoCode', message: REFUSED }],
        });
      }
      const subtotalPence = startsAt.length * 1500;
      const discountPence = promoCode ? 300 : 0;
      // With credit, the service also prices the seats left for the card (the code on them).
      const cardSeats = startsAt.length - credit;
      const cardPrice =
        credit > 0 && cardSeats > 0
          ? {
              subtotalPence: cardSeats * 1500,
              discountPence,
              totalPence: cardSeats * 1500 - discountPence,
              discount: promoCode ? { kind: 'promo' as const, label: 'Code SPRING5' } : null,
              promo: promoCode ? { code: 'SPRING5', applied: true, reason: null } : null,
            }
          : undefined;
      return {
        creditAvailable: credit,
        ...(cardPrice ? { cardPrice } : {}),
        results: startsAt.map((s) => ({ startsAt: s, status: 'ok' as const })),
        price: {
          subtotalPence,
          discountPence,
          totalPence: subtotalPence - discountPence,
          discount: promoCode ? { kind: 'promo' as const, label: 'Code SPRING5' } : null,
          promo: promoCode ? { code: 'SPRING5', applied: true, reason: null } : null,
        },
      };
    },
    'POST /api/checkout': ({ body }: StubRequest) => {
      checkouts.push(body);
      return {
        checkoutId: 'c1',
        status: 'pending',
        url: 'https://pay.example/c1',
        amountPence: 2700,
        creditUsed: 0,
        sessionCount: 2,
        isSpecialOffer: false,
        expiresAt: '2026-11-02T09:30:00.000Z',
        replacedCheckoutIds: [],
      } satisfies StartedCheckout;
    },
    'GET /api/checkout/pending': [],
  });
  return { bookability, checkouts };
}

const navigate = vi.fn();

beforeEach(() => {
  window.localStorage.clear();
  navigate.mockReset();
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

async function enterCode(basket: HTMLElement, code: string) {
  const field = await within(basket).findByRole('textbox', { name: 'Promo code' });
  fireEvent.change(field, { target: { value: code } });
  fireEvent.click(within(basket).getByRole('button', { name: 'Apply' }));
  return field;
}

describe('a promo code in the basket', () => {
  it('shows the service’s discount and total, and sends the code to the checkout', async () => {
    const { bookability, checkouts } = stubService();
    const basket = await pickTwoSessions();
    await enterCode(basket, 'spring5');
    expect((await within(basket).findByTestId('basket-discount')).textContent).toBe('−£3.00');
    expect(within(basket).getByText('Code SPRING5')).toBeTruthy();
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£27.00');
    expect(bookability.at(-1)).toMatchObject({ promoCode: 'spring5' });
    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://pay.example/c1'));
    expect(checkouts[0]).toMatchObject({ promoCode: 'spring5', pupilIds: ['p1'] });
  });

  it('with credit paying one seat, shows what the card pays for the other, code and all', async () => {
    stubService(1);
    const basket = await pickTwoSessions();
    await enterCode(basket, 'SPRING5');
    expect((await within(basket).findByTestId('basket-discount')).textContent).toBe('−£3.00');
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£12.00');
  });

  it('explains a refused code under the field and still pays without it', async () => {
    const { checkouts } = stubService();
    const basket = await pickTwoSessions();
    const field = await enterCode(basket, 'LEAFLET10');
    const message = await within(basket).findByText(REFUSED);
    expect(message.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£30.00');
    expect(within(basket).queryByTestId('basket-discount')).toBeNull();

    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://pay.example/c1'));
    expect(checkouts[0]).not.toHaveProperty('promoCode');
  });

  it('clearing a refused code takes its message away', async () => {
    stubService();
    const basket = await pickTwoSessions();
    await enterCode(basket, 'LEAFLET10');
    await within(basket).findByText(REFUSED);
    fireEvent.click(within(basket).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(basket).queryByText(REFUSED)).toBeNull());
    expect(
      (within(basket).getByRole('textbox', { name: 'Promo code' }) as HTMLInputElement).value,
    ).toBe('');
  });
});
