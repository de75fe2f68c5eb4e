/**
 * @tuition/content: the content types, the GROQ queries and the one loader that reads them
 * from the local seed dataset or a Sanity project.
 */
export {
  type ContentConfig,
  contentConfigFromEnv,
  DEFAULT_SANITY_API_VERSION,
  defaultSeedPath,
  type SanityContentConfig,
  type SeedContentConfig,
} from './config.ts';
export type { ContentSource } from './content-source.ts';
export {
  type CopyTemplate,
  fillTemplate,
  placeholdersIn,
  templateParts,
} from './copy-template.ts';
export {
  ContentNotFoundError,
  type ContentProblem,
  ContentValidationError,
} from './content-validation.ts';
export {
  type ContentLoader,
  type ContentLoaderOptions,
  createContentLoader,
  createContentSource,
} from './loader.ts';
export {
  PRICING_PLACEHOLDERS,
  type PricingCopyValues,
  type PricingPlaceholder,
  pricingCopyValues,
} from './pricing-copy.ts';
export {
  monthsLabel,
  PRIVACY_PLACEHOLDERS,
  type PrivacyPlaceholder,
  privacyCopyValues,
} from './privacy-copy.ts';
export * from './types.ts';
