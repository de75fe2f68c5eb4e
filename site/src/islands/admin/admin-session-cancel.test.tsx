// The business cancels a whole session from the sessions overview (decision 077): the dialog
// needs a reason, preselects a session of credit, sends what was chosen, and says what the
// service did; a refusal is shown in the service's words. A session on a day closed since it was
// booked offers the same dialog beside its flag, the reason already written.
import type { AdminSession, SessionCancelled } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { sessionCancelledText } from './admin-session-cancel.tsx';
import { AdminSessions } from './admin-sessions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clock = fixedClock('2026-12-01T09:00:00Z');

const session = (id: string, startsAt: string, closedReason?: string): AdminSession => ({
  id,
  service: 'gcse',
  subject: 'mathematics',
  label: 'GCSE Foundation',
  startsAt,
  endsAt: startsAt.replace('T17', 'T18'),
  date: startsAt.slice(0, 10),
  time: '5-6pm',
  bookedCount: 3,
  capacity: 10,
  ...(closedReason ? { closedReason } : {}),
});

const seat = (n: number, refundedPence: number, creditReturned: number) => ({
  bookingId: `b${n}`,
  pupil: { id: `p${n}`, name: `Pupil ${n}`, yearGroup: 'y10' as const },
  remedy: refundedPence > 0 ? ('refund' as const) : ('credit' as const),
  refundedPence,
  creditReturned,
});

const allCredit: SessionCancelled = {
  sessionId: 's1',
  seats: [seat(1, 0, 1), seat(2, 0, 1), seat(3, 0, 1)],
};

function stub(sessions: AdminSession[], cancel: SessionCancelled | Response = allCredit) {
  let cancelled = false;
  return stubApi({
    'GET /api/admin/sessions': () => ({
      nextCursor: null,
      items: cancelled ? sessions.slice(1) : sessions,
    }),
    'GET /api/admin/sessions/:id/attendees': [],
    'GET /api/admin/sessions/:id/meeting': { sessionId: 's1', overrideUrl: null, meetingUrl: null },
    'GET /api/admin/sessions/:id/waitlist': [],
    'POST /api/admin/sessions/:id/cancel': () => {
      if (!(cancel instanceof Response)) cancelled = true;
      return cancel instanceof Response ? cancel.clone() : cancel;
    },
  });
}

function renderOverview() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={2} clock={clock} />
    </AppProviders>,
  );
}

async function openCancelDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /^GCSE Foundation.*15 December/ }));
  fireEvent.click(await screen.findByRole('button', { name: /^Cancel session:/ }));
  return screen.findByRole('dialog', { name: 'Cancel this session for everyone?' });
}

const reasonField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Reason (sent to the families)' });
const confirm = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Cancel session for everyone' });

it('sends the reason with a session of credit, preselected, and says what was done', async () => {
  const { requests, calls } = stub([
    session('s1', '2026-12-15T17:00:00Z'),
    session('s2', '2026-12-22T17:00:00Z'),
  ]);
  renderOverview();
  const dialog = await openCancelDialog();
  expect(within(dialog).getByRole('radio', { name: /^A session of credit/ })).toHaveProperty(
    'checked',
    true,
  );
  expect(within(dialog).getByRole('group', { name: 'What do families get back?' })).toBeTruthy();
  fireEvent.change(reasonField(dialog), { target: { value: '  The tutor is ill  ' } });
  const sessionsBefore = calls.filter((c) => c.startsWith('GET /api/admin/sessions?')).length;
  fireEvent.click(confirm(dialog));

  const note = await screen.findByText(/cancelled\. 3 seats cancelled: 3 sessions of credit/);
  // The button that opened the dialog leaves with the session: the summary has the focus.
  await waitFor(() => expect(document.activeElement).toBe(note.closest('[role="status"]')));
  const sent = requests.find((r) => r.method === 'POST');
  expect(sent?.url.pathname).toBe('/api/admin/sessions/s1/cancel');
  expect(sent?.body).toEqual({ remedy: 'credit', reason: 'The tutor is ill' });
  expect(note.textContent).toContain('GCSE Foundation, Tuesday 15 December 2026, 5-6pm cancelled');
  expect(await screen.findByText('Session cancelled')).toBeTruthy();
  // The list is asked again, and the cancelled session has left it.
  await waitFor(() =>
    expect(calls.filter((c) => c.startsWith('GET /api/admin/sessions?')).length).toBeGreaterThan(
      sessionsBefore,
    ),
  );
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: /^GCSE Foundation.*15 December/ })).toBeNull(),
  );
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('needs a reason before it sends anything, and sends the remedy chosen', async () => {
  const { requests } = stub([session('s1', '2026-12-15T17:00:00Z')], {
    sessionId: 's1',
    seats: [seat(1, 2500, 0)],
  });
  renderOverview();
  const dialog = await openCancelDialog();
  fireEvent.click(within(dialog).getByRole('radio', { name: /^A refund to the card/ }));
  fireEvent.change(reasonField(dialog), { target: { value: '   ' } });
  fireEvent.click(confirm(dialog));
  expect(
    await within(dialog).findByText('Say why the session is cancelled: the families are told.'),
  ).toBeTruthy();
  expect(reasonField(dialog).getAttribute('aria-invalid')).toBe('true');
  expect(requests.some((r) => r.method === 'POST')).toBe(false);

  fireEvent.change(reasonField(dialog), { target: { value: 'Flooded classroom' } });
  fireEvent.click(confirm(dialog));
  expect(
    await screen.findByText(/5-6pm cancelled\. 1 seat cancelled: £25\.00 refunded\.$/),
  ).toBeTruthy();
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
    remedy: 'refund',
    reason: 'Flooded classroom',
  });
});

it('shows the service’s refusal in its own words and keeps the dialog open', async () => {
  stub(
    [session('s1', '2026-12-15T17:00:00Z')],
    problem(409, 'This session has started or was cancelled already.', {
      code: 'not-cancellable',
    }),
  );
  renderOverview();
  const dialog = await openCancelDialog();
  fireEvent.change(reasonField(dialog), { target: { value: 'Tutor ill' } });
  fireEvent.click(confirm(dialog));
  const alert = await within(dialog).findByRole('alert');
  expect(alert.textContent).toBe('This session has started or was cancelled already.');
  expect(screen.getByRole('dialog')).toBe(dialog);
});

it('shows a 400 naming the reason beside the field', async () => {
  stub(
    [session('s1', '2026-12-15T17:00:00Z')],
    problem(400, 'Invalid request', {
      errors: [{ field: 'reason', message: 'reason must be at most 300 characters.' }],
    }),
  );
  renderOverview();
  const dialog = await openCancelDialog();
  fireEvent.change(reasonField(dialog), { target: { value: 'x' } });
  fireEvent.click(confirm(dialog));
  expect(await within(dialog).findByText('reason must be at most 300 characters.')).toBeTruthy();
  expect(reasonField(dialog).getAttribute('aria-invalid')).toBe('true');
});

it('offers a session on a day closed since to be cancelled with credit, the reason written', async () => {
  const { requests } = stub([
    session('s1', '2026-12-15T17:00:00Z', 'Christmas holiday'),
    session('s2', '2026-11-20T17:00:00Z', 'Staff training'),
  ]);
  renderOverview();
  // Only an upcoming session: the one that has happened keeps its flag alone.
  const buttons = await screen.findAllByRole('button', {
    name: /^Cancel session and credit families/,
  });
  expect(buttons).toHaveLength(1);
  fireEvent.click(buttons[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this session for everyone?' });
  expect((reasonField(dialog) as HTMLTextAreaElement).value).toBe('We are closed that day');
  fireEvent.click(confirm(dialog));
  expect(
    await screen.findByText(
      /5-6pm cancelled\. 3 seats cancelled: 3 sessions of credit given back\.$/,
    ),
  ).toBeTruthy();
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
    remedy: 'credit',
    reason: 'We are closed that day',
  });
});

it('offers no cancel for a session that has started', async () => {
  stub([session('s1', '2026-11-20T17:00:00Z')]);
  renderOverview();
  fireEvent.click(await screen.findByRole('button', { name: /^GCSE Foundation/ }));
  await screen.findByText('No bookings for this session.');
  expect(screen.queryByRole('button', { name: /^Cancel session/ })).toBeNull();
});

it('words what the service did, from its answer', () => {
  expect(sessionCancelledText({ sessionId: 's', seats: [] })).toBe('No seats were booked');
  expect(sessionCancelledText({ sessionId: 's', seats: [seat(1, 1000, 0), seat(2, 0, 1)] })).toBe(
    '2 seats cancelled: £10.00 refunded and 1 session of credit given back',
  );
  expect(
    sessionCancelledText({
      sessionId: 's',
      seats: [{ ...seat(1, 0, 0), remedy: 'none' }],
    }),
  ).toBe('1 seat cancelled: nothing given back');
});
