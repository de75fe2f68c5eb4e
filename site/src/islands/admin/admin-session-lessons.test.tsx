// Delivering the lesson on the admin pages (decision 056) against a stubbed service: the Today view
// and the "No meeting link" flag on the sessions overview, the register's attendance control
// (saved, and put back when refused), one session's own link (https only, the service's message
// under the field; back to the class's link), and the marks and no-shows on the user page.
import type { AdminAttendee, AdminSession } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders, createQueryClient } from '../shared/app-providers.tsx';
import { AdminSessions } from './admin-sessions.tsx';
import { attendanceSummary } from './admin-session-lessons.tsx';
import { UserFigures, UserPupils } from './admin-user-sections.tsx';
import type { AdminUserDetail } from './admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const session = (
  id: string,
  startsAt: string,
  extra: Partial<AdminSession> = {},
): AdminSession => ({
  id,
  service: 'gcse-higher',
  subject: 'mathematics',
  label: 'GCSE Higher',
  startsAt,
  endsAt: startsAt.replace('T19', 'T20'),
  date: startsAt.slice(0, 10),
  time: '7-8pm',
  bookedCount: 1,
  capacity: 10,
  ...extra,
});

const SESSION_ID = '6f1c1d1e-0000-4000-8000-000000000001';
const BOOKING_ID = '6f1c1d1e-0000-4000-8000-0000000000b1';

const attendee = (attendance?: AdminAttendee['attendance']): AdminAttendee => ({
  bookingId: BOOKING_ID,
  pupil: { id: 'p1', name: 'Sam Pupil', yearGroup: 'y10' },
  userId: 'u1',
  name: 'Pat Parent',
  email: 'pat@example.com',
  phone: null,
  bookings: { total: 1, upcoming: 1, previous: 0, cancelled: 0, moved: 0 },
  totalSpentPence: 1500,
  lastPaymentAt: null,
  ...(attendance ? { attendance } : {}),
});

/** The overview listing one session, booked, whose register holds `attendees`. */
const oneSession = (attendees: AdminAttendee[], extra: Partial<AdminSession> = {}) =>
  ({
    'GET /api/admin/sessions': {
      items: [session(SESSION_ID, '2026-11-03T19:00:00Z', extra)],
      nextCursor: null,
    },
    'GET /api/admin/sessions/:id/attendees': attendees,
  }) satisfies Routes;

function renderOverview() {
  // Each test its own cache: one test's attendees never show in the next.
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AdminSessions upcomingCount={1} />
    </AppProviders>,
  );
}

async function openSession() {
  fireEvent.click(await screen.findByRole('button', { name: /GCSE Higher/ }));
}

describe('the sessions overview', () => {
  it('asks for today’s sessions with the Today view and flags one nobody could join', async () => {
    const { calls } = stubApi({
      'GET /api/admin/sessions': ({ url }) => ({
        nextCursor: null,
        items:
          url.searchParams.get('filter') === 'today'
            ? [
                session('s1', '2026-11-03T19:00:00Z', { meetingLinkMissing: true }),
                session('s2', '2026-11-03T17:00:00Z'),
              ]
            : [],
      }),
    });
    renderOverview();
    await screen.findByText('No upcoming sessions found.');
    expect(screen.queryByText('No meeting link')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Today' }));
    const flag = await screen.findByText('No meeting link');
    expect(flag.closest('li')?.textContent).toContain('Tuesday 3 November 2026');
    expect(screen.getAllByText('No meeting link')).toHaveLength(1);
    expect(calls).toContain('GET /api/admin/sessions?filter=today&sort=date');
  });

  it('says when nothing is booked today', async () => {
    stubApi({ 'GET /api/admin/sessions': { items: [], nextCursor: null } });
    renderOverview();
    fireEvent.click(await screen.findByRole('radio', { name: 'Today' }));
    await screen.findByText('No booked sessions today.');
  });
});

describe('the register’s attendance control', () => {
  it('shows the saved mark and saves a new one for that seat', async () => {
    const marks: unknown[] = [];
    stubApi({
      ...oneSession([attendee('late')]),
      'PUT /api/admin/sessions/:id/attendance': ({ body }) => {
        marks.push(body);
        return { bookingId: BOOKING_ID, status: 'absent', markedAt: '2026-11-03T20:05:00.000Z' };
      },
    });
    renderOverview();
    await openSession();
    const group = await screen.findByRole('group', { name: /Attendance\s*of Sam Pupil/ });
    const late = screen.getByRole('radio', { name: 'Late' }) as HTMLInputElement;
    expect(group.contains(late)).toBe(true);
    expect(late.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Absent' }));
    await waitFor(() => expect(marks).toEqual([{ bookingId: BOOKING_ID, status: 'absent' }]));
    expect((screen.getByRole('radio', { name: 'Absent' }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts the earlier mark back when the service refuses the new one', async () => {
    stubApi({
      ...oneSession([attendee()]),
      'PUT /api/admin/sessions/:id/attendance': problem(
        404,
        'No confirmed booking with that id in this session.',
      ),
    });
    renderOverview();
    await openSession();
    const present = (await screen.findByRole('radio', { name: 'Present' })) as HTMLInputElement;
    expect(present.checked).toBe(false);
    fireEvent.click(present);
    await screen.findByText(/^Sam Pupil’s attendance could not be saved/);
    await waitFor(() => expect(present.checked).toBe(false));
  });

  it('says why when the service refuses a mark outside the attendance window', async () => {
    const detail =
      "Attendance can be marked from the session's start until 7 days after it; this session has not started yet.";
    stubApi({
      ...oneSession([attendee()]),
      'PUT /api/admin/sessions/:id/attendance': problem(409, detail, { code: 'attendance-closed' }),
    });
    renderOverview();
    await openSession();
    fireEvent.click(await screen.findByRole('radio', { name: 'Present' }));
    await screen.findByText(detail);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Present' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });
});

describe('the register’s window (decision 107)', () => {
  for (const [register, note] of [
    ['not-started', 'The register opens when the lesson starts.'],
    ['closed', 'The register closed 7 days after the lesson.'],
  ] as const) {
    it(`disables the marks and says why when the register is ${register}`, async () => {
      stubApi(oneSession([attendee('late')], { register }));
      renderOverview();
      await openSession();
      const group = await screen.findByRole('group', { name: /Attendance\s*of Sam Pupil/ });
      const reason = screen.getByText(note);
      expect(group.getAttribute('aria-describedby')).toBe(reason.id);
      for (const name of ['Present', 'Absent', 'Late'])
        expect((screen.getByRole('radio', { name }) as HTMLInputElement).disabled).toBe(true);
      // The saved mark still shows.
      expect((screen.getByRole('radio', { name: 'Late' }) as HTMLInputElement).checked).toBe(true);
    });
  }

  it('offers the marks while the register is open', async () => {
    stubApi(oneSession([attendee()], { register: 'open' }));
    renderOverview();
    await openSession();
    const present = (await screen.findByRole('radio', { name: 'Present' })) as HTMLInputElement;
    expect(present.disabled).toBe(false);
    expect(screen.queryByText(/The register (opens|closed)/)).toBeNull();
  });
});

describe('one session’s own meeting link', () => {
  /** The session's link as GET answers it, and PUT's answer to each change. */
  function stubMeeting(
    answer: (body: { url: string | null }) => Answer<'PUT /api/admin/sessions/:id/meeting'>,
    now: { overrideUrl: string | null; meetingUrl: string | null } = {
      overrideUrl: null,
      meetingUrl: 'https://class.example.com/room',
    },
  ) {
    const sent: unknown[] = [];
    stubApi({
      ...oneSession([]),
      'GET /api/admin/sessions/:id/meeting': { sessionId: SESSION_ID, ...now },
      'PUT /api/admin/sessions/:id/meeting': ({ body }) => {
        const link = body as { url: string | null };
        sent.push(link);
        return answer(link);
      },
    });
    return sent;
  }

  it('shows the service’s message under the field for a link that is not https', async () => {
    stubMeeting(() =>
      problem(400, 'url: url must be a full https:// address', {
        title: 'Invalid request',
        errors: [{ field: 'url', message: 'url must be a full https:// address' }],
      }),
    );
    renderOverview();
    await openSession();
    const field = await screen.findByLabelText(/Meeting link for this session only/);
    fireEvent.change(field, { target: { value: 'http://meet.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save session link' }));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('url must be a full https:// address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('opens with the session’s own link in the field, and says which link pupils reach', async () => {
    const sent = stubMeeting(() => problem(500, 'not asked'), {
      overrideUrl: 'https://cover.example.com/room',
      meetingUrl: 'https://cover.example.com/room',
    });
    renderOverview();
    await openSession();
    await screen.findByText('This session uses its own link.');
    const field = screen.getByLabelText(/Meeting link for this session only/) as HTMLInputElement;
    expect(field.value).toBe('https://cover.example.com/room');
    expect(sent).toEqual([]);
  });

  it('saves an override, then goes back to the class’s link with null', async () => {
    const sent = stubMeeting((body) => ({
      sessionId: SESSION_ID,
      overrideUrl: body.url,
      meetingUrl: body.url ?? 'https://class.example.com/room',
    }));
    renderOverview();
    await openSession();
    const field = await screen.findByLabelText(/Meeting link for this session only/);
    fireEvent.change(field, { target: { value: ' https://cover.example.com/room ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save session link' }));
    await screen.findByText('This session uses its own link.');
    fireEvent.click(screen.getByRole('button', { name: 'Use the class link' }));
    await screen.findByText('This session uses its weekly class’s link.');
    expect(sent).toEqual([{ url: 'https://cover.example.com/room' }, { url: null }]);
    expect((field as HTMLInputElement).value).toBe('');
  });
});

describe('attendance on the user page', () => {
  const entry = (id: string, pupilId: string, attendance: string | null) => ({
    id,
    sessionStartsAt: '2026-11-03T19:00:00Z',
    sessionEndsAt: '2026-11-03T20:00:00Z',
    subject: 'mathematics',
    service: 'gcse-higher' as const,
    label: 'GCSE Higher',
    status: 'confirmed' as const,
    badge: 'completed' as const,
    createdAt: '2026-11-01T10:00:00Z',
    canCancel: false,
    canReschedule: false,
    pupil: { id: pupilId, name: pupilId === 'p1' ? 'Sam' : 'Alex', yearGroup: 'y10' as const },
    attendance: attendance as 'present' | 'absent' | 'late' | null,
  });

  const detail = {
    profile: {
      id: 'u1',
      name: 'Pat Parent',
      email: 'pat@example.com',
      phone: null,
      role: 'user',
      emailVerified: true,
      joinedAt: '2026-10-01T10:00:00Z',
      accountType: 'parent',
    },
    pupils: [
      { id: 'p1', name: 'Sam', yearGroup: 'y10', archived: false },
      { id: 'p2', name: 'Alex', yearGroup: 'y10', archived: false },
    ],
    statistics: { total: 4, upcoming: 0, previous: 4, cancelled: 0, moved: 0 },
    financial: { totalSpentPence: 6000, lastPaymentAt: null },
    bookings: [
      entry('b1', 'p1', 'present'),
      entry('b2', 'p1', 'absent'),
      entry('b3', 'p1', 'late'),
      entry('b4', 'p2', null),
    ],
    noShows: 1,
  } as unknown as AdminUserDetail;

  it('counts the account’s no-shows and each pupil’s marks', () => {
    render(
      <>
        <UserFigures detail={detail} />
        <UserPupils detail={detail} />
      </>,
    );
    const label = screen.getByText('No-shows');
    expect(label.closest('[class*="DataListItem"]')?.textContent).toContain('1');
    expect(screen.getByText('Attendance: 1 present, 1 late, 1 no-show')).toBeTruthy();
    expect(screen.getByText('No attendance marked yet')).toBeTruthy();
  });

  it('words the marks', () => {
    expect(attendanceSummary([])).toBe('No attendance marked yet');
    expect(attendanceSummary([{ attendance: 'absent' }, { attendance: 'absent' }])).toBe(
      'Attendance: 0 present, 0 late, 2 no-shows',
    );
  });
});
