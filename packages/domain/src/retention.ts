/**
 * How long personal data is kept (decision 058, docs/product-rules.md#data-and-retention). One
 * source for the service's retention job and the privacy policy's wording: the policy writes
 * {enquiryRetention} and the like, never a copied number. Enquiries' period is a site setting
 * (DEFAULT_ENQUIRY_RETENTION_MONTHS when unset); the others follow the law or the product and
 * are fixed here.
 */

/** Months an enquiry is kept when the site settings hold no period (content and the Studio read this). */
export const DEFAULT_ENQUIRY_RETENTION_MONTHS = 24;

/**
 * Days a lesson recording is kept after its session when the site settings hold no period
 * (docs/decisions/099).
 */
export const DEFAULT_RECORDING_RETENTION_DAYS = 30;

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

export interface RetentionCutoffs {
  enquiries: Date;
  unverifiedAccounts: Date;
  mailBodies: Date;
  bookingRecords: Date;
}

/**
 * Where each period ends, counted back from `now`: data older than its cut-off is removed.
 * Months and years are calendar months in UTC (a month back from 31 March is 3 March, as
 * `Date#setUTCMonth` rolls over); days are 24-hour days.
 */
export function retentionCutoffs(now: Date, periods: RetentionPeriods): RetentionCutoffs {
  const monthsBack = (months: number) => {
    const at = new Date(now);
    at.setUTCMonth(at.getUTCMonth() - months);
    return at;
  };
  const daysBack = (days: number) => new Date(now.getTime() - days * 86_400_000);
  return {
    enquiries: monthsBack(periods.enquiryMonths),
    unverifiedAccounts: daysBack(periods.unverifiedAccountDays),
    mailBodies: daysBack(periods.mailBodyDays),
    bookingRecords: monthsBack(periods.bookingRecordYears * 12),
  };
}
