// /admin/users/{id} "Data and history" (decision 058): download the customer's data, delete the
// account for a customer who asked by e-mail (both audited by the service), and the History of
// every audited action on this account, newest first, in words and London time (decision 073).
import { AlertDialog, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorFrom, apiFetch } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-toaster.tsx';
import { auditQueryKey, auditWhen } from './admin-audit-words.ts';
import { userQueryKey } from './use-admin-user.ts';

const id = encodeURIComponent;

export const userExportUrl = (userId: string) => `/api/admin/users/${id(userId)}/export`;

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
    <Flex direction="column" gap="2">
      <Table.Root size="1" variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>When (London)</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>What happened</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {history.data.entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.Cell>{auditWhen(entry.at)}</Table.Cell>
              <Table.Cell>{entry.summary}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {history.data.nextCursor ? (
        <Text size="2">
          <a href={`/admin/audit?userId=${id(userId)}`}>Older entries on the audit page</a>
        </Text>
      ) : null}
    </Flex>
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
