// One session in the tutor's lists (docs/decisions/079), dated as the customer's booking cards
// are: London date and time, the class, Lead or Cover, how full it is, the host's meeting link
// and the report's state. The meeting link is a secret: it is only ever an href, never logged.
import { Badge } from '@radix-ui/themes';
import { formatLondonDate, MESSAGES } from '@tuition/domain';
import { londonTimeRange } from '../shared/session-labels.ts';
import { type TutorSession, teachSessionUrl } from './teach-api.ts';
import { bookedLine, reportBadge, roleLabel } from './teach-words.ts';

/** "GCSE Higher, Tuesday 3 November 2026": names a session's controls for screen readers. */
export function sessionName(session: Pick<TutorSession, 'label' | 'startsAt'>): string {
  const start = new Date(session.startsAt);
  return Number.isNaN(start.getTime())
    ? session.label
    : `${session.label}, ${formatLondonDate(start)}`;
}

/** Date, time, class, role and seats: the card's head, also the register page's. */
export function SessionSummary({
  session,
  heading: Heading = 'h2',
}: {
  session: TutorSession;
  heading?: 'h1' | 'h2' | 'h3';
}) {
  const start = new Date(session.startsAt);
  const valid = !Number.isNaN(start.getTime());
  const badge = reportBadge(session);
  return (
    <>
      <div className="teach-card__head">
        <Heading className="teach-card__date">
          {valid ? formatLondonDate(start) : MESSAGES.invalidDate.title}
        </Heading>
        <div className="teach-card__badges">
          <Badge color={session.role === 'lead' ? 'indigo' : 'orange'} variant="soft" highContrast>
            {roleLabel(session.role)}
          </Badge>
          {badge && (
            <Badge color={badge.color} variant="soft" highContrast>
              {badge.text}
            </Badge>
          )}
        </div>
      </div>
      <p className="teach-card__time">
        {valid ? londonTimeRange(session.startsAt, session.endsAt) : ''}{' '}
        <span className="teach-card__zone">(UK time)</span>
      </p>
      <p className="teach-card__class">
        {session.label} · {bookedLine(session)}
      </p>
    </>
  );
}

/** The host's link to the online room, when an admin has set one. */
export function MeetingButton({ session }: { session: TutorSession }) {
  if (!session.meetingUrl) {
    return <p className="teach-card__muted">No meeting link yet: the office will add it.</p>;
  }
  return (
    <a className="btn" href={session.meetingUrl} target="_blank" rel="noopener noreferrer">
      Start meeting<span className="visually-hidden"> for {sessionName(session)}</span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function TeachSessionCard({ session }: { session: TutorSession }) {
  return (
    <li className="teach-card card">
      <SessionSummary session={session} />
      <div className="teach-card__actions">
        <MeetingButton session={session} />
        <a className="btn btn--outline" href={teachSessionUrl(session.id)}>
          Register and report<span className="visually-hidden"> for {sessionName(session)}</span>
        </a>
      </div>
    </li>
  );
}
