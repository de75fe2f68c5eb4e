// The sign-in and registration forms (docs/product-rules.md#pages, #accounts-and-roles,
// #messages); the forgot-password form is in auth-forgot-dialog.tsx. The same components serve the
// header's dialog and the /login and /register pages. They call better-auth through
// src/lib/auth-client.ts and report through toasts; `onSuccess` lets the dialog close itself or a
// page move on.
import { MESSAGES } from '@tuition/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  AuthCallError,
  authClient,
  authErrorText,
  EMAIL_NOT_VERIFIED,
  signInWithEmail,
} from '../../lib/auth-client.ts';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { PASSWORD_HINT } from '../shared/password-reset.ts';
import {
  type FieldErrors,
  focusFirstInvalid,
  formText,
  TextField,
} from '../shared/form-fields.tsx';
import {
  hasErrors,
  type LoginField,
  later,
  type RegisterField,
  validateLogin,
  validateRegister,
} from './auth-form-rules.ts';
import { UNVERIFIED_TEXTS, UnverifiedNotice } from './auth-unverified-notice.tsx';
import './auth-forms.css';

const LOGIN_SCOPE = { form: 'login' } as const;

export interface LoginFormProps {
  onSuccess?: () => void;
  /** Opens the forgot-password dialog. */
  onForgotPassword: () => void;
}

export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = { email: formText(form, 'email').trim(), password: formText(form, 'password') };
    setUnverified(null);
    const found = validateLogin(input);
    setErrors(found);
    if (hasErrors(found)) {
      later(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    try {
      await signInWithEmail(input.email, input.password);
      toastSuccess(MESSAGES.loginSuccess, LOGIN_SCOPE);
      onSuccess?.();
    } catch (error) {
      if (error instanceof AuthCallError && error.code === EMAIL_NOT_VERIFIED) {
        // The service sends a fresh link on this sign-in (sendOnSignIn), within its hourly limit.
        setUnverified(input.email);
        toastError(UNVERIFIED_TEXTS.toast, LOGIN_SCOPE);
        return;
      }
      console.error('Login failed', error);
      toastError({ title: error instanceof Error ? error.message : 'Login failed.' }, LOGIN_SCOPE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        requiredMark
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        requiredMark
        revealable
        error={errors.password}
      />
      {unverified && <UnverifiedNotice email={unverified} />}
      <div className="auth-form__row">
        <button type="button" className="auth-link-button" onClick={onForgotPassword}>
          Forgot Password?
        </button>
      </div>
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}

/** "I am a parent or guardian" (the default) or "I am a student aged 16 or over". */
function AccountTypeChoice() {
  return (
    <fieldset className="auth-account-type">
      <legend>Who is this account for?</legend>
      <label className="auth-check">
        <input type="radio" name="accountType" value="parent" defaultChecked />
        <span>I am a parent or guardian</span>
      </label>
      <label className="auth-check">
        <input type="radio" name="accountType" value="student" />
        <span>I am a student aged 16 or over</span>
      </label>
    </fieldset>
  );
}

/** Creates the account; throws with the service's text when it refuses. */
async function signUp(
  input: { name: string; email: string; password: string },
  accountType: 'parent' | 'student',
): Promise<void> {
  // accountType is one of the service's sign-up fields, declared on the auth client.
  const { error } = await authClient.signUp.email({
    name: input.name,
    email: input.email,
    password: input.password,
    accountType,
  });
  if (error) throw new Error(authErrorText(error, 'Registration failed. Please try again.'));
}

/** The required tick for the terms and the privacy policy, each opening in a new tab. */
function TermsAgreement({ error }: { error: string | undefined }) {
  const id = useId();
  const termsId = `${id}-terms`;
  const termsErrorId = `${id}-terms-error`;
  return (
    <>
      <div className="auth-check">
        <input
          id={termsId}
          type="checkbox"
          name="acceptTerms"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? termsErrorId : undefined}
          aria-required="true"
        />
        <label htmlFor={termsId}>
          I agree to the{' '}
          <a href="/terms-and-conditions" target="_blank" rel="noopener">
            Terms and Conditions
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          and{' '}
          <a href="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
      </div>
      {error && (
        <span className="auth-field-error" id={termsErrorId}>
          {error}
        </span>
      )}
    </>
  );
}

export interface RegisterFormProps {
  onSuccess?: () => void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = {
      name: formText(form, 'name').trim(),
      email: formText(form, 'email').trim(),
      password: formText(form, 'password'),
      acceptTerms: new FormData(form).get('acceptTerms') === 'on',
    };
    // Who the account is for (decision 048): a parent's unless a student aged 16+ says so.
    const accountType = new FormData(form).get('accountType') === 'student' ? 'student' : 'parent';
    const found = validateRegister(input);
    setErrors(found);
    if (hasErrors(found)) {
      later(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    try {
      await signUp(input, accountType);
      toastSuccess(MESSAGES.registrationSuccess);
      form.reset();
      onSuccess?.();
    } catch (error) {
      console.error('Registration failed', error);
      toastError({ title: error instanceof Error ? error.message : 'Registration failed.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit}>
      <AccountTypeChoice />
      <TextField
        label="Full name"
        name="name"
        autoComplete="name"
        requiredMark
        maxLength={100}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        requiredMark
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        requiredMark
        revealable
        hint={PASSWORD_HINT}
        error={errors.password}
      />
      <TermsAgreement error={errors.acceptTerms} />
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
