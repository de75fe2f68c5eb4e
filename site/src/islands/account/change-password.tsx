// /my-account "Change Password", with Forgot Password, which e-mails a reset link
// (docs/product-rules.md#accounts-and-roles, #messages).
import { MESSAGES } from '@tuition/domain';
import { type FormEvent, useState } from 'react';
import { authClient } from '../../lib/auth-client.ts';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { formText, TextField } from '../shared/form-fields.tsx';
import { PASSWORD_HINT, requestPasswordResetEmail } from '../shared/password-reset.ts';
import { changePasswordProblem } from './account-rules.ts';

// This form's success clears its own earlier error toasts, not the details form's.
const PASSWORD_FORM = { form: 'change-password' } as const;

export function ChangePassword({ email }: { email: string }) {
  const [busy, setBusy] = useState<'change' | 'forgot' | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = {
      currentPassword: formText(form, 'currentPassword'),
      newPassword: formText(form, 'newPassword'),
      confirmPassword: formText(form, 'confirmPassword'),
    };
    const found = changePasswordProblem(input);
    setProblem(found ?? undefined);
    if (found) {
      toastError({ title: found }, PASSWORD_FORM);
      return;
    }
    setBusy('change');
    const { error } = await authClient.changePassword({
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });
    setBusy(null);
    if (error) {
      console.error('Password change failed', error);
      const message =
        error.code === 'INVALID_PASSWORD'
          ? MESSAGES.currentPasswordIncorrect
          : MESSAGES.passwordUpdateFailed;
      setProblem(message.title);
      toastError(message, PASSWORD_FORM);
      return;
    }
    form.reset();
    toastSuccess(MESSAGES.passwordUpdated, PASSWORD_FORM);
  }

  async function forgotPassword() {
    setBusy('forgot');
    const sent = await requestPasswordResetEmail(email);
    setBusy(null);
    if (sent) toastSuccess(MESSAGES.resetLinkSent, PASSWORD_FORM);
    else toastError(MESSAGES.resetEmailFailed, PASSWORD_FORM);
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="password-heading">
      <h2 id="password-heading">Change Password</h2>
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        revealable
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        revealable
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        revealable
      />
      {problem && (
        <p className="auth-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="auth-form__actions">
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => void forgotPassword()}
          disabled={busy !== null}
        >
          {busy === 'forgot' ? 'Sending...' : 'Forgot Password'}
        </button>
        <button type="submit" className="btn" disabled={busy !== null}>
          {busy === 'change' ? 'Updating...' : 'Update Password'}
        </button>
      </div>
    </form>
  );
}
