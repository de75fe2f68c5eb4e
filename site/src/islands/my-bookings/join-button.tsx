// A booking's way into its online session (decision 056): "Join session" while the service
// says the join window is open (from 15 minutes before the start until the end), else when it
// opens. The link is the site's /join/{bookingId}; the meeting URL never reaches the page. The
// service's answer decides, not this browser's clock.
import { formatTime12h } from '@tuition/domain';
import type { Booking } from '../../lib/api-client.ts';

export function JoinButton({ booking }: { booking: Booking }) {
  const join = booking.join;
  if (!join || booking.status !== 'confirmed') return null;
  if (join.url) {
    return (
      <a className="btn btn--primary join-button" href={join.url}>
        Join session
      </a>
    );
  }
  return (
    <span className="join-button__opens">
      Join opens at {formatTime12h(new Date(join.opensAt))}
    </span>
  );
}
