// /reset-password-token?token= (docs/product-rules.md#pages, #accounts-and-roles, #messages):
// checks the e-mailed token, then asks for the new password twice; afterwards signs the customer in
// with it (the token's owner comes from the service's GET /api/auth-tokens/reset/{token}). Invalid
// or expired: Back to Login. An invited tutor's link sets a first password: the page asks them to
// choose one and lands on /teach (docs/decisions/107).
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@tuition/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { authClient, signInWithEmail } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { toastError, toastInfo, toastSuccess, type ToastMessage } from '../shared/app-toaster.tsx';
import { formText, TextField } from '../shared/form-fields.tsx';
import './auth-forms.css';

const NAVIGATE_AFTER_MS = 1500;

type View =
  | { state: 'loading' }
  | { state: 'invalid' }
  | { state: 'valid'; token: string; email: string; firstPassword: boolean; home: string };

/** Where the account's own pages are: a tutor's classes, the admin's dashboard, else home. */
export function homeForRole(role: string): string {
  if (role === 'tutor') return '/teach';
  if (role === 'admin') return '/admin';
  return '/';
}

/**
 * The token page's rule (docs/product-rules.md#accounts-and-roles): at least 8 characters, then
 * both fields equal.
 */
export function tokenResetProblem(password: string, confirm: string): ToastMessage | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password !== confirm) return MESSAGES.passwordsDontMatch;
  return null;
}

function NewPasswordForm({
  token,
  email,
  firstPassword,
  home,
}: {
  token: string;
  email: string;
  firstPassword: boolean;
  home: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'password' | 'confirm'; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = formText(form, 'password');
    const confirm = formText(form, 'confirm');
    const problem = tokenResetProblem(password, confirm);
    if (problem) {
      toastError(problem);
      setError({
        field: problem === MESSAGES.passwordsDontMatch ? 'confirm' : 'password',
        text: problem.description ?? problem.title,
      });
      return;
    }
    setError(null);
    setBusy(true);
    const { error: resetError } = await authClient.resetPassword({ newPassword: password, token });
    if (resetError) {
      console.error('Password reset failed', resetError);
      toastError(MESSAGES.tokenResetFailed);
      setBusy(false);
      return;
    }
    toastSuccess(MESSAGES.tokenResetSuccess);
    try {
      await signInWithEmail(email, password);
      toastSuccess(MESSAGES.welcomeBack);
      // Long enough to read the toast before the home page replaces this one.
      setTimeout(() => window.location.assign(home), NAVIGATE_AFTER_MS);
    } catch (loginError) {
      console.error('Signing in after the reset failed', loginError);
      toastInfo(MESSAGES.tokenResetLoginFailed);
      setTimeout(() => window.location.assign('/login'), NAVIGATE_AFTER_MS);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p className="auth-card__lead">
        Choose {firstPassword ? 'a' : 'a new'} password for <strong>{email}</strong>.
      </p>
      <TextField
        label={firstPassword ? 'Password' : 'New password'}
        name="password"
        type="password"
        autoComplete="new-password"
        requiredMark
        revealable
        error={error?.field === 'password' ? error.text : undefined}
        hint={
          <ul className="auth-hints">
            <li>At least {PASSWORD_MIN_LENGTH} characters long</li>
            <li>A mix of upper and lower case letters</li>
            <li>Include numbers and special characters</li>
            <li>Unique: not used on other sites</li>
          </ul>
        }
      />
      <TextField
        label={firstPassword ? 'Confirm password' : 'Confirm new password'}
        name="confirm"
        type="password"
        autoComplete="new-password"
        requiredMark
        revealable
        error={error?.field === 'confirm' ? error.text : undefined}
      />
      <button type="submit" className="btn btn--block" disabled={busy}>
        {firstPassword ? 'Set Password' : busy ? 'Updating...' : 'Update Password'}
      </button>
    </form>
  );
}

function ResetTokenView() {
  const [view, setView] = useState<View>({ state: 'loading' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) {
      setView({ state: 'invalid' });
      return;
    }
    api
      .resetTokenOwner(token)
      .then(({ email, firstPassword, role }) =>
        setView({ state: 'valid', token, email, firstPassword, home: homeForRole(role) }),
      )
      .catch((error: unknown) => {
        console.error('Reset link check failed', error);
        setView({ state: 'invalid' });
      });
  }, []);

  if (view.state === 'loading') {
    return (
      <div className="auth-status" role="status">
        <span className="auth-spinner" aria-hidden="true" />
        <h1>Checking your reset link...</h1>
      </div>
    );
  }
  if (view.state === 'invalid') {
    return (
      <div className="auth-status">
        <h1>{MESSAGES.resetLinkInvalid.title}</h1>
        <p className="auth-card__lead">
          This password reset link is invalid or has expired. Reset links are valid for 1 hour.
        </p>
        <a className="btn" href="/login">
          Back to Login
        </a>
      </div>
    );
  }
  return (
    <>
      <h1>{view.firstPassword ? 'Choose your password' : 'Set a New Password'}</h1>
      <NewPasswordForm {...view} />
    </>
  );
}

export function ResetPasswordToken() {
  return (
    <AppProviders>
      <div className="auth-card">
        <ResetTokenView />
      </div>
    </AppProviders>
  );
}
