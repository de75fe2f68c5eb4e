// The admin user page's bookings (decision 043): the history table, where upcoming confirmed
// bookings can be cancelled (after a confirmation) or moved, and the booking picker in reschedule
// mode posting to the admin endpoint and seeing the customer's seats. The picker (calendar,
// basket, pupil form: about a third of the page's JavaScript) loads when an admin asks to move a
// booking, not with the page.
import { Badge, Button, Flex, Heading, Table, Text } from '@radix-ui/themes';
import {
  type BookingBadge,
  type Clock,
  formatLondonDate,
  isSubjectCode,
  type PricingRules,
  SUBJECTS,
} from '@tuition/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { londonTimeRange } from '../shared/session-labels.ts';
import { CancelBooking } from './admin-cancel-booking.tsx';
import {
  type AdminBookingHistoryEntry,
  type AdminUserDetail as UserDetailData,
  adminApi,
} from './admin-api.ts';
import { shortLondonDate } from './admin-format.ts';
import { AttendanceBadge } from './admin-session-lessons.tsx';
import { useBookingHistory } from './use-admin-user.ts';
import { LoadMoreButton } from './admin-pager.tsx';

const BADGES: Record<BookingBadge, { text: string; color: 'green' | 'gray' | 'red' | 'blue' }> = {
  upcoming: { text: 'Upcoming', color: 'green' },
  completed: { text: 'Completed', color: 'gray' },
  cancelled: { text: 'Cancelled', color: 'red' },
  rescheduled: { text: 'Rescheduled', color: 'blue' },
};

const RescheduleFlowContent = lazy(() =>
  import('../shared/booking-picker/reschedule-flow-content.tsx').then(
    ({ RescheduleFlowContent }) => ({ default: RescheduleFlowContent }),
  ),
);

const subjectTitle = (subject: string) =>
  isSubjectCode(subject) ? SUBJECTS[subject].title : subject;

/**
 * What the Service column says: a 1-to-1 lesson as the family's own list names it, "1-to-1 with
 * Sam · GCSE Higher" (docs/decisions/108, 112); a class by its name.
 */
export function bookingServiceText(
  booking: Pick<AdminBookingHistoryEntry, 'kind' | 'tutorName' | 'label'>,
): string {
  if (booking.kind !== 'one-to-one') return booking.label;
  const who = booking.tutorName ? `1-to-1 with ${booking.tutorName}` : '1-to-1 lesson';
  return `${who} · ${booking.label}`;
}

/** One booking of the history, with what an admin can do to it. */
function BookingRow({
  booking,
  userId,
  onReschedule,
  onCancelled,
}: {
  booking: AdminBookingHistoryEntry;
  userId: string;
  onReschedule: (booking: AdminBookingHistoryEntry) => void;
  onCancelled: (done: string) => void;
}) {
  const start = new Date(booking.sessionStartsAt);
  const badge = BADGES[booking.badge];
  return (
    <Table.Row data-booking-id={booking.id} className="admin-bookings-table__row">
      {/* Focusable by script only: "Load more bookings" takes focus to the first new row. */}
      <Table.RowHeaderCell tabIndex={-1}>
        <Text as="div">
          {Number.isNaN(start.getTime()) ? 'Invalid Date' : formatLondonDate(start)}
        </Text>
        <Text as="div" size="1" color="gray">
          {londonTimeRange(booking.sessionStartsAt, booking.sessionEndsAt)}
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell data-label="Pupil">{booking.pupil.name}</Table.Cell>
      <Table.Cell data-label="Subject">{subjectTitle(booking.subject)}</Table.Cell>
      <Table.Cell data-label="Service">{bookingServiceText(booking)}</Table.Cell>
      <Table.Cell data-label="Status">
        <Badge color={badge.color}>{badge.text}</Badge>
      </Table.Cell>
      <Table.Cell data-label="Attendance">
        <AttendanceBadge status={booking.attendance} />
      </Table.Cell>
      <Table.Cell data-label="Booked On">{shortLondonDate(booking.createdAt)}</Table.Cell>
      <Table.Cell className="admin-bookings-table__actions">
        <Flex gap="2" wrap="wrap">
          {/* A 1-to-1 lesson moves only to its tutor's free hours, which the family's own
              page offers (docs/decisions/111); the class calendar here would offer none. */}
          {booking.canReschedule && booking.kind !== 'one-to-one' && (
            <Button size="1" variant="soft" onClick={() => onReschedule(booking)}>
              Reschedule
              <span className="visually-hidden">
                {' '}
                {booking.pupil.name}, {bookingServiceText(booking)} on {formatLondonDate(start)}
              </span>
            </Button>
          )}
          {booking.canCancel && (
            <CancelBooking booking={booking} userId={userId} onCancelled={onCancelled} />
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

export function BookingsHistory({
  detail,
  onReschedule,
}: {
  detail: UserDetailData;
  onReschedule: (booking: AdminBookingHistoryEntry) => void;
}) {
  const history = useBookingHistory(detail);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // What the last cancel did, kept in view once its toast has gone (decision 077). Focus moves
  // to it: the Cancel button the dialog would return focus to is gone with the cancel.
  const [cancelled, setCancelled] = useState('');
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (cancelled) outcomeRef.current?.focus();
  }, [cancelled]);
  if (history.bookings.length === 0) {
    return <Text color="gray">No bookings found for this user.</Text>;
  }
  return (
    <>
      <Text
        as="p"
        size="2"
        role="status"
        ref={outcomeRef}
        tabIndex={-1}
        mb={cancelled ? '3' : '0'}
        data-testid="cancel-outcome"
      >
        {cancelled}
      </Text>
      <div className="admin-table-scroll">
        <Table.Root variant="surface" className="admin-bookings-table" aria-busy={history.loading}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Session Date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Pupil</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Service</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Attendance</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Booked On</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body ref={bodyRef}>
            {history.bookings.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                userId={detail.profile.id}
                onReschedule={onReschedule}
                onCancelled={setCancelled}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      <LoadMoreButton
        what="bookings"
        hasMore={history.hasMore}
        loading={history.loading}
        onLoadMore={history.loadMore}
        listRef={bodyRef}
        itemSelector="tr[data-booking-id]"
        focusSelector="th"
      />
    </>
  );
}

/** The picker in reschedule mode for one of the customer's bookings. */
export function RescheduleForUser({
  booking,
  userName,
  userId,
  pricing,
  clock,
  onBack,
  onDone,
}: {
  booking: AdminBookingHistoryEntry;
  userName: string;
  userId: string;
  pricing: PricingRules;
  clock: Clock;
  onBack: () => void;
  onDone: () => void;
}) {
  return (
    <>
      <Flex justify="between" align="center" wrap="wrap" gap="3" mb="3">
        <div>
          <Heading as="h2" size="5">
            Reschedule for {userName}
          </Heading>
          {/* One pupil's seat moves; a sibling in the same session keeps theirs. */}
          <Text as="p" size="2" color="gray">
            Moving {booking.pupil.name}’s seat
          </Text>
        </div>
        <Button variant="soft" color="gray" onClick={onBack}>
          Back to bookings
        </Button>
      </Flex>
      <Suspense
        fallback={
          <Text as="p" color="gray">
            Loading the calendar…
          </Text>
        }
      >
        <RescheduleFlowContent
          pricing={pricing}
          clock={clock}
          booking={{
            id: booking.id,
            service: booking.service,
            label: booking.label,
            startsAt: booking.sessionStartsAt,
            pupilName: booking.pupil.name,
            pupilId: booking.pupil.id,
          }}
          forUser={userId}
          onConfirm={(startsAt) => adminApi.rescheduleBooking(booking.id, startsAt)}
          returnTo={`/admin/users/${encodeURIComponent(userId)}`}
          // Back to this page's history, already up to date, rather than a reload.
          navigate={onDone}
        />
      </Suspense>
    </>
  );
}
