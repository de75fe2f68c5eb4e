/*
 * How long personal data is kept (issue 17, docs/decisions/058). One source for the service's
 * retention job and the privacy policy's wording: the policy writes {enquiryRetention} and the
 * like, never a copied number. Enquiries' period is set in the CMS (site settings); the others
 * follow the law or the product and are fixed here.
 */

/** Used when the site settings hold no enquiry period. */
export const DEFAULT_ENQUIRY_RETENTION_MONTHS = 24;

export const FIXED_RETENTION = {
  /** Accounts whose address was never verified are removed after this many days. */
  unverifiedAccountDays: 30,
  /** Bodies of sent e-mail (outbox and local mailbox) are emptied after this many days. */
  mailBodyDays: 90,
  /** Anonymised booking and payment records are purged this many years after payment. */
  bookingRecordYears: 7,
} as const;

export interface RetentionPeriods {
  enquiryMonths: number;
  unverifiedAccountDays: number;
  mailBodyDays: number;
  bookingRecordYears: number;
}

/** The periods in force, from the site settings' enquiry period (months). */
export function retentionPeriods(
  enquiryRetentionMonths: number | null | undefined,
): RetentionPeriods {
  return {
    enquiryMonths: enquiryRetentionMonths ?? DEFAULT_ENQUIRY_RETENTION_MONTHS,
    ...FIXED_RETENTION,
  };
}

/** The `{name}` placeholders the privacy policy may use for these periods. */
export const PRIVACY_PLACEHOLDERS = [
  'enquiryRetention',
  'unverifiedAccountRetention',
  'mailBodyRetention',
  'bookingRecordRetention',
] as const;
export type PrivacyPlaceholder = (typeof PRIVACY_PLACEHOLDERS)[number];

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "2 years", "18 months", "1 year". */
export function monthsLabel(months: number): string {
  return months % 12 === 0 ? plural(months / 12, 'year') : plural(months, 'month');
}

/** The words each privacy placeholder stands for. */
export function privacyCopyValues(periods: RetentionPeriods): Record<PrivacyPlaceholder, string> {
  return {
    enquiryRetention: monthsLabel(periods.enquiryMonths),
    unverifiedAccountRetention: plural(periods.unverifiedAccountDays, 'day'),
    mailBodyRetention: plural(periods.mailBodyDays, 'day'),
    bookingRecordRetention: plural(periods.bookingRecordYears, 'year'),
  };
}
