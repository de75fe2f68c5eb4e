// /admin/audit (decision 073): the whole audit trail for an admin, newest first, each entry in
// the service's words with its London time; filtered by who, what and when, and paged by the
// service's cursor. `?userId=` (from the user page's History) narrows it to one account.
import { Button, Card, Flex, Heading, Spinner, Table, Text, TextField } from '@radix-ui/themes';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_ROLES,
  type AuditAction,
  type AuditActorRole,
  type AuditQuery,
} from '@tuition/api-contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { AppProviders } from '../shared/app-providers.tsx';
import { adminApi } from './admin-api.ts';
import { AUDIT_ACTION_WORDS, AUDIT_ROLE_WORDS, auditWhen } from './admin-audit-words.ts';
import { retryUnlessRefused } from './admin-format.ts';
import { AdminGate } from './admin-gate.tsx';
import './admin.css';
import './admin-audit.css';

/** The filters as the form holds them: every field text, empty meaning "any". */
export interface AuditFilters {
  actor: string;
  actorRole: string;
  action: string;
  from: string;
  to: string;
}

const NO_FILTERS: AuditFilters = { actor: '', actorRole: '', action: '', from: '', to: '' };

function filtersProblem(filters: AuditFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to) {
    return 'The “to” date must be on or after the “from” date.';
  }
  return null;
}

function FilterForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { actor: useId(), role: useId(), action: useId(), from: useId(), to: useId() };
  const set = (key: keyof AuditFilters) => (value: string) =>
    setDraft((now) => ({ ...now, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filtersProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setProblem(null);
    onApply(NO_FILTERS);
  };
  return (
    <form className="admin-audit-filters" onSubmit={submit} aria-label="Filter the audit trail">
      <label htmlFor={ids.actor}>Who (name or e-mail)</label>
      <TextField.Root
        id={ids.actor}
        value={draft.actor}
        maxLength={200}
        onChange={(e) => set('actor')(e.target.value)}
      />
      <label htmlFor={ids.role}>Acting as</label>
      <select
        id={ids.role}
        value={draft.actorRole}
        onChange={(e) => set('actorRole')(e.target.value)}
      >
        <option value="">Anyone</option>
        {AUDIT_ACTOR_ROLES.map((role) => (
          <option key={role} value={role}>
            {AUDIT_ROLE_WORDS[role]}
          </option>
        ))}
      </select>
      <label htmlFor={ids.action}>What</label>
      <select id={ids.action} value={draft.action} onChange={(e) => set('action')(e.target.value)}>
        <option value="">Every action</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {AUDIT_ACTION_WORDS[action]}
          </option>
        ))}
      </select>
      <label htmlFor={ids.from}>From (London date)</label>
      <input
        id={ids.from}
        type="date"
        value={draft.from}
        onChange={(e) => set('from')(e.target.value)}
      />
      <label htmlFor={ids.to}>To (London date)</label>
      <input id={ids.to} type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
      {problem ? (
        <Text color="red" role="alert" className="admin-audit-filters__wide">
          {problem}
        </Text>
      ) : null}
      <Flex gap="3" wrap="wrap" className="admin-audit-filters__wide">
        <Button type="submit">Show entries</Button>
        <Button type="button" variant="soft" color="gray" onClick={clear}>
          Clear filters
        </Button>
      </Flex>
    </form>
  );
}

/** The service's query for these filters; empty fields are left out. */
export function auditQuery(
  filters: AuditFilters,
  userId: string | undefined,
  before: string | undefined,
): AuditQuery {
  const actor = filters.actor.trim();
  return {
    ...(userId ? { userId } : {}),
    ...(actor ? { actor } : {}),
    ...(filters.actorRole ? { actorRole: filters.actorRole as AuditActorRole } : {}),
    ...(filters.action ? { action: filters.action as AuditAction } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(before ? { before } : {}),
  };
}

function AuditContent({ userId }: { userId: string | undefined }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  // The cursors of the pages before this one: the last is this page's `before`.
  const [cursors, setCursors] = useState<string[]>([]);
  const query = auditQuery(filters, userId, cursors.at(-1));
  const page = useQuery({
    queryKey: ['admin', 'audit', 'page', query],
    queryFn: () => adminApi.audit(query),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCursors([]);
  };
  const entries = page.data?.entries ?? [];
  const nextCursor = page.data?.nextCursor ?? null;
  return (
    <div className="admin">
      <a href="/admin" className="admin-back">
        ← Back to Admin
      </a>
      <Heading as="h1" size="7">
        Audit trail
      </Heading>
      <Text as="p" color="gray">
        Every staff action and every customer’s own change, newest first, in London time.
      </Text>
      {userId ? (
        <Text as="p">
          Only entries about one account. <a href="/admin/audit">Show every account</a>
        </Text>
      ) : null}
      <Card size="3" className="admin-section">
        <FilterForm onApply={apply} />
      </Card>
      <Card size="3" className="admin-section" aria-busy={page.isFetching}>
        <Heading as="h2" size="5" mb="3">
          Entries
        </Heading>
        {page.isPending ? (
          <Flex align="center" gap="2" role="status">
            <Spinner /> <Text color="gray">Loading the audit trail…</Text>
          </Flex>
        ) : page.isError ? (
          <Text color="red" role="alert">
            The audit trail could not be loaded. Please reload the page.
          </Text>
        ) : entries.length === 0 ? (
          <Text color="gray">No entries match these filters.</Text>
        ) : (
          <Table.Root size="1" variant="surface" className="admin-audit-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When (London)</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>What happened</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell className="admin-audit-table__when">{auditWhen(entry.at)}</Table.Cell>
                  <Table.Cell>{entry.summary}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Flex gap="3" mt="4" wrap="wrap">
          {cursors.length > 0 ? (
            <Button variant="soft" onClick={() => setCursors((now) => now.slice(0, -1))}>
              Newer entries
            </Button>
          ) : null}
          {nextCursor ? (
            <Button variant="soft" onClick={() => setCursors((now) => [...now, nextCursor])}>
              Older entries
            </Button>
          ) : null}
        </Flex>
      </Card>
    </div>
  );
}

/** The account `?userId=` names, if any. */
function userIdFromAddress(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return new URLSearchParams(window.location.search).get('userId') || undefined;
}

export interface AdminAuditProps {
  /** Tests pass the account; the page reads `?userId=` from its address. */
  userId?: string;
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}

export function AdminAudit({ userId, navigate }: AdminAuditProps) {
  const [account] = useState(() => userId ?? userIdFromAddress());
  return (
    <AppProviders>
      <AdminGate redirectTo="/admin" {...(navigate ? { navigate } : {})}>
        <AuditContent userId={account} />
      </AdminGate>
    </AppProviders>
  );
}

export default AdminAudit;
