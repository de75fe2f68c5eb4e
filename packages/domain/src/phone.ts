/**
 * Phone numbers: kept in E.164 ("+447700900123"), shown in UK national format ("07700 900123")
 * when British and in international format ("+33 1 23 45 67 89") otherwise (decision 069).
 * Which numbers exist comes from libphonenumber-js, a port of Google's libphonenumber whose
 * numbering metadata is updated with every release, never from a hand-written pattern.
 *
 * The typed-character and digit-count rules stay in validation.ts (decision 049); this module
 * only answers "which number is this?" and "how is it shown?", without zod: the account's phone
 * schema is in phone-schemas.ts (decision 124).
 */
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A number typed without a country code is British. */
export const PHONE_DEFAULT_COUNTRY = 'GB';
const UK_CALLING_CODE = '44';

/**
 * Ofcom's ranges reserved for drama (07700 900000-900999, 01632 960000-960999): never given to
 * anyone, so the numbering metadata calls them invalid, yet they are what the demo account and
 * the tests type. Accepting them lets nobody reach a real stranger.
 */
const FICTIONAL_UK_PREFIXES = ['+447700900', '+441632960'] as const;
const UK_E164_LENGTH = '+44'.length + 10;

export function isFictionalUkNumber(e164: string): boolean {
  return (
    e164.length === UK_E164_LENGTH &&
    FICTIONAL_UK_PREFIXES.some((prefix) => e164.startsWith(prefix))
  );
}

/**
 * Reads a number as typed: spaces, dashes and brackets are layout ("(07700) 900-123",
 * "+44 (0) 7700 900123"); "00" is the international prefix dialled from the UK ("0044 …").
 */
function readPhone(typed: string): PhoneNumber | undefined {
  const compact = typed.replace(/\(0\)/g, '').replace(/[\s\-()]/g, '');
  if (compact === '') return undefined;
  return parsePhoneNumberFromString(compact, {
    defaultCountry: PHONE_DEFAULT_COUNTRY,
    extract: false,
  });
}

/**
 * The E.164 form of a real number ("07700 900123" -> "+447700900123"), or null when it is not
 * one (a number no country has given out, or one too short or too long for its country).
 */
export function toE164(typed: string): string | null {
  const phone = readPhone(typed);
  if (!phone) return null;
  return phone.isValid() || isFictionalUkNumber(phone.number) ? phone.number : null;
}

/**
 * How the site and the register show a stored number: "07700 900123" for a UK number,
 * "+33 1 23 45 67 89" for any other. Numbers saved before decision 069 are as the customer typed
 * them ("07700-900-123"); they are read the same way, and anything unreadable is shown as stored.
 */
export function formatPhone(stored: string): string {
  const phone = readPhone(stored);
  if (!phone) return stored.trim();
  return phone.countryCallingCode === UK_CALLING_CODE
    ? phone.formatNational()
    : phone.formatInternational();
}
