// The lesson in the local twin's room (docs/decisions/098): who is here, the tutor first and
// marked as such, then the pupils by the names the twin gives ("Amira K."), this browser's own
// entry marked "you"; a note that this room has no video or audio; and Leave lesson.
import type { RoomEntry } from '@tuition/api-contract';
import { Badge } from '@radix-ui/themes';
import { useId } from 'react';
import {
  LeftNotice,
  LessonHead,
  type LessonFrameProps,
  RefusedNotice,
  subHeading,
} from './lesson-room-parts.tsx';
import { type TwinParticipant, twinRefusalKind } from './local-twin.ts';
import { useLocalTwin } from './use-local-twin.ts';

/** The tutor(s) first, then the pupils in name order. */
export function whoIsHere(participants: readonly TwinParticipant[]): TwinParticipant[] {
  return [...participants].sort(
    (a, b) => Number(b.host) - Number(a.host) || a.name.localeCompare(b.name, 'en-GB'),
  );
}

/** "1 person is here", "3 people are here". */
export const hereLine = (count: number) =>
  count === 1 ? '1 person is here' : `${count} people are here`;

function People({
  participants,
  self,
  labelledBy,
}: {
  participants: readonly TwinParticipant[];
  self: string;
  labelledBy: string;
}) {
  return (
    <ul className="lesson-room__people" aria-labelledby={labelledBy}>
      {whoIsHere(participants).map((person) => (
        <li key={person.identity} className="lesson-room__person">
          <span className="lesson-room__name">{person.name}</span>
          {person.identity === self && <span className="lesson-room__you"> (you)</span>}
          {person.host && (
            <Badge color="indigo" variant="soft" highContrast>
              Tutor
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

export function LocalLessonRoom({
  entry,
  ...frame
}: LessonFrameProps & { entry: Pick<RoomEntry, 'serverUrl' | 'token'> }) {
  const { stay, leaving, leave, rejoin } = useLocalTwin(entry);
  const peopleId = useId();
  const Sub = subHeading(frame.headingLevel);
  if (stay.kind === 'left') {
    return <LeftNotice headingLevel={frame.headingLevel} onRejoin={rejoin} />;
  }
  if (stay.kind === 'refused') {
    return (
      <RefusedNotice headingLevel={frame.headingLevel} refusal={twinRefusalKind(stay.refusal)} />
    );
  }
  return (
    <section className="lesson-room card" aria-labelledby={`${peopleId}-title`}>
      <LessonHead {...frame} id={`${peopleId}-title`} />
      {stay.kind === 'joining' ? (
        <p role="status">Joining the lesson…</p>
      ) : (
        <>
          <div className="lesson-room__here">
            <Sub id={peopleId} className="lesson-room__subtitle">
              Who is here
            </Sub>
            <p className="lesson-room__count" role="status">
              {hereLine(stay.room.participants.length)}
            </p>
          </div>
          <People
            participants={stay.room.participants}
            self={stay.room.identity}
            labelledBy={peopleId}
          />
        </>
      )}
      <p className="lesson-room__note">
        This is the local lesson room: it has no video or audio. It shows who has joined.
      </p>
      <p className="lesson-room__actions">
        <button
          type="button"
          className="btn btn--outline"
          disabled={leaving || stay.kind === 'joining'}
          onClick={() => void leave()}
        >
          {leaving ? 'Leaving…' : 'Leave lesson'}
        </button>
      </p>
    </section>
  );
}
