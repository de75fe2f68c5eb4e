// /previous-bookings (docs/product-rules.md#pages): sessions that have taken place, been cancelled
// or been moved, latest first, without actions; each kind under its own heading and badge, and
// only sessions that took place counted as completed.
import { bookingBadge, type Clock, MESSAGES, systemClock } from '@tuition/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Booking } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { LoadShell } from '../shared/load-shell.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { BookingsCard, BookingsSkeleton } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import { ALL_PUPILS, byPupil, PupilFilter } from './pupil-filter.tsx';
import './bookings.css';
import './receipts.css';

export interface BookingsPreviousProps {
  clock?: Clock;
}

export function BookingsPreviousContent({ clock = systemClock }: BookingsPreviousProps) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const bookings = useQuery({
    queryKey: ['bookings', 'previous'],
    queryFn: () => api.bookings('previous'),
    enabled: signedIn,
  });
  const [pupilShown, setPupilShown] = useState(ALL_PUPILS);

  useErrorToast(bookings.isError, MESSAGES.bookingsLoadFailed);

  if (session.isPending) return <BookingsSkeleton />;
  if (!signedIn) return <BookingsLoginPrompt what="view your bookings" />;
  return (
    <LoadShell
      query={bookings}
      loading={<BookingsSkeleton />}
      failedText={MESSAGES.bookingsLoadFailed.title}
    >
      {(list) => (
        <PreviousList
          list={list}
          now={clock.now()}
          pupilShown={pupilShown}
          onPupil={setPupilShown}
        />
      )}
    </LoadShell>
  );
}

/** The previous sessions, grouped, or why there are none. */
function PreviousList({
  list,
  now,
  pupilShown,
  onPupil,
}: {
  list: readonly Booking[];
  now: Date;
  pupilShown: string;
  onPupil: (pupil: string) => void;
}) {
  if (list.length === 0) {
    return (
      <div className="bookings">
        <div className="bookings__empty card">
          <h2>No previous sessions</h2>
          <p>Sessions you have attended or cancelled will appear here.</p>
          <a className="btn" href="/booking">
            Book New Session
          </a>
        </div>
      </div>
    );
  }
  const groups = groupPrevious(byPupil(list, pupilShown), now);
  return (
    <div className="bookings">
      <div className="bookings__bar">
        <a className="btn" href="/booking">
          Book New Session
        </a>
      </div>
      <PupilFilter bookings={list} value={pupilShown} onChange={onPupil} />
      <p className="bookings__count" role="status">
        {previousCountLine(groups)}
      </p>
      {GROUPS.map(({ badge, heading, note }) =>
        groups[badge].length === 0 ? null : (
          <section key={badge} className="bookings-group" aria-labelledby={`previous-${badge}`}>
            <h2 id={`previous-${badge}`} className="bookings-group__heading">
              {heading} ({groups[badge].length})
            </h2>
            {note && <p className="bookings-group__note">{note}</p>}
            <ul className="bookings-list">
              {groups[badge].map((booking) => (
                <BookingsCard key={booking.id} booking={booking} now={now} headingLevel="h3" />
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}

type PreviousBadge = 'completed' | 'cancelled' | 'rescheduled';

/** The list's sections, in this order, each under its own heading and badge. */
const GROUPS: ReadonlyArray<{ badge: PreviousBadge; heading: string; note?: string }> = [
  { badge: 'completed', heading: 'Completed' },
  { badge: 'cancelled', heading: 'Cancelled' },
  {
    badge: 'rescheduled',
    heading: 'Rescheduled',
    note: 'Moved to another session; the new time is under Upcoming Bookings, or under Completed once it has taken place.',
  },
];

/**
 * Previous bookings by what became of them. Only a confirmed session that has started counts
 * as completed; a cancelled or moved one is never "completed", even when its time has passed.
 */
export function groupPrevious(
  list: readonly Booking[],
  now: Date,
): Record<PreviousBadge, Booking[]> {
  const groups: Record<PreviousBadge, Booking[]> = {
    completed: [],
    cancelled: [],
    rescheduled: [],
  };
  for (const booking of list) {
    const badge = bookingBadge(
      { status: booking.status, startsAt: new Date(booking.startsAt) },
      now,
    );
    // A confirmed booking not started yet belongs to /upcoming-bookings; the service never
    // lists one here, and it is not counted if it does.
    if (badge !== 'upcoming') groups[badge].push(booking);
  }
  return groups;
}

/**
 * The spec's "Showing N completed session(s)" read naturally (decision 067): "1 completed
 * session", "2 completed sessions", counting completed ones only, then the rest.
 */
export function previousCountLine(groups: Record<PreviousBadge, Booking[]>): string {
  const extra = [
    groups.cancelled.length > 0 ? `${groups.cancelled.length} cancelled` : '',
    groups.rescheduled.length > 0 ? `${groups.rescheduled.length} rescheduled` : '',
  ].filter(Boolean);
  const count = groups.completed.length;
  const line = `Showing ${count} completed ${count === 1 ? 'session' : 'sessions'}`;
  return extra.length > 0 ? `${line}, ${extra.join(' and ')}` : line;
}

export function BookingsPrevious({
  queryClient,
  ...props
}: BookingsPreviousProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <BookingsPreviousContent {...props} />
    </AppProviders>
  );
}

export default BookingsPrevious;
