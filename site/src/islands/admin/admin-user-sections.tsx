// The admin user page's sections (decision 043): the way back, the loading and failure states,
// the profile card with its actions, and the contact, booking and spending figures. They only
// render what useAdminUser holds; the bookings history is admin-user-bookings.tsx.
import {
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
  Text,
} from '@radix-ui/themes';
import { type Message, yearGroupLabel } from '@tuition/domain';
import { useState } from 'react';
import { usePhoneText } from '../../lib/phone-numbers.ts';
import { ConfirmDialog } from '../shared/confirm-dialog.tsx';
import type { AdminUserDetail as UserDetailData } from './admin-api.ts';
import { bookingsText, confirmedSeats, initials, pounds, shortLondonDate } from './admin-format.ts';
import { attendanceSummary } from './admin-session-lessons.tsx';

type Profile = UserDetailData['profile'];

export function BackToAdmin() {
  return (
    <a href="/admin" className="admin-back">
      ← Back to Admin
    </a>
  );
}

export function UserDetailLoading() {
  return (
    <div className="admin">
      <BackToAdmin />
      <Flex align="center" gap="2" role="status">
        <Spinner /> <Text color="gray">Loading user details…</Text>
      </Flex>
      <Skeleton height="120px" />
    </div>
  );
}

export function UserDetailFailed({ notFound, failure }: { notFound: boolean; failure: Message }) {
  return (
    <div className="admin">
      <BackToAdmin />
      <Card size="3">
        <Heading as="h1" size="6" mb="2">
          {notFound ? 'User profile not found.' : 'Failed to load user details.'}
        </Heading>
        {failure.description && <Text color="gray">{failure.description}</Text>}
      </Card>
    </div>
  );
}

/**
 * Asks before mailing a customer a reset link: a stray click in the Actions menu must not send
 * an unexpected e-mail. Only Send calls `onSend`; Cancel and Escape send nothing.
 */
export function ConfirmPasswordReset({
  profile,
  open,
  onOpenChange,
  onSend,
}: {
  profile: Pick<Profile, 'name' | 'email'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSend: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Password Reset"
      description={`Send a password reset e-mail to ${profile.name} (${profile.email})?`}
      keepLabel="Cancel"
      confirmLabel="Send"
      busy={false}
      onConfirm={() => {
        onOpenChange(false);
        onSend();
      }}
    >
      <Text as="p" size="2" color="gray" mt="2">
        The e-mail holds a link to choose a new password. Their current password keeps working until
        they use it.
      </Text>
    </ConfirmDialog>
  );
}

export function UserHeader({
  profile,
  onSendPasswordReset,
}: {
  profile: Profile;
  onSendPasswordReset: () => void;
}) {
  const [confirmingReset, setConfirmingReset] = useState(false);
  return (
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
            <DropdownMenu.Item onSelect={() => setConfirmingReset(true)}>
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
      <ConfirmPasswordReset
        profile={profile}
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        onSend={onSendPasswordReset}
      />
    </Card>
  );
}

function FiguresCard({ title, items }: { title: string; items: Array<[string, string]> }) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {title}
      </Heading>
      <DataList.Root size="2">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label minWidth="110px">{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Card>
  );
}

export function UserFigures({ detail }: { detail: UserDetailData }) {
  const { profile, statistics, financial } = detail;
  const phoneText = usePhoneText();
  return (
    <div className="admin-detail-grid">
      <FiguresCard
        title="Contact Information"
        items={[
          ['Email', profile.email],
          ['Phone', profile.phone ? phoneText(profile.phone) : 'Not provided'],
          ['Joined', shortLondonDate(profile.joinedAt)],
          ['Account', profile.accountType === 'student' ? 'Student (16+)' : 'Parent or guardian'],
        ]}
      />
      <FiguresCard
        title="Booking Statistics"
        items={[
          ['Bookings (confirmed seats)', String(confirmedSeats(statistics))],
          ['Upcoming', String(statistics.upcoming)],
          ['Held', String(statistics.previous)],
          ['Cancelled (not counted)', String(statistics.cancelled)],
          // A moved seat lives on as its new booking; the old one is shown apart, never counted.
          ['Moved (not counted)', String(statistics.moved)],
          // Sessions marked absent in the register (decision 056), all the account's pupils together.
          ['No-shows', String(detail.noShows ?? 0)],
        ]}
      />
      <FiguresCard
        title="Financial Summary"
        items={[
          // Net of refunds (docs/product-rules.md "Admin figures").
          ['Total Spent (less refunds)', pounds(financial.totalSpentPence)],
          [
            'Last Payment',
            financial.lastPaymentAt ? shortLondonDate(financial.lastPaymentAt) : 'No payments yet',
          ],
        ]}
      />
    </div>
  );
}

/** The account's pupils (archived ones too), each with its own booking figures. */
export function UserPupils({ detail }: { detail: UserDetailData }) {
  if (detail.pupils.length === 0) {
    return <Text color="gray">No pupils yet: one is added with the first booking.</Text>;
  }
  return (
    <ul className="admin-pupils">
      {detail.pupils.map((pupil) => {
        const own = detail.bookings.filter((booking) => booking.pupil.id === pupil.id);
        const count = (badge: string) => own.filter((booking) => booking.badge === badge).length;
        const counts = {
          upcoming: count('upcoming'),
          previous: count('completed'),
          cancelled: count('cancelled'),
          moved: count('rescheduled'),
        };
        return (
          <li key={pupil.id} className="admin-pupil">
            <Flex align="center" gap="2" wrap="wrap">
              <Text weight="bold">{pupil.name}</Text>
              <Text color="gray">{yearGroupLabel(pupil.yearGroup)}</Text>
              {pupil.archived && <Badge color="gray">Removed by the account</Badge>}
            </Flex>
            {pupil.email && (
              <Text as="div" size="2">
                Own e-mail: {pupil.email}
              </Text>
            )}
            {pupil.consentRecordedAt && (
              <Text as="div" size="2" color="gray">
                Parental consent recorded {shortLondonDate(pupil.consentRecordedAt)}
                {pupil.consentPolicyVersion
                  ? ` (privacy policy of ${pupil.consentPolicyVersion})`
                  : ''}
              </Text>
            )}
            <Text as="div" size="2">
              {bookingsText(counts)}
            </Text>
            <Text as="div" size="2" color="gray">
              {attendanceSummary(own)}
            </Text>
          </li>
        );
      })}
    </ul>
  );
}
