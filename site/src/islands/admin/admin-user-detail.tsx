// /admin/users/{id} (docs/product-rules.md#pages): one customer for an admin: contact details,
// booking statistics, spending, and the bookings history where upcoming confirmed bookings can be
// cancelled or moved (with the booking picker in reschedule mode, posting to the admin endpoint).
// The site is static, so the booking service serves this page for every /admin/users/* address and
// the id is read from the path (docs/decisions/031). Non-admins are sent to /admin.
import {
  AlertDialog,
  Avatar,
  Badge,
  Button,
  Card,
  DataList,
  DropdownMenu,
  Flex,
  Heading,
  Skeleton,
  Spinner,
  Table,
  Text,
} from '@radix-ui/themes';
import {
  type BookingBadge,
  type Clock,
  formatLondonDate,
  isSubjectCode,
  MESSAGES,
  type Message,
  type PricingRules,
  SUBJECTS,
  systemClock,
} from '@tuition/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import {
  type AdminBookingHistoryEntry,
  type AdminUserDetail as UserDetailData,
  adminApi,
} from './admin-api.ts';
import {
  adminLoadFailure,
  initials,
  pounds,
  retryUnlessRefused,
  shortLondonDate,
} from './admin-format.ts';
import { AdminGate } from './admin-gate.tsx';
import { usePasswordReset } from './admin-users.tsx';
import { AppProviders, toastError, toastSuccess } from '../shared/app-providers.tsx';
import { BookingFlowContent } from '../booking/booking-flow.tsx';
import { londonTimeRange } from '../my-bookings/bookings-card.tsx';
import './admin.css';

/** The user id in /admin/users/{id}, or undefined on any other address. */
export function userIdFromPath(pathname: string): string | undefined {
  const match = /^\/admin\/users\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

const BADGES: Record<BookingBadge, { text: string; color: 'green' | 'gray' | 'red' | 'blue' }> = {
  upcoming: { text: 'Upcoming', color: 'green' },
  completed: { text: 'Completed', color: 'gray' },
  cancelled: { text: 'Cancelled', color: 'red' },
  rescheduled: { text: 'Rescheduled', color: 'blue' },
};

const subjectTitle = (subject: string) =>
  isSubjectCode(subject) ? SUBJECTS[subject].title : subject;

function userQueryKey(userId: string) {
  return ['admin', 'user', userId] as const;
}

function CancelBooking({ booking, userId }: { booking: AdminBookingHistoryEntry; userId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => adminApi.cancelBooking(booking.id),
    onSuccess: () => {
      toastSuccess(MESSAGES.adminBookingCancelled);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'summary'] });
    },
    onError: (error) => {
      console.error('Cancel failed', error);
      toastError(MESSAGES.adminCancelFailed);
    },
  });
  const when = formatLondonDate(new Date(booking.sessionStartsAt));
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <Button size="1" variant="soft" color="red">
          Cancel
          <span className="visually-hidden">
            {' '}
            {booking.label} on {when}
          </span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>Cancel booking</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {MESSAGES.adminCancelConfirm.title}
        </AlertDialog.Description>
        <Text as="p" size="2" color="gray" mt="2">
          {booking.label}, {when}, {londonTimeRange(booking.sessionStartsAt, booking.sessionEndsAt)}
        </Text>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Keep Booking
            </Button>
          </AlertDialog.Cancel>
          <Button
            color="red"
            highContrast
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel Booking
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

function BookingsHistory({
  detail,
  onReschedule,
}: {
  detail: UserDetailData;
  onReschedule: (booking: AdminBookingHistoryEntry) => void;
}) {
  if (detail.bookings.length === 0) {
    return <Text color="gray">No bookings found for this user.</Text>;
  }
  return (
    <div className="admin-table-scroll">
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Session Date</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Subject</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Service</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Booked On</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {detail.bookings.map((booking) => {
            const start = new Date(booking.sessionStartsAt);
            const badge = BADGES[booking.badge];
            return (
              <Table.Row key={booking.id} data-booking-id={booking.id}>
                <Table.RowHeaderCell>
                  <Text as="div">
                    {Number.isNaN(start.getTime()) ? 'Invalid Date' : formatLondonDate(start)}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {londonTimeRange(booking.sessionStartsAt, booking.sessionEndsAt)}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell>{subjectTitle(booking.subject)}</Table.Cell>
                <Table.Cell>{booking.label}</Table.Cell>
                <Table.Cell>
                  <Badge color={badge.color}>{badge.text}</Badge>
                </Table.Cell>
                <Table.Cell>{shortLondonDate(booking.createdAt)}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2" wrap="wrap">
                    {booking.canReschedule && (
                      <Button size="1" variant="soft" onClick={() => onReschedule(booking)}>
                        Reschedule
                        <span className="visually-hidden">
                          {' '}
                          {booking.label} on {formatLondonDate(start)}
                        </span>
                      </Button>
                    )}
                    {booking.canCancel && (
                      <CancelBooking booking={booking} userId={detail.profile.id} />
                    )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

function Figures({ items }: { items: Array<[string, string]> }) {
  return (
    <DataList.Root size="2">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.Label minWidth="110px">{label}</DataList.Label>
          <DataList.Value>{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function UserDetailContent({
  userId,
  pricing,
  clock,
}: {
  userId: string;
  pricing: PricingRules;
  clock: Clock;
}) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: userQueryKey(userId),
    queryFn: () => adminApi.user(userId),
    retry: retryUnlessRefused,
  });
  const reset = usePasswordReset();
  const [moving, setMoving] = useState<AdminBookingHistoryEntry | null>(null);

  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const failure: Message = notFound
    ? MESSAGES.userProfileNotFound
    : adminLoadFailure(detail.error, MESSAGES.userDetailsLoadFailed);
  useEffect(() => {
    if (detail.isError) {
      console.error('Failed to load user details', detail.error);
      toastError(failure);
    }
  }, [detail.isError, detail.error, failure]);

  const back = (
    <a href="/admin" className="admin-back">
      ← Back to Admin
    </a>
  );

  if (detail.isPending) {
    return (
      <div className="admin">
        {back}
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading user details…</Text>
        </Flex>
        <Skeleton height="120px" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="admin">
        {back}
        <Card size="3">
          <Heading as="h1" size="6" mb="2">
            {notFound ? 'User profile not found.' : 'Failed to load user details.'}
          </Heading>
          {failure.description && <Text color="gray">{failure.description}</Text>}
        </Card>
      </div>
    );
  }

  const { profile, statistics, financial } = detail.data;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
  };

  return (
    <div className="admin">
      {back}
      <Card size="3">
        <Flex justify="between" align="center" wrap="wrap" gap="4">
          <Flex align="center" gap="4">
            <Avatar size="5" radius="full" fallback={initials(profile.name, profile.email)} />
            <div>
              <Heading as="h1" size="6">
                {profile.name}
              </Heading>
              <Text as="p" color="gray">
                {profile.email}
              </Text>
            </div>
          </Flex>
          {/* Not modal: a modal menu hides the page from assistive technology while its links stay
              focusable (axe aria-hidden-focus); as the header's profile menu. */}
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger>
              <Button variant="soft">
                Actions <DropdownMenu.TriggerIcon />
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              <DropdownMenu.Item
                onSelect={() => reset.mutate({ id: profile.id, email: profile.email })}
              >
                Send Password Reset
              </DropdownMenu.Item>
              {profile.stripeCustomerUrl && (
                <DropdownMenu.Item asChild>
                  <a href={profile.stripeCustomerUrl} target="_blank" rel="noopener noreferrer">
                    View in Stripe
                  </a>
                </DropdownMenu.Item>
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        </Flex>
      </Card>

      <div className="admin-detail-grid">
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Contact Information
          </Heading>
          <Figures
            items={[
              ['Email', profile.email],
              ['Phone', profile.phone ?? 'Not provided'],
              ['Joined', shortLondonDate(profile.joinedAt)],
            ]}
          />
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Booking Statistics
          </Heading>
          <Figures
            items={[
              ['Total', String(statistics.total)],
              ['Upcoming', String(statistics.upcoming)],
              ['Previous', String(statistics.previous)],
              ['Cancelled', String(statistics.cancelled)],
            ]}
          />
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Financial Summary
          </Heading>
          <Figures
            items={[
              ['Total Spent', pounds(financial.totalSpentPence)],
              [
                'Last Payment',
                financial.lastPaymentAt
                  ? shortLondonDate(financial.lastPaymentAt)
                  : 'No payments yet',
              ],
            ]}
          />
        </Card>
      </div>

      <Card size="3" className="admin-section">
        {moving ? (
          <>
            <Flex justify="between" align="center" wrap="wrap" gap="3" mb="3">
              <Heading as="h2" size="5">
                Reschedule for {profile.name}
              </Heading>
              <Button variant="soft" color="gray" onClick={() => setMoving(null)}>
                Back to bookings
              </Button>
            </Flex>
            <BookingFlowContent
              mode="reschedule"
              pricing={pricing}
              clock={clock}
              booking={{
                id: moving.id,
                service: moving.service,
                label: moving.label,
                startsAt: moving.sessionStartsAt,
              }}
              forUser={userId}
              onConfirm={(startsAt) => adminApi.rescheduleBooking(moving.id, startsAt)}
              returnTo={`/admin/users/${encodeURIComponent(userId)}`}
              // Back to this page's history, already up to date, rather than a reload.
              navigate={() => {
                setMoving(null);
                refresh();
              }}
            />
          </>
        ) : (
          <>
            <Heading as="h2" size="5" mb="3">
              Bookings History
            </Heading>
            <BookingsHistory detail={detail.data} onReschedule={setMoving} />
          </>
        )}
      </Card>
    </div>
  );
}

export interface AdminUserDetailProps {
  /** Session price and bundle from the CMS, for the reschedule picker's display. */
  pricing: PricingRules;
  /** Tests pass the id; the page reads it from /admin/users/{id}. */
  userId?: string;
  clock?: Clock;
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}

export function AdminUserDetail({
  pricing,
  userId,
  clock = systemClock,
  navigate,
}: AdminUserDetailProps) {
  // Read after hydration: the static HTML is the same for every user.
  const [id, setId] = useState<string | undefined>(userId);
  const [resolved, setResolved] = useState(Boolean(userId));
  useEffect(() => {
    if (userId) return;
    setId(userIdFromPath(window.location.pathname));
    setResolved(true);
  }, [userId]);
  useEffect(() => {
    if (resolved && !id) (navigate ?? ((url) => window.location.replace(url)))('/admin');
  }, [resolved, id, navigate]);

  return (
    <AppProviders>
      <AdminGate redirectTo="/admin" {...(navigate ? { navigate } : {})}>
        {id ? <UserDetailContent userId={id} pricing={pricing} clock={clock} /> : null}
      </AdminGate>
    </AppProviders>
  );
}

export default AdminUserDetail;
