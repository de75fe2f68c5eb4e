// The auth dialog (docs/product-rules.md#pages): tabs Login and Register, and the forgot-password
// dialog opened from the Login tab. Loaded lazily by the header island the first time someone asks
// for it, so visitors who never sign in do not download Radix's dialog code or the forms.
import { Dialog, Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
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

/** The first input of the tab shown (Email on Login), so typing starts at once. */
export function focusFirstField(content: HTMLElement | null): void {
  content
    ?.querySelector<HTMLInputElement>('[role="tabpanel"]:not([hidden]) input:not([type="hidden"])')
    ?.focus();
}

/** The profile menu's button, which replaces Login once signed in. */
const PROFILE_MENU_BUTTON = '[data-auth-menu] [aria-haspopup="menu"]';

/**
 * Where focus goes when the dialog closes: back to what opened it (Login, a Pay button). After
 * signing in the Login button is replaced by the profile menu, so focus waits for the menu's
 * button (it loads lazily); on a phone that sits in the closed menu and cannot take focus, so
 * the page's main content gets it. Never the page body.
 */
export function returnFocusAfterDialog(
  opener: Element | null,
  signedIn: boolean,
  tries = 40,
): void {
  // The body "takes" focus trivially: it is where focus falls, never a place to return it to.
  // It is the opener when the header's server-rendered Login link, clicked before the menu
  // loaded, was replaced by the menu as the dialog opened.
  const focused = (el: Element | null | undefined) => {
    if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false;
    el.focus();
    return document.activeElement === el;
  };
  if (!signedIn && focused(opener)) return;
  if (signedIn) {
    const menuButton = document.querySelector(PROFILE_MENU_BUTTON);
    if (focused(menuButton)) return;
    // A Pay button that opened the dialog is still there: back to it.
    if (opener && !opener.closest('[data-auth-menu]') && focused(opener)) return;
    if (!menuButton && tries > 0) {
      setTimeout(() => returnFocusAfterDialog(opener, signedIn, tries - 1), 50);
      return;
    }
  }
  const main = document.querySelector<HTMLElement>('main');
  if (main) {
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
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
  // The element that had focus when the dialog opened (the Login button, a Pay button).
  const opener = useRef<Element | null>(null);
  const signedIn = useRef(false);

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal container={themeRoot()}>
          <Dialog.Overlay className="auth-dialog__overlay" />
          <Dialog.Content
            className="auth-dialog__content"
            data-testid="auth-dialog"
            onOpenAutoFocus={(event) => {
              // Radix would focus the close button, three Tabs before Email.
              event.preventDefault();
              opener.current = document.activeElement;
              signedIn.current = false;
              focusFirstField(event.currentTarget as HTMLElement);
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusAfterDialog(opener.current, signedIn.current);
            }}
          >
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
                <LoginForm
                  onSuccess={() => {
                    signedIn.current = true;
                    close();
                  }}
                  onForgotPassword={() => setForgotOpen(true)}
                />
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
