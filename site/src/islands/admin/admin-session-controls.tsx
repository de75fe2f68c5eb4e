// The sessions overview's choices (docs/product-rules.md#pages): which sessions (Upcoming with
// their count, Today, Previous, At risk), the order, and which kind, group sessions or 1-to-1
// lessons (docs/decisions/112); and what the list says when a choice finds nothing.
import { Flex, SegmentedControl, Select, Text } from '@radix-ui/themes';
import { useId } from 'react';
import type { SessionFilter, SessionKind, SessionSort } from './admin-api.ts';

export function SessionControls({
  upcomingCount,
  atRiskCount,
  filter,
  sort,
  kind,
  onFilter,
  onSort,
  onKind,
}: {
  upcomingCount: number | undefined;
  atRiskCount: number | undefined;
  filter: SessionFilter;
  sort: SessionSort;
  kind: SessionKind | undefined;
  onFilter: (filter: SessionFilter) => void;
  onSort: (sort: SessionSort) => void;
  onKind: (kind: SessionKind | undefined) => void;
}) {
  const sortId = useId();
  const kindId = useId();
  return (
    <Flex gap="3" align="center" wrap="wrap" className="admin-sessions__controls">
      <SegmentedControl.Root
        className="admin-sessions__filter"
        value={filter}
        onValueChange={(v) => onFilter(v as SessionFilter)}
        aria-label="Which sessions"
      >
        <SegmentedControl.Item value="upcoming">
          Upcoming{upcomingCount === undefined ? '' : ` (${upcomingCount})`}
        </SegmentedControl.Item>
        <SegmentedControl.Item value="today">Today</SegmentedControl.Item>
        <SegmentedControl.Item value="previous">Previous</SegmentedControl.Item>
        <SegmentedControl.Item value="at-risk">
          At risk{atRiskCount === undefined ? '' : ` (${atRiskCount})`}
        </SegmentedControl.Item>
      </SegmentedControl.Root>
      <Flex align="center" gap="2">
        <Text as="span" size="2" id={sortId}>
          Sort
        </Text>
        <Select.Root value={sort} onValueChange={(v) => onSort(v as SessionSort)}>
          <Select.Trigger aria-labelledby={sortId} />
          <Select.Content>
            <Select.Item value="date">By Date</Select.Item>
            <Select.Item value="bookings">By Bookings</Select.Item>
          </Select.Content>
        </Select.Root>
      </Flex>
      <Flex align="center" gap="2">
        <label htmlFor={kindId} className="admin-sessions__kind-label">
          Show
        </label>
        <select
          id={kindId}
          className="select admin-sessions__kind"
          value={kind ?? ALL_KINDS}
          onChange={(event) => {
            const value = event.target.value;
            onKind(value === ALL_KINDS ? undefined : (value as SessionKind));
          }}
        >
          <option value={ALL_KINDS}>All sessions</option>
          <option value="group">Group sessions</option>
          <option value="one-to-one">1-to-1 lessons</option>
        </select>
      </Flex>
    </Flex>
  );
}

/** The kind select's value for both kinds. */
const ALL_KINDS = 'all';

/** What the list says when a filter finds nothing. */
export function emptyText(filter: SessionFilter, kind: SessionKind | undefined): string {
  if (kind === 'one-to-one') {
    if (filter === 'at-risk') return 'No 1-to-1 lesson is ever at risk: minimums are for classes.';
    if (filter === 'today') return 'No 1-to-1 lessons today.';
    return `No ${filter} 1-to-1 lessons found.`;
  }
  const what = kind === 'group' ? 'group sessions' : 'sessions';
  if (filter === 'today') return `No booked ${what} today.`;
  if (filter === 'at-risk') {
    return 'No sessions at risk: every session with a minimum in the next 7 days has enough pupils or is decided.';
  }
  return `No ${filter} ${what} found.`;
}
