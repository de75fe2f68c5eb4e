// /previous-bookings (docs/product-rules.md#pages): sessions that have taken place, been cancelled
// or been moved, latest first, without actions.
import { type Clock, MESSAGES, systemClock } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders, toastError } from '../shared/app-providers.tsx';
import { BookingsCard, BookingsSkeleton } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import './bookings.css';

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

  useEffect(() => {
    if (bookings.isError) toastError(MESSAGES.bookingsLoadFailed);
  }, [bookings.isError]);

  if (session.isPending) return <BookingsSkeleton />;
  if (!signedIn) return <BookingsLoginPrompt what="view your bookings" />;
  if (bookings.isPending) return <BookingsSkeleton />;
  if (bookings.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {MESSAGES.bookingsLoadFailed.title}{' '}
        <button type="button" className="btn btn--outline" onClick={() => bookings.refetch()}>
          Try again
        </button>
      </p>
    );
  }

  const list = bookings.data;
  if (list.length === 0) {
    return (
      <div className="bookings__empty card">
        <h2>No previous sessions</h2>
        <p>Sessions you have attended or cancelled will appear here.</p>
      </div>
    );
  }
  const now = clock.now();
  return (
    <div className="bookings">
      <p className="bookings__count" role="status">
        Showing {list.length} completed session(s)
      </p>
      <ul className="bookings-list">
        {list.map((booking) => (
          <BookingsCard key={booking.id} booking={booking} now={now} />
        ))}
      </ul>
    </div>
  );
}

export function BookingsPrevious(props: BookingsPreviousProps) {
  return (
    <AppProviders>
      <BookingsPreviousContent {...props} />
    </AppProviders>
  );
}

export default BookingsPrevious;
