// The sessions overview's At risk list (docs/decisions/100) against a stubbed service: each
// session short of its class's minimum with booked/minimum, its decision time in London, who
// waits and its sister sessions; merging into a sister, confirming it runs or cancelling it
// (minimum not met), each asked first, then the list read again and the outcome toasted.
import type { AdminSession, SessionCancelled } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handler, problem, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminSessions } from './admin-sessions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clock = fixedClock('2026-11-02T09:00:00Z');

/** Thursday 5 November, 5 pm: 2 of a minimum of 4 booked, decided on Tuesday at 5 pm. */
const AT_RISK: AdminSession = {
  id: 's1',
  service: 'gcse-higher',
  subject: 'mathematics',
  label: 'GCSE Higher',
  startsAt: '2026-11-05T17:00:00.000Z',
  endsAt: '2026-11-05T18:00:00.000Z',
  date: '2026-11-05',
  time: '5-6pm',
  bookedCount: 2,
  capacity: 10,
  waitingCount: 1,
  minimum: {
    minPupils: 4,
    decidedAt: '2026-11-03T17:00:00.000Z',
    decision: null,
    sisters: [
      { sessionId: 's2', startsAt: '2026-11-06T17:00:00.000Z', seatsLeft: 3 },
      { sessionId: 's3', startsAt: '2026-11-07T10:00:00.000Z', seatsLeft: 6 },
    ],
  },
};
const ABOUT = 'GCSE Higher, Thursday 5 November 2026, 5-6pm';

const seat = (n: number) => ({
  bookingId: `b${n}`,
  pupil: { id: `p${n}`, name: `Pupil ${n}`, yearGroup: 'y10' as const },
  remedy: 'credit' as const,
  refundedPence: 0,
  creditReturned: 1,
});
const CANCELLED: SessionCancelled = { sessionId: 's1', seats: [seat(1), seat(2)] };

function stub(routes: {
  decision?: Handler<'POST /api/admin/sessions/:id/decision'>;
  merge?: Handler<'POST /api/admin/sessions/:id/merge'>;
}) {
  let decided = false;
  return stubApi({
    'GET /api/admin/sessions': ({ url }) => ({
      nextCursor: null,
      items: url.searchParams.get('filter') !== 'at-risk' || !decided ? [AT_RISK] : [],
    }),
    'POST /api/admin/sessions/:id/decision': (request) => {
      decided = true;
      const answer = routes.decision ?? problem(500, 'Not stubbed');
      return typeof answer === 'function' ? answer(request) : answer;
    },
    'POST /api/admin/sessions/:id/merge': (request) => {
      decided = true;
      const answer = routes.merge ?? problem(500, 'Not stubbed');
      return typeof answer === 'function' ? answer(request) : answer;
    },
  });
}

function renderAtRisk() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={3} atRiskCount={1} clock={clock} />
    </AppProviders>,
  );
  fireEvent.click(screen.getByRole('radio', { name: 'At risk (1)' }));
}

const atRiskLists = (calls: string[]) =>
  calls.filter((c) => c.startsWith('GET /api/admin/sessions?filter=at-risk')).length;

describe('the At risk list', () => {
  it('shows booked against the minimum, the decision time, who waits and the sisters', async () => {
    const { calls } = stub({});
    renderAtRisk();
    const item = (await screen.findByText('2 of 4 needed')).closest('li') as HTMLElement;
    expect(calls).toContain('GET /api/admin/sessions?filter=at-risk&sort=date');
    expect(within(item).getByText('Tuesday 3 November 2026, 5:00 PM')).toBeTruthy();
    expect(within(item).getByText('Waiting').nextSibling?.textContent).toBe('1');
    expect(within(item).getByText('Below minimum: 2 of 4')).toBeTruthy();
    const sisters = within(item).getByRole('list', {
      name: 'Sister sessions that can take every pupil',
    });
    expect(within(sisters).getByText('Friday 6 November 2026, 5:00 PM: 3 seats left')).toBeTruthy();
    expect(
      within(sisters).getByRole('button', {
        name: `Merge into this session (Saturday 7 November 2026, 10:00 AM, from ${ABOUT})`,
      }),
    ).toBeTruthy();
    expect(within(item).getByRole('button', { name: `Confirm it runs (${ABOUT})` })).toBeTruthy();
    expect(
      within(item).getByRole('button', { name: `Cancel (minimum not met) (${ABOUT})` }),
    ).toBeTruthy();
  });

  it('merges into a sister after asking, then reads the list again and says what moved', async () => {
    const { requests, calls } = stub({
      merge: ({ params, body }) => ({
        sessionId: params.id ?? '',
        targetSessionId: (body as { targetSessionId: string }).targetSessionId,
        moved: [
          { fromBookingId: 'b1', bookingId: 'n1', pupil: seat(1).pupil },
          { fromBookingId: 'b2', bookingId: 'n2', pupil: seat(2).pupil },
        ],
      }),
    });
    renderAtRisk();
    fireEvent.click(
      await screen.findByRole('button', { name: /^Merge into this session \(Friday 6 November/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge into this session?' });
    expect(dialog.textContent).toContain(
      `Every pupil booked into ${ABOUT} moves to Friday 6 November 2026, 5:00 PM (3 seats left)`,
    );
    const listsBefore = atRiskLists(calls);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(
      await screen.findByText('2 pupils moved to Friday 6 November 2026, 5:00 PM'),
    ).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/admin/sessions/s1/merge');
    expect(sent?.body).toEqual({ targetSessionId: 's2' });
    await waitFor(() => expect(atRiskLists(calls)).toBeGreaterThan(listsBefore));
    expect(await screen.findByText(/^No sessions at risk/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("says why a merge was refused in the service's words", async () => {
    stub({
      merge: problem(409, 'Sam Shah already has a seat in that session.', {
        code: 'does-not-fit',
      }),
    });
    renderAtRisk();
    fireEvent.click(
      await screen.findByRole('button', { name: /^Merge into this session \(Friday 6 November/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Its pupils do not all fit in that session')).toBeTruthy();
    expect(screen.getByText('Sam Shah already has a seat in that session.')).toBeTruthy();
  });

  it('confirms it runs after asking', async () => {
    const { requests } = stub({
      decision: {
        sessionId: 's1',
        outcome: 'runs',
        decidedAt: '2026-11-02T09:00:00.000Z',
        cancelled: null,
      },
    });
    renderAtRisk();
    fireEvent.click(await screen.findByRole('button', { name: /^Confirm it runs/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm this session runs?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm it runs' }));
    expect(await screen.findByText(`Confirmed to run: ${ABOUT}.`)).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/admin/sessions/s1/decision');
    expect(sent?.body).toEqual({ outcome: 'runs' });
  });

  it('cancels it (minimum not met) after asking, and says what the families got back', async () => {
    const { requests } = stub({
      decision: {
        sessionId: 's1',
        outcome: 'cancelled',
        decidedAt: '2026-11-02T09:00:00.000Z',
        cancelled: CANCELLED,
      },
    });
    renderAtRisk();
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel \(minimum not met\)/ }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Cancel this session: minimum not met?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(await screen.findByText(`Cancelled, minimum not met: ${ABOUT}`)).toBeTruthy();
    expect(
      screen.getByText(
        '2 seats cancelled: 2 sessions of credit given back. Each family was e-mailed once.',
      ),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ outcome: 'cancelled' });
  });

  it('sends nothing when the admin keeps the session', async () => {
    const { requests } = stub({});
    renderAtRisk();
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel \(minimum not met\)/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep session' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says a session decided meanwhile was decided already, and reads the list again', async () => {
    const { calls } = stub({
      decision: problem(409, 'The clock decided it at 5:00 PM.', { code: 'decided' }),
    });
    renderAtRisk();
    fireEvent.click(await screen.findByRole('button', { name: /^Confirm it runs/ }));
    const dialog = await screen.findByRole('alertdialog');
    const listsBefore = atRiskLists(calls);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm it runs' }));
    expect(await screen.findByText('This session was decided already')).toBeTruthy();
    await waitFor(() => expect(atRiskLists(calls)).toBeGreaterThan(listsBefore));
  });
});

it('marks a session short of its minimum in the other lists, without the actions', async () => {
  stub({});
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={1} clock={clock} />
    </AppProviders>,
  );
  expect(await screen.findByText('Below minimum: 2 of 4')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Confirm it runs/ })).toBeNull();
});
