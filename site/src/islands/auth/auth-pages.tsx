// /login and /register: the same forms as the header's dialog, on a page of their own (for
// links in e-mails, visitors without the header menu open, and no-JavaScript fallbacks of
// Login / Get Started). Working pages, not the spec's placeholders: docs/decisions/024.
import { MESSAGES } from '@tuition/domain';
import { useState } from 'react';
import { AppProviders } from '../shared/app-providers.tsx';
import { ForgotPasswordDialog } from './auth-forgot-dialog.tsx';
import { LoginForm, RegisterForm } from './auth-forms.tsx';

/** Only same-site paths, so ?next= cannot send anyone to another site after login. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function LoginPage() {
  const [forgotOpen, setForgotOpen] = useState(false);
  return (
    <AppProviders>
      <div className="auth-card">
        <h1>Login</h1>
        <p className="auth-card__lead">Log in to book sessions and manage your bookings.</p>
        <LoginForm
          onForgotPassword={() => setForgotOpen(true)}
          onSuccess={() => {
            const next = new URLSearchParams(window.location.search).get('next');
            window.location.assign(safeNextPath(next));
          }}
        />
        <p className="auth-card__footer">
          New here? <a href="/register">Create an account</a>
        </p>
      </div>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
    </AppProviders>
  );
}

export function RegisterPage() {
  const [registered, setRegistered] = useState(false);
  return (
    <AppProviders>
      <div className="auth-card">
        <h1>Create Account</h1>
        {registered ? (
          <p className="notice notice--success" role="status">
            {MESSAGES.registrationSuccess.title} {MESSAGES.registrationSuccess.description}
          </p>
        ) : (
          <p className="auth-card__lead">Register to book group sessions online.</p>
        )}
        <RegisterForm onSuccess={() => setRegistered(true)} />
        <p className="auth-card__footer">
          Already have an account? <a href="/login">Log in</a>
        </p>
      </div>
    </AppProviders>
  );
}
