// /upcoming-bookings: the account's places on waiting lists (docs/decisions/060). A
// place waiting shows its position; a place holding an offer shows the time left and "Book now"
// (the booking page with that seat in the basket). Leaving, or declining an offer, costs nothing
// and passes the seat to the next family. Nothing is shown while the account waits for nothing.
import { Badge, Button } from '@radix-ui/themes';
import { formatLondonDate, formatTime12h } from '@tuition/domain';
import { useId } from 'react';
import { londonTimeRange, serviceLabel } from '../session-labels.ts';
import { toastError, toastSuccess } from '../app-providers.tsx';
import { timeLeft, useLeaveWaitlist, useMyWaitlist, type WaitlistEntry } from './waitlist-api.ts';
import './waitlist.css';

function Place({ place, now }: { place: WaitlistEntry; now: Date }) {
  const leave = useLeaveWaitlist();
  const offer = place.offer;
  const leaveLabel = offer ? 'Decline offer' : 'Leave waiting list';
  const onLeave = () =>
    leave.mutate(place.id, {
      onSuccess: () =>
        toastSuccess({
          title: offer ? 'Offer declined.' : 'You have left the waiting list.',
          description: 'It costs nothing. The place goes to the next family waiting.',
        }),
      onError: (error) => {
        console.error('Leaving the waiting list failed', error);
        toastError({ title: 'Could not leave the waiting list. Please try again.' });
      },
    });
  return (
    <li className="bookings-card card waitlist-place" data-offer={offer ? 'live' : undefined}>
      <div className="bookings-card__head">
        <h3 className="bookings-card__date">{formatLondonDate(new Date(place.startsAt))}</h3>
        {offer ? (
          <Badge color="green" variant="soft" size="2" highContrast>
            Place offered
          </Badge>
        ) : (
          <Badge color="amber" variant="soft" size="2" highContrast>
            Waiting list · position {place.position}
          </Badge>
        )}
      </div>
      <p className="bookings-card__time">
        {londonTimeRange(place.startsAt, place.endsAt)}{' '}
        <span className="bookings-card__zone">(UK time)</span>
      </p>
      <p className="bookings-card__service">
        Mathematics · {serviceLabel(place.service)}
        {place.label !== serviceLabel(place.service) ? ` · ${place.label}` : ''}
      </p>
      <p className="bookings-card__pupil">
        For <strong>{place.pupil.name}</strong>
      </p>
      {offer ? (
        <p className="waitlist-place__offer">
          A place has opened and is held for you:{' '}
          <strong>{timeLeft(offer.expiresAt, now)} left</strong> (book by{' '}
          {formatTime12h(new Date(offer.expiresAt))} on{' '}
          {formatLondonDate(new Date(offer.expiresAt))}).
        </p>
      ) : (
        <p className="waitlist-place__offer">
          We will e-mail you if a place opens. You then have a limited time to book it.
        </p>
      )}
      <div className="bookings-card__actions">
        {offer && (
          <a
            className="btn"
            href={`/booking?offer=${encodeURIComponent(offer.id)}`}
            aria-label={`Book now: ${place.label}, ${formatLondonDate(new Date(place.startsAt))}, for ${place.pupil.name}`}
          >
            Book now
          </a>
        )}
        <Button variant="soft" color="gray" onClick={onLeave} disabled={leave.isPending}>
          {leaveLabel}
        </Button>
      </div>
    </li>
  );
}

export function WaitlistPlaces({ now, enabled = true }: { now: Date; enabled?: boolean }) {
  const headingId = useId();
  const places = useMyWaitlist(enabled);
  const list = places.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="waitlist-places" aria-labelledby={headingId}>
      <h2 id={headingId} className="waitlist-places__title">
        Waiting lists
      </h2>
      <ul className="bookings-list">
        {list.map((place) => (
          <Place key={place.id} place={place} now={now} />
        ))}
      </ul>
    </section>
  );
}
