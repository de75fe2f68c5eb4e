/**
 * The figures copy may quote from the Pricing document, as `{name}` placeholders (see
 * copy-template.ts). Editors write "{bundleSize} sessions for {bundlePrice}"; the price
 * itself is only ever typed into Pricing.
 */
import { formatPounds } from '@tuition/domain';
import { PRICING_PLACEHOLDERS } from './placeholders.ts';
import type { Pricing } from './types.ts';

export { PRICING_PLACEHOLDERS };
export type PricingPlaceholder = (typeof PRICING_PLACEHOLDERS)[number];

/** Prices in pounds as the site shows them ("£15.00"), sizes as numbers. */
export interface PricingCopyValues extends Record<PricingPlaceholder, string | number> {
  sessionPrice: string;
  bundleSize: number;
  bundlePrice: string;
  bundleSaving: string;
  oneToOneHourlyPrice: string;
  groupSizeMin: number;
  groupSizeMax: number;
}

/** The value of every pricing placeholder. */
export function pricingCopyValues(pricing: Pricing): PricingCopyValues {
  return {
    sessionPrice: formatPounds(pricing.sessionPricePence),
    bundleSize: pricing.bundleSize,
    bundlePrice: formatPounds(pricing.bundlePricePence),
    bundleSaving: formatPounds(
      pricing.bundleSize * pricing.sessionPricePence - pricing.bundlePricePence,
    ),
    oneToOneHourlyPrice: formatPounds(pricing.oneToOneHourlyPence),
    groupSizeMin: pricing.groupSizeMin,
    groupSizeMax: pricing.groupSizeMax,
  };
}
