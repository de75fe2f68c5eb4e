// The auth dialog (docs/product-rules.md#pages): tabs Login and Register, and the forgot-password
// dialog opened from the Login tab. Loaded lazily by the header island the first time someone asks
// for it, so visitors who never sign in do not download Radix's dialog code or the forms.
import { Dialog, Tabs } from 'radix-ui';
import { useState } from 'react';
import type { AuthTab } from '../../lib/auth-dialog.ts';
import { PageToaster } from '../shared/app-toaster.tsx';
import { ForgotPasswordDialog } from './auth-forgot-dialog.tsx';
import { LoginForm, RegisterForm } from './auth-forms.tsx';
import './auth-dialog-panel.css';
import { themeRoot } from '../shared/theme-root.ts';

export interface AuthDialogPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** A line above the tabs, e.g. "Please log in to complete payment". */
  note?: string | undefined;
}

export default function AuthDialogPanel({
  open,
  onOpenChange,
  tab,
  onTabChange,
  note,
}: AuthDialogPanelProps) {
  const [forgotOpen, setForgotOpen] = useState(false);
  const close = () => onOpenChange(false);

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal container={themeRoot()}>
          <Dialog.Overlay className="auth-dialog__overlay" />
          <Dialog.Content className="auth-dialog__content" data-testid="auth-dialog">
            <div className="auth-dialog__head">
              <Dialog.Title className="auth-dialog__title">
                {tab === 'login' ? 'Welcome back' : 'Create your account'}
              </Dialog.Title>
              <Dialog.Close className="btn btn--ghost auth-dialog__close" aria-label="Close">
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            </div>
            <Dialog.Description className="auth-dialog__description">
              {tab === 'login'
                ? 'Log in to book sessions and manage your bookings.'
                : 'Register to book group sessions and manage your bookings.'}
            </Dialog.Description>
            {note && (
              <p className="notice auth-dialog__note" role="status">
                {note}
              </p>
            )}
            <Tabs.Root
              value={tab}
              onValueChange={(value) => onTabChange(value === 'register' ? 'register' : 'login')}
            >
              <Tabs.List className="auth-tabs__list" aria-label="Login or register">
                <Tabs.Trigger className="auth-tabs__trigger" value="login">
                  Login
                </Tabs.Trigger>
                <Tabs.Trigger className="auth-tabs__trigger" value="register">
                  Register
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login" className="auth-tabs__panel">
                <LoginForm onSuccess={close} onForgotPassword={() => setForgotOpen(true)} />
              </Tabs.Content>
              <Tabs.Content value="register" className="auth-tabs__panel">
                <RegisterForm onSuccess={close} />
              </Tabs.Content>
            </Tabs.Root>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
      <PageToaster />
    </>
  );
}
