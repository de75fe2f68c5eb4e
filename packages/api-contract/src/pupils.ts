import {
  ACCOUNT_TYPES,
  PUPILS_PER_BASKET_MAX,
  pupilCreateSchema,
  pupilUpdateSchema,
  YEAR_GROUPS,
} from '@tuition/domain';
import { z } from 'zod';
import { isoInstant, named } from './named.ts';

/*
 * Pupils (docs/decisions/048): an account (a parent, or a student aged 16+) books for its
 * pupils; every seat, booking, payment line and register line names one.
 */

export { ACCOUNT_TYPES, YEAR_GROUPS };

export const AccountTypeSchema = z.enum(ACCOUNT_TYPES).meta({
  description:
    '`parent` (a parent or guardian; the default when sign-up does not say) or `student` ' +
    '(a student aged 16 or over, whose account has exactly one pupil: themselves, Year 12 or 13)',
});

/**
 * Sign-up (better-auth's POST /api/auth/sign-up/email) takes this next to name, e-mail and
 * password; an account created without it is a parent's.
 */
export const SignUpAccountTypeSchema = z.object({ accountType: AccountTypeSchema.optional() });

export const YearGroupSchema = z
  .enum(YEAR_GROUPS)
  .nullable()
  .meta({ description: 'y6 to y13; null while unknown (accounts from before pupils existed)' });

/** How a booking, a payment line or a register line names its pupil. */
export const PupilRefSchema = named(
  'PupilRef',
  z.object({ id: z.string(), name: z.string(), yearGroup: YearGroupSchema }),
);
export type PupilRef = z.infer<typeof PupilRefSchema>;

export const PupilSchema = named(
  'Pupil',
  z.object({
    id: z.string(),
    name: z.string(),
    yearGroup: YearGroupSchema,
    email: z
      .string()
      .nullable()
      .meta({
        description:
          "The pupil's own address as the account typed it (never verified). From Year 12 " +
          '(16+) it gets a copy of their booking confirmations, cancellations and moves, ' +
          'reminders and waiting-list offers; the data export and an account deletion search ' +
          "only the account's own address, never this one.",
      }),
    archived: z
      .boolean()
      .meta({ description: 'Removed by the account, kept because it has bookings' }),
    consentRecordedAt: isoInstant.nullable().meta({
      description: 'When a parent consented for this under-16 (null: not needed yet)',
    }),
    consentPolicyVersion: z.string().nullable().meta({
      description: 'The privacy policy version (its last-updated date) current at consent',
    }),
    recordingConsent: z.boolean().meta({
      description:
        "The parent agreed to this pupil's lessons being recorded (docs/decisions/099); withdrawing it deletes the recordings the pupil was present in within a day",
    }),
    recordingConsentAt: isoInstant.nullable(),
  }),
);
export type Pupil = z.infer<typeof PupilSchema>;

/** GET /api/me/pupils: the account's type and its current (not archived) pupils, by name. */
export const PupilListSchema = named(
  'PupilList',
  z.object({ accountType: AccountTypeSchema, pupils: z.array(PupilSchema) }),
);
export type PupilList = z.infer<typeof PupilListSchema>;

/** POST /api/me/pupils. Years 6-11 need `consent: true` (400 naming `consent` otherwise). */
export const PupilCreateSchema = named('PupilCreate', pupilCreateSchema);
export type PupilCreateRequest = z.input<typeof PupilCreateSchema>;

/** PATCH /api/me/pupils/{id}: what is left out stays; email "" or null removes it. */
export const PupilUpdateSchema = named('PupilUpdate', pupilUpdateSchema);
export type PupilUpdateRequest = z.input<typeof PupilUpdateSchema>;

export const PupilIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const PUPIL_REMOVAL_OUTCOMES = ['deleted', 'archived'] as const;

/** DELETE /api/me/pupils/{id}: a pupil with bookings or payments is archived, never deleted. */
export const PupilRemovedSchema = named(
  'PupilRemoved',
  z.object({ id: z.string(), outcome: z.enum(PUPIL_REMOVAL_OUTCOMES) }),
);
export type PupilRemoved = z.infer<typeof PupilRemovedSchema>;

/**
 * `pupilIds` next to `startsAt` on checkout and bookability: each start × pupil is one seat.
 * Omitted: the account's only pupil (or, with none yet, one named after the account holder);
 * an account with several pupils must name them (400 naming pupilIds).
 */
export const pupilIdsField = z
  .array(z.string().min(1).max(100), { error: 'pupilIds must be a list of pupil ids.' })
  .min(1, { error: 'Please choose who the sessions are for.' })
  .max(PUPILS_PER_BASKET_MAX, {
    error: `You can book for at most ${PUPILS_PER_BASKET_MAX} pupils at once.`,
  })
  .refine((ids) => new Set(ids).size === ids.length, {
    error: 'Each pupil can only be chosen once.',
  })
  .optional()
  .meta({ description: 'The pupils the seats are for; another account’s pupil id answers 404' });
