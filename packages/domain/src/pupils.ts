/**
 * Pupils: the children (or the student) an account books for (docs/decisions/048). An account
 * is a payer; every seat, booking and register line is for one of its pupils. Year groups are
 * the contact form's values (y6…y13); a pupil whose year group is not known yet has null.
 */
import type { ServiceCode } from './services.ts';
import type { YearGroup } from './validation.ts';

/** Who holds the account: a parent or guardian (the default), or a student aged 16 or over. */
export const ACCOUNT_TYPES = ['parent', 'student'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** How many pupils one checkout or pre-flight check may name (a family, not a school). */
export const PUPILS_PER_BASKET_MAX = 10;

/**
 * How many pupils one account may hold (a family, not a school; decision 066): without a limit
 * one family could fill a waiting list with invented children. Pupils removed within the last
 * PUPILS_REMOVED_COUNTED_MONTHS count too (decision 094), so removing a child and adding a new
 * one never makes room for a first-lesson offer again.
 */
export const PUPILS_PER_ACCOUNT_MAX = 12;

/** How long a removed pupil still counts towards PUPILS_PER_ACCOUNT_MAX. */
export const PUPILS_REMOVED_COUNTED_MONTHS = 12;

/** The refusal of a pupil beyond PUPILS_PER_ACCOUNT_MAX. */
export const PUPILS_PER_ACCOUNT_MESSAGE = `An account can have at most ${PUPILS_PER_ACCOUNT_MAX} pupils, counting any removed in the last ${PUPILS_REMOVED_COUNTED_MONTHS} months. Please contact us if you need more.`;

const YEAR_NUMBER: Record<YearGroup, number> = {
  y6: 6,
  y7: 7,
  y8: 8,
  y9: 9,
  y10: 10,
  y11: 11,
  y12: 12,
  y13: 13,
};

/** "Year 10"; "Year group not set" for a pupil whose year group is unknown. */
export function yearGroupLabel(yearGroup: YearGroup | null): string {
  return yearGroup ? `Year ${YEAR_NUMBER[yearGroup]}` : 'Year group not set';
}

/**
 * Years 12 and 13 are 16 or over; Years 6 to 11 are treated as under 16 (a Year 11 pupil turns
 * 16 during the year, so consent is asked for the whole year). Unknown counts as under 16 for
 * anything that needs the pupil to be 16 (their own e-mail copies), but asks no consent.
 */
export function isSixteenOrOver(yearGroup: YearGroup | null): boolean {
  return yearGroup === 'y12' || yearGroup === 'y13';
}

/** Adding or moving a pupil into Years 6-11 needs the parent's recorded consent. */
export function needsParentalConsent(yearGroup: YearGroup | null): boolean {
  return yearGroup !== null && !isSixteenOrOver(yearGroup);
}

/** A student account is for a student aged 16 or over: Year 12 or 13 (or not said yet). */
export const STUDENT_YEAR_GROUPS = ['y12', 'y13'] as const satisfies readonly YearGroup[];

export function yearGroupAllowedFor(accountType: AccountType, yearGroup: YearGroup | null) {
  return accountType === 'parent' || yearGroup === null || isSixteenOrOver(yearGroup);
}

/** The year groups each course is written for (SERVICES[…].years, as year groups). */
export const COURSE_YEAR_GROUPS: Record<ServiceCode, readonly YearGroup[]> = {
  sats: ['y6'],
  ks3: ['y7', 'y8'],
  gcse: ['y9', 'y10', 'y11'],
  'gcse-higher': ['y9', 'y10', 'y11'],
  aslevel: ['y12'],
  alevel: ['y13'],
};

/**
 * Whether a course suits a pupil's year group. Outside it the booking page warns and still
 * lets the parent book (a Year 8 pupil may be ready for GCSE); unknown fits everything.
 */
export function courseFitsYearGroup(service: ServiceCode, yearGroup: YearGroup | null): boolean {
  return yearGroup === null || COURSE_YEAR_GROUPS[service].includes(yearGroup);
}

export const CONSENT_REQUIRED_MESSAGE =
  'Please confirm that you are their parent or guardian and agree to the privacy policy for children under 16.';
