/**
 * The rules for adding and changing a pupil (zod), kept apart from pupils.ts's year groups and
 * limits so that only code that validates loads zod (docs/decisions/124).
 */
import { z } from 'zod';
import { ACCOUNT_TYPES, CONSENT_REQUIRED_MESSAGE, needsParentalConsent } from './pupils.ts';
import { NAME_MAX_LENGTH, YEAR_GROUPS } from './validation.ts';
import { emailSchema } from './validation-schemas.ts';

export const accountTypeSchema = z.enum(ACCOUNT_TYPES, {
  error: 'Account type must be parent or student.',
});

const pupilName = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, { error: 'Name is required.' })
  .max(NAME_MAX_LENGTH, { error: `Name must be at most ${NAME_MAX_LENGTH} characters.` });

const yearGroup = z.enum(YEAR_GROUPS, { error: 'Year group must be one of Year 6 to Year 13.' });

/** A pupil's own address is optional: "" or null means none. */
const pupilEmail = z
  .union([z.literal(''), z.null(), emailSchema], { error: 'Please enter a valid email address.' })
  .transform((email) => email || null);

/**
 * Ticking the consent statement: only `true` counts. The service records when, and which
 * privacy policy version was current.
 */
const consent = z.literal(true, { error: CONSENT_REQUIRED_MESSAGE });

/** Adding a pupil. Years 6-11 need consent (the service also refuses them for a student). */
export const pupilCreateSchema = z
  .object({
    name: pupilName,
    yearGroup,
    email: pupilEmail.optional(),
    consent: consent.optional(),
  })
  .superRefine((pupil, ctx) => {
    if (needsParentalConsent(pupil.yearGroup) && pupil.consent !== true) {
      ctx.addIssue({ code: 'custom', message: CONSENT_REQUIRED_MESSAGE, path: ['consent'] });
    }
  });
export type PupilCreate = z.output<typeof pupilCreateSchema>;

/**
 * Renaming, changing the year group or the e-mail; what is left out stays as it is. Moving a
 * pupil into Years 6-11 without consent on record needs `consent` (the service checks that,
 * since only it knows what is on record).
 */
export const pupilUpdateSchema = z
  .object({
    name: pupilName.optional(),
    yearGroup: yearGroup.optional(),
    email: pupilEmail.optional(),
    consent: consent.optional(),
    /** The parent's consent to recording this pupil's lessons (docs/decisions/099). */
    recordingConsent: z.boolean({ error: 'recordingConsent must be true or false.' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    error: 'Nothing to change: send name, yearGroup, email or recordingConsent.',
  });
export type PupilUpdate = z.output<typeof pupilUpdateSchema>;
