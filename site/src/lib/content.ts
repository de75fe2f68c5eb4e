// The one content loader the whole site reads at build time. Pages import `content` from
// here, never `@tuition/content` directly, so the source (seed dataset or Sanity) is chosen
// once from the environment. The cache outlives any build, so every page of one build sees
// the same snapshot and the source is queried once per document type.
import { contentConfigFromEnv, createContentLoader } from '@tuition/content';
import type { PricingRules } from '@tuition/domain';

const ONE_HOUR_MS = 60 * 60 * 1000;

export const content = createContentLoader(contentConfigFromEnv(process.env), {
  cacheTtlMs: ONE_HOUR_MS,
});

/**
 * The bundle rule the booking islands price a basket with for display, from the CMS's Pricing
 * document (the service prices every basket again at checkout).
 */
export async function displayPricingRules(): Promise<PricingRules> {
  const pricing = await content.pricing();
  return {
    sessionPricePence: pricing.sessionPricePence,
    bundleSize: pricing.bundleSize,
    bundlePricePence: pricing.bundlePricePence,
  };
}
