// /my-account "Your data" (decision 058): download everything held on the account as
// a JSON file, and delete the account with the password re-entered, after a plain statement of
// what happens and a confirm dialog that lists what the deletion cancels and what it cost
// (decision 074), and what becomes of the account's credit (decision 101). Signed out it renders nothing: the account page beside it shows the login
// prompt; after a deletion it shows the result, scrolled into view.
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { apiErrorFrom } from '../../lib/api-client.ts';
import { signOutEverywhere, useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { toastError } from '../shared/app-toaster.tsx';
import { TextField } from '../shared/form-fields.tsx';
import {
  type BusinessContact,
  CreditAtStake,
  DeletionPreviewPart,
  PREVIEW_TEXTS,
  useDeletionPreview,
} from './data-section-cost.tsx';
import './data-section.css';

export const EXPORT_PATH = '/api/me/export';

export const DATA_TEXTS = {
  passwordRequired: 'Enter your password to delete your account.',
  passwordWrong: 'Password is incorrect.',
  failed: 'Your account could not be deleted. Please try again.',
  deleted: 'Your account has been deleted and you have been signed out.',
  deletedMail: 'We have sent a confirmation to the e-mail address the account had.',
  ...PREVIEW_TEXTS,
} as const;

export type { BusinessContact };

const FORM = { form: 'delete-account' } as const;

/** DELETE /api/me: resolves when deleted; throws the service's ApiError otherwise. */
export async function deleteMyAccount(password: string): Promise<void> {
  const response = await fetch('/api/me', {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!response.ok) throw await apiErrorFrom(response);
}

/** What deleting does, said before anything is asked (docs/decisions/058). */
function DeletionStatement() {
  return (
    <ul className="data-section__effects">
      <li>
        Your future bookings are cancelled and their seats offered to others.{' '}
        <strong>Cancelled sessions are not refunded</strong>, as our terms say.
      </li>
      <li>
        Your name, e-mail address and phone number, your children’s names and e-mail addresses, your
        enquiries and the e-mails we sent you are erased, and you are signed out everywhere.
      </li>
      <li>
        Booking and payment records are kept for our accounts, without your name, as “Deleted
        customer”, until 7 years after each payment; then they are removed too.
      </li>
      <li>You can register again with the same e-mail address later.</li>
    </ul>
  );
}

function DeleteAccount({
  onDeleted,
  contact,
}: {
  onDeleted: () => void;
  contact: BusinessContact | undefined;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const preview = useDeletionPreview(confirming);

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    if (password === '') {
      setError(DATA_TEXTS.passwordRequired);
      return;
    }
    setError(undefined);
    setConfirming(true);
  }

  async function confirmDeletion() {
    setBusy(true);
    try {
      await deleteMyAccount(password);
      setConfirming(false);
      await signOutEverywhere();
      onDeleted();
    } catch (failure) {
      console.error('Deleting the account failed', failure);
      setConfirming(false);
      const wrongPassword =
        (failure as { status?: number }).status === 400 &&
        (failure as { errors?: { field?: string }[] }).errors?.some((e) => e.field === 'password');
      const { status, detail } = failure as { status?: number; detail?: string };
      if (wrongPassword) setError(DATA_TEXTS.passwordWrong);
      // Too many attempts: the service says for how long; the password was not checked.
      else if (status === 429 && detail) setError(detail);
      else toastError({ title: DATA_TEXTS.failed }, FORM);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={askToConfirm} aria-labelledby="delete-heading">
      <h3 id="delete-heading">Delete your account</h3>
      <DeletionStatement />
      <CreditAtStake />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <div className="auth-form__actions">
        <button type="submit" className="btn data-section__delete">
          Delete account
        </button>
      </div>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Content maxWidth="460px" className="data-section__dialog">
          <AlertDialog.Title>Delete your account?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            This cannot be undone. Your future bookings are cancelled without a refund and your
            personal data is erased.
          </AlertDialog.Description>
          <DeletionPreviewPart preview={preview} contact={contact} />
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Keep my account
              </Button>
            </AlertDialog.Cancel>
            <Button
              color="red"
              // Solid red-9 under white text is below AA contrast; high contrast is red-12.
              highContrast
              loading={busy}
              // The cost is read first, so nobody confirms before seeing it.
              disabled={preview.isPending}
              onClick={() => void confirmDeletion()}
            >
              Delete my account
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </form>
  );
}

/** How long the result keeps itself in view while the page above settles. */
const SETTLE_MS = 3000;

/** After a deletion: the result, focused and scrolled into view (at 375 px too). */
function DeletedResult() {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    const show = () => section.current?.scrollIntoView?.({ block: 'center' });
    show();
    // The sections above turn into the login prompt as the session ends, moving this one: it
    // is brought back into view each time the page changes size, until the page settles.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(show);
    observer.observe(document.body);
    const settled = window.setTimeout(() => observer.disconnect(), SETTLE_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(settled);
    };
  }, []);
  return (
    <section
      ref={section}
      className="account-card data-section"
      aria-labelledby="your-data-heading"
    >
      <h2 id="your-data-heading" ref={heading} tabIndex={-1}>
        Your account has been deleted
      </h2>
      <p role="status">{DATA_TEXTS.deleted}</p>
      <p>{DATA_TEXTS.deletedMail}</p>
      <a className="btn" href="/">
        Go to the home page
      </a>
    </section>
  );
}

function DataSectionContent({ contact }: { contact: BusinessContact | undefined }) {
  const { data: session, isPending } = useSession();
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <DeletedResult />;
  if (isPending || !session?.user) return null;
  return (
    <section className="account-card data-section" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <p className="data-section__lead">
        Download a copy of everything we hold on your account: your details, your children and their
        consents, bookings, payments and refunds, enquiries and the e-mails we sent you.
      </p>
      <a className="btn btn--soft" href={EXPORT_PATH} download>
        Download your data
      </a>
      <DeleteAccount onDeleted={() => setDeleted(true)} contact={contact} />
    </section>
  );
}

export function DataSection({ contact }: { contact?: BusinessContact }) {
  return (
    <AppProviders>
      <DataSectionContent contact={contact} />
    </AppProviders>
  );
}

export default DataSection;
