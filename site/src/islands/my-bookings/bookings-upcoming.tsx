// /upcoming-bookings (docs/product-rules.md#pages): the signed-in customer's coming sessions with
// Reschedule and Cancel. A group seat moves on /reschedule, a 1-to-1 lesson in a dialog here
// (docs/decisions/111). Cancelling asks first and says there is no refund. Within 24 hours of the
// start a session can no longer be moved online: Reschedule then explains how to ask support. Above
// the list, the customer's own unpaid checkouts ("Payment pending", Resume payment, Release). A
// term enrolment's seats are grouped under it (enrolment-group.tsx, docs/decisions/083).
import { Badge, Button } from '@radix-ui/themes';
import { type Clock, customerCancelGivesCredit, MESSAGES, systemClock } from '@tuition/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, type Booking } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { type Enrolment, termApi } from '../../lib/term-api.ts';
import { AppProviders, toastError, toastSuccess } from '../shared/app-providers.tsx';
import { LoadShell } from '../shared/load-shell.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import { cancelSeatQuestion, londonTimeRange, serviceLabel } from '../shared/session-labels.ts';
import { BookingsCard, BookingsSkeleton } from './bookings-card.tsx';
import { JoinButton } from './join-button.tsx';
import { OneToOneMoveDialog } from './one-to-one-move.tsx';
import { TooLateDialog } from './too-late-dialog.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import { EnrolmentGroups } from './enrolment-group.tsx';
import { ALL_PUPILS, byPupil, PupilFilter } from './pupil-filter.tsx';
import { WaitlistPlaces } from '../shared/waitlist/waitlist-places.tsx';
import { saveBookingToMove, takeMovedBookingId } from './bookings-reschedule-state.ts';
import {
  PendingPayments,
  useOpenCheckouts,
  useRefreshOnReturn,
} from '../shared/pending-payments.tsx';
import './bookings.css';
import './bookings-upcoming.css';

export interface BookingsUpcomingProps {
  contactEmail: string;
  contactPhone: string;
  /** The CMS setting: an own cancel 24 hours or more ahead returns a session of credit. */
  cancelReturnsCredit?: boolean;
  clock?: Clock;
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}

export const UPCOMING_QUERY_KEY = ['bookings', 'upcoming'] as const;

/**
 * Back from /reschedule: the spec's "Session rescheduled successfully" (the toast on /reschedule
 * lasts only until the page changes) and the id of the moved booking to highlight.
 */
function useMovedBooking() {
  const [movedId, setMovedId] = useState<string>();
  useEffect(() => {
    const id = takeMovedBookingId();
    if (!id) return;
    setMovedId(id);
    toastSuccess(MESSAGES.rescheduleSuccess);
  }, []);
  // A 1-to-1 lesson is moved in place (one-to-one-move.tsx) and marked the same way.
  return [movedId, setMovedId] as const;
}

/** Marks the moved booking's card: a visible label, and a ring (bookings-upcoming.css). */
function MovedMarker() {
  return (
    <Badge color="indigo" variant="solid" size="2" className="bookings-moved">
      Rescheduled just now
    </Badge>
  );
}

function CancelDialog({ booking, givesCredit }: { booking: Booking; givesCredit: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => api.cancelBooking(booking.id),
    onSuccess: () => {
      toastSuccess(MESSAGES.bookingCancelled);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) => {
      console.error('Cancel failed', error);
      toastError(MESSAGES.cancelFailed);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="soft" color="red" highContrast>
          Cancel
        </Button>
      }
      title={cancelSeatQuestion(
        booking.pupil.name,
        serviceLabel(booking.service),
        booking.startsAt,
      )}
      description={
        <>
          {londonTimeRange(booking.startsAt, booking.endsAt)} (UK time).{' '}
          {givesCredit
            ? 'You cancel more than 24 hours ahead, so this session comes back to you as a session of credit to book another date.'
            : 'Cancelled sessions are non-refundable: you will not get a refund for this session.'}
        </>
      }
      keepLabel="Keep Booking"
      confirmLabel="Cancel Booking"
      confirmColor="red"
      highContrast
      busy={cancel.isPending}
      onConfirm={() => cancel.mutate()}
    />
  );
}

export function BookingsUpcomingContent({
  contactEmail,
  contactPhone,
  cancelReturnsCredit = false,
  clock = systemClock,
  navigate = (url) => window.location.assign(url),
}: BookingsUpcomingProps) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const bookings = useQuery({
    queryKey: UPCOMING_QUERY_KEY,
    queryFn: () => api.bookings('upcoming'),
    enabled: signedIn,
  });
  // Without it (still loading, or failed) the seats are listed one by one, as before.
  const enrolments = useQuery({
    queryKey: ['bookings', 'enrolments'],
    queryFn: termApi.enrolments,
    enabled: signedIn,
  });

  const now = clock.now();
  const openCheckouts = useOpenCheckouts(signedIn, now);
  const [movedId, setMovedId] = useMovedBooking();
  const [pupilShown, setPupilShown] = useState(ALL_PUPILS);

  // The moved booking is brought into view once the list shows it.
  useEffect(() => {
    if (!movedId || !bookings.data) return;
    document
      .querySelector('.bookings-moved')
      ?.closest('li')
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [movedId, bookings.data]);
  useRefreshOnReturn();

  useErrorToast(bookings.isError, MESSAGES.bookingsLoadFailed);

  if (session.isPending) return <BookingsSkeleton />;
  if (!signedIn) return <BookingsLoginPrompt what="view your bookings" />;

  const all = bookings.data ?? [];

  function reschedule(booking: Booking) {
    saveBookingToMove(booking);
    navigate(`/reschedule?booking=${encodeURIComponent(booking.id)}`);
  }

  return (
    <div className="bookings">
      <div className="bookings__bar">
        <a className="btn" href="/booking">
          Book New Session
        </a>
      </div>
      <PendingPayments checkouts={openCheckouts.open} />
      <WaitlistPlaces now={now} />
      <PupilFilter bookings={all} value={pupilShown} onChange={setPupilShown} />
      <LoadShell
        query={bookings}
        loading={<BookingsSkeleton />}
        failedText={MESSAGES.bookingsLoadFailed.title}
      >
        {(data) => (
          <UpcomingList
            list={byPupil(data, pupilShown)}
            enrolments={enrolments.data ?? []}
            now={now}
            movedId={movedId}
            contactEmail={contactEmail}
            contactPhone={contactPhone}
            cancelReturnsCredit={cancelReturnsCredit}
            onReschedule={reschedule}
            onMoved={setMovedId}
          />
        )}
      </LoadShell>
    </div>
  );
}

/** The coming sessions with their actions, or a word that there are none. */
function UpcomingList({
  list,
  enrolments,
  now,
  movedId,
  contactEmail,
  contactPhone,
  cancelReturnsCredit,
  onReschedule,
  onMoved,
}: {
  list: readonly Booking[];
  enrolments: readonly Enrolment[];
  now: Date;
  movedId: string | undefined;
  contactEmail: string;
  contactPhone: string;
  cancelReturnsCredit: boolean;
  onReschedule: (booking: Booking) => void;
  onMoved: (movedId: string) => void;
}) {
  if (list.length === 0) {
    return (
      <div className="bookings__empty card">
        <h2>No upcoming sessions</h2>
        <p>Book a group session and it will appear here.</p>
      </div>
    );
  }
  const card = (booking: Booking, headingLevel: 'h2' | 'h3') => (
    <BookingsCard key={booking.id} booking={booking} now={now} headingLevel={headingLevel}>
      {booking.id === movedId && <MovedMarker />}
      <JoinButton booking={booking} />
      {booking.canReschedule && booking.kind === 'one-to-one' ? (
        <OneToOneMoveDialog booking={booking} now={now} onMoved={onMoved} />
      ) : booking.canReschedule ? (
        <Button variant="soft" onClick={() => onReschedule(booking)}>
          Reschedule
        </Button>
      ) : (
        booking.canCancel && (
          <TooLateDialog contactEmail={contactEmail} contactPhone={contactPhone} />
        )
      )}
      {booking.canCancel && (
        <CancelDialog
          booking={booking}
          givesCredit={customerCancelGivesCredit(
            new Date(booking.startsAt),
            now,
            cancelReturnsCredit,
          )}
        />
      )}
    </BookingsCard>
  );
  return <EnrolmentGroups list={list} enrolments={enrolments} card={card} />;
}

export function BookingsUpcoming({
  queryClient,
  ...props
}: BookingsUpcomingProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <BookingsUpcomingContent {...props} />
    </AppProviders>
  );
}

export default BookingsUpcoming;
