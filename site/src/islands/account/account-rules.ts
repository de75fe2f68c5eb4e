// /my-account's rules before anything is sent (docs/product-rules.md#accounts-and-roles,
// #messages): the phone field, what saving the details would change, and the change-password
// checks in the order the customer is told about them.
import { changePasswordSchema, MESSAGES } from '@tuition/domain';
import type { PhoneTools } from '../../lib/phone-numbers.ts';

/**
 * The save rule for the phone field, the service's own (decision 069): null when fine, else the
 * spec's message, or the one for a number no country has given out.
 */
export function phoneProblem(phone: string, tools: PhoneTools): string | null {
  const result = tools.accountPhoneSchema.safeParse(phone);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.phoneDigits.title);
}

/** What saving the details form would change: nothing, or the phone removed, or an update. */
export type DetailsChange = 'nothing' | 'phone-removed' | 'updated';

export function detailsChange(
  saved: { name: string; phone: string | null },
  form: { name: string; phone: string },
  { toE164 }: Pick<PhoneTools, 'toE164'>,
): DetailsChange {
  const name = form.name.trim();
  const typed = form.phone.trim();
  // Compared as numbers: the field shows "07700 900123" for the stored "+447700900123".
  const phone = typed === '' ? null : (toE164(typed) ?? typed);
  const stored = saved.phone ? (toE164(saved.phone) ?? saved.phone) : null;
  if (name === saved.name && phone === stored) return 'nothing';
  if (phone === null && saved.phone && name === saved.name) return 'phone-removed';
  return 'updated';
}

/** The toasts for the outcomes a customer must be able to tell apart. */
export const DETAILS_MESSAGES = {
  nothingChanged: { title: 'Nothing to save: your details are unchanged.' },
  phoneRemoved: { title: 'Phone number removed.' },
} as const;

/**
 * The change-password rules (docs/product-rules.md#accounts-and-roles): the first problem's
 * message, or null.
 */
export function changePasswordProblem(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | null {
  if (input.currentPassword === '') return MESSAGES.currentPasswordRequired.title;
  const result = changePasswordSchema.safeParse(input);
  if (result.success) return null;
  // Mismatch is reported before length, as the spec's form did.
  const mismatch = result.error.issues.find(
    (issue) => issue.message === MESSAGES.newPasswordsDoNotMatch.title,
  );
  return (mismatch ?? result.error.issues[0])?.message ?? MESSAGES.passwordUpdateFailed.title;
}
