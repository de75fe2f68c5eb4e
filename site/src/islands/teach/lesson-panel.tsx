// The lesson's own room on the tutor's session page (docs/decisions/098): the tutor starts it
// from 15 minutes before the start (pupils wait in the lobby until then), teaches in it as host,
// and ends it for everyone. Whether it is recorded, or why not, is said beside it
// (docs/decisions/099). A business on standing meeting links (provider `link`) sees nothing here.
import type { RoomEntry } from '@tuition/api-contract';
import { formatTime12h, JOIN_OPENS_MINUTES_BEFORE } from '@tuition/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { LessonRoom } from '../shared/lesson-room/lesson-room.tsx';
import { WatchRecording } from '../shared/lesson-room/watch-recording.tsx';
import { LoadFailed } from '../shared/load-shell.tsx';
import { MeetingButton, sessionName } from './teach-session-card.tsx';
import {
  failureText,
  refusalOf,
  retryUnlessRefused,
  type TutorRoom,
  type TutorSession,
  teachApi,
} from './teach-api.ts';
import { notRecordingLine } from './teach-words.ts';

export const tutorRoomKey = (sessionId: string) => ['teach', 'room', sessionId] as const;

/** The session's room as the tutor sees it; asked again every half minute until it can open. */
export function useTutorRoom(sessionId: string | null | undefined) {
  return useQuery({
    queryKey: tutorRoomKey(sessionId ?? ''),
    queryFn: () => teachApi.room(sessionId ?? ''),
    enabled: Boolean(sessionId),
    retry: retryUnlessRefused,
    // The page and its panel both read it: a refusal is not asked again as the panel mounts.
    retryOnMount: false,
    refetchInterval: (query) => (query.state.data?.state === 'too-early' ? 30_000 : false),
  });
}

const opensText = (room: TutorRoom) => `${formatTime12h(new Date(room.opensAt))} (UK time)`;

/** What the panel says under its heading, before the tutor is in the room. */
function stateLine(room: TutorRoom): string {
  switch (room.state) {
    case 'too-early':
      return `You can start the lesson from ${opensText(room)}, ${JOIN_OPENS_MINUTES_BEFORE} minutes before it begins. Pupils wait until you start it.`;
    case 'ready':
      return 'Pupils who arrive wait until you start the lesson.';
    case 'open':
      return 'The lesson has started. Start lesson takes you back in.';
    default:
      return 'This lesson has ended.';
  }
}

/** The provider did not make the room: the class's standing link stands in (decision 098). */
const isFallback = (error: unknown) => error instanceof ApiError && error.status === 503;

/** Why starting failed, in words. */
function startFailure(error: unknown, room: TutorRoom): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'too-early') return `The lesson can be started from ${opensText(room)}.`;
  if (code === 'room-ended') return 'This lesson has ended.';
  if (isFallback(error)) {
    return 'The lesson room could not be opened just now. Try again in a minute; meanwhile families are sent to the class’s meeting link.';
  }
  return failureText(error, 'The lesson could not be started. Please try again.');
}

/** Recording on and the room open: a visible sign. Blocked: how many families said no. */
function RecordingState({ room, inRoom }: { room: TutorRoom; inRoom: boolean }) {
  const { state, missingConsents } = room.recording;
  if (state === 'blocked')
    return <p className="teach-lesson__note">{notRecordingLine(missingConsents)}</p>;
  if (state !== 'on' || room.state === 'ended') return null;
  if (inRoom || room.state === 'open') {
    return (
      <p className="teach-lesson__recording" role="status">
        <span className="teach-lesson__dot" aria-hidden="true" />
        Recording
      </p>
    );
  }
  return (
    <p className="teach-lesson__note">This lesson will be recorded: every family has consented.</p>
  );
}

export function LessonPanel({ session }: { session: TutorSession }) {
  const queryClient = useQueryClient();
  const room = useTutorRoom(session.id);
  const [entry, setEntry] = useState<RoomEntry | null>(null);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState(false);
  const settle = (answer: TutorRoom) =>
    queryClient.setQueryData<TutorRoom>(tutorRoomKey(session.id), { ...answer, room: null });
  const start = useMutation({
    mutationFn: () => teachApi.startRoom(session.id),
    onMutate: () => setProblem(''),
    onSuccess: (answer) => {
      settle(answer);
      setEntry(answer.room);
    },
    onError: (error) => {
      if (room.data) setProblem(startFailure(error, room.data));
      void room.refetch();
    },
  });
  const end = useMutation({
    mutationFn: () => teachApi.endRoom(session.id),
    onSuccess: (answer) => {
      settle(answer);
      setEntry(null);
      setConfirming(false);
    },
    onError: (error) => {
      setConfirming(false);
      setProblem(failureText(error, 'The lesson could not be ended. Please try again.'));
    },
  });

  if (room.isPending || refusalOf(room.error) === 'not-found') return null;
  if (room.isError) {
    return (
      <LoadFailed text="The lesson room could not be loaded." onRetry={() => void room.refetch()} />
    );
  }
  const data = room.data;
  if (data.provider === 'link') return null;
  const canStart = data.state === 'ready' || data.state === 'open';
  return (
    <section className="teach-section teach-lesson card" aria-labelledby="lesson-heading">
      <h2 id="lesson-heading">Lesson</h2>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {isFallback(start.error) && <MeetingButton session={session} />}
      {entry ? (
        <LessonRoom entry={entry} title={session.label} headingLevel="h3" recorded={false} host>
          <RecordingState room={data} inRoom />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <button type="button" className="btn teach-lesson__end">
                End lesson
              </button>
            }
            title="End the lesson for everyone?"
            description="Everyone in the room is sent out, and nobody can join this lesson again."
            keepLabel="Keep teaching"
            confirmLabel="End lesson"
            confirmColor="red"
            busy={end.isPending}
            onConfirm={() => end.mutate()}
          />
        </LessonRoom>
      ) : (
        <>
          <p className="teach-section__note">{stateLine(data)}</p>
          <RecordingState room={data} inRoom={false} />
          {data.state === 'ended' ? (
            data.recording.state === 'on' && (
              <WatchRecording
                fetchLink={() => teachApi.recording(session.id)}
                viewCount={0}
                about={sessionName(session)}
              />
            )
          ) : (
            <p>
              <button
                type="button"
                className="btn"
                disabled={!canStart || start.isPending}
                onClick={() => start.mutate()}
              >
                {start.isPending ? 'Starting…' : 'Start lesson'}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
