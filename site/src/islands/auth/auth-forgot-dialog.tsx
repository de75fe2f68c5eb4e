// The forgot-password dialog (docs/product-rules.md#pages): email, Cancel and Send Reset Link.
// Opened from the Login tab of the auth dialog and from the /login page.
import { Dialog } from 'radix-ui';
import { ForgotPasswordForm } from './auth-forms.tsx';
import './auth-dialog-panel.css';
import { themeRoot } from '../shared/theme-root.ts';

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
