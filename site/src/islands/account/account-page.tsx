// /my-account (docs/product-rules.md#pages, #accounts-and-roles, #messages): Personal Details
// (name, read-only e-mail, phone) and Change Password, with a Forgot Password button that e-mails a
// reset link. Signed out: a login prompt, never a blank page.
import {
  changePasswordSchema,
  MESSAGES,
  PHONE_HINT,
  phoneSchema,
  phoneTypingProblem,
} from '@tuition/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, type Me } from '../../lib/api-client.ts';
import { authClient, useSession } from '../../lib/auth-client.ts';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { toastError, toastInfo, toastSuccess } from '../shared/app-toaster.tsx';
import { formText, TextField } from '../shared/form-fields.tsx';
import { PASSWORD_HINT, requestPasswordResetEmail } from '../shared/password-reset.ts';
import './account-page.css';

/** The save rule for the phone field: null when fine, else the spec's message. */
export function phoneProblem(phone: string): string | null {
  const result = phoneSchema.safeParse(phone);
  return result.success ? null : (result.error.issues[0]?.message ?? MESSAGES.phoneDigits.title);
}

/** What saving the details form would change: nothing, or the phone removed, or an update. */
export type DetailsChange = 'nothing' | 'phone-removed' | 'updated';

export function detailsChange(
  saved: { name: string; phone: string | null },
  form: { name: string; phone: string },
): DetailsChange {
  const name = form.name.trim();
  const phone = form.phone.trim() || null;
  if (name === saved.name && phone === (saved.phone ?? null)) return 'nothing';
  if (phone === null && saved.phone && name === saved.name) return 'phone-removed';
  return 'updated';
}

/** The toasts for the outcomes a customer must be able to tell apart. */
export const DETAILS_MESSAGES = {
  nothingChanged: { title: 'Nothing to save: your details are unchanged.' },
  phoneRemoved: { title: 'Phone number removed.' },
} as const;

/**
 * The change-password rules (docs/product-rules.md#accounts-and-roles): the first problem's
 * message, or null.
 */
export function changePasswordProblem(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | null {
  if (input.currentPassword === '') return MESSAGES.currentPasswordRequired.title;
  const result = changePasswordSchema.safeParse(input);
  if (result.success) return null;
  // Mismatch is reported before length, as the spec's form did.
  const mismatch = result.error.issues.find(
    (issue) => issue.message === MESSAGES.newPasswordsDoNotMatch.title,
  );
  return (mismatch ?? result.error.issues[0])?.message ?? MESSAGES.passwordUpdateFailed.title;
}

// Each form's success clears that form's earlier error toasts, not the other form's.
const DETAILS_FORM = { form: 'personal-details' } as const;
const PASSWORD_FORM = { form: 'change-password' } as const;

function PersonalDetails({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.name);
  const [phone, setPhone] = useState(me.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  // Nothing typed is dropped: a character the rule refuses stays in the field, named here.
  function onPhoneChange(typed: string) {
    setPhone(typed);
    setPhoneError(phoneTypingProblem(typed) ?? undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = phoneProblem(phone);
    setPhoneError(problem ?? undefined);
    if (problem) {
      toastError({ title: problem }, DETAILS_FORM);
      return;
    }
    if (name.trim() === '') {
      toastError({ title: 'Name is required.' }, DETAILS_FORM);
      return;
    }
    const change = detailsChange(me, { name, phone });
    if (change === 'nothing') {
      toastInfo(DETAILS_MESSAGES.nothingChanged, DETAILS_FORM);
      return;
    }
    setSaving(true);
    try {
      const updated = await api.updateMe({ name: name.trim(), phone: phone.trim() || null });
      queryClient.setQueryData(['me'], updated);
      setPhone(updated.phone ?? '');
      toastSuccess(
        change === 'phone-removed' ? DETAILS_MESSAGES.phoneRemoved : MESSAGES.profileUpdated,
        DETAILS_FORM,
      );
    } catch (error) {
      console.error('Profile update failed', error);
      toastError(MESSAGES.profileUpdateFailed, DETAILS_FORM);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="details-heading">
      <h2 id="details-heading">Personal Details</h2>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField label="Email" name="email" type="email" value={me.email} readOnly />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={phone}
        hint={PHONE_HINT}
        error={phoneError}
        onChange={(e) => onPhoneChange(e.target.value)}
      />
      <div className="auth-form__actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}

function ChangePassword({ email }: { email: string }) {
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
