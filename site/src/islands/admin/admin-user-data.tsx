// /admin/users/{id} "Data and history" (decision 058): download the customer's data, delete the
// account for a customer who asked by e-mail (both audited by the service), and the History of
// every audited action on this account, newest first.
import { AlertDialog, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { AuditAction, AuditEntry } from '@tuition/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorFrom, apiFetch } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { userQueryKey } from './use-admin-user.ts';

const id = encodeURIComponent;

export const userExportUrl = (userId: string) => `/api/admin/users/${id(userId)}/export`;

export const ACTION_LABELS: Record<AuditAction, string> = {
  'booking.cancel': 'Cancelled a booking',
  'booking.reschedule': 'Rescheduled a booking',
  'user.password-reset': 'Sent a password reset',
  'user.password-set': 'Set a new password',
  'user.role-change': 'Changed the role',
  'user.delete': 'Deleted the account',
  'user.export': 'Downloaded the data',
  'attendance.mark': 'Marked attendance',
  'meeting-link.change': 'Changed a meeting link',
};

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "status: confirmed → cancelled; startsAt: … → …", from the entry's before and after. */
export function changeText(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !/Ids?$/.test(key),
  );
  const show = (value: unknown) =>
    value === undefined || value === null
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return keys
    .map((key) =>
      key in before
        ? `${key}: ${show(before[key])} → ${show(after[key])}`
        : `${key}: ${show(after[key])}`,
    )
    .join('; ');
}

export function whoText(entry: Pick<AuditEntry, 'actorName' | 'actorRole'>): string {
  if (entry.actorRole === 'system') return 'The system';
  const role = entry.actorRole === 'admin' ? 'admin' : 'customer';
  return `${entry.actorName ?? 'A deleted account'} (${role})`;
}

export const auditQueryKey = (userId: string) => ['admin', 'audit', userId] as const;

function UserHistory({ userId }: { userId: string }) {
  const history = useQuery({
    queryKey: auditQueryKey(userId),
    queryFn: () => apiFetch(`/api/admin/audit?userId=${id(userId)}`, 'AuditListSchema'),
  });
  if (history.isPending) return <Text color="gray">Loading the history…</Text>;
  if (history.isError) {
    return (
      <Text color="red" role="alert">
        The history could not be loaded. Please reload the page.
      </Text>
    );
  }
  if (history.data.entries.length === 0) {
    return <Text color="gray">No recorded actions on this account yet.</Text>;
  }
  return (
    <Table.Root size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Who</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>What</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {history.data.entries.map((entry) => (
          <Table.Row key={entry.id}>
            <Table.Cell>{whenFormat.format(new Date(entry.at))}</Table.Cell>
            <Table.Cell>{whoText(entry)}</Table.Cell>
            <Table.Cell>{ACTION_LABELS[entry.action]}</Table.Cell>
            <Table.Cell>{changeText(entry)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

async function deleteUser(userId: string): Promise<void> {
  const response = await fetch(`/api/admin/users/${id(userId)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw await apiErrorFrom(response);
}

function DeleteForUser({ userId, name }: { userId: string; name: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteUser(userId),
    onSuccess: () => {
      setOpen(false);
      toastSuccess({ title: 'Account deleted.' });
      void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: auditQueryKey(userId) });
    },
    onError: (error) => {
      console.error('Deleting the account failed', error);
      setOpen(false);
      const status = (error as { status?: number }).status;
      toastError({
        title:
          status === 403
            ? 'Admin accounts cannot be deleted.'
            : 'The account could not be deleted. Please try again.',
      });
    },
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <Button variant="soft" color="red">
          Delete account…
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="500px">
        <AlertDialog.Title>Delete {name}’s account?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Only when the customer asked for it. Their future bookings are cancelled without a refund
          and the seats freed; their name, e-mail, phone, pupils, enquiries and e-mails are erased;
          booking and payment records stay as “Deleted customer” for 7 years after payment. This
          cannot be undone, and it is recorded in the history.
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Keep account
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete account
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** The section the user page mounts below the bookings. */
export function UserDataSection({ userId, name }: { userId: string; name: string }) {
  return (
    <Card size="3" className="admin-section">
      <Heading as="h2" size="5" mb="3">
        Data and history
      </Heading>
      <Flex gap="3" wrap="wrap" mb="4">
        <Button asChild variant="soft">
          <a href={userExportUrl(userId)} download>
            Download data
          </a>
        </Button>
        <DeleteForUser userId={userId} name={name} />
      </Flex>
      <Heading as="h3" size="4" mb="2">
        History
      </Heading>
      <UserHistory userId={userId} />
    </Card>
  );
}
