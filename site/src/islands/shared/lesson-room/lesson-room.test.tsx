// The lesson view under LiveKit (docs/decisions/098), with LiveKit's own module stood in for (it
// needs a server): loaded on demand behind the heading and the recording notice, and what the
// page says when the stay ends: left (with the way back in), ended, removed.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DisconnectReason } from 'livekit-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoomOutcome } from './lesson-room-parts.tsx';

const shown = vi.hoisted(() => ({ props: [] as { token: string; host: boolean }[] }));

vi.mock('./livekit-lesson-room.tsx', () => ({
  default: (props: { token: string; host: boolean; onOutcome: (o: RoomOutcome) => void }) => {
    shown.props.push({ token: props.token, host: props.host });
    return (
      <div>
        <p>LiveKit room</p>
        {(['left', 'ended', 'removed'] as const).map((outcome) => (
          <button key={outcome} type="button" onClick={() => props.onOutcome(outcome)}>
            {outcome}
          </button>
        ))}
      </div>
    );
  },
}));

const { LessonRoom } = await import('./lesson-room.tsx');

const ENTRY = {
  provider: 'livekit' as const,
  serverUrl: 'wss://tuition.livekit.example',
  token: 'lk-token',
  expiresAt: '2026-12-01T20:05:00.000Z',
};

afterEach(() => {
  cleanup();
  shown.props = [];
});

describe('the lesson view in a LiveKit room', () => {
  it('loads the room on demand under the lesson’s heading and the recording notice', async () => {
    render(<LessonRoom entry={ENTRY} title="GCSE Higher" headingLevel="h1" recorded host />);
    expect(screen.getByRole('heading', { name: 'GCSE Higher', level: 1 })).toBeTruthy();
    expect(screen.getByText('This lesson is being recorded.')).toBeTruthy();
    expect(await screen.findByText('LiveKit room')).toBeTruthy();
    expect(shown.props.at(-1)).toEqual({ token: 'lk-token', host: true });
  });

  it('offers the way back in after leaving, and says plainly when the room is closed', async () => {
    render(<LessonRoom entry={ENTRY} title="GCSE Higher" headingLevel="h1" recorded={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'left' }));
    expect(screen.getByRole('heading', { name: 'You have left the lesson' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rejoin the lesson' }));
    fireEvent.click(await screen.findByRole('button', { name: 'ended' }));
    expect(screen.getByRole('heading', { name: 'This lesson has ended' })).toBeTruthy();
  });
});

describe('how a LiveKit stay ended', () => {
  it('reads LiveKit’s disconnect reasons', async () => {
    const { outcomeOf } = await vi.importActual<typeof import('./livekit-lesson-room.tsx')>(
      './livekit-lesson-room.tsx',
    );
    expect(outcomeOf(DisconnectReason.CLIENT_INITIATED)).toBe('left');
    expect(outcomeOf(DisconnectReason.ROOM_DELETED)).toBe('ended');
    expect(outcomeOf(DisconnectReason.PARTICIPANT_REMOVED)).toBe('removed');
    expect(outcomeOf(DisconnectReason.JOIN_FAILURE)).toBe('failed');
    expect(outcomeOf(undefined)).toBe('failed');
  });
});
