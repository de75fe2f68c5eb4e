// What a sign-in before the address is verified shows inside the login form: what happened, that
// a new link is on its way, and a Resend button that waits a minute between sends
// (docs/product-rules.md#accounts-and-roles).
import { MESSAGES } from '@tuition/domain';
import { useEffect, useState } from 'react';
import { resendVerificationEmail } from '../../lib/auth-client.ts';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';

// The login form's toasts: a resend's success clears its earlier errors.
const UNVERIFIED_SCOPE = { form: 'login' } as const;

/** The texts of a sign-in before the address is verified. */
export const UNVERIFIED_TEXTS = {
  toast: {
    title: 'Please verify your email first',
    description: 'Open the newest verification link we have e-mailed you.',
  },
  // True whether or not this sign-in sent a mail: the service sends a new link on each attempt
  // but skips it once an address has had several in the last hour, and every link sent stays
  // valid until it expires.
  explain: (email: string) =>
    `Your email address is not verified yet, so you cannot log in. We have sent a verification link to ${email} (a new one, unless we already sent several in the last hour): open the newest, then log in here. Your selected sessions are kept.`,
  resend: 'Resend verification email',
  resent: {
    title: 'Verification Email Sent',
    description: 'Check your email for a new verification link.',
  },
} as const;

/** Seconds the Resend button waits after a send; the service also limits sends per hour. */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * Shown in place of a bare "Email not verified": what happened, that a new link is on its way,
 * and a Resend button that waits a minute between sends (the service refuses beyond its hourly
 * limit, and its text is shown then).
 */
export function UnverifiedNotice({
  email,
  cooldownSeconds = RESEND_COOLDOWN_SECONDS,
}: {
  email: string;
  /** Tests shorten the wait. */
  cooldownSeconds?: number;
}) {
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(cooldownSeconds);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function resend() {
    setBusy(true);
    try {
      await resendVerificationEmail(email);
      toastSuccess(UNVERIFIED_TEXTS.resent, UNVERIFIED_SCOPE);
      setWait(cooldownSeconds);
    } catch (error) {
      console.error('Resending the verification email failed', error);
      toastError(
        { title: error instanceof Error ? error.message : MESSAGES.verificationEmailFailed.title },
        UNVERIFIED_SCOPE,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="notice auth-unverified" role="status" data-testid="unverified-notice">
      <p>{UNVERIFIED_TEXTS.explain(email)}</p>
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => void resend()}
        disabled={busy || wait > 0}
      >
        {busy ? 'Sending...' : UNVERIFIED_TEXTS.resend}
        {!busy && wait > 0 && <span> (in {wait} s)</span>}
      </button>
    </div>
  );
}
