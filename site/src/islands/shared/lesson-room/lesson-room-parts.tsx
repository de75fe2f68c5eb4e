// The pieces every lesson view shares, whichever provider carries the room (docs/decisions/098):
// its heading, the recording notice (docs/decisions/099), and what is shown once this person has
// left or the room will not have them.
import type { ReactNode } from 'react';

export type HeadingLevel = 'h1' | 'h2' | 'h3';

/** Why a room would not have this person (any more), as the lesson view says it. */
export type RoomRefusal = 'ended' | 'removed' | 'full' | 'stale' | 'failed';

/** How a stay in a room ended: this person left, or the room refused them. */
export type RoomOutcome = 'left' | RoomRefusal;

export const ROOM_REFUSALS: Record<RoomRefusal, { heading: string; text: string }> = {
  ended: { heading: 'This lesson has ended', text: 'The tutor has closed the lesson room.' },
  removed: {
    heading: 'You can no longer join this lesson',
    text: 'This booking was cancelled or moved. Your upcoming bookings have the current one.',
  },
  full: {
    heading: 'The lesson room is full',
    text: 'Everyone booked on this lesson is already in. Please contact us if this is wrong.',
  },
  stale: { heading: 'You can no longer join this lesson', text: 'Reload the page to try again.' },
  failed: {
    heading: 'The lesson room cannot be reached',
    text: 'Check your connection, then reload the page.',
  },
};

/** The heading one level below `level`, for the parts inside the lesson view. */
export const subHeading = (level: HeadingLevel): 'h2' | 'h3' | 'h4' =>
  level === 'h1' ? 'h2' : level === 'h2' ? 'h3' : 'h4';

export interface LessonFrameProps {
  title: string;
  headingLevel: HeadingLevel;
  /** Every family consented and the session is recorded. */
  recorded: boolean;
  /** The host's own controls and notices (the tutor's recording state, End lesson). */
  children?: ReactNode;
}

/** The lesson's heading, the recording notice and the host's controls, above the room itself. */
export function LessonHead({
  title,
  headingLevel: Heading,
  recorded,
  children,
  id,
}: LessonFrameProps & { id: string }) {
  return (
    <div className="lesson-room__head">
      <Heading id={id} className="lesson-room__title">
        {title}
      </Heading>
      {recorded && (
        <p className="lesson-room__recorded">
          <span className="lesson-room__dot" aria-hidden="true" />
          This lesson is being recorded.
        </p>
      )}
      {children}
    </div>
  );
}

/** After "Leave lesson": said plainly, with the way back in. */
export function LeftNotice({
  headingLevel: Heading,
  onRejoin,
}: {
  headingLevel: HeadingLevel;
  onRejoin: () => void;
}) {
  return (
    <div className="lesson-room lesson-room--notice card" role="status">
      <Heading className="lesson-room__title">You have left the lesson</Heading>
      <p>You can go back in until the lesson ends.</p>
      <p>
        <button type="button" className="btn" onClick={onRejoin}>
          Rejoin the lesson
        </button>
      </p>
    </div>
  );
}

/** The room would not have this person, or could not be reached. */
export function RefusedNotice({
  headingLevel: Heading,
  refusal,
}: {
  headingLevel: HeadingLevel;
  refusal: RoomRefusal;
}) {
  const { heading, text } = ROOM_REFUSALS[refusal];
  return (
    <div className="lesson-room lesson-room--notice card" role="alert">
      <Heading className="lesson-room__title">{heading}</Heading>
      <p>{text}</p>
    </div>
  );
}
