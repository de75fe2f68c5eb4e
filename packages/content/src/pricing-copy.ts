/**
 * The figures copy may quote from the Pricing document, as `{name}` placeholders (see
 * copy-template.ts). Editors write "{bundleSize} sessions for {bundlePrice}"; the price
 * itself is only ever typed into Pricing.
 */
import { formatPounds } from '@tuition/domain';
import type { Pricing } from './types.ts';

export const PRICING_PLACEHOLDERS = [
  'sessionPrice',
  'bundleSize',
  'bundlePrice',
  'bundleSaving',
  'oneToOneHourlyPrice',
  'groupSizeMin',
  'groupSizeMax',
] as const;
export type PricingPlaceholder = (typeof PRICING_PLACEHOLDERS)[number];

/** The value of every pricing placeholder, prices in pounds as the site shows them ("£15.00"). */
export function pricingCopyValues(pricing: Pricing): Record<PricingPlaceholder, string | number> {
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
