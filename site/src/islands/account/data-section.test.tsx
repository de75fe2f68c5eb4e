// "Your data" on /my-account against a stubbed service: the download link, the statement said
// before anything is asked, nothing sent without the password or without confirming, a wrong
// password shown on the field, the cost of deleting listed in the dialog (decision 074), the
// credit refunded or lost said in the section and the dialog (decision 101), and the result after
// a deletion.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDeletionPreview } from '@tuition/api-contract';
import { problem, type StubRequest, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true, signOuts: 0 }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'u1', name: 'Pat Parent', role: 'user' } } : null,
    isPending: false,
  }),
  signOutEverywhere: async () => {
    session.signOuts += 1;
  },
}));

const { DataSection, DATA_TEXTS, EXPORT_PATH } = await import('./data-section.tsx');

const TOO_MANY = 'Too many attempts to delete this account. Please try again in 10 minutes.';

const NO_CREDIT: AccountDeletionPreview['credit'] = {
  sessions: 0,
  valuePence: 0,
  refundableSessions: 0,
  refundablePence: 0,
  refundableUntil: null,
};

const NOTHING_UPCOMING: AccountDeletionPreview = {
  upcomingSeats: [],
  totalPence: 0,
  waitingPlaces: 0,
  pendingCheckouts: 0,
  credit: NO_CREDIT,
};

/** A 10-session £100 pack bought today, and 2 sessions of goodwill credit. */
const PACK_AND_GOODWILL: AccountDeletionPreview = {
  ...NOTHING_UPCOMING,
  credit: {
    sessions: 12,
    valuePence: 10_000,
    refundableSessions: 10,
    refundablePence: 10_000,
    refundableUntil: '2026-11-17T09:00:00.000Z',
  },
};

/** The same pack after its 14 days: nothing refundable, all of it lost. */
const PACK_PAST_COOLING_OFF: AccountDeletionPreview = {
  ...NOTHING_UPCOMING,
  credit: { ...NO_CREDIT, sessions: 10, valuePence: 10_000 },
};

const seat = (startsAt: string, pupil: string, pricePence: number) => ({
  startsAt,
  endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
  date: startsAt.slice(0, 10),
  time: '7-8pm',
  label: 'GCSE Higher',
  service: 'gcse-higher' as const,
  pupil: { id: `p-${pupil}`, name: pupil, yearGroup: 'y11' as const },
  pricePence,
});

const THREE_SEATS: AccountDeletionPreview = {
  upcomingSeats: [
    seat('2026-12-01T19:00:00.000Z', 'Ada', 1000),
    seat('2026-12-02T19:00:00.000Z', 'Ada', 1000),
    seat('2026-12-02T19:00:00.000Z', 'Byron', 1500),
  ],
  totalPence: 3500,
  waitingPlaces: 1,
  pendingCheckouts: 0,
  credit: NO_CREDIT,
};

const CONTACT = { email: 'hello@example.co.uk', phone: '020 7946 0000' };

/** The service deleting the account only for `correctPassword` (or refusing every try). */
function stubService(
  correctPassword: string,
  options: { tooManyAttempts?: boolean; preview?: AccountDeletionPreview } = {},
) {
  return stubApi({
    'GET /api/me/deletion-preview': options.preview ?? NOTHING_UPCOMING,
    'DELETE /api/me': ({ body }) => {
      if (options.tooManyAttempts) {
        const tooMany = problem(429, TOO_MANY, { title: 'Too Many Requests' });
        tooMany.headers.set('retry-after', '600');
        return tooMany;
      }
      if ((body as { password?: string } | undefined)?.password === correctPassword) return null;
      return problem(400, 'password: Password is incorrect.', {
        title: 'Invalid request',
        errors: [{ field: 'password', message: 'Password is incorrect.' }],
      });
    },
  }).requests;
}

/** The dialog's delete button, once the cost has been read (it is disabled until then). */
async function enabledConfirm(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Delete my account' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

const deletions = (calls: StubRequest[]) => calls.filter((c) => c.method === 'DELETE');

describe('Your data on /my-account', () => {
  beforeEach(() => {
    session.signedIn = true;
    session.signOuts = 0;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the download as a file and states what deletion does before asking', () => {
    stubService('secret-pass');
    render(<DataSection />);
    const download = screen.getByRole('link', { name: 'Download your data' });
    expect(download.getAttribute('href')).toBe(EXPORT_PATH);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/Cancelled sessions are not refunded/)).toBeTruthy();
    expect(screen.getByText(/“Deleted customer”, until 7 years after each payment/)).toBeTruthy();
  });

  it('asks for the password and a confirmation before sending anything', async () => {
    const calls = stubService('secret-pass');
    render(<DataSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(DATA_TEXTS.passwordRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletions(calls)).toEqual([]);
  });

  it('shows a wrong password on the field and keeps the account', async () => {
    const calls = stubService('secret-pass');
    render(<DataSection />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(await enabledConfirm());
    expect(await screen.findByText(DATA_TEXTS.passwordWrong)).toBeTruthy();
    expect(deletions(calls)).toHaveLength(1);
    expect(session.signOuts).toBe(0);
    expect(screen.getByRole('link', { name: 'Download your data' })).toBeTruthy();
  });

  it("shows the service's answer when there were too many attempts, and keeps the account", async () => {
    const calls = stubService('secret-pass', { tooManyAttempts: true });
    render(<DataSection />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(await enabledConfirm());
    expect(await screen.findByText(TOO_MANY)).toBeTruthy();
    expect(deletions(calls)).toHaveLength(1);
    expect(session.signOuts).toBe(0);
  });

  it('deletes with the password, signs out and says so', async () => {
    const calls = stubService('secret-pass');
    render(<DataSection />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(await enabledConfirm());
    expect(await screen.findByText(DATA_TEXTS.deleted)).toBeTruthy();
    const result = screen.getByRole('heading', { name: 'Your account has been deleted' });
    expect(document.activeElement).toBe(result);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    expect(
      deletions(calls).map(({ method, url, body }) => ({ method, path: url.pathname, body })),
    ).toEqual([{ method: 'DELETE', path: '/api/me', body: { password: 'secret-pass' } }]);
    expect(session.signOuts).toBe(1);
  });

  it('lists the upcoming paid seats, their value and whom to contact before deleting', async () => {
    stubService('secret-pass', { preview: THREE_SEATS });
    render(<DataSection contact={CONTACT} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      await within(dialog).findByText(
        'You have 3 upcoming paid sessions worth £35.00. Deleting your account cancels them without a refund.',
      ),
    ).toBeTruthy();
    const list = within(dialog).getByRole('region', { name: 'Upcoming paid sessions' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Tuesday 1 December 2026, 7:00 PMGCSE Higher, for Ada£10.00',
      'Wednesday 2 December 2026, 7:00 PMGCSE Higher, for Ada£10.00',
      'Wednesday 2 December 2026, 7:00 PMGCSE Higher, for Byron£15.00',
    ]);
    expect(list.tabIndex).toBe(0);
    expect(within(dialog).getByText(/waiting-list place will be given up/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: CONTACT.email }).getAttribute('href')).toBe(
      `mailto:${CONTACT.email}`,
    );
    expect(within(dialog).getByRole('link', { name: CONTACT.phone }).getAttribute('href')).toBe(
      'tel:02079460000',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Delete my account' }).hasAttribute('disabled'),
    ).toBe(false);
  });

  it('says in the section and the dialog what credit is refunded and what is lost', async () => {
    stubService('secret-pass', { preview: PACK_AND_GOODWILL });
    render(<DataSection contact={CONTACT} />);
    const refunded =
      'Deleting your account now refunds £100.00 to your card for 10 unused sessions of credit (packs bought in the last 14 days, until Tuesday 17 November 2026).';
    const lost = 'You will lose 2 sessions of credit. They are not refunded.';
    // Said before the password is asked for.
    expect(await screen.findByText(refunded)).toBeTruthy();
    expect(screen.getByText(lost)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText(refunded)).toBeTruthy();
    expect(within(dialog).getByText(lost)).toBeTruthy();
  });

  it('says a pack past its 14 days is lost, with what it was worth', async () => {
    stubService('secret-pass', { preview: PACK_PAST_COOLING_OFF });
    render(<DataSection />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      await within(dialog).findByText(
        'You will lose 10 sessions of credit worth £100.00. They are not refunded.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/refunds £/)).toBeNull();
  });

  it('keeps the dialog plain when nothing is upcoming', async () => {
    stubService('secret-pass');
    render(<DataSection contact={CONTACT} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
    expect(within(dialog).queryByText(/upcoming paid session/)).toBeNull();
    expect(within(dialog).queryByRole('region')).toBeNull();
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).getByText(/This cannot be undone\./)).toBeTruthy();
  });

  it('says so when the cost cannot be read, rather than implying there is none', async () => {
    stubApi({ 'GET /api/me/deletion-preview': problem(500, 'boom') });
    render(<DataSection contact={CONTACT} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(DATA_TEXTS.previewFailed)).toBeTruthy();
  });

  it('renders nothing when signed out', () => {
    session.signedIn = false;
    stubService('secret-pass');
    const { container } = render(<DataSection />);
    expect(container.textContent).toBe('');
  });
});
