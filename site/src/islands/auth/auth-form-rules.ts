// The sign-in and registration forms' checks before anything is sent
// (docs/product-rules.md#accounts-and-roles, #messages): the first problem per field.
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@tuition/domain';
import type { FieldErrors } from '../shared/form-fields.tsx';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TERMS_REQUIRED_TEXT = 'Please agree to the Terms and Conditions and Privacy Policy.';

function emailError(email: string): string | undefined {
  if (email.trim() === '') return 'Email is required.';
  if (!EMAIL_SHAPE.test(email.trim())) return 'Please enter a valid email address.';
  return undefined;
}

export type LoginField = 'email' | 'password';
export function validateLogin(input: { email: string; password: string }): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.password === '') errors.password = 'Password is required.';
  return errors;
}

export type RegisterField = 'name' | 'email' | 'password' | 'acceptTerms';
export function validateRegister(input: {
  name: string;
  email: string;
  password: string;
  acceptTerms: boolean;
}): FieldErrors<RegisterField> {
  const errors: FieldErrors<RegisterField> = {};
  if (input.name.trim() === '') errors.name = 'Full name is required.';
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (input.password === '') errors.password = 'Password is required.';
  else if (input.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = MESSAGES.passwordTooShort.description;
  }
  if (!input.acceptTerms) errors.acceptTerms = TERMS_REQUIRED_TEXT;
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/** Runs `fn` once React has drawn the errors, e.g. to focus the first invalid field. */
export const later = (fn: () => void) => setTimeout(fn, 0);
