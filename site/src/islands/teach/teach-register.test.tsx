// One session's page as a tutor meets it (docs/decisions/079): marking the register (and what a
// refused mark says), the register shut before the start, the class's last report, and the
// report form's draft, send, correction and refusals.
import type { LessonReport, TutorRegister } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import { createQueryClient } from '../shared/app-providers.tsx';
import { TeachRegister } from './teach-register.tsx';

const REGISTER: TutorRegister = {
  session: {
    id: 's1',
    service: 'gcse-higher',
    label: 'GCSE Higher',
    startsAt: '2026-12-01T19:00:00.000Z',
    endsAt: '2026-12-01T20:00:00.000Z',
    role: 'cover',
    bookedCount: 2,
    capacity: 10,
    meetingUrl: 'https://meet.example.test/host',
    register: 'open',
    report: 'none',
  },
  pupils: [
    { pupilId: 'p1', firstName: 'Sam', yearGroup: 'y10', attendance: null },
    { pupilId: 'p2', firstName: 'Ava', yearGroup: 'y11', attendance: 'present' },
  ],
  report: null,
  lastReport: {
    startsAt: '2026-11-24T19:00:00.000Z',
    tutorName: 'Mr Patel',
    topic: 'Simultaneous equations',
    homework: 'Page 12',
    resources: null,
  },
};

const SAVED: LessonReport = {
  topic: 'Quadratics',
  homework: 'Sheet 4',
  resources: null,
  notes: [],
  staffNote: null,
  sentAt: null,
  version: 0,
  changedSinceSent: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(routes: Routes = {}, register: TutorRegister = REGISTER) {
  const stub = stubApi({ 'GET /api/tutor/sessions/:id': register, ...routes });
  render(<TeachRegister sessionId="s1" queryClient={createQueryClient()} navigate={vi.fn()} />);
  return stub;
}

const markOf = (name: RegExp) => within(screen.getByRole('group', { name }));

describe('the register', () => {
  it('shows each pupil’s first name and year group, and saves a mark as it is chosen', async () => {
    const stub = open({
      'PUT /api/tutor/sessions/:id/attendance': ({ body }) => ({
        ...(body as { pupilId: string; status: 'present' }),
        markedAt: '2026-12-01T19:05:00.000Z',
      }),
    });
    await screen.findByRole('heading', { name: 'Register' });
    expect(screen.getByRole('group', { name: 'Sam Year 10' })).toBeTruthy();
    expect(markOf(/^Ava/).getByRole('radio', { name: 'Present' })).toHaveProperty('checked', true);
    expect(screen.getByText('1 of 2 marked')).toBeTruthy();

    fireEvent.click(markOf(/^Sam/).getByRole('radio', { name: 'Late' }));
    await waitFor(() => expect(screen.getByText('2 of 2 marked')).toBeTruthy());
    expect(markOf(/^Sam/).getByRole('radio', { name: 'Late' })).toHaveProperty('checked', true);
    expect(stub.requests.at(-1)?.body).toEqual({ pupilId: 'p1', status: 'late' });
  });

  it('puts a refused mark back and says why in an alert', async () => {
    open({
      'PUT /api/tutor/sessions/:id/attendance': problem(409, 'The register is closed.', {
        code: 'attendance-closed',
      }),
    });
    await screen.findByRole('heading', { name: 'Register' });
    fireEvent.click(markOf(/^Sam/).getByRole('radio', { name: 'Absent' }));
    const alert = await screen.findByText(/Sam’s mark was not saved/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(alert.textContent).toContain('The register is closed.');
    expect(markOf(/^Sam/).getByRole('radio', { name: 'Absent' })).toHaveProperty('checked', false);
  });

  it('cannot be marked before the lesson starts, and says so', async () => {
    open({}, { ...REGISTER, session: { ...REGISTER.session, register: 'not-started' } });
    const reason = await screen.findByText('The register opens when the lesson starts.');
    const sam = screen.getByRole('group', { name: /^Sam/ });
    expect(sam.getAttribute('aria-describedby')).toBe(reason.id);
    expect(within(sam).getByRole('radio', { name: 'Present' })).toHaveProperty('disabled', true);
  });

  it('shows the class’s last report, and “not found” for a session the tutor does not teach', async () => {
    open();
    const last = await screen.findByRole('region', { name: 'Last lesson’s report' });
    expect(within(last).getByText('Simultaneous equations')).toBeTruthy();
    expect(within(last).getByText(/Mr Patel/)).toBeTruthy();
    cleanup();
    stubApi({ 'GET /api/tutor/sessions/:id': problem(404, 'Not found') });
    render(<TeachRegister sessionId="x" queryClient={createQueryClient()} navigate={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Session not found' })).toBeTruthy();
  });
});

describe('the lesson report', () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText(/^Topic/), { target: { value: 'Quadratics' } });
    fireEvent.change(screen.getByLabelText('Homework'), { target: { value: 'Sheet 4' } });
    fireEvent.change(screen.getByLabelText('Note about Sam'), { target: { value: 'Great work' } });
  };

  it('saves a draft with only the notes written, and sends nothing', async () => {
    const stub = open({ 'PUT /api/tutor/sessions/:id/report': SAVED });
    await fill();
    expect(screen.getByLabelText('Staff note: only staff see this')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved\. Nothing has been sent/)).toBeTruthy();
    expect(stub.requests.at(-1)?.body).toEqual({
      topic: 'Quadratics',
      homework: 'Sheet 4',
      resources: null,
      staffNote: null,
      notes: [{ pupilId: 'p1', note: 'Great work' }],
    });
    expect(stub.calls.some((c) => c.endsWith('/submit'))).toBe(false);
  });

  it('asks for the topic before saving or sending', async () => {
    const stub = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Send to families' }));
    const said = await screen.findAllByText('Enter the topic of the lesson.');
    expect(said.some((el) => el.closest('[role="alert"]'))).toBe(true);
    expect(screen.getByLabelText(/^Topic/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Only reads: the session, and its lesson room (docs/decisions/098).
    expect(stub.calls).toEqual(['GET /api/tutor/sessions/s1', 'GET /api/tutor/sessions/s1/room']);
  });

  it('confirms, saves and sends, then says how many families were e-mailed', async () => {
    const stub = open({
      'PUT /api/tutor/sessions/:id/report': SAVED,
      'POST /api/tutor/sessions/:id/report/submit': {
        sentAt: '2026-12-01T20:10:00.000Z',
        version: 1,
        corrected: false,
        familiesEmailed: 2,
      },
    });
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send to families' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(stub.calls.some((c) => c.startsWith('PUT'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to families' }));
    expect(await screen.findByText('Sent to 2 families.')).toBeTruthy();
    expect(stub.calls.slice(-2)).toEqual([
      'PUT /api/tutor/sessions/s1/report',
      'POST /api/tutor/sessions/s1/report/submit',
    ]);
    // Sent once: the next send is a correction, and the session's badge says so.
    expect(screen.getByRole('button', { name: 'Send correction' })).toBeTruthy();
    expect(screen.getByText('Report sent')).toBeTruthy();
    expect(screen.queryByText('Report due')).toBeNull();
    expect(screen.getByText(/^Sent Tuesday 1 December 2026 at 8:10 PM\.$/)).toBeTruthy();
  });

  it('sends a correction of a report already sent', async () => {
    const sent: LessonReport = {
      ...SAVED,
      sentAt: '2026-12-01T20:10:00.000Z',
      version: 1,
      notes: [{ pupilId: 'p2', note: 'Well done' }],
    };
    open(
      {
        'PUT /api/tutor/sessions/:id/report': { ...sent, changedSinceSent: true },
        'POST /api/tutor/sessions/:id/report/submit': {
          sentAt: '2026-12-01T21:00:00.000Z',
          version: 2,
          corrected: true,
          familiesEmailed: 1,
        },
      },
      { ...REGISTER, report: sent },
    );
    expect(await screen.findByLabelText('Note about Ava')).toHaveProperty('value', 'Well done');
    fireEvent.click(screen.getByRole('button', { name: 'Send correction' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the corrected report?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send correction' }));
    expect(await screen.findByText('Correction sent. Sent to 1 family.')).toBeTruthy();
    expect(screen.getByText(/\(corrected\)\.$/)).toBeTruthy();
  });

  it('shows the service’s reason when the report cannot be sent', async () => {
    open({
      'PUT /api/tutor/sessions/:id/report': SAVED,
      'POST /api/tutor/sessions/:id/report/submit': problem(
        409,
        'Mark every pupil first: Sam is not marked.',
      ),
    });
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send to families' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Send to families',
      }),
    );
    const alert = await screen.findByText('Mark every pupil first: Sam is not marked.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send to families' })).toBeTruthy();
  });
});
