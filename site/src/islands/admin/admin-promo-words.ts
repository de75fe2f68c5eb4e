// Promo codes, redemptions and term enrolments in words for the admin (docs/decisions/082, 083).
// Only formatting: every amount is the server's, in pence, shown as pounds; dates are London's.
import {
  formatPounds,
  formatTime12h,
  perAccountLimitOf,
  SERVICES,
  type ServiceCode,
} from '@tuition/domain';
import type { AdminEnrolment, AdminPromoCode, PromoRedemption } from './admin-promotions-api.ts';
import { plural, shortLondonDate } from './admin-format.ts';

/** Whole pounds without pence ("£5"), otherwise as every price is written ("£2.50"). */
export function poundsOff(pence: number): string {
  return pence % 100 === 0 ? formatPounds(pence).replace(/\.00$/, '') : formatPounds(pence);
}

/** What the code gives: "10% off", "£5 off", "Free session". */
export function promoGivesText(code: Pick<AdminPromoCode, 'kind' | 'value'>): string {
  if (code.kind === 'percent') return `${code.value}% off`;
  if (code.kind === 'fixed') return `${poundsOff(code.value)} off`;
  return 'Free session';
}

/**
 * The London date a code is last valid on. The form sends a last day as the start of the next
 * London day (validTo is when it stops), so the day shown is the one just before that instant.
 */
export function lastValidDay(validTo: string): string {
  return shortLondonDate(new Date(Date.parse(validTo) - 1).toISOString());
}

/** "Any time", "From 4 Jan 2027", "Until 31 Jan 2027", "4 Jan 2027 to 31 Jan 2027". */
export function validWindowText(code: Pick<AdminPromoCode, 'validFrom' | 'validTo'>): string {
  const from = code.validFrom ? shortLondonDate(code.validFrom) : undefined;
  const to = code.validTo ? lastValidDay(code.validTo) : undefined;
  if (from && to) return `${from} to ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Any time';
}

/** "3 of 10", or "3, no limit". */
export function usesText(code: Pick<AdminPromoCode, 'redemptions' | 'maxRedemptions'>): string {
  return code.maxRedemptions === null
    ? `${code.redemptions}, no limit`
    : `${code.redemptions} of ${code.maxRedemptions}`;
}

/** "1 per account", "No limit": a free-session code left without a limit is once (decision 094). */
export function perAccountText(code: Pick<AdminPromoCode, 'kind' | 'perAccountLimit'>): string {
  const limit = perAccountLimitOf(code);
  return limit === null ? 'No limit' : `${limit} per account`;
}

export const serviceLabel = (service: ServiceCode) => SERVICES[service].label;

/** "All courses", or the courses' names. */
export function coursesText(services: readonly ServiceCode[] | null): string {
  return services === null ? 'All courses' : services.map(serviceLabel).join(', ');
}

/** "Tue 3 Nov 2026, 5:30 PM", London time. */
export function londonDateTime(at: string): string {
  return `${shortLondonDate(at)}, ${formatTime12h(new Date(at))}`;
}

export const REDEMPTION_STATUS_WORDS: Record<PromoRedemption['status'], string> = {
  held: 'Held, awaiting payment',
  redeemed: 'Redeemed',
  released: 'Released, not paid',
};

/** "Maya", "Maya and Sam", "Maya, Sam and Ali". */
export function pupilsText(pupils: readonly { name: string }[]): string {
  const names = pupils.map((p) => p.name);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "8 of 12 sessions left". */
export function sessionsLeftText(
  enrolment: Pick<AdminEnrolment, 'sessionsLeft' | 'sessionsTotal'>,
): string {
  return `${enrolment.sessionsLeft} of ${plural(enrolment.sessionsTotal, 'session', 'sessions')} left`;
}

/** Enrolments by term, in the order each term first appears (the server's order). */
export function byTerm(
  enrolments: readonly AdminEnrolment[],
): { termId: string; termName: string; enrolments: AdminEnrolment[] }[] {
  const groups = new Map<
    string,
    { termId: string; termName: string; enrolments: AdminEnrolment[] }
  >();
  for (const enrolment of enrolments) {
    const group = groups.get(enrolment.termId) ?? {
      termId: enrolment.termId,
      termName: enrolment.termName,
      enrolments: [],
    };
    group.enrolments.push(enrolment);
    groups.set(enrolment.termId, group);
  }
  return [...groups.values()];
}
