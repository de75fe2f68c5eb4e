// /admin User Management (docs/product-rules.md#pages): search applied on Enter or the Search
// button, 25 users a page, a row opens the user, a row menu sends a password reset or opens Stripe.
import {
  Avatar,
  Button,
  Card,
  DropdownMenu,
  Flex,
  Heading,
  IconButton,
  Spinner,
  Table,
  Text,
  TextField,
} from '@radix-ui/themes';
import { MESSAGES } from '@tuition/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type AdminUserRow, adminApi, adminUserUrl } from './admin-api.ts';
import {
  adminLoadFailure,
  initials,
  pounds,
  retryUnlessRefused,
  shortLondonDate,
  showingText,
} from './admin-format.ts';
import { usePhoneText } from '../../lib/phone-numbers.ts';
import { ConfirmPasswordReset } from './admin-user-sections.tsx';
import { usePasswordReset } from './use-admin-user.ts';
import { PreviousNext } from './admin-pager.tsx';
import { useErrorToast } from '../shared/use-error-toast.ts';

function RowMenu({ user, onReset }: { user: AdminUserRow; onReset: () => void }) {
  // Not modal: a modal menu hides the page from assistive technology while its links stay
  // focusable (axe aria-hidden-focus); as the header's profile menu.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label={`Actions for ${user.name}`}>
          <span aria-hidden="true">⋯</span>
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={onReset}>Reset Password</DropdownMenu.Item>
        {/* Only a customer Stripe took money from has a page there to open. */}
        {user.stripeCustomerUrl ? (
          <DropdownMenu.Item asChild>
            <a href={user.stripeCustomerUrl} target="_blank" rel="noopener noreferrer">
              View in Stripe
            </a>
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
/** One user: opening the row (not its links or menu) opens the user's page. */
function UserRow({
  user,
  onOpen,
  onReset,
}: {
  user: AdminUserRow;
  onOpen: () => void;
  onReset: () => void;
}) {
  const phoneText = usePhoneText();
  return (
    <Table.Row
      className="admin-users-table__row"
      onClick={(event) => {
        // Links and the menu inside the row do their own thing.
        if ((event.target as HTMLElement).closest('a, button, [role="menu"]')) return;
        onOpen();
      }}
    >
      <Table.RowHeaderCell>
        <Flex align="center" gap="3">
          <Avatar size="2" radius="full" fallback={initials(user.name, user.email)} />
          <a href={adminUserUrl(user.id)} className="admin-users-table__name">
            {user.name}
          </a>
        </Flex>
      </Table.RowHeaderCell>
      {/* data-label: on a phone each field is shown under its column's name (admin.css). */}
      <Table.Cell data-label="Contact">
        <div>
          <Text as="div" size="2">
            {user.email}
          </Text>
          {user.phone && (
            <Text as="div" size="2" color="gray">
              {phoneText(user.phone)}
            </Text>
          )}
          {user.pupilNames.length > 0 && (
            <Text as="div" size="1" color="gray">
              Pupils: {user.pupilNames.join(', ')}
            </Text>
          )}
        </div>
      </Table.Cell>
      <Table.Cell data-label="Joined">{shortLondonDate(user.joinedAt)}</Table.Cell>
      <Table.Cell data-label="Bookings (confirmed seats)">{user.bookingsTotal}</Table.Cell>
      <Table.Cell data-label="Spending">
        <div>
          <Text as="div">{pounds(user.totalSpentPence)}</Text>
          {user.lastPaymentAt && (
            <Text as="div" size="1" color="gray">
              Last paid {shortLondonDate(user.lastPaymentAt)}
            </Text>
          )}
        </div>
      </Table.Cell>
      <Table.Cell>
        <RowMenu user={user} onReset={onReset} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The search box: applied on Enter or the Search button, not while typing. */
function UserSearch({ onSearch }: { onSearch: (typed: string) => void }) {
  const [typed, setTyped] = useState('');
  const searchId = useId();
  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };
  return (
    <search>
      <form onSubmit={applySearch} className="admin-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search users by name, email or pupil's name
        </label>
        <TextField.Root
          id={searchId}
          type="search"
          placeholder="Name, email or pupil"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
    </search>
  );
}

/** A page of the table: where its cursor points, and the position of its first row, from 1. */
interface UsersPageAt {
  cursor: string | undefined;
  first: number;
}
const FIRST_PAGE: UsersPageAt[] = [{ cursor: undefined, first: 1 }];

/**
 * The users matching the search, a page at a time (decision 075). The service pages forward
 * only, so the client keeps the way back: the pages walked to reach this one.
 */
function useUserPages(search: string) {
  const [trail, setTrail] = useState(FIRST_PAGE);
  const depth = trail.length - 1;
  const at = trail[depth] ?? { cursor: undefined, first: 1 };
  const users = useQuery({
    queryKey: ['admin', 'users', search, at.cursor ?? null],
    // The answer carries where it stands, so "Showing …" matches the rows until the next lands.
    queryFn: async () => ({ ...(await adminApi.users(search, at.cursor)), first: at.first, depth }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
  useErrorToast(users.isError, (error) => adminLoadFailure(error, MESSAGES.usersLoadFailed), {
    error: users.error,
    logAs: 'Failed to load users',
  });
  const shown = users.data;
  const next = () => {
    if (!shown?.nextCursor) return;
    const page = { cursor: shown.nextCursor, first: shown.first + shown.items.length };
    setTrail((now) => [...now.slice(0, shown.depth + 1), page]);
  };
  const previous = () => setTrail((now) => now.slice(0, Math.max(1, shown?.depth ?? 1)));
  return { users, next, previous, restart: () => setTrail(FIRST_PAGE) };
}

export function AdminUsers({ navigate }: { navigate: (url: string) => void }) {
  const [search, setSearch] = useState('');
  const { users, next, previous, restart } = useUserPages(search);
  const reset = usePasswordReset();
  // The row menu asks first, as the user page does: a stray click must not mail a customer.
  const [confirming, setConfirming] = useState<AdminUserRow>();

  const applySearch = (typed: string) => {
    setSearch(typed.trim());
    restart();
  };

  const data = users.data;

  return (
    <Card size="3" className="admin-section">
      <Flex justify="between" align="center" wrap="wrap" gap="3" mb="4">
        <Heading as="h2" size="5">
          User Management
        </Heading>
        <UserSearch onSearch={applySearch} />
      </Flex>

      {users.isPending ? (
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading users…</Text>
        </Flex>
      ) : users.isError && !data ? (
        <Flex align="center" gap="3">
          <Text color="red">
            {adminLoadFailure(users.error, MESSAGES.usersLoadFailed).description}
          </Text>
          <Button variant="soft" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </Flex>
      ) : !data || data.items.length === 0 ? (
        <Text color="gray">
          {search ? 'No users found matching your search.' : 'No users found.'}
        </Text>
      ) : (
        <>
          <div className="admin-table-scroll" aria-busy={users.isPlaceholderData}>
            <Table.Root variant="surface" className="admin-users-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Contact</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Joined</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Bookings (confirmed seats)</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Spending</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.items.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onOpen={() => navigate(adminUserUrl(user.id))}
                    onReset={() => setConfirming(user)}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </div>
          <Flex justify="between" align="center" wrap="wrap" gap="3" mt="4">
            <Text size="2" color="gray" aria-live="polite">
              {showingText({ ...data, count: data.items.length })}
            </Text>
            <PreviousNext
              label="User pages"
              hasPrevious={data.depth > 0}
              hasNext={data.nextCursor !== null}
              loading={users.isPlaceholderData}
              onPrevious={previous}
              onNext={next}
            />
          </Flex>
        </>
      )}
      {confirming && (
        <ConfirmPasswordReset
          profile={confirming}
          open
          onOpenChange={(open) => !open && setConfirming(undefined)}
          onSend={() => reset.mutate(confirming)}
        />
      )}
    </Card>
  );
}
