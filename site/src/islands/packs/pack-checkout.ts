// The "Buy pack" buttons of components/pack-offers.astro (docs/decisions/077), in plain
// TypeScript: the card sits on content pages, which carry no React (decision 035). A click starts
// the pack's checkout through the site's API client and sends the browser to the payment page;
// a visitor who is not signed in goes to /login, which brings them back to the card.
import { MESSAGES, withServerText } from '@tuition/domain';
import { ApiError, api, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';

export const UNVERIFIED_TEXT =
  'Please verify your e-mail address before buying a pack: use the link we e-mailed you.';
export const NOT_ON_SALE_TEXT =
  'This pack is no longer on sale. Please reload the page to see the packs on sale.';
export const OPENING_TEXT = 'Opening the payment page…';

/** What the buttons need from the browser and the service; tests pass their own. */
export interface PackCheckoutDeps {
  checkoutPack: (packId: string) => Promise<{ url: string }>;
  navigate: (url: string) => void;
  /** The page to come back to after signing in, e.g. "/booking#session-packs". */
  returnAddress: () => string;
}

const browserDeps: PackCheckoutDeps = {
  checkoutPack: (packId) => api.checkoutPack(packId),
  navigate: (url) => window.location.assign(url),
  returnAddress: () => `${window.location.pathname}${window.location.search}#session-packs`,
};

/** /login brings the visitor back here once signed in (only same-site paths, auth-pages.tsx). */
export const loginAddress = (returnAddress: string) =>
  `/login?next=${encodeURIComponent(returnAddress)}`;

/** The words for a checkout that did not start; undefined for a 401, which goes to /login. */
export function packFailureText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return MESSAGES.paymentError.description;
  if (error.status === 401) return undefined;
  if (error.status === 403) return UNVERIFIED_TEXT;
  if (error.status === 404) return NOT_ON_SALE_TEXT;
  if (error.status === NETWORK_ERROR_STATUS) return MESSAGES.paymentError.description;
  const { description } = withServerText(MESSAGES.paymentError, error.detail);
  return description ?? MESSAGES.paymentError.description;
}

interface OfferParts {
  button: HTMLButtonElement;
  status: HTMLElement;
  failed: HTMLElement;
}

/** Busy keeps the button focusable (aria-disabled, not disabled) so focus is not lost. */
function setBusy({ button, status }: OfferParts, busy: boolean) {
  if (busy) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
  button.toggleAttribute('aria-busy', busy);
  status.textContent = busy ? OPENING_TEXT : '';
}

async function buy(parts: OfferParts, packId: string, deps: PackCheckoutDeps) {
  if (parts.button.getAttribute('aria-disabled') === 'true') return;
  parts.failed.textContent = '';
  setBusy(parts, true);
  let url: string;
  try {
    ({ url } = await deps.checkoutPack(packId));
  } catch (error) {
    const text = packFailureText(error);
    if (text === undefined) {
      deps.navigate(loginAddress(deps.returnAddress()));
      return;
    }
    console.error('Pack checkout failed', error);
    setBusy(parts, false);
    parts.failed.textContent = text;
    return;
  }
  if (!url) {
    setBusy(parts, false);
    parts.failed.textContent = MESSAGES.paymentUrlMissing.title;
    return;
  }
  // Stays busy while the browser leaves for the payment page.
  deps.navigate(url);
}

/**
 * Wires every `[data-pack-offer]` under `root`: its `button[data-pack-id]` is enabled once this
 * script can send it, `[data-pack-status]` says the payment page is opening and
 * `[data-pack-failed]` why it did not.
 */
export function enhancePackButtons(root: ParentNode, deps: PackCheckoutDeps = browserDeps): void {
  const offers = [...root.querySelectorAll<HTMLElement>('[data-pack-offer]')].flatMap((offer) => {
    const button = offer.querySelector<HTMLButtonElement>('button[data-pack-id]');
    const status = offer.querySelector<HTMLElement>('[data-pack-status]');
    const failed = offer.querySelector<HTMLElement>('[data-pack-failed]');
    return button && status && failed ? [{ button, status, failed }] : [];
  });
  for (const parts of offers) {
    const packId = parts.button.dataset.packId ?? '';
    parts.button.addEventListener('click', () => void buy(parts, packId, deps));
    parts.button.disabled = false;
  }
  // Back from the payment page (the page restored from the back-forward cache): usable again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) for (const parts of offers) setBusy(parts, false);
  });
}
