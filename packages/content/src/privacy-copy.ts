/*
 * The privacy policy's wording of how long personal data is kept (docs/decisions/058). The
 * periods themselves are rules of `@tuition/domain` (`retentionPeriods`, decision 062), which the
 * service's retention job applies too: the policy writes {enquiryRetention} and the like, filled
 * here from those periods, never a copied number.
 */
import { DEFAULT_RECORDING_RETENTION_DAYS, type RetentionPeriods } from '@tuition/domain';

/** The `{name}` placeholders the privacy policy may use for these periods. */
export const PRIVACY_PLACEHOLDERS = [
  'enquiryRetention',
  'unverifiedAccountRetention',
  'mailBodyRetention',
  'bookingRecordRetention',
  'recordingRetention',
] as const;
export type PrivacyPlaceholder = (typeof PRIVACY_PLACEHOLDERS)[number];

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "2 years", "18 months", "1 year". */
export function monthsLabel(months: number): string {
  return months % 12 === 0 ? plural(months / 12, 'year') : plural(months, 'month');
}

/** The words each privacy placeholder stands for. */
export function privacyCopyValues(
  periods: RetentionPeriods,
  recordingDays: number = DEFAULT_RECORDING_RETENTION_DAYS,
): Record<PrivacyPlaceholder, string> {
  return {
    recordingRetention: plural(recordingDays, 'day'),
    enquiryRetention: monthsLabel(periods.enquiryMonths),
    unverifiedAccountRetention: plural(periods.unverifiedAccountDays, 'day'),
    mailBodyRetention: plural(periods.mailBodyDays, 'day'),
    bookingRecordRetention: plural(periods.bookingRecordYears, 'year'),
  };
}
