// The account's phone schema (decision 069), apart from phone.ts so that a page which only shows
// or parses a number loads no zod (decision 124).
import { z } from 'zod';
import { toE164 } from './phone.ts';
import { PHONE_INVALID_TEXT } from './validation.ts';
import { phoneSchema } from './validation-schemas.ts';

/**
 * The account's phone as stored (decision 069): the typing and digit rules of phoneSchema, then
 * a real number, kept in E.164 ("07700 900123" -> "+447700900123"); an empty field is null.
 * The service applies it; the shared profile schema keeps only phoneSchema, so the numbering
 * metadata stays out of the pages that never show a phone.
 */
export const accountPhoneSchema = phoneSchema.transform((phone, ctx) => {
  if (phone === null) return null;
  const e164 = toE164(phone);
  if (e164 === null) {
    ctx.issues.push({ code: 'custom', input: phone, message: PHONE_INVALID_TEXT });
    return z.NEVER;
  }
  return e164;
});
