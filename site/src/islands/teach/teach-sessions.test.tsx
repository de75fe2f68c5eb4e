// /teach as a tutor meets it (docs/decisions/079): each session dated as the customer's cards
// are, Lead or Cover, how full, the host link opening in a new tab, the report's state; the
// Previous switch; and what a signed-out visitor or a customer gets instead.
import type { TutorSession } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import { createQueryClient } from '../shared/app-providers.tsx';
import { TeachSessions } from './teach-sessions.tsx';
import { reportBadge } from './teach-words.ts';

const session = (over: Partial<TutorSession> = {}): TutorSession => ({
  id: 's1',
  service: 'gcse-higher',
  label: 'GCSE Higher',
  startsAt: '2026-12-01T19:00:00.000Z',
  endsAt: '2026-12-01T20:00:00.000Z',
  role: 'lead',
  bookedCount: 3,
  capacity: 10,
  meetingUrl: 'https://meet.example.test/host-room',
  register: 'not-started',
  report: 'none',
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (navigate = vi.fn()) =>
  render(<TeachSessions queryClient={createQueryClient()} navigate={navigate} />);

describe('the tutor’s sessions', () => {
  it('shows each session’s date, time, class, role, seats and host link', async () => {
    stubApi({
      'GET /api/tutor/sessions': {
        sessions: [session(), session({ id: 's2', role: 'cover', meetingUrl: null })],
      },
    });
    show();
    const cards = await screen.findAllByRole('listitem');
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Tuesday 1 December 2026' })).toBeTruthy();
    expect(first.getByText(/7:00 PM – 8:00 PM/)).toBeTruthy();
    expect(first.getByText('GCSE Higher · 3 of 10 booked')).toBeTruthy();
    expect(first.getByText('Lead')).toBeTruthy();
    const meeting = first.getByRole('link', { name: /^Start meeting/ });
    expect(meeting.getAttribute('href')).toBe('https://meet.example.test/host-room');
    expect(meeting.getAttribute('target')).toBe('_blank');
    expect(meeting.getAttribute('rel')).toContain('noopener');
    expect(first.getByRole('link', { name: /^Register and report/ }).getAttribute('href')).toBe(
      '/teach/session?id=s1',
    );
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('Cover')).toBeTruthy();
    expect(second.queryByRole('link', { name: /^Start meeting/ })).toBeNull();
    expect(second.getByText(/No meeting link yet/)).toBeTruthy();
  });

  it('asks for the previous sessions when switched to Previous', async () => {
    const stub = stubApi({
      'GET /api/tutor/sessions': ({ url }) => ({
        sessions:
          url.searchParams.get('scope') === 'previous'
            ? [session({ id: 'old', register: 'open', report: 'draft' })]
            : [],
      }),
    });
    show();
    expect(await screen.findByText(/No upcoming sessions/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Previous' }));
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(stub.calls).toEqual([
      'GET /api/tutor/sessions?scope=upcoming',
      'GET /api/tutor/sessions?scope=previous',
    ]);
  });

  it('sends a signed-out visitor to /login, to come back here', async () => {
    window.history.replaceState(null, '', '/teach');
    stubApi({ 'GET /api/tutor/sessions': problem(401, 'Sign in first.') });
    const navigate = vi.fn();
    show(navigate);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?next=%2Fteach'));
  });

  it('tells a signed-in customer the page is not for them', async () => {
    stubApi({ 'GET /api/tutor/sessions': problem(403, 'Tutors only.') });
    show();
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Previous' })).toBeNull();
  });
});

describe('a list that fails', () => {
  it('offers to try again, and never reads as a refused session', async () => {
    stubApi({ 'GET /api/tutor/sessions': problem(404, 'No such route') });
    show();
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Session not found')).toBeNull();
  });
});

describe('the report badge', () => {
  it('reads sent, draft, due once the lesson started, and nothing before', () => {
    expect(reportBadge({ report: 'sent', register: 'closed' })?.text).toBe('Report sent');
    expect(reportBadge({ report: 'draft', register: 'open' })?.text).toBe('Draft');
    expect(reportBadge({ report: 'none', register: 'open' })?.text).toBe('Report due');
    expect(reportBadge({ report: 'none', register: 'closed' })?.text).toBe('Report due');
    expect(reportBadge({ report: 'none', register: 'not-started' })).toBeNull();
  });
});
