// The lesson's own room on the tutor's session page (docs/decisions/098, 099): when it can be
// started, starting it as host (who is here), ending it after a confirmation, the recording sign
// while it is open, the words when families have not consented, and nothing new for a business
// on standing meeting links.
import type { TutorRegister, TutorRoom } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, type Routes } from '../../test-support/api-stub.ts';
import { stubTwin, TWIN_SERVER_URL, type TwinRoutes } from '../../test-support/room-twin-stub.ts';
import { createQueryClient } from '../shared/app-providers.tsx';
import { TeachRegister } from './teach-register.tsx';
import { notRecordingLine } from './teach-words.ts';

const REGISTER: TutorRegister = {
  session: {
    id: 's1',
    service: 'gcse-higher',
    label: 'GCSE Higher',
    startsAt: '2026-12-01T19:00:00.000Z',
    endsAt: '2026-12-01T20:00:00.000Z',
    role: 'lead',
    bookedCount: 2,
    capacity: 10,
    meetingUrl: 'https://meet.example.test/host',
    register: 'not-started',
    report: 'none',
  },
  pupils: [{ pupilId: 'p1', firstName: 'Amira', yearGroup: 'y10', attendance: null }],
  report: null,
  lastReport: null,
};

const ROOM: TutorRoom = {
  sessionId: 's1',
  state: 'ready',
  opensAt: '2026-12-01T18:45:00.000Z',
  endsAt: '2026-12-01T20:00:00.000Z',
  provider: 'local',
  recording: { state: 'off', missingConsents: 0 },
  room: null,
};

const HOST_ENTRY = {
  provider: 'local' as const,
  serverUrl: TWIN_SERVER_URL,
  token: 'host-token-secret',
  expiresAt: '2026-12-01T20:05:00.000Z',
};

const IN_THE_ROOM = {
  room: 'session-s1',
  identity: 'tutor-t1',
  participants: [
    { identity: 'tutor-t1', name: 'Ms Rivera', host: true, joinedAt: '2026-12-01T18:46:00.000Z' },
    { identity: 'pupil-b1', name: 'Amira K.', host: false, joinedAt: '2026-12-01T18:50:00.000Z' },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(room: TutorRoom | Response, routes: Routes = {}, twin: TwinRoutes = {}) {
  const stub = stubTwin(twin, {
    'GET /api/tutor/sessions/:id': REGISTER,
    'GET /api/tutor/sessions/:id/room': room,
    ...routes,
  });
  render(<TeachRegister sessionId="s1" queryClient={createQueryClient()} navigate={vi.fn()} />);
  return stub;
}

const panel = async () => within(await screen.findByRole('region', { name: 'Lesson' }));

describe('the tutor’s lesson panel', () => {
  it('says when the lesson can be started, with Start lesson disabled until then', async () => {
    open({ ...ROOM, state: 'too-early' });
    const lesson = await panel();
    expect(lesson.getByText(/You can start the lesson from 6:45 PM \(UK time\)/)).toBeTruthy();
    expect(lesson.getByRole('button', { name: 'Start lesson' })).toHaveProperty('disabled', true);
    // With a room of its own, the standing link is not offered beside it.
    expect(screen.queryByRole('link', { name: /Start meeting/ })).toBeNull();
  });

  it('starts the lesson as host, shows who is here, and ends it once confirmed', async () => {
    const { api, calls } = open(
      ROOM,
      {
        'POST /api/tutor/sessions/:id/room': { ...ROOM, state: 'open', room: HOST_ENTRY },
        'POST /api/tutor/sessions/:id/room/end': { ...ROOM, state: 'ended' },
      },
      { join: IN_THE_ROOM, leave: null },
    );
    const lesson = await panel();
    fireEvent.click(lesson.getByRole('button', { name: 'Start lesson' }));
    expect(await lesson.findByRole('heading', { name: 'GCSE Higher', level: 3 })).toBeTruthy();
    const people = await lesson.findByRole('list', { name: 'Who is here' });
    expect(within(people).getByText('Amira K.')).toBeTruthy();
    expect(within(people).getByText('Tutor')).toBeTruthy();
    expect(calls[0]?.authorization).toBe('Bearer host-token-secret');

    fireEvent.click(lesson.getByRole('button', { name: 'End lesson' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'End the lesson for everyone?',
    });
    expect(api.calls).not.toContain('POST /api/tutor/sessions/s1/room/end');
    fireEvent.click(within(confirm).getByRole('button', { name: 'End lesson' }));
    expect(await lesson.findByText('This lesson has ended.')).toBeTruthy();
    expect(api.calls).toContain('POST /api/tutor/sessions/s1/room/end');
    expect(lesson.queryByRole('button', { name: 'Start lesson' })).toBeNull();
  });

  it('shows a Recording sign while a recorded lesson is open', async () => {
    const recorded = { ...ROOM, recording: { state: 'on' as const, missingConsents: 0 } };
    open(
      recorded,
      { 'POST /api/tutor/sessions/:id/room': { ...recorded, state: 'open', room: HOST_ENTRY } },
      { join: IN_THE_ROOM },
    );
    const lesson = await panel();
    expect(
      lesson.getByText('This lesson will be recorded: every family has consented.'),
    ).toBeTruthy();
    expect(lesson.queryByText('Recording')).toBeNull();
    fireEvent.click(lesson.getByRole('button', { name: 'Start lesson' }));
    expect(await lesson.findByText('Recording')).toBeTruthy();
  });

  it('says how many families have not consented when recording is blocked', async () => {
    open({ ...ROOM, recording: { state: 'blocked', missingConsents: 2 } });
    const lesson = await panel();
    expect(
      lesson.getByText('Not recording: 2 families have not consented to recording.'),
    ).toBeTruthy();
    expect(notRecordingLine(1)).toBe('Not recording: 1 family has not consented to recording.');
  });

  it('says why the room would not open', async () => {
    open(ROOM, {
      'POST /api/tutor/sessions/:id/room': problem(409, 'Too early.', { code: 'too-early' }),
    });
    const lesson = await panel();
    fireEvent.click(lesson.getByRole('button', { name: 'Start lesson' }));
    expect((await lesson.findByRole('alert')).textContent).toBe(
      'The lesson can be started from 6:45 PM (UK time).',
    );
  });

  it('adds nothing for a business on standing meeting links', async () => {
    open({ ...ROOM, provider: 'link' });
    expect(await screen.findByRole('link', { name: /Start meeting/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lesson' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start lesson' })).toBeNull();
  });
});
