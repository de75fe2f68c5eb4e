// /admin Sessions Overview (docs/product-rules.md#pages): booked sessions, Upcoming (with their
// count), Today or Previous, by date or by bookings; each expands to its attendees, whose avatars
// open the user page, with their attendance marks, the session's own meeting link and the
// printable register (CSV) to download.
import {
  Avatar,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  SegmentedControl,
  Select,
  Spinner,
  Text,
} from '@radix-ui/themes';
import { formatLondonDate, yearGroupLabel } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type AdminAttendee,
  type AdminSession,
  adminApi,
  adminUserUrl,
  registerCsvUrl,
  type SessionFilter,
  type SessionSort,
} from './admin-api.ts';
import {
  adminLoadFailure,
  initials,
  bookingsText,
  pounds,
  retryUnlessRefused,
  shortLondonDate,
} from './admin-format.ts';
import { usePhoneText } from '../../lib/phone-numbers.ts';
import { useErrorToast } from '../shared/use-error-toast.ts';
import { AdminSessionWaitlist, WaitingBadge } from '../shared/waitlist/admin-session-waitlist.tsx';
import {
  AttendanceControl,
  MeetingLinkBadge,
  SessionMeetingOverride,
} from './admin-session-lessons.tsx';

function AttendeeList({ sessionId }: { sessionId: string }) {
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
  return (
    <ul className="admin-attendees">
      {familiesOf(attendees.data).map((seats) => (
        <FamilyItem key={seats[0]?.bookingId} seats={seats} sessionId={sessionId} />
      ))}
    </ul>
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
function FamilyItem({ seats, sessionId }: { seats: AdminAttendee[]; sessionId: string }) {
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
        />
      ))}
    </li>
  );
}

function SessionItem({ session }: { session: AdminSession }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const full = session.bookedCount >= session.capacity;
  return (
    <li className="admin-session">
      <div className="admin-session__row">
        <button
          type="button"
          className="admin-session__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="admin-session__chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className="admin-session__title">
            <span className="admin-session__label">{session.label}</span>
            <span className="admin-session__when">
              {formatLondonDate(new Date(session.startsAt))}, {session.time}
            </span>
          </span>
          <span className="admin-session__count">
            {session.bookedCount} / {session.capacity} booked
          </span>
        </button>
        <span className="admin-session__badges">
          {full && <Badge color="orange">Full</Badge>}
          <WaitingBadge count={session.waitingCount} />
          <MeetingLinkBadge missing={session.meetingLinkMissing} />
          {session.closedReason && (
            // A day closed after people booked it: flagged for staff, never cancelled by itself.
            <Badge color="red" title="Contact the families: these bookings were not cancelled">
              Closed — {session.closedReason}
            </Badge>
          )}
        </span>
      </div>
      {open && (
        <div id={panelId} className="admin-session__panel">
          <AttendeeList sessionId={session.id} />
          <SessionMeetingOverride
            sessionId={session.id}
            sessionName={`${session.label}, ${formatLondonDate(new Date(session.startsAt))}`}
          />
          <AdminSessionWaitlist sessionId={session.id} />
          <a className="admin-session__register" href={registerCsvUrl(session.id)} download>
            Download register (CSV)
            <span className="visually-hidden">
              {' '}
              for {session.label}, {formatLondonDate(new Date(session.startsAt))}
            </span>
          </a>
        </div>
      )}
    </li>
  );
}

const SESSIONS_LOAD_FAILED = { title: 'Error', description: 'Failed to load sessions.' };

export function AdminSessions({ upcomingCount }: { upcomingCount: number | undefined }) {
  const [filter, setFilter] = useState<SessionFilter>('upcoming');
  const [sort, setSort] = useState<SessionSort>('date');
  const sortId = useId();
  const sessions = useQuery({
    queryKey: ['admin', 'sessions', filter, sort],
    queryFn: () => adminApi.sessions(filter, sort),
    retry: retryUnlessRefused,
  });
  useErrorToast(sessions.isError, (error) => adminLoadFailure(error, SESSIONS_LOAD_FAILED), {
    error: sessions.error,
    logAs: 'Failed to load sessions',
  });

  return (
    <Card size="3" className="admin-section">
      <Flex justify="between" align="center" wrap="wrap" gap="3" mb="4">
        <Heading as="h2" size="5">
          Sessions Overview
        </Heading>
        <Flex gap="3" align="center" wrap="wrap" className="admin-sessions__controls">
          <SegmentedControl.Root
            className="admin-sessions__filter"
            value={filter}
            onValueChange={(v) => setFilter(v as SessionFilter)}
            aria-label="Which sessions"
          >
            <SegmentedControl.Item value="upcoming">
              Upcoming{upcomingCount === undefined ? '' : ` (${upcomingCount})`}
            </SegmentedControl.Item>
            <SegmentedControl.Item value="today">Today</SegmentedControl.Item>
            <SegmentedControl.Item value="previous">Previous</SegmentedControl.Item>
          </SegmentedControl.Root>
          <Flex align="center" gap="2">
            <Text as="span" size="2" id={sortId}>
              Sort
            </Text>
            <Select.Root value={sort} onValueChange={(v) => setSort(v as SessionSort)}>
              <Select.Trigger aria-labelledby={sortId} />
              <Select.Content>
                <Select.Item value="date">By Date</Select.Item>
                <Select.Item value="bookings">By Bookings</Select.Item>
              </Select.Content>
            </Select.Root>
          </Flex>
        </Flex>
      </Flex>
      {sessions.isPending ? (
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading sessions…</Text>
        </Flex>
      ) : sessions.isError ? (
        <Flex align="center" gap="3">
          <Text color="red">Failed to load sessions.</Text>
          <Button variant="soft" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </Flex>
      ) : sessions.data.sessions.length === 0 ? (
        <Text color="gray">
          {filter === 'today' ? 'No booked sessions today.' : `No ${filter} sessions found.`}
        </Text>
      ) : (
        <ul className="admin-sessions">
          {sessions.data.sessions.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}
