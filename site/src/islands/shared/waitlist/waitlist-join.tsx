// On a full session's card in the booking calendar (decision 060): "N waiting" and "Join waiting
// list" for the pupils chosen above, or "On the waiting list (position 2)" when they already wait.
// Signed out,
// the button asks to sign in first. The service decides (409 not-full when a seat has opened
// meanwhile: the calendar is read again and the session can be picked).
import { Button } from '@radix-ui/themes';
import { formatLondonDate, type ServiceCode } from '@tuition/domain';
import { ApiError, type AvailabilitySlot } from '../../../lib/api-client.ts';
import { openAuthDialog } from '../../../lib/auth-dialog.ts';
import { toastError, toastSuccess } from '../app-providers.tsx';
import { useJoinWaitlist, useMyWaitlist } from './waitlist-api.ts';
import './waitlist.css';

export interface WaitlistJoinProps {
  slot: AvailabilitySlot;
  service: ServiceCode;
  /** The pupils chosen on the booking page (undefined: the account's only pupil). */
  pupilIds: readonly string[] | undefined;
  /** Pupils must be chosen first (several pupils, none ticked). */
  pupilsMissing: boolean;
  signedOut: boolean;
  /** Seats opened meanwhile: read the calendar again. */
  onSeatsOpened: () => void;
}

/** What the booking page says for each refusal of a join (409 codes of POST /api/waitlist). */
export function joinRefusal(error: unknown): { title: string; description?: string } {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'not-full') {
    return { title: 'A seat has opened.', description: 'Pick the session to book it instead.' };
  }
  if (code === 'duplicate') {
    return { title: 'Already booked or on the waiting list for this session.' };
  }
  if (code === 'list-closed') {
    return {
      title: 'The waiting list for this session has closed.',
      description: 'It starts too soon for a place to be offered.',
    };
  }
  return { title: 'Could not join the waiting list. Please try again.' };
}

/** " (position 2)", " (positions 2 and 3)", or nothing while the places are being read. */
export function positionsText(positions: readonly number[]): string {
  if (positions.length === 0) return '';
  if (positions.length === 1) return ` (position ${positions[0]})`;
  return ` (positions ${positions.slice(0, -1).join(', ')} and ${positions.at(-1)})`;
}

export function WaitlistJoin({
  slot,
  service,
  pupilIds,
  pupilsMissing,
  signedOut,
  onSeatsOpened,
}: WaitlistJoinProps) {
  const join = useJoinWaitlist();
  const waiting = slot.waiting ?? 0;
  const mine = slot.waitingFor ?? [];
  const alreadyWaiting =
    mine.length > 0 && (pupilIds === undefined || pupilIds.every((id) => mine.includes(id)));
  // Where they stand: the account's places for this session (one query shared by every card).
  const places = useMyWaitlist(alreadyWaiting);
  const positions = (places.data ?? [])
    .filter((place) => place.startsAt === slot.startsAt && place.position !== null)
    .filter((place) => pupilIds === undefined || pupilIds.includes(place.pupil.id))
    .map((place) => place.position as number)
    .sort((a, b) => a - b);

  function onJoin() {
    if (signedOut) {
      openAuthDialog('login', 'Please sign in to join the waiting list.');
      return;
    }
    if (pupilsMissing) {
      toastError({ title: 'Please choose who the sessions are for.' });
      return;
    }
    join.mutate(
      { service, startsAt: slot.startsAt, ...(pupilIds ? { pupilIds: [...pupilIds] } : {}) },
      {
        onSuccess: (joined) =>
          toastSuccess({
            title: 'You are on the waiting list.',
            description: `Position ${joined.position}. We will e-mail you if a place opens`,
          }),
        onError: (error) => {
          console.error('Joining the waiting list failed', error);
          toastError(joinRefusal(error));
          if (error instanceof ApiError && error.code === 'not-full') onSeatsOpened();
        },
      },
    );
  }

  return (
    <div className="waitlist-join">
      {waiting > 0 && <span className="waitlist-join__count">{waiting} waiting</span>}
      {alreadyWaiting ? (
        <a className="waitlist-join__mine" href="/upcoming-bookings">
          On the waiting list{positionsText(positions)}
        </a>
      ) : (
        <Button
          size="1"
          variant="soft"
          onClick={onJoin}
          disabled={join.isPending}
          aria-label={`Join waiting list: ${slot.label}, ${formatLondonDate(new Date(slot.startsAt))}, ${slot.time}`}
        >
          Join waiting list
        </Button>
      )}
    </div>
  );
}
