// The lesson view (docs/decisions/098), for a pupil on /join/{bookingId} and for the tutor as
// host on their session page: the local twin's room by default, a LiveKit room in production.
// The entry's token stays in memory: it is handed to the provider and never put in a URL, a log
// or storage. LiveKit's code is loaded only here, on demand (React.lazy).
import type { RoomEntry } from '@tuition/api-contract';
import { lazy, Suspense, useId, useState } from 'react';
import {
  LeftNotice,
  LessonHead,
  type LessonFrameProps,
  RefusedNotice,
  type RoomOutcome,
} from './lesson-room-parts.tsx';
import { LocalLessonRoom } from './local-lesson-room.tsx';
import './lesson-room.css';

const LiveKitLessonRoom = lazy(() => import('./livekit-lesson-room.tsx'));

export type { HeadingLevel } from './lesson-room-parts.tsx';

export interface LessonRoomProps extends LessonFrameProps {
  entry: RoomEntry;
  /** The tutor's view: may share their screen. */
  host?: boolean;
}

function LiveKitLesson({ entry, host = false, ...frame }: LessonRoomProps) {
  const [outcome, setOutcome] = useState<RoomOutcome | 'in'>('in');
  const headingId = useId();
  if (outcome === 'left') {
    return <LeftNotice headingLevel={frame.headingLevel} onRejoin={() => setOutcome('in')} />;
  }
  if (outcome !== 'in') {
    return <RefusedNotice headingLevel={frame.headingLevel} refusal={outcome} />;
  }
  return (
    <section className="lesson-room lesson-room--video card" aria-labelledby={headingId}>
      <LessonHead {...frame} id={headingId} />
      <Suspense fallback={<p role="status">Opening the lesson room…</p>}>
        <LiveKitLessonRoom
          serverUrl={entry.serverUrl}
          token={entry.token}
          host={host}
          onOutcome={setOutcome}
        />
      </Suspense>
    </section>
  );
}

export function LessonRoom(props: LessonRoomProps) {
  if (props.entry.provider === 'livekit') return <LiveKitLesson {...props} />;
  const { entry, host: _host, ...frame } = props;
  return <LocalLessonRoom entry={entry} {...frame} />;
}
