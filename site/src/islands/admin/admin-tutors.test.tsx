// Tutors on /admin (docs/decisions/079) against a stubbed service: inviting one (and the service's
// refusal under the e-mail field), rates checked as money before they are sent, deactivating
// only once confirmed, a month's hours with their CSV link, a class's lead tutor, and a session's
// cover tutor with how many families were told.
import type * as Contract from '@tuition/api-contract';
import type { AdminClass, AdminSession } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminClasses } from './admin-classes.tsx';
import { AdminSessions } from './admin-sessions.tsx';
import { penceFromPounds } from './admin-tutor-rates.tsx';
import { AdminTutors } from './admin-tutors.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The tutor routes (not in the shared stub's list yet) with the contract schema of each answer. */
const TUTOR_ROUTES = {
  'GET /api/admin/tutors': 'TutorListSchema',
  'POST /api/admin/tutors': 'TutorCreatedSchema',
  'DELETE /api/admin/tutors/:id': 'TutorSchema',
  'PUT /api/admin/tutors/:id/rates': 'TutorSchema',
  'GET /api/admin/tutors/:id/hours': 'TutorHoursSchema',
  'PUT /api/admin/classes/:id/tutor': 'ClassTutorSchema',
  'PUT /api/admin/sessions/:id/tutor': 'SessionTutorSchema',
} as const;
type TutorRoute = keyof typeof TUTOR_ROUTES;
type TutorAnswer<R extends TutorRoute> = z.input<(typeof Contract)[(typeof TUTOR_ROUTES)[R]]>;
interface Sent {
  route: TutorRoute;
  url: URL;
  body: unknown;
}
type TutorRoutes = {
  [R in TutorRoute]?: TutorAnswer<R> | Response | ((sent: Sent) => TutorAnswer<R> | Response);
};

/** The service as `routes` and the shared stub's `others` describe it; every tutor call kept. */
function stubTutors(routes: TutorRoutes, others: Routes = {}): Sent[] {
  const { fetch: shared } = stubApi(others);
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = (Object.keys(TUTOR_ROUTES) as TutorRoute[]).find((r) => {
      const [m, path] = r.split(' ') as [string, string];
      return m === method && new RegExp(`^${path.replace(/:id/g, '[^/]+')}$`).test(url.pathname);
    });
    if (!route) return shared(input, init);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { route, url, body };
    sent.push(call);
    const handler = routes[route];
    if (handler === undefined) return problem(404, `no stub for ${route}`);
    const answer = typeof handler === 'function' ? handler(call) : handler;
    return answer instanceof Response ? answer.clone() : Response.json(answer);
  });
  return sent;
}

type Tutor = TutorAnswer<'DELETE /api/admin/tutors/:id'>;
const tutor = (id: string, name: string, extra: Partial<Tutor> = {}): Tutor => ({
  id,
  userId: `u-${id}`,
  name,
  email: `${id}@tutors.example`,
  active: true,
  passwordSet: true,
  invitedAt: '2026-10-01T10:00:00Z',
  perSessionPence: 2000,
  perPupilPence: 150,
  classes: [],
  ...extra,
});

const PATEL = tutor('t1', 'Mr Patel', {
  classes: [{ id: 'c1', label: 'GCSE Higher', day: 'tue', startTime: '19:00' }],
});
const OKAFOR = tutor('t2', 'Ms Okafor', { passwordSet: false });
const GONE = tutor('t3', 'Mrs Gone', { active: false });

function renderWithin(children: ReactNode) {
  render(<AppProviders queryClient={createQueryClient()}>{children}</AppProviders>);
}

describe('the Tutors section', () => {
  it('lists each tutor’s state, classes and rates', async () => {
    stubTutors({ 'GET /api/admin/tutors': { tutors: [PATEL, OKAFOR, GONE] } });
    renderWithin(<AdminTutors />);
    const patel = (await screen.findByRole('heading', { name: 'Mr Patel' })).closest('li');
    expect(patel?.textContent).toContain('Active');
    expect(patel?.textContent).toContain('Leads GCSE Higher (Tue 19:00)');
    expect(patel?.textContent).toContain('Rates: £20.00 a session, £1.50 a pupil');
    const okafor = screen.getByRole('heading', { name: 'Ms Okafor' }).closest('li');
    expect(okafor?.textContent).toContain('Invited, no password yet');
    const gone = screen.getByRole('heading', { name: 'Mrs Gone' }).closest('li') as HTMLElement;
    expect(gone.textContent).toContain('Deactivated');
    expect(within(gone).queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });

  it('invites a tutor and says where the invitation went', async () => {
    let listed = [PATEL];
    const sent = stubTutors({
      'GET /api/admin/tutors': () => ({ tutors: listed }),
      'POST /api/admin/tutors': () => {
        listed = [PATEL, tutor('t9', 'Dr New', { passwordSet: false })];
        return Response.json({ id: 't9', warnings: [] }, { status: 201 });
      },
    });
    renderWithin(<AdminTutors />);
    await screen.findByRole('heading', { name: 'Mr Patel' });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: ' Dr New ' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'new@tutors.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    expect(await screen.findByText('Invitation sent to new@tutors.example')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dr New' })).toBeTruthy();
    const invites = sent.filter((s) => s.route === 'POST /api/admin/tutors');
    expect(invites.map((s) => s.body)).toEqual([{ name: 'Dr New', email: 'new@tutors.example' }]);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
  });

  it('shows the service’s refusal of an address under the Email field', async () => {
    const message = 'That address already has an account; invite the tutor with another.';
    stubTutors({
      'GET /api/admin/tutors': { tutors: [] },
      'POST /api/admin/tutors': problem(400, `email: ${message}`, {
        errors: [{ field: 'email', message }],
      }),
    });
    renderWithin(<AdminTutors />);
    await screen.findByText('No tutors yet. Invite one above.');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pat' } });
    const email = screen.getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'parent@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    const error = await screen.findByText(message);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByText(/Invitation sent/)).toBeNull();
  });

  it('invites a tutor with their rates in pence, and says nothing of pay', async () => {
    const sent = stubTutors({
      'GET /api/admin/tutors': { tutors: [] },
      'POST /api/admin/tutors': Response.json({ id: 't9', warnings: [] }, { status: 201 }),
    });
    renderWithin(<AdminTutors />);
    await screen.findByText('No tutors yet. Invite one above.');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sam Rivers' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sam@tutors.example' } });
    fireEvent.change(screen.getByLabelText(/^Per session/), { target: { value: '£22.50' } });
    fireEvent.change(screen.getByLabelText(/^Per pupil/), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    expect(await screen.findByText('Invitation sent to sam@tutors.example')).toBeTruthy();
    expect(sent.find((s) => s.route === 'POST /api/admin/tutors')?.body).toEqual({
      name: 'Sam Rivers',
      email: 'sam@tutors.example',
      perSessionPence: 2250,
      perPupilPence: 150,
    });
    expect(screen.queryByText(/no pay rate/)).toBeNull();
    expect((screen.getByLabelText(/^Per session/) as HTMLInputElement).value).toBe('');
  });

  it('warns in words when the tutor was invited without rates', async () => {
    const sent = stubTutors({
      'GET /api/admin/tutors': { tutors: [] },
      'POST /api/admin/tutors': Response.json(
        { id: 't9', warnings: ['no-rates'] },
        { status: 201 },
      ),
    });
    renderWithin(<AdminTutors />);
    await screen.findByText('No tutors yet. Invite one above.');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sam@tutors.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    const warning = await screen.findByText(
      'Sam has no pay rate yet: their lessons will be paid £0.00 until you set one.',
    );
    expect(warning.getAttribute('role')).toBe('status');
    expect(screen.getByText('Invitation sent to sam@tutors.example')).toBeTruthy();
    // Empty rate fields are left out: the service decides what none means.
    expect(sent.find((s) => s.route === 'POST /api/admin/tutors')?.body).toEqual({
      name: 'Sam',
      email: 'sam@tutors.example',
    });
  });

  it('refuses a rate that is not money before asking, and shows the service’s by its field', async () => {
    const message = 'perPupilPence must be at most 100000 pence.';
    const sent = stubTutors({
      'GET /api/admin/tutors': { tutors: [] },
      'POST /api/admin/tutors': problem(400, `perPupilPence: ${message}`, {
        errors: [{ field: 'perPupilPence', message }],
      }),
    });
    renderWithin(<AdminTutors />);
    await screen.findByText('No tutors yet. Invite one above.');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sam@tutors.example' } });
    const perSession = screen.getByLabelText(/^Per session/);
    fireEvent.change(perSession, { target: { value: 'twenty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    const error = await screen.findByText(/^Enter an amount in pounds/);
    expect(perSession.getAttribute('aria-describedby')).toContain(error.id);
    expect(sent.some((s) => s.route === 'POST /api/admin/tutors')).toBe(false);

    fireEvent.change(perSession, { target: { value: '20' } });
    const perPupil = screen.getByLabelText(/^Per pupil/);
    fireEvent.change(perPupil, { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    const refused = await screen.findByText(message);
    expect(perPupil.getAttribute('aria-invalid')).toBe('true');
    expect(perPupil.getAttribute('aria-describedby')).toContain(refused.id);
    expect(screen.queryByText(/Invitation sent/)).toBeNull();
  });

  it('asks for both fields before inviting', async () => {
    const sent = stubTutors({ 'GET /api/admin/tutors': { tutors: [] } });
    renderWithin(<AdminTutors />);
    await screen.findByText('No tutors yet. Invite one above.');
    fireEvent.click(screen.getByRole('button', { name: 'Invite tutor' }));
    expect(await screen.findByText('Enter the tutor’s e-mail address.')).toBeTruthy();
    expect(screen.getByText('Enter the tutor’s name, as families will see it.')).toBeTruthy();
    expect(sent.some((s) => s.route === 'POST /api/admin/tutors')).toBe(false);
  });
});

describe('a tutor’s rates', () => {
  it('reads pounds as pence, and refuses what is not money', () => {
    expect(penceFromPounds('25')).toBe(2500);
    expect(penceFromPounds('£2.5')).toBe(250);
    expect(penceFromPounds(' 0.05 ')).toBe(5);
    expect(penceFromPounds('0')).toBe(0);
    for (const bad of ['', 'abc', '-1', '2.555', '1,000', '£']) {
      expect(penceFromPounds(bad)).toBeUndefined();
    }
  });

  it('sends nothing until both are amounts, then saves them in pence', async () => {
    const sent = stubTutors({
      'GET /api/admin/tutors': { tutors: [PATEL] },
      'PUT /api/admin/tutors/:id/rates': ({ body }) => ({
        ...PATEL,
        ...(body as { perSessionPence: number; perPupilPence: number }),
      }),
    });
    renderWithin(<AdminTutors />);
    fireEvent.click(await screen.findByRole('button', { name: /^Set rates\s*for Mr Patel$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rates for Mr Patel' });
    const perSession = within(dialog).getByLabelText(/^Per session/) as HTMLInputElement;
    expect(perSession.value).toBe('20.00');
    fireEvent.change(perSession, { target: { value: 'twenty' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    const error = await within(dialog).findByText(/^Enter an amount in pounds/);
    expect(perSession.getAttribute('aria-describedby')).toContain(error.id);
    expect(sent.some((s) => s.route === 'PUT /api/admin/tutors/:id/rates')).toBe(false);

    fireEvent.change(perSession, { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText(/^Per pupil/), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((s) => s.route === 'PUT /api/admin/tutors/:id/rates')[0]?.body).toEqual({
      perSessionPence: 2500,
      perPupilPence: 250,
    });
    expect(screen.getByText('Rates: £25.00 a session, £2.50 a pupil')).toBeTruthy();
  });
});

describe('deactivating a tutor', () => {
  it('asks first; keeping them sends nothing, confirming deactivates once', async () => {
    const sent = stubTutors({
      'GET /api/admin/tutors': { tutors: [PATEL] },
      'DELETE /api/admin/tutors/:id': { ...PATEL, active: false },
    });
    renderWithin(<AdminTutors />);
    fireEvent.click(await screen.findByRole('button', { name: /^Deactivate\s*Mr Patel$/ }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Mr Patel?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep active' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.some((s) => s.route === 'DELETE /api/admin/tutors/:id')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /^Deactivate\s*Mr Patel$/ }));
    dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Mr Patel?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const name = screen.getByRole('heading', { name: 'Mr Patel' });
    const item = name.closest('li') as HTMLElement;
    await waitFor(() => expect(item.textContent).toContain('Deactivated'));
    // The Deactivate button has gone with the dialog: focus is on the tutor's name.
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(sent.filter((s) => s.route === 'DELETE /api/admin/tutors/:id')).toHaveLength(1);
    expect(sent.find((s) => s.route === 'DELETE /api/admin/tutors/:id')?.url.pathname).toBe(
      '/api/admin/tutors/t1',
    );
  });
});

describe('a tutor’s hours', () => {
  const hours = (month: string): TutorAnswer<'GET /api/admin/tutors/:id/hours'> => ({
    tutorId: 't1',
    tutorName: 'Mr Patel',
    month,
    lines:
      month === '2026-07'
        ? [
            {
              sessionId: 's1',
              startsAt: '2026-07-07T18:00:00Z',
              label: 'GCSE Higher',
              role: 'lead',
              pupilsAttended: 6,
              amountPence: 2900,
            },
            {
              sessionId: 's2',
              startsAt: '2026-07-09T16:00:00Z',
              label: 'GCSE Foundation',
              role: 'cover',
              pupilsAttended: 4,
              amountPence: 2600,
            },
          ]
        : [],
    sessions: month === '2026-07' ? 2 : 0,
    pupilsAttended: month === '2026-07' ? 10 : 0,
    amountPence: month === '2026-07' ? 5500 : 0,
    closesAt: month === '2026-07' ? '2026-08-07T23:00:00Z' : '2026-07-07T23:00:00Z',
    closed: month !== '2026-07',
  });

  it('opens on this London month, with its lines, totals and CSV link', async () => {
    const sent = stubTutors({
      'GET /api/admin/tutors': { tutors: [PATEL] },
      'GET /api/admin/tutors/:id/hours': ({ url }) => hours(url.searchParams.get('month') ?? ''),
    });
    // 00:30 on 1 July in London (BST) is still 30 June in UTC.
    renderWithin(<AdminTutors clock={fixedClock('2026-06-30T23:30:00Z')} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Hours\s*of Mr Patel$/ }));
    const month = (await screen.findByLabelText('Month')) as HTMLInputElement;
    expect(month.value).toBe('2026-07');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('GCSE Higher, 7 Jul 2026, 7:00 PM');
    expect(rows[1]?.textContent).toContain('Lead');
    expect(rows[2]?.textContent).toContain('Cover');
    expect(rows[2]?.textContent).toContain('£26.00');
    expect(screen.getByText('July 2026: 2 sessions, 10 pupils attended, £55.00')).toBeTruthy();
    expect(
      screen.getByText(
        'July 2026 closes on Saturday 8 August 2026: until then, a change of rates re-prices these lines.',
      ),
    ).toBeTruthy();
    const csv = screen.getByRole('link', { name: /^Download CSV/ });
    expect(csv.getAttribute('href')).toBe('/api/admin/tutors/t1/hours?month=2026-07&format=csv');
    expect(csv.textContent).toContain('Mr Patel’s hours for July 2026');

    fireEvent.change(month, { target: { value: '2026-06' } });
    expect(await screen.findByText('No registers submitted in June 2026.')).toBeTruthy();
    expect(screen.getByText('June 2026: 0 sessions, 0 pupils attended, £0.00')).toBeTruthy();
    expect(
      screen.getByText(
        'June 2026 closed on Wednesday 8 July 2026: these lines keep the rates they were paid at.',
      ),
    ).toBeTruthy();
    const asked = sent.filter((s) => s.route === 'GET /api/admin/tutors/:id/hours');
    expect(asked.map((s) => s.url.search)).toEqual(['?month=2026-07', '?month=2026-06']);
  });
});

const adminClass = (extra: Partial<AdminClass> = {}): AdminClass => ({
  id: 'c1',
  service: 'gcse-higher',
  label: 'GCSE Higher',
  day: 'tue',
  startTime: '19:00',
  time: '7-8pm',
  meetingUrl: null,
  inTimetable: true,
  ...extra,
});

describe('a class’s lead tutor', () => {
  it('offers the active tutors and saves the one chosen', async () => {
    const sent = stubTutors(
      {
        'GET /api/admin/tutors': { tutors: [PATEL, OKAFOR, GONE] },
        'PUT /api/admin/classes/:id/tutor': {
          classId: 'c1',
          tutorId: 't2',
          tutorName: 'Ms Okafor',
          warnings: [],
        },
      },
      {
        'GET /api/admin/classes': {
          classes: [adminClass({ leadTutorId: 't1', leadTutorName: 'Mr Patel' })],
        },
      },
    );
    renderWithin(<AdminClasses />);
    expect(await screen.findByText('Now: Mr Patel')).toBeTruthy();
    const select = screen.getByLabelText(/^Lead tutor/) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Ms Okafor' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['No lead tutor', 'Mr Patel', 'Ms Okafor']);
    expect(select.value).toBe('t1');
    fireEvent.change(select, { target: { value: 't2' } });
    expect(sent.some((s) => s.route === 'PUT /api/admin/classes/:id/tutor')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Save lead tutor/ }));
    expect(await screen.findByText('Now: Ms Okafor')).toBeTruthy();
    const saved = sent.filter((s) => s.route === 'PUT /api/admin/classes/:id/tutor');
    expect(saved.map((s) => [s.url.pathname, s.body])).toEqual([
      ['/api/admin/classes/c1/tutor', { tutorId: 't2' }],
    ]);
  });

  it('saves "No lead tutor" as null', async () => {
    const sent = stubTutors(
      {
        'GET /api/admin/tutors': { tutors: [PATEL] },
        'PUT /api/admin/classes/:id/tutor': {
          classId: 'c1',
          tutorId: null,
          tutorName: null,
          warnings: [],
        },
      },
      { 'GET /api/admin/classes': { classes: [adminClass({ leadTutorId: 't1' })] } },
    );
    renderWithin(<AdminClasses />);
    const select = (await screen.findByLabelText(/^Lead tutor/)) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save lead tutor/ }));
    expect(await screen.findByText('Now: no lead tutor')).toBeTruthy();
    expect(sent.find((s) => s.route === 'PUT /api/admin/classes/:id/tutor')?.body).toEqual({
      tutorId: null,
    });
  });
});

describe('a tutor with no pay rate', () => {
  it('is made a class’s lead all the same, and the admin is told what it costs', async () => {
    stubTutors(
      {
        'GET /api/admin/tutors': { tutors: [PATEL, OKAFOR] },
        'PUT /api/admin/classes/:id/tutor': {
          classId: 'c1',
          tutorId: 't2',
          tutorName: 'Ms Okafor',
          warnings: ['no-rates'],
        },
      },
      { 'GET /api/admin/classes': { classes: [adminClass({ leadTutorId: 't1' })] } },
    );
    renderWithin(<AdminClasses />);
    const select = (await screen.findByLabelText(/^Lead tutor/)) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Ms Okafor' });
    fireEvent.change(select, { target: { value: 't2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save lead tutor/ }));
    expect(await screen.findByText('Now: Ms Okafor')).toBeTruthy();
    expect(
      screen.getByText(
        'Ms Okafor has no pay rate yet: their lessons will be paid £0.00 until you set one.',
      ),
    ).toBeTruthy();
  });
});

const session = (extra: Partial<AdminSession> = {}): AdminSession => ({
  id: 's1',
  service: 'gcse-higher',
  subject: 'mathematics',
  label: 'GCSE Higher',
  startsAt: '2026-12-01T19:00:00Z',
  endsAt: '2026-12-01T20:00:00Z',
  date: '2026-12-01',
  time: '7-8pm',
  bookedCount: 3,
  capacity: 10,
  ...extra,
});

describe('a session’s cover tutor', () => {
  it('names the tutor, saves a cover and says how many families were told', async () => {
    const sent = stubTutors(
      {
        'GET /api/admin/tutors': { tutors: [PATEL, OKAFOR, GONE] },
        'PUT /api/admin/sessions/:id/tutor': {
          sessionId: 's1',
          coverTutorId: 't2',
          coverTutorName: 'Ms Okafor',
          leadTutorName: 'Mr Patel',
          familiesTold: 3,
          warnings: [],
        },
      },
      {
        'GET /api/admin/sessions': {
          items: [session({ tutorName: 'Mr Patel', coverTutorId: null })],
          nextCursor: null,
        },
        'GET /api/admin/sessions/:id/attendees': [],
        'GET /api/admin/sessions/:id/meeting': {
          sessionId: 's1',
          overrideUrl: null,
          meetingUrl: null,
        },
      },
    );
    renderWithin(<AdminSessions upcomingCount={1} clock={fixedClock('2026-11-27T10:00:00Z')} />);
    const toggle = await screen.findByRole('button', { name: /GCSE Higher/ });
    expect(toggle.textContent).toContain('Tutor: Mr Patel');
    fireEvent.click(toggle);
    expect(await screen.findByText('Taught by Mr Patel')).toBeTruthy();
    const select = screen.getByLabelText(/^Cover tutor/) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Ms Okafor' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No cover (class lead teaches)', 'Mr Patel', 'Ms Okafor']);
    fireEvent.change(select, { target: { value: 't2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save cover/ }));
    expect(await screen.findByText('Ms Okafor covers this session. 3 families told.')).toBeTruthy();
    expect(screen.getByText('Taught by Ms Okafor')).toBeTruthy();
    const saved = sent.filter((s) => s.route === 'PUT /api/admin/sessions/:id/tutor');
    expect(saved.map((s) => [s.url.pathname, s.body])).toEqual([
      ['/api/admin/sessions/s1/tutor', { tutorId: 't2' }],
    ]);
  });

  it('saves a cover with no 1-to-1 rate, and says so under the choice', async () => {
    stubTutors(
      {
        'GET /api/admin/tutors': { tutors: [PATEL, OKAFOR] },
        'PUT /api/admin/sessions/:id/tutor': {
          sessionId: 's1',
          coverTutorId: 't2',
          coverTutorName: 'Ms Okafor',
          leadTutorName: null,
          familiesTold: 1,
          warnings: ['no-one-to-one-rate'],
        },
      },
      {
        'GET /api/admin/sessions': {
          items: [session({ tutorName: 'Mr Patel', coverTutorId: null })],
          nextCursor: null,
        },
        'GET /api/admin/sessions/:id/attendees': [],
        'GET /api/admin/sessions/:id/meeting': {
          sessionId: 's1',
          overrideUrl: null,
          meetingUrl: null,
        },
      },
    );
    renderWithin(<AdminSessions upcomingCount={1} clock={fixedClock('2026-11-27T10:00:00Z')} />);
    fireEvent.click(await screen.findByRole('button', { name: /GCSE Higher/ }));
    const select = (await screen.findByLabelText(/^Cover tutor/)) as HTMLSelectElement;
    await within(select).findByRole('option', { name: 'Ms Okafor' });
    fireEvent.change(select, { target: { value: 't2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save cover/ }));
    expect(await screen.findByText('Ms Okafor covers this session. 1 family told.')).toBeTruthy();
    expect(
      screen.getByText(
        'Ms Okafor has no 1-to-1 pay rate yet: their 1-to-1 lessons will be paid £0.00 until you set one.',
      ),
    ).toBeTruthy();
  });
});
