// The forgot-password dialog (docs/product-rules.md#pages): email, Cancel and Send Reset Link.
// Opened from the Login tab of the auth dialog and from the /login page.
import { MESSAGES } from '@tuition/domain';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { focusFirstInvalid, formText, TextField } from '../shared/form-fields.tsx';
import { requestPasswordResetEmail } from '../shared/password-reset.ts';
import { themeRoot } from '../shared/theme-root.ts';
import { later } from './auth-form-rules.ts';
import './auth-dialog-panel.css';

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

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ForgotPasswordDialog({ open, onOpenChange }: ForgotPasswordDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={themeRoot()}>
        <Dialog.Overlay className="auth-dialog__overlay auth-dialog__overlay--top" />
        <Dialog.Content className="auth-dialog__content auth-dialog__content--top">
          <Dialog.Title className="auth-dialog__title">Forgot Password</Dialog.Title>
          <Dialog.Description className="auth-dialog__description">
            Enter your email address and we will send you a link to reset your password.
          </Dialog.Description>
          <ForgotPasswordForm
            onCancel={() => onOpenChange(false)}
            onSent={() => onOpenChange(false)}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
