// The admin sessions overview (decision 060): a session's waiting count as a badge on its row, and in
// its expanded panel who waits (queue order) and who holds an offer, until when.
import { Badge, Flex, Spinner, Text } from '@radix-ui/themes';
import { formatLondonDate, formatTime12h, yearGroupLabel } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { waitlistApi } from './waitlist-api.ts';

/** "3 waiting", shown only when someone waits. */
export function WaitingBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge color="amber" highContrast>
      {count} waiting
    </Badge>
  );
}

/** Who waits for the session and who holds an offer; nothing when nobody does. */
export function AdminSessionWaitlist({ sessionId }: { sessionId: string }) {
  const headingId = useId();
  const places = useQuery({
    queryKey: ['admin', 'waitlist', sessionId],
    queryFn: () => waitlistApi.forSession(sessionId),
  });
  if (places.isPending) {
    return (
      <Flex align="center" gap="2" role="status">
        <Spinner /> <Text color="gray">Loading the waiting list…</Text>
      </Flex>
    );
  }
  if (places.isError) return <Text color="red">Failed to load the waiting list.</Text>;
  if (places.data.length === 0) return null;
  return (
    <section className="admin-waitlist" aria-labelledby={headingId}>
      <h4 id={headingId} className="admin-waitlist__title">
        Waiting list
      </h4>
      <ol className="admin-waitlist__list">
        {places.data.map((place) => (
          <li key={place.id}>
            <strong>{place.pupil.name}</strong>
            {place.pupil.yearGroup ? ` (${yearGroupLabel(place.pupil.yearGroup)})` : ''} ·{' '}
            {place.name} · {place.email} ·{' '}
            {place.offerExpiresAt ? (
              <Badge color="green" highContrast>
                Offer held until {formatTime12h(new Date(place.offerExpiresAt))},{' '}
                {formatLondonDate(new Date(place.offerExpiresAt))}
              </Badge>
            ) : (
              <span>Position {place.position}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
