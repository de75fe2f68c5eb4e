// The sign-in, registration and forgot-password forms (docs/product-rules.md#pages,
// #accounts-and-roles, #messages). The same components serve the header's dialog and the /login and
// /register pages. They call better-auth through src/lib/auth-client.ts and report through toasts;
// `onSuccess` lets the dialog close itself or a page move on.
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@tuition/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  AuthCallError,
  authClient,
  authErrorText,
  EMAIL_NOT_VERIFIED,
  resendVerificationEmail,
  signInWithEmail,
} from '../../lib/auth-client.ts';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { PASSWORD_HINT, requestPasswordResetEmail } from '../shared/password-reset.ts';
import {
  type FieldErrors,
  focusFirstInvalid,
  formText,
  TextField,
} from '../shared/form-fields.tsx';
import './auth-forms.css';

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

const hasErrors = (errors: object) => Object.keys(errors).length > 0;
const later = (fn: () => void) => setTimeout(fn, 0);

/** The texts of a sign-in before the address is verified (issue 13, item 4). */
export const UNVERIFIED_TEXTS = {
  toast: {
    title: 'Please verify your email first',
    description: 'Open the newest verification link we have e-mailed you.',
  },
  // True whether or not this sign-in sent a mail: the service sends a new link on each attempt
  // but skips it once an address has had several in the last hour, and every link sent stays
  // valid until it expires.
  explain: (email: string) =>
    `Your email address is not verified yet, so you cannot log in. We have sent a verification link to ${email} (a new one, unless we already sent several in the last hour): open the newest, then log in here. Your selected sessions are kept.`,
  resend: 'Resend verification email',
  resent: {
    title: 'Verification Email Sent',
    description: 'Check your email for a new verification link.',
  },
} as const;

/** Seconds the Resend button waits after a send; the service also limits sends per hour. */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * Shown in place of a bare "Email not verified": what happened, that a new link is on its way,
 * and a Resend button that waits a minute between sends (the service refuses beyond its hourly
 * limit, and its text is shown then).
 */
export function UnverifiedNotice({
  email,
  cooldownSeconds = RESEND_COOLDOWN_SECONDS,
}: {
  email: string;
  /** Tests shorten the wait. */
  cooldownSeconds?: number;
}) {
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(cooldownSeconds);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function resend() {
    setBusy(true);
    try {
      await resendVerificationEmail(email);
      toastSuccess(UNVERIFIED_TEXTS.resent, UNVERIFIED_SCOPE);
      setWait(cooldownSeconds);
    } catch (error) {
      console.error('Resending the verification email failed', error);
      toastError(
        { title: error instanceof Error ? error.message : MESSAGES.verificationEmailFailed.title },
        UNVERIFIED_SCOPE,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="notice auth-unverified" role="status" data-testid="unverified-notice">
      <p>{UNVERIFIED_TEXTS.explain(email)}</p>
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => void resend()}
        disabled={busy || wait > 0}
      >
        {busy ? 'Sending...' : UNVERIFIED_TEXTS.resend}
        {!busy && wait > 0 && <span> (in {wait} s)</span>}
      </button>
    </div>
  );
}

const LOGIN_SCOPE = { form: 'login' } as const;
const UNVERIFIED_SCOPE = LOGIN_SCOPE;

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
    // Who the account is for (issue 14): a parent's unless a student aged 16+ says so.
    const accountType = new FormData(form).get('accountType') === 'student' ? 'student' : 'parent';
    const found = validateRegister(input);
    setErrors(found);
    if (hasErrors(found)) {
      later(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    try {
      // accountType is one of the service's sign-up fields, declared on the auth client.
      const { error } = await authClient.signUp.email({
        name: input.name,
        email: input.email,
        password: input.password,
        accountType,
      });
      if (error) throw new Error(authErrorText(error, 'Registration failed. Please try again.'));
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

  const id = useId();
  const termsId = `${id}-terms`;
  const termsErrorId = `${id}-terms-error`;
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
      <div className="auth-check">
        <input
          id={termsId}
          type="checkbox"
          name="acceptTerms"
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={errors.acceptTerms ? termsErrorId : undefined}
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
      {errors.acceptTerms && (
        <span className="auth-field-error" id={termsErrorId}>
          {errors.acceptTerms}
        </span>
      )}
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}

export interface ForgotPasswordFormProps {
  onCancel: () => void;
  onSent?: () => void;
}

/** The forgot-password dialog's form: email, Cancel and Send Reset Link. */
export function ForgotPasswordForm({ onCancel, onSent }: ForgotPasswordFormProps) {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = formText(form, 'email').trim();
    if (email === '') {
      setError(MESSAGES.enterEmail.title);
      toastError(MESSAGES.enterEmail);
      later(() => focusFirstInvalid(form));
      return;
    }
    setError(undefined);
    setBusy(true);
    const sent = await requestPasswordResetEmail(email);
    setBusy(false);
    if (sent) {
      toastSuccess(MESSAGES.resetLinkSent);
      onSent?.();
    } else {
      toastError(MESSAGES.forgotPasswordFailed);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        requiredMark
        error={error}
      />
      <div className="auth-form__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </button>
      </div>
    </form>
  );
}
