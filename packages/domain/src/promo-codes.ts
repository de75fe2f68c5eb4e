/**
 * Whether a promo code may be used now by an account (docs/decisions/082): switched on, inside
 * its window, and under its limits. What a usable code takes off a basket is the pricing
 * engine's (pricing-engine.ts); counting the uses is the service's.
 */
import { formatLondonDate } from './london-time.ts';

/** The fields of a code that decide whether it may be used. */
export interface PromoCodeLimits {
  active: boolean;
  /** From this instant on; null for no start. */
  validFrom: Date | null;
  /** Until just before this instant; null for no end. */
  validTo: Date | null;
  /** Uses in all; null for no limit. */
  maxRedemptions: number | null;
  /** Uses by one account; null for no limit. */
  perAccountLimit: number | null;
}

/** How many times one account may use a free-session code the admin set no limit for. */
export const FREE_SESSION_USES_PER_ACCOUNT = 1;

/**
 * The uses one account may make of a code: the admin's limit, else once for a free-session
 * code (a free taster is once per family, decision 094), else no limit.
 */
export function perAccountLimitOf(code: {
  kind: string;
  perAccountLimit: number | null;
}): number | null {
  if (code.perAccountLimit !== null) return code.perAccountLimit;
  return code.kind === 'free-session' ? FREE_SESSION_USES_PER_ACCOUNT : null;
}

/** The code's live uses (held or redeemed) in all and by the account asking. */
export interface PromoCodeUses {
  all: number;
  mine: number;
}

export const PROMO_CODE_REFUSALS = [
  'inactive',
  'not-yet-valid',
  'expired',
  'used-up',
  'account-limit',
] as const;

export type PromoCodeRefusalReason = (typeof PROMO_CODE_REFUSALS)[number];

/** Why a code cannot be used, and the words the customer reads. */
export interface PromoCodeRefusal {
  reason: PromoCodeRefusalReason;
  message: string;
}

/** A switched-off code reads as no code at all: customers are not told it exists. */
export const UNKNOWN_PROMO_CODE_MESSAGE = "We don't recognise this promo code.";

/**
 * The first rule that stops an account using the code at `now`, or null when it may: switched
 * off, not yet valid (before `validFrom`), expired (at or after `validTo`), used up (as many
 * uses as `maxRedemptions`), or this account's uses at `perAccountLimit`. A code with neither
 * limit never looks at `uses`: a caller may skip counting them and pass `{ all: 0, mine: 0 }`.
 */
export function promoCodeRefusal(
  code: PromoCodeLimits,
  uses: PromoCodeUses,
  now: Date,
): PromoCodeRefusal | null {
  if (!code.active) return { reason: 'inactive', message: UNKNOWN_PROMO_CODE_MESSAGE };
  if (code.validFrom && now.getTime() < code.validFrom.getTime()) {
    // "4 January 2027": the London date without its weekday.
    const day = formatLondonDate(code.validFrom).replace(/^\S+ /, '');
    return { reason: 'not-yet-valid', message: `This code can be used from ${day}.` };
  }
  if (code.validTo && now.getTime() >= code.validTo.getTime()) {
    return { reason: 'expired', message: 'This code has expired.' };
  }
  if (code.maxRedemptions !== null && uses.all >= code.maxRedemptions) {
    return { reason: 'used-up', message: 'This code has been used up.' };
  }
  if (code.perAccountLimit !== null && uses.mine >= code.perAccountLimit) {
    return { reason: 'account-limit', message: 'You have already used this code.' };
  }
  return null;
}
