// A session's attendees on the Sessions Overview: each family once, its pupils with their
// attendance marks, the account holder who books and pays, and the account's figures.
import { Avatar, Flex, Spinner, Text } from '@radix-ui/themes';
import { yearGroupLabel } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { type AdminAttendee, adminApi, adminUserUrl } from './admin-api.ts';
import {
  bookingsText,
  initials,
  pounds,
  retryUnlessRefused,
  shortLondonDate,
} from './admin-format.ts';
import { usePhoneText } from '../../lib/phone-numbers.ts';
import { useId } from 'react';
import { AttendanceControl, type RegisterState, registerNote } from './admin-session-lessons.tsx';

/** The register's window, said once above the families and given to each mark (decision 107). */
interface RegisterWindow {
  note: string | undefined;
  noteId: string;
}

export function AttendeeList({
  sessionId,
  register,
}: {
  sessionId: string;
  register?: RegisterState | undefined;
}) {
  const noteId = useId();
  const attendees = useQuery({
    queryKey: ['admin', 'attendees', sessionId],
    queryFn: () => adminApi.attendees(sessionId),
    retry: retryUnlessRefused,
  });
  if (attendees.isPending) {
    return (
      <Flex align="center" gap="2" role="status">
        <Spinner /> <Text color="gray">Loading attendees…</Text>
      </Flex>
    );
  }
  if (attendees.isError) {
    return <Text color="red">Failed to load attendees.</Text>;
  }
  if (attendees.data.length === 0) {
    return <Text color="gray">No bookings for this session.</Text>;
  }
  const registerWindow: RegisterWindow = { note: registerNote(register), noteId };
  return (
    <>
      {registerWindow.note && (
        <Text as="p" size="2" color="gray" id={noteId} mb="2">
          {registerWindow.note}
        </Text>
      )}
      <ul className="admin-attendees">
        {familiesOf(attendees.data).map((seats) => (
          <FamilyItem
            key={seats[0]?.bookingId}
            seats={seats}
            sessionId={sessionId}
            registerWindow={registerWindow}
          />
        ))}
      </ul>
    </>
  );
}

/** The seats grouped by account, in the order the list gives them: siblings side by side. */
export function familiesOf(seats: readonly AdminAttendee[]): AdminAttendee[][] {
  const byAccount = new Map<string, AdminAttendee[]>();
  for (const seat of seats) {
    const family = byAccount.get(seat.userId);
    if (family) family.push(seat);
    else byAccount.set(seat.userId, [seat]);
  }
  return [...byAccount.values()];
}

/**
 * One family in the session: each pupil who attends, with their attendance mark, then once the
 * account holder who booked and pays, with the account's figures (not once per child).
 */
function FamilyItem({
  seats,
  sessionId,
  registerWindow,
}: {
  seats: AdminAttendee[];
  sessionId: string;
  registerWindow: RegisterWindow;
}) {
  const phoneText = usePhoneText();
  const person = seats[0];
  if (!person) return null;
  const { bookings } = person;
  return (
    <li className="admin-attendee">
      <a
        href={adminUserUrl(person.userId)}
        className="admin-avatar-link"
        aria-label={`Open ${person.name}'s details`}
      >
        <Avatar size="3" radius="full" fallback={initials(person.pupil.name, person.email)} />
      </a>
      <div className="admin-attendee__who">
        {seats.map(({ bookingId, pupil }) => (
          <Text as="div" weight="bold" key={bookingId}>
            {pupil.name}{' '}
            <Text weight="regular" color="gray">
              ({yearGroupLabel(pupil.yearGroup)})
            </Text>
          </Text>
        ))}
        <Text as="div" size="2">
          Account holder: {person.name}
        </Text>
        <Text as="div" size="2">
          <a href={`mailto:${person.email}`}>{person.email}</a>
        </Text>
        {person.phone && (
          <Text as="div" size="2" color="gray">
            {phoneText(person.phone)}
          </Text>
        )}
      </div>
      <div className="admin-attendee__figures">
        <Text as="div" size="2">
          {bookingsText(bookings)}
        </Text>
        <Text as="div" size="2" color="gray">
          Spent {pounds(person.totalSpentPence)}
          {person.lastPaymentAt ? `, last paid ${shortLondonDate(person.lastPaymentAt)}` : ''}
        </Text>
      </div>
      {seats.map((seat) => (
        <AttendanceControl
          key={seat.bookingId}
          sessionId={sessionId}
          bookingId={seat.bookingId}
          pupilName={seat.pupil.name}
          status={seat.attendance}
          closed={registerWindow.note !== undefined}
          describedBy={registerWindow.noteId}
        />
      ))}
    </li>
  );
}
