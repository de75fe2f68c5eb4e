// The "Buy pack" script on a card shaped like components/pack-offers.astro.
import { MESSAGES } from '@tuition/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';
import {
  enhancePackButtons,
  NOT_ON_SALE_TEXT,
  OPENING_TEXT,
  type PackCheckoutDeps,
  UNVERIFIED_TEXT,
} from './pack-checkout.ts';

const PAYMENT_URL = '/dev/checkout/chk_1';

function mountCard(deps: Partial<PackCheckoutDeps> = {}) {
  document.body.innerHTML = `
    <section id="session-packs">
      <ul>
        <li data-pack-offer>
          <p>10-session pack</p>
          <p id="pack-ten-price">£100 for 10 sessions (£10 a session)</p>
          <button type="button" data-pack-id="ten-session-pack" aria-describedby="pack-ten-price" disabled>
            Buy pack<span class="visually-hidden">: 10-session pack</span>
          </button>
          <div>
            <p role="status" data-pack-status></p>
            <p role="alert" data-pack-failed></p>
          </div>
        </li>
      </ul>
    </section>`;
  const full: PackCheckoutDeps = {
    checkoutPack: vi.fn(async () => ({ url: PAYMENT_URL })),
    navigate: vi.fn(),
    returnAddress: () => '/services/mathematics#session-packs',
    ...deps,
  };
  enhancePackButtons(document, full);
  return full;
}

const buyButton = () =>
  screen.getByRole('button', { name: 'Buy pack: 10-session pack' }) as HTMLButtonElement;
const failedWith = (error: unknown) =>
  mountCard({ checkoutPack: vi.fn().mockRejectedValue(error) });
const problem = (status: number, detail = '') => new ApiError({ status, title: 'Problem', detail });

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the Buy pack button', () => {
  it('is named after its pack, described by its price, and enabled once wired', () => {
    mountCard();
    expect(buyButton().disabled).toBe(false);
    expect(buyButton().getAttribute('aria-describedby')).toBe('pack-ten-price');
  });

  it('starts the checkout of its pack and sends the browser to the payment page', async () => {
    const deps = mountCard();
    fireEvent.click(buyButton());
    expect(deps.checkoutPack).toHaveBeenCalledWith('ten-session-pack');
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith(PAYMENT_URL));
    // Still busy while the browser leaves.
    expect(screen.getByRole('status').textContent).toBe(OPENING_TEXT);
    expect(buyButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('starts one checkout however often it is pressed while busy', async () => {
    let answer: (value: { url: string }) => void = () => {};
    const checkoutPack = vi.fn(() => new Promise<{ url: string }>((resolve) => (answer = resolve)));
    const deps = mountCard({ checkoutPack });
    fireEvent.click(buyButton());
    fireEvent.click(buyButton());
    fireEvent.click(buyButton());
    answer({ url: PAYMENT_URL });
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledTimes(1));
    expect(checkoutPack).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor who is not signed in to /login, with the way back to the card', async () => {
    const deps = failedWith(problem(401));
    fireEvent.click(buyButton());
    await waitFor(() =>
      expect(deps.navigate).toHaveBeenCalledWith(
        '/login?next=%2Fservices%2Fmathematics%23session-packs',
      ),
    );
  });

  it.each([
    ['an unverified e-mail address (403)', problem(403, 'Forbidden'), UNVERIFIED_TEXT],
    ['a pack no longer on sale (404)', problem(404, 'Not found'), NOT_ON_SALE_TEXT],
    ['a payment page that did not open', problem(502, 'Stripe is down.'), 'Stripe is down.'],
    [
      'no answer at all',
      problem(NETWORK_ERROR_STATUS, 'Failed to fetch'),
      MESSAGES.paymentError.description,
    ],
    ['an unexpected failure', new TypeError('boom'), MESSAGES.paymentError.description],
  ])('says why for %s, and can be pressed again', async (_what, error, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const deps = failedWith(error);
    fireEvent.click(buyButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(buyButton().hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(buyButton());
    expect(deps.checkoutPack).toHaveBeenCalledTimes(2);
  });

  it('says so when the service gives no payment page address', async () => {
    const deps = mountCard({ checkoutPack: vi.fn(async () => ({ url: '' })) });
    fireEvent.click(buyButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MESSAGES.paymentUrlMissing.title),
    );
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('is usable again when the visitor comes back from the payment page', async () => {
    const deps = mountCard();
    fireEvent.click(buyButton());
    await waitFor(() => expect(deps.navigate).toHaveBeenCalled());
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(buyButton().hasAttribute('aria-disabled')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('posts the pack id as JSON to /api/checkout/pack through the site’s API client', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ checkoutId: 'chk_1', url: PAYMENT_URL, amountPence: 10000 }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    // The real client, as the page's script uses it (checked against the API contract in tests).
    const started = await api.checkoutPack('ten-session-pack');
    expect(started.url).toBe(PAYMENT_URL);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/checkout/pack');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ packId: 'ten-session-pack' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });
});
