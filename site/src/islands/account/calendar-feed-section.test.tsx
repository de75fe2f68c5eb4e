// "Calendar feed" on /my-account against a stubbed service: the secret address shown with why it
// is private, copied to the clipboard, rotated only after confirming (the new address replaces
// the old on the page), a failed rotation said, and nothing shown signed out.
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'u1', name: 'Pat Parent', role: 'user' } } : null,
    isPending: false,
  }),
}));

const { CalendarFeedSection, FEED_TEXTS } = await import('./calendar-feed-section.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

/** Each test its own cache, so one test's rotated address never shows in the next. */
const renderSection = () => render(<CalendarFeedSection queryClient={createQueryClient()} />);

configure({ asyncUtilTimeout: 5000 });

const FIRST = 'http://localhost/api/calendar-feed.ics?token=first-token';
const SECOND = 'http://localhost/api/calendar-feed.ics?token=second-token';

function stubService({ rotateFails = false } = {}) {
  const calls: string[] = [];
  let current = FIRST;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (url.pathname === '/api/me/calendar-feed' && method === 'GET') {
        return Response.json({ url: current });
      }
      if (url.pathname === '/api/me/calendar-feed/rotate' && method === 'POST') {
        if (rotateFails)
          return Response.json({ title: 'Server error', status: 500 }, { status: 500 });
        current = SECOND;
        return Response.json({ url: current });
      }
      return new Response(null, { status: 404 });
    }),
  );
  return calls;
}

const address = () => screen.findByLabelText('Your calendar address') as Promise<HTMLInputElement>;

describe('the calendar feed on /my-account', { timeout: 20_000 }, () => {
  beforeEach(() => {
    session.signedIn = true;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the personal address, says it is private and copies it', async () => {
    stubService();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSection();
    expect((await address()).value).toBe(FIRST);
    expect(screen.getByText(/anyone with the address can see your sessions/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('rotates only after confirming, and shows the new address', async () => {
    const calls = stubService();
    renderSection();
    await address();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate link' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The current address stops working at once.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep current link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).not.toContain('POST /api/me/calendar-feed/rotate');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate link' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate link' }));
    await waitFor(async () => expect((await address()).value).toBe(SECOND));
    expect(calls.filter((c) => c === 'POST /api/me/calendar-feed/rotate')).toHaveLength(1);
    expect(await screen.findByText(new RegExp(`^${FEED_TEXTS.rotated}`))).toBeTruthy();
  });

  it('keeps the old address on the page when rotating fails', async () => {
    stubService({ rotateFails: true });
    renderSection();
    await address();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate link' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate link' }));
    expect(await screen.findByText(new RegExp(`^${FEED_TEXTS.rotateFailed}`))).toBeTruthy();
    expect((await address()).value).toBe(FIRST);
  });

  it('still shows the address when the account page clears its queries meanwhile', async () => {
    stubService();
    const client = createQueryClient();
    render(<CalendarFeedSection queryClient={client} />);
    // What the account page does while its own session is still loading.
    client.removeQueries({ queryKey: ['me'] });
    expect((await address()).value).toBe(FIRST);
  });

  it('shows nothing signed out', async () => {
    session.signedIn = false;
    const calls = stubService();
    const { container } = renderSection();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(calls).toHaveLength(0);
  });
});
