/**
 * The limits and texts of the input rules, without zod: a page that shows a year group or a
 * limit does not load or build any schema. The schemas themselves, shared by the site's forms
 * and the service's endpoints, are in validation-schemas.ts (docs/decisions/124).
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const YEAR_GROUPS = ['y6', 'y7', 'y8', 'y9', 'y10', 'y11', 'y12', 'y13'] as const;
export type YearGroup = (typeof YEAR_GROUPS)[number];

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 5000;
export const BASKET_MAX_SESSIONS = 30;

// --- phone ---------------------------------------------------------------------------------

/**
 * Typed characters, formatting included: "+44 (0) 7700 900 123" is 20. The spec's 15 cut real
 * formatted numbers short (docs/decisions/049); the digit rule below is the spec's.
 */
export const PHONE_MAX_CHARS = 25;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
const PHONE_TEXT = /^[0-9+\- ()]*$/;

export const PHONE_CHARACTERS_TEXT =
  'Phone number may only contain digits, +, -, spaces and brackets.';
export const PHONE_TOO_LONG_TEXT = `Phone number must be at most ${PHONE_MAX_CHARS} characters.`;
/** The field's hint: what is accepted, before anything is typed. */
export const PHONE_HINT = `${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits; you may use +, -, spaces and brackets.`;

/**
 * What is wrong with the phone field while it is being typed, or null. Nothing typed is ever
 * dropped or cut: a letter or an over-long number stays in the field with this message beside
 * it (the digit count waits for Save, since every number is short while being typed).
 */
export function phoneTypingProblem(typed: string): string | null {
  const phone = typed.trim();
  if (!PHONE_TEXT.test(phone)) return PHONE_CHARACTERS_TEXT;
  if (phone.length > PHONE_MAX_CHARS) return PHONE_TOO_LONG_TEXT;
  return null;
}

/** Said when a number passes the typing and digit rules but no country has given it out. */
export const PHONE_INVALID_TEXT =
  'Please enter a real phone number: a UK number such as 07700 900123, or + and the country code for a number abroad.';
