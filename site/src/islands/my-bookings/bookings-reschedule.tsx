// /reschedule (docs/product-rules.md#pages): the current session and the booking picker in
// reschedule mode. The booking comes from the Reschedule button (sessionStorage) or from
// ?booking={id}, looked up among the customer's upcoming bookings; opened without either, the page
// goes back to /upcoming-bookings.
import { MESSAGES, type PricingRules } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders, toastError } from '../shared/app-providers.tsx';
import { RescheduleFlowContent } from '../shared/booking-picker/reschedule-flow-content.tsx';
import { BookingsSkeleton } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import {
  afterRescheduleUrl,
  type BookingToReschedule,
  clearBookingToMove,
  pickerBooking,
  readBookingToMove,
} from './bookings-reschedule-state.ts';

export const RESCHEDULE_FALLBACK_PATH = '/upcoming-bookings';

export interface BookingsRescheduleProps {
  pricing: PricingRules;
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}

const replaceLocation = (url: string) => window.location.replace(url);

/** A same-site path to return to after success (`?returnTo=`), never another origin. */
function safeReturnTo(value: string | null): string | undefined {
  return value?.startsWith('/') && !value.startsWith('//') ? value : undefined;
}

export function BookingsRescheduleContent({
  pricing,
  navigate = replaceLocation,
}: BookingsRescheduleProps) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const [request, setRequest] = useState<{
    id: string | null;
    saved: BookingToReschedule | undefined;
    returnTo: string | undefined;
  }>();

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = params.get('booking');
    const saved = readBookingToMove(id);
    if (!id && !saved) {
      navigate(RESCHEDULE_FALLBACK_PATH);
      return;
    }
    setRequest({ id, saved, returnTo: safeReturnTo(params.get('returnTo')) });
  }, [navigate]);

  const needsLookup = Boolean(request && !request.saved && request.id);
  const upcoming = useQuery({
    queryKey: ['bookings', 'upcoming'],
    queryFn: () => api.bookings('upcoming'),
    enabled: signedIn && needsLookup,
  });
  const booking =
    request?.saved ?? upcoming.data?.find((b) => b.id === request?.id && b.canReschedule);

  // The new booking's id, so the list it returns to can confirm the move and highlight it.
  const movedId = useRef<string | undefined>(undefined);

  const lookupFailed = needsLookup && (upcoming.isError || (upcoming.isSuccess && !booking));
  useEffect(() => {
    if (!lookupFailed) return;
    toastError(upcoming.isError ? MESSAGES.bookingsLoadFailed : MESSAGES.sessionDataMissing);
    navigate(RESCHEDULE_FALLBACK_PATH);
  }, [lookupFailed, upcoming.isError, navigate]);

  if (session.isPending || !request) return <BookingsSkeleton count={1} />;
  if (!signedIn) return <BookingsLoginPrompt what="reschedule your booking" />;
  if (!booking) return <BookingsSkeleton count={1} />;

  return (
    <RescheduleFlowContent
      pricing={pricing}
      // Names the pupil whose seat moves ("Moving Sam’s seat only"); a sibling keeps theirs.
      booking={pickerBooking(booking)}
      {...(request.returnTo ? { returnTo: request.returnTo } : {})}
      onConfirm={async (startsAt) => {
        const moved = await api.rescheduleBooking(booking.id, startsAt);
        movedId.current = moved.id;
        return moved;
      }}
      navigate={(url) => {
        clearBookingToMove();
        window.location.assign(afterRescheduleUrl(url, movedId.current));
      }}
    />
  );
}

export function BookingsReschedule(props: BookingsRescheduleProps) {
  return (
    <AppProviders>
      <BookingsRescheduleContent {...props} />
    </AppProviders>
  );
}

export default BookingsReschedule;
