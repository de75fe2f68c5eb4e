// The sessions overview flags a booked session whose day was closed after people booked it
// (CMS closures, decision 052): staff see why, and the bookings stay as they are. It shows the
// sessions a page at a time (decision 075), "Load more sessions" adding the next.
import type { AdminSession } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminSessions } from './admin-sessions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (id: string, startsAt: string, closedReason?: string): AdminSession => ({
  id,
  service: 'gcse',
  subject: 'mathematics',
  label: 'GCSE Foundation',
  startsAt,
  endsAt: startsAt.replace('T17', 'T18'),
  date: startsAt.slice(0, 10),
  time: '5-6pm',
  bookedCount: 2,
  capacity: 10,
  ...(closedReason ? { closedReason } : {}),
});

it('flags a booked session on a day closed since, with the reason', async () => {
  stubApi({
    'GET /api/admin/sessions': {
      nextCursor: null,
      items: [
        session('s1', '2026-12-15T17:00:00Z'),
        session('s2', '2026-12-22T17:00:00Z', 'Christmas holiday'),
      ],
    },
  });
  render(
    <AppProviders>
      <AdminSessions upcomingCount={2} />
    </AppProviders>,
  );
  const flag = await screen.findByText('Closed — Christmas holiday');
  expect(flag.closest('li')?.textContent).toContain('Tuesday 22 December 2026');
  expect(screen.getAllByText(/^Closed — /)).toHaveLength(1);
});

/** 120 upcoming sessions, one a day, 50 a page behind keyset cursors as the service answers. */
const manySessions = Array.from({ length: 120 }, (_, i) =>
  session(`s${i + 1}`, new Date(Date.UTC(2026, 11, 1 + i, 17)).toISOString()),
);
function sessionPages({ url }: { url: URL }) {
  const cursor = url.searchParams.get('cursor');
  const from = cursor ? manySessions.findIndex((s) => s.id === cursor) + 1 : 0;
  const items = manySessions.slice(from, from + 50);
  const more = from + 50 < manySessions.length;
  return { items, nextCursor: more ? (items.at(-1)?.id ?? null) : null };
}

function renderOverview() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={120} />
    </AppProviders>,
  );
}

const sessionToggles = () => screen.getAllByRole('button', { name: /GCSE Foundation/ });

it('shows 50 sessions, adds the next 50 on "Load more sessions", and the button goes on the last page', async () => {
  const { calls } = stubApi({ 'GET /api/admin/sessions': sessionPages });
  renderOverview();
  const loadMore = await screen.findByRole('button', { name: 'Load more sessions' });
  expect(sessionToggles()).toHaveLength(50);

  loadMore.focus();
  fireEvent.click(loadMore);
  await waitFor(() => expect(sessionToggles()).toHaveLength(100));
  expect(calls).toContain('GET /api/admin/sessions?filter=upcoming&sort=date&cursor=s50');
  // Appended after the first page, and the keyboard carries on at the first new session.
  expect(sessionToggles()[0]?.textContent).toContain('Tuesday 1 December 2026');
  expect(sessionToggles()[50]?.textContent).toContain('Wednesday 20 January 2027');
  expect(document.activeElement).toBe(sessionToggles()[50]);

  fireEvent.click(screen.getByRole('button', { name: 'Load more sessions' }));
  await waitFor(() => expect(sessionToggles()).toHaveLength(120));
  expect(screen.queryByRole('button', { name: /Load more sessions/ })).toBeNull();
  expect(document.activeElement).toBe(sessionToggles()[100]);
});

it('says it is loading while the next page comes, and starts from page one on another filter', async () => {
  let release: () => void = () => {};
  const { calls } = stubApi({
    'GET /api/admin/sessions': async (request) => {
      if (request.url.searchParams.get('cursor')) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return sessionPages(request);
    },
  });
  renderOverview();
  fireEvent.click(await screen.findByRole('button', { name: 'Load more sessions' }));
  const busy = await screen.findByRole('button', { name: 'Loading more sessions…' });
  expect(busy.getAttribute('aria-busy')).toBe('true');
  expect(busy.getAttribute('aria-disabled')).toBe('true');
  release();
  await waitFor(() => expect(sessionToggles()).toHaveLength(100));

  fireEvent.click(screen.getByRole('radio', { name: 'Previous' }));
  await waitFor(() =>
    expect(calls.at(-1)).toBe('GET /api/admin/sessions?filter=previous&sort=date'),
  );
  await waitFor(() => expect(sessionToggles()).toHaveLength(50));
});

const lesson: AdminSession = {
  ...session('l1', '2026-12-15T17:00:00Z'),
  service: 'gcse-higher',
  label: 'GCSE Higher',
  kind: 'one-to-one',
  tutorName: 'Sam Okafor',
  bookedCount: 1,
  capacity: 1,
};

it('marks a 1-to-1 lesson with its tutor, apart from the classes, and offers it no cover', async () => {
  stubApi({
    'GET /api/admin/sessions': {
      nextCursor: null,
      items: [
        { ...session('s1', '2026-12-15T17:00:00Z'), kind: 'group', tutorName: 'Ada Byron' },
        lesson,
      ],
    },
    'GET /api/admin/sessions/:id/attendees': [],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={2} />
    </AppProviders>,
  );
  const toggle = await screen.findByRole('button', { name: /^1-to-1 · Sam Okafor/ });
  expect(toggle.textContent).toContain('GCSE Higher');
  expect(toggle.textContent).toContain('1 / 1 booked');
  expect(toggle.closest('li')?.className).toContain('admin-session--lesson');
  expect(toggle.closest('li')?.textContent).not.toContain('Full');
  const group = screen.getByRole('button', { name: /GCSE Foundation/ });
  expect(group.textContent).toContain('Tutor: Ada Byron');
  expect(group.textContent).not.toContain('1-to-1');
  expect(group.closest('li')?.className).not.toContain('admin-session--lesson');

  // Its panel lists its pupil like any session's, and says why it has no cover tutor.
  fireEvent.click(toggle);
  expect(await screen.findByText(/Sam Okafor’s own hour, so it has no cover/)).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: /cover/i })).toBeNull();
});

it('shows only 1-to-1 lessons when asked, and says when there are none', async () => {
  const { calls } = stubApi({
    'GET /api/admin/sessions': ({ url }) => ({
      nextCursor: null,
      items:
        url.searchParams.get('kind') === 'one-to-one'
          ? [lesson]
          : [session('s1', '2026-12-15T17:00:00Z')],
    }),
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={2} />
    </AppProviders>,
  );
  await screen.findByRole('button', { name: /GCSE Foundation/ });
  fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), {
    target: { value: 'one-to-one' },
  });
  await screen.findByRole('button', { name: /1-to-1 · Sam Okafor/ });
  expect(calls.at(-1)).toBe('GET /api/admin/sessions?filter=upcoming&sort=date&kind=one-to-one');
  expect(screen.queryByRole('button', { name: /GCSE Foundation/ })).toBeNull();

  fireEvent.click(screen.getByRole('radio', { name: 'Previous' }));
  await waitFor(() =>
    expect(calls.at(-1)).toBe('GET /api/admin/sessions?filter=previous&sort=date&kind=one-to-one'),
  );
});

it('says there are no 1-to-1 lessons when the filter finds none', async () => {
  stubApi({ 'GET /api/admin/sessions': { nextCursor: null, items: [] } });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={0} />
    </AppProviders>,
  );
  await screen.findByText('No upcoming sessions found.');
  fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), {
    target: { value: 'one-to-one' },
  });
  expect(await screen.findByText('No upcoming 1-to-1 lessons found.')).toBeTruthy();
});
