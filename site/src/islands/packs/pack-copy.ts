// What a session pack's card says (docs/decisions/077), worked out at build time from the CMS
// pack: components/pack-offers.astro prints it, so none of this reaches the browser.
import { monthsLabel, type Pack } from '@tuition/content';
import { formatPounds } from '@tuition/domain';

export type PackOffer = Pick<Pack, 'id' | 'name' | 'sessions' | 'pricePence' | 'validityMonths'>;

/** The packs a family can buy now, in the editors' order. */
export function packsOnSale(packs: readonly Pack[]): Pack[] {
  return packs.filter((pack) => pack.onSale);
}

const sessionsLabel = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** "£100", "£13.33": whole pounds without pence, as a pack is priced. */
const packPounds = (pence: number) => formatPounds(pence).replace(/\.00$/, '');

/** "£100 for 10 sessions (£10 a session)"; a share that is not whole pence is rounded. */
export function packPriceLine({ pricePence, sessions }: PackOffer): string {
  const total = `${packPounds(pricePence)} for ${sessionsLabel(sessions)}`;
  if (sessions === 1) return total;
  return `${total} (${packPounds(Math.round(pricePence / sessions))} a session)`;
}

/** "Use them within 6 months for any of your children". */
export function packValidityLine({ sessions, validityMonths }: PackOffer): string {
  return `Use ${sessions === 1 ? 'it' : 'them'} within ${monthsLabel(validityMonths)} for any of your children`;
}
