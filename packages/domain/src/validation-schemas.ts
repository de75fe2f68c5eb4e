/**
 * Input rules shared by the site's forms and the service's endpoints (zod 4), so a form
 * refuses exactly what the service would refuse. Every message names the field and is fit to
 * show to a customer. Kept apart from validation.ts's limits and texts so that only code that
 * validates loads zod (docs/decisions/124).
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts';
import { SERVICE_CODES } from './services.ts';
import {
  BASKET_MAX_SESSIONS,
  EMAIL_MAX_LENGTH,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  phoneTypingProblem,
  YEAR_GROUPS,
} from './validation.ts';

/**
 * A phone number as typed, or null for none (an empty field saves as none). Only digits,
 * +, -, spaces and brackets; 10-15 digits. The formatting the customer typed is kept.
 */
export const phoneSchema = z
  .string({ error: 'Phone number must be text.' })
  .nullable()
  .transform((raw, ctx) => {
    const phone = (raw ?? '').trim();
    if (phone === '') return null;
    const typing = phoneTypingProblem(phone);
    if (typing) {
      ctx.issues.push({ code: 'custom', input: raw, message: typing });
      return z.NEVER;
    }
    const digits = phone.replace(/\D/g, '').length;
    if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) {
      ctx.issues.push({ code: 'custom', input: raw, message: MESSAGES.phoneDigits.title });
      return z.NEVER;
    }
    return phone;
  });

// --- shared fields -------------------------------------------------------------------------

function requiredText(field: string, max: number) {
  return z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, { error: `${field} is required.` })
    .max(max, { error: `${field} must be at most ${max} characters.` });
}

/** Trimmed and lower-cased, so "Ann@Example.com " and "ann@example.com" are one account. */
export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters.` })
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

export const nameSchema = requiredText('Name', NAME_MAX_LENGTH);

/** A new password: 8 to 128 characters (docs/decisions/005). */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort.description })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong.description });

// --- contact form --------------------------------------------------------------------------

/**
 * An optional choice from a select. HTML selects send "" for "not chosen", which means the
 * same as leaving the field out.
 */
function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  error: string | ((issue: { input?: unknown }) => string),
) {
  return z
    .union([z.literal(''), z.null(), z.enum(values)], {
      error: (issue) => (typeof error === 'string' ? error : error(issue)),
    })
    .optional()
    .transform((choice): T[number] | undefined => choice || undefined);
}

export const contactEnquirySchema = z.object({
  parentName: requiredText('Parent name', NAME_MAX_LENGTH),
  email: emailSchema,
  phone: phoneSchema.optional(),
  yearGroup: optionalChoice(YEAR_GROUPS, 'Year group must be one of Year 6 to Year 13.'),
  subject: optionalChoice(['maths'], 'Subject must be maths.'),
  preference: optionalChoice(['online'], (issue) =>
    issue.input === 'inperson'
      ? 'In-person tutoring is coming soon. Please choose online.'
      : 'Preference must be online.',
  ),
  message: requiredText('Message', ENQUIRY_MESSAGE_MAX_LENGTH),
});
export type ContactEnquiry = z.output<typeof contactEnquirySchema>;

// --- account -------------------------------------------------------------------------------

/**
 * Personal details form. A missing phone leaves it unchanged; "" or null removes it; any other
 * must be a real number, which the service stores in E.164 (`accountPhone` in phone.ts,
 * decision 069). The real-number check needs the numbering plan's metadata, so it runs where
 * the number is stored, not in this schema every page's bundle carries.
 */
export const profileUpdateSchema = z.object({
  name: nameSchema,
  phone: phoneSchema.optional(),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  acceptTerms: z.literal(true, {
    error: 'Please agree to the Terms and Conditions and Privacy Policy.',
  }),
});
export type SignUp = z.output<typeof signUpSchema>;

/** Signing in checks only presence: the length rule is for new passwords. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }),
});
export type SignIn = z.output<typeof signInSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired.title })
      .min(1, { error: MESSAGES.currentPasswordRequired.title }),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password.' }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: MESSAGES.newPasswordsDoNotMatch.title,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.output<typeof changePasswordSchema>;

/** Forgot-password dialog and /reset-password: the address to send the link to. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: MESSAGES.enterEmail.title })
    .trim()
    .min(1, { error: MESSAGES.enterEmail.title })
    .pipe(emailSchema),
});

/** /reset-password and the token reset page: the new password twice. */
export const resetPasswordSchema = z
  .object({
    newPassword: z.string({ error: MESSAGES.enterBothPasswords.title }),
    confirmPassword: z.string({ error: MESSAGES.enterBothPasswords.title }),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword === '' || form.confirmPassword === '') {
      const path = form.newPassword === '' ? 'newPassword' : 'confirmPassword';
      ctx.addIssue({ code: 'custom', message: MESSAGES.enterBothPasswords.title, path: [path] });
      return;
    }
    if (form.newPassword !== form.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.passwordsDoNotMatch.title,
        path: ['confirmPassword'],
      });
      return;
    }
    const length = passwordSchema.safeParse(form.newPassword);
    for (const issue of length.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['newPassword'] });
    }
  });

// --- booking -------------------------------------------------------------------------------

const isoInstant = z.iso.datetime({
  offset: true,
  error: 'Session start must be a date and time such as 2027-03-21T10:00:00Z.',
});

/** The sessions a customer is about to pay for: one service, 1 to 30 distinct starts. */
export const basketSchema = z.object({
  service: z.enum(SERVICE_CODES, { error: 'Please choose a service.' }),
  startsAt: z
    .array(isoInstant, { error: 'Please select at least one session.' })
    .min(1, { error: 'Please select at least one session.' })
    .max(BASKET_MAX_SESSIONS, {
      error: `You can book at most ${BASKET_MAX_SESSIONS} sessions at once.`,
    })
    // Distinct instants, not distinct strings: "…Z" and "…+00:00" are the same session.
    .refine((starts) => new Set(starts.map((s) => Date.parse(s))).size === starts.length, {
      error: 'Each session can only be selected once.',
    }),
});
export type Basket = z.output<typeof basketSchema>;

export const rescheduleSchema = z.object({
  startsAt: isoInstant,
});
export type RescheduleRequest = z.output<typeof rescheduleSchema>;
