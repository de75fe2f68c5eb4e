// "Calendar feed" on /my-account against a stubbed service: the secret address shown with why it
// is private, copied to the clipboard, rotated only after confirming (the new address replaces
// the old on the page), a failed rotation said, and nothing shown signed out.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';

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

const FIRST = 'http://localhost/api/calendar-feed.ics?token=first-token';
const SECOND = 'http://localhost/api/calendar-feed.ics?token=second-token';

function stubService({ rotateFails = false } = {}) {
  let current = FIRST;
  const { calls } = stubApi({
    'GET /api/me/calendar-feed': () => ({ url: current }),
    'POST /api/me/calendar-feed/rotate': () => {
      if (rotateFails) return problem(500, 'Server error');
      current = SECOND;
      return { url: current };
    },
  });
  return calls;
}

const address = () => screen.findByLabelText('Your calendar address') as Promise<HTMLInputElement>;

describe('the calendar feed on /my-account', () => {
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
    vi.useFakeTimers();
    try {
      const { container } = renderSection();
      // Every timer and promise the section could start has run: still nothing.
      await act(() => vi.runAllTimersAsync());
      expect(container.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toHaveLength(0);
  });
});
