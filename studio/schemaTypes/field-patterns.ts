/**
 * Patterns shared by several schema types. Kept as regular expressions (not custom
 * validators) so they run everywhere validation runs, including without a client.
 */

/** UK landline or mobile, national (0…) or international (+44…), spaces allowed. */
export const UK_PHONE_PATTERN = /^(?:\+44\s?|0)(?:\d\s?){9,10}$/;

/** 24-hour wall-clock time, e.g. "17:00". */
export const WALL_CLOCK_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Hex colour used for subject accents, e.g. "#2563eb". */
export const HEX_COLOUR_PATTERN = /^#[0-9a-f]{6}$/;

/** UK VAT registration number: GB and 9 digits (or 12 for a branch), e.g. "GB123456789". */
export const VAT_NUMBER_PATTERN = /^GB(?:\d{9}|\d{12})$/;

/** An id that other systems keep, e.g. "ten-session-pack": lower-case letters, digits, hyphens. */
export const SLUG_ID_PATTERN = /^[a-z0-9-]+$/;
