// /verify-email?token= (docs/product-rules.md#pages, #accounts-and-roles, #messages): verifying ->
// verified (toast, home after 2 s), or Link Expired / Verification Failed. A missing token is the
// failed state. Request New Verification re-sends the e-mail to a signed-in visitor; anyone else is
// told to contact support by e-mail, as the spec's page did.
import { MESSAGES } from '@tuition/domain';
import { useEffect, useRef, useState } from 'react';
import { authClient } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { toastError, toastInfo, toastSuccess } from '../shared/app-toaster.tsx';
import './auth-forms.css';

export type VerifyState = 'verifying' | 'verified' | 'expired' | 'failed';

/**
 * How long the success state shows before going home (docs/product-rules.md#accounts-and-roles: 2
 * seconds).
 */
export const REDIRECT_AFTER_MS = 2000;

/** Which failure state a better-auth error means ("Token expired" -> expired). */
export function verifyFailureState(error: { message?: string; code?: string } | null): VerifyState {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`;
  return /expired/i.test(text) ? 'expired' : 'failed';
}

export interface VerifyEmailProps {
  /** The support address from site settings, named in the contact-support toast. */
  contactEmail: string;
}

/** Verifies the page's ?token= once and says how it went. */
function useTokenVerification(): VerifyState {
  const [state, setState] = useState<VerifyState>('verifying');
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; a token can be used only once.
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) {
      setState('failed');
      return;
    }
    void (async () => {
      try {
        const { error } = await authClient.verifyEmail({ query: { token } });
        if (error) {
          console.error('Email verification failed', error);
          setState(verifyFailureState(error));
          return;
        }
        setState('verified');
        toastSuccess(MESSAGES.emailVerified);
        setTimeout(() => window.location.assign('/'), REDIRECT_AFTER_MS);
      } catch (error) {
        console.error('Email verification failed', error);
        setState('failed');
      }
    })();
  }, []);
  return state;
}

function VerifyEmailView({ contactEmail }: VerifyEmailProps) {
  const state = useTokenVerification();
  const [resending, setResending] = useState(false);

  async function requestNewVerification() {
    setResending(true);
    try {
      const { data } = await authClient.getSession();
      const email = data?.user.email;
      if (!email) {
        toastInfo({
          title: MESSAGES.requestNewVerification.title,
          description: `Our address: ${contactEmail}.`,
        });
        return;
      }
      const { error } = await authClient.sendVerificationEmail({ email, callbackURL: '/' });
      if (error) {
        console.error('Resending the verification email failed', error);
        toastError(MESSAGES.verificationEmailFailed);
      } else {
        toastSuccess(MESSAGES.verificationEmailResent);
      }
    } finally {
      setResending(false);
    }
  }

  if (state === 'verifying') {
    return (
      <div className="auth-status" role="status">
        <span className="auth-spinner" aria-hidden="true" />
        <h1>Verifying your email...</h1>
        <p className="auth-card__lead">This will only take a moment.</p>
      </div>
    );
  }
  if (state === 'verified') {
    return (
      <div className="auth-status" role="status">
        <h1>{MESSAGES.emailVerified.title}</h1>
        <p className="auth-card__lead">Taking you to the home page...</p>
        <a className="btn" href="/">
          Return Home
        </a>
      </div>
    );
  }
  return (
    <div className="auth-status">
      <h1>
        {state === 'expired'
          ? MESSAGES.verificationLinkExpired.title
          : MESSAGES.verificationFailed.title}
      </h1>
      <p className="auth-card__lead">
        {state === 'expired'
          ? 'This verification link has expired. Verification links are valid for 24 hours.'
          : 'This verification link is invalid or has already been used.'}
      </p>
      <div className="cluster">
        <button
          type="button"
          className="btn"
          onClick={() => void requestNewVerification()}
          disabled={resending}
        >
          Request New Verification
        </button>
        <a className="btn btn--outline" href="/">
          Return Home
        </a>
      </div>
    </div>
  );
}

export function VerifyEmail(props: VerifyEmailProps) {
  return (
    <AppProviders>
      <div className="auth-card">
        <VerifyEmailView {...props} />
      </div>
    </AppProviders>
  );
}
