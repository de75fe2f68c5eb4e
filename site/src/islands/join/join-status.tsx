// /join/{bookingId} (decision 056): the service itself sends the booking's owner to the
// meeting inside the join window (302). Whenever it serves this page instead, the island asks
// the service why and says so: too early (with the opening time in London), ended, no link yet,
// cancelled or moved, not found, or signed out. The meeting URL never reaches the page.
// A session with its own room (docs/decisions/098) is entered here instead: the page waits for
// the tutor to start it, then shows the lesson with the pupil's own entry to the room.
import type { JoinStatus } from '@tuition/api-contract';
import { formatLondonDate, formatTime12h, JOIN_OPENS_MINUTES_BEFORE } from '@tuition/domain';
import { AppProviders } from '../shared/app-providers.tsx';
import { LessonRoom } from '../shared/lesson-room/lesson-room.tsx';
import { bookingIdFromPath, useJoinStatus } from './use-join-status.ts';
import './join.css';

export { bookingIdFromPath };

/** What the page says for each state the service reports. */
export function joinMessage(status: JoinStatus): { heading: string; text: string } {
  const session = `${status.pupilName}'s ${status.label} session`;
  const opens = new Date(status.opensAt);
  switch (status.state) {
    case 'too-early':
      return {
        heading: `Join opens at ${formatTime12h(opens)}`,
        text: `${session} on ${formatLondonDate(new Date(status.startsAt))} can be joined from ${formatTime12h(opens)} (London time), ${JOIN_OPENS_MINUTES_BEFORE} minutes before it starts. Come back then.`,
      };
    case 'waiting-for-tutor':
      return {
        heading: 'Waiting for your tutor to start the lesson',
        text: `${session} starts at ${formatTime12h(new Date(status.startsAt))}. The lesson opens here as soon as your tutor starts it: keep this page open.`,
      };
    case 'ended':
      return { heading: 'This session has ended', text: `${session} has finished.` };
    case 'no-link':
      return {
        heading: 'Your tutor will share the link shortly',
        text: `The online meeting for ${session} is not ready yet. Try again in a few minutes.`,
      };
    case 'not-active':
      return {
        heading: 'This booking is no longer active',
        text: `${session} was cancelled or moved. Your upcoming bookings have the current one.`,
      };
    default:
      return { heading: 'Your session is open', text: 'Opening your online session…' };
  }
}

/** The business's phone and e-mail (from the CMS), for when the link is not there yet. */
export interface BusinessContact {
  phone: string;
  email: string;
}

/** "Call … or e-mail …", with links, under the no-link message. */
function ContactLine({ contact }: { contact: BusinessContact }) {
  const tel = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;
  return (
    <p className="join-page__contact">
      Need help now? Call <a href={tel}>{contact.phone}</a> or e-mail{' '}
      <a href={`mailto:${contact.email}`}>{contact.email}</a>.
    </p>
  );
}

export function JoinStatusContent({
  pathname,
  contact,
}: {
  pathname?: string;
  contact?: BusinessContact;
}) {
  const view = useJoinStatus(pathname);
  if (view.kind === 'status' && view.status.state === 'open' && view.status.room) {
    return (
      <div className="join-lesson">
        <LessonRoom
          entry={view.status.room}
          title={view.status.label}
          headingLevel="h1"
          recorded={view.status.recorded}
        />
      </div>
    );
  }

  const message =
    view.kind === 'status'
      ? joinMessage(view.status)
      : view.kind === 'signed-out'
        ? { heading: 'Sign in to join', text: 'Sign in with the account that booked this session.' }
        : view.kind === 'not-found'
          ? {
              heading: 'Booking not found',
              text: 'We could not find this booking in your account.',
            }
          : view.kind === 'failed'
            ? { heading: 'Something went wrong', text: 'Please try again in a moment.' }
            : { heading: 'Join session', text: 'Checking your booking…' };
  return (
    <div className="join-page card" aria-live="polite">
      <h1 className="join-page__title">{message.heading}</h1>
      <p>{message.text}</p>
      {contact && view.kind === 'status' && view.status.state === 'no-link' && (
        <ContactLine contact={contact} />
      )}
      <p>
        <a
          className="btn btn--outline"
          href={view.kind === 'signed-out' ? '/login' : '/upcoming-bookings'}
        >
          {view.kind === 'signed-out' ? 'Sign in' : 'Your upcoming bookings'}
        </a>
      </p>
    </div>
  );
}

export function JoinStatusPage(props: { pathname?: string; contact?: BusinessContact }) {
  return (
    <AppProviders>
      <JoinStatusContent {...props} />
    </AppProviders>
  );
}

export default JoinStatusPage;
