// /my-account (docs/product-rules.md#pages, #accounts-and-roles, #messages): Personal Details
// (name, read-only e-mail, phone) and Change Password, with a Forgot Password button that e-mails a
// reset link. Signed out: a login prompt, never a blank page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { ChangePassword } from './change-password.tsx';
import { PersonalDetails } from './personal-details.tsx';
import './account-page.css';

function LoginPrompt() {
  return (
    <div className="account-card account-login">
      <h2>Please log in</h2>
      <p>Please log in to view and update your account.</p>
      <div className="cluster">
        <button type="button" className="btn" onClick={() => openAuthDialog('login')}>
          Log In
        </button>
        <a className="btn btn--outline" href="/register">
          Create Account
        </a>
      </div>
    </div>
  );
}

function AccountView() {
  const { data: session, isPending } = useSession();
  const signedIn = Boolean(session?.user);
  const me = useQuery({ queryKey: ['me'], queryFn: api.me, enabled: signedIn, retry: 1 });
  const queryClient = useQueryClient();
  // Signed out: forget the account's cached answers (profile, pupils, waiting places). Not while
  // the session is still being read, or the sections loading beside this one lose their queries.
  useEffect(() => {
    if (!isPending && !signedIn) queryClient.removeQueries({ queryKey: ['me'] });
  }, [isPending, signedIn, queryClient]);

  if (isPending || (signedIn && me.isPending)) {
    // Two empty cards the size of the loaded ones: the footer does not jump when they fill.
    return (
      <div className="account-grid">
        <section className="account-card account-card--loading">
          <p className="account-loading" role="status">
            Loading your account...
          </p>
        </section>
        <section className="account-card account-card--loading" aria-hidden="true" />
      </div>
    );
  }
  if (!signedIn || (me.error instanceof ApiError && me.error.status === 401)) {
    return <LoginPrompt />;
  }
  if (!me.data) {
    return (
      <p className="notice notice--error" role="alert">
        Your account could not be loaded. Please try again.
      </p>
    );
  }
  return (
    <div className="account-grid">
      <section className="account-card">
        <PersonalDetails me={me.data} />
      </section>
      <section className="account-card">
        <ChangePassword email={me.data.email} />
      </section>
    </div>
  );
}

export function AccountPage() {
  return (
    <AppProviders>
      <AccountView />
    </AppProviders>
  );
}
