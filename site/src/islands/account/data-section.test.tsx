// "Your data" on /my-account against a stubbed service: the download link, the statement said
// before anything is asked, nothing sent without the password or without confirming, a wrong
// password shown on the field, and the signed-out message after a deletion.
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

configure({ asyncUtilTimeout: 5000 });

const TOO_MANY = 'Too many attempts to delete this account. Please try again in 10 minutes.';

/** The service deleting the account only for `correctPassword` (or refusing every try). */
function stubService(correctPassword: string, options: { tooManyAttempts?: boolean } = {}) {
  return stubApi({
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
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
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
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(TOO_MANY)).toBeTruthy();
    expect(deletions(calls)).toHaveLength(1);
    expect(session.signOuts).toBe(0);
  });

  it('deletes with the password, signs out and says so', async () => {
    const calls = stubService('secret-pass');
    render(<DataSection />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(DATA_TEXTS.deleted)).toBeTruthy();
    expect(
      deletions(calls).map(({ method, url, body }) => ({ method, path: url.pathname, body })),
    ).toEqual([{ method: 'DELETE', path: '/api/me', body: { password: 'secret-pass' } }]);
    expect(session.signOuts).toBe(1);
  });

  it('renders nothing when signed out', () => {
    session.signedIn = false;
    stubService('secret-pass');
    const { container } = render(<DataSection />);
    expect(container.textContent).toBe('');
  });
});
