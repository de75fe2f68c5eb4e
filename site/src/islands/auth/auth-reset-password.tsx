// /reset-password (docs/product-rules.md#pages, #accounts-and-roles, #messages): Send Reset Email
// for anyone; Update Password for a signed-in customer. better-auth changes a password only with
// the current one, so a signed-in visitor also gives it here (docs/decisions/026).
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@tuition/domain';
import { type FormEvent, useRef, useState } from 'react';
import { authClient, useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { type ToastMessage, toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { formText, TextField } from '../shared/form-fields.tsx';
import { PASSWORD_HINT, requestPasswordResetEmail } from '../shared/password-reset.ts';
import './auth-forms.css';

/**
 * The /reset-password rules of docs/product-rules.md#accounts-and-roles, in its order (length says
 * 8, decision 005).
 */
export function resetPasswordProblem(password: string, confirm: string): ToastMessage | null {
  if (password === '' || confirm === '') return MESSAGES.enterBothPasswords;
  if (password !== confirm) return MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH)
    return { title: MESSAGES.passwordTooShort.description };
  return null;
}

/** A signed-in customer's current password, then the new one twice. */
function NewPasswordFields() {
  return (
    <>
      <TextField
        label="Current password"
        name="current"
        type="password"
        autoComplete="current-password"
        revealable
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        revealable
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        revealable
      />
    </>
  );
}

function ResetPasswordForm() {
  const { data: session } = useSession();
  const signedIn = Boolean(session?.user);
  const [busy, setBusy] = useState<'update' | 'send' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function sendResetEmail() {
    const form = formRef.current;
    if (!form) return;
    const email = formText(form, 'email').trim() || session?.user.email || '';
    if (email === '') {
      toastError(MESSAGES.enterEmail);
      return;
    }
    setBusy('send');
    const sent = await requestPasswordResetEmail(email);
    setBusy(null);
    if (sent) toastSuccess(MESSAGES.resetEmailSent);
    else toastError(MESSAGES.resetEmailFailedRetry);
  }

  async function updatePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = formText(form, 'password');
    const confirm = formText(form, 'confirm');
    const current = formText(form, 'current');
    if (current === '') {
      toastError(MESSAGES.currentPasswordRequired);
      return;
    }
    const problem = resetPasswordProblem(password, confirm);
    if (problem) {
      toastError(problem);
      return;
    }
    setBusy('update');
    const { error } = await authClient.changePassword({
      currentPassword: current,
      newPassword: password,
    });
    setBusy(null);
    if (error) {
      console.error('Password update failed', error);
      toastError(
        error.code === 'INVALID_PASSWORD'
          ? MESSAGES.currentPasswordIncorrect
          : MESSAGES.passwordUpdateFailed,
      );
      return;
    }
    form.reset();
    toastSuccess(MESSAGES.passwordResetSuccess);
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={updatePassword}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        requiredMark
        defaultValue={session?.user.email ?? ''}
        key={session?.user.email ?? 'signed-out'}
      />
      {signedIn && <NewPasswordFields />}
      {!signedIn && (
        <p className="field-hint">
          Not signed in? Send yourself a reset e-mail and choose a new password from its link.
        </p>
      )}
      <div className="auth-form__actions">
        <a className="btn btn--ghost" href="/">
          Back to Home
        </a>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => void sendResetEmail()}
          disabled={busy !== null}
        >
          {busy === 'send' ? 'Sending...' : 'Send Reset Email'}
        </button>
        {signedIn && (
          <button type="submit" className="btn" disabled={busy !== null}>
            {busy === 'update' ? 'Updating...' : 'Update Password'}
          </button>
        )}
      </div>
    </form>
  );
}

export function ResetPassword() {
  return (
    <AppProviders>
      <div className="auth-card">
        <h1>Reset Password</h1>
        <p className="auth-card__lead">
          Update your password, or get a link by e-mail to choose a new one.
        </p>
        <ResetPasswordForm />
      </div>
    </AppProviders>
  );
}
