// A tutor's hours for a London month (docs/decisions/079): one line per submitted register, at
// the tutor's rates, the month's totals, and the same lines as a CSV to download. A month is
// summed by session start in London, so it opens on this London month. Whether a change of rates
// still re-prices the month, or it has closed, is said under the total (docs/decisions/113).
import { Flex, Spinner, Table, Text } from '@radix-ui/themes';
import {
  type Clock,
  formatLondonDate,
  formatTime12h,
  londonDate,
  systemClock,
} from '@tuition/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { plural, pounds, retryUnlessRefused, shortLondonDate } from './admin-format.ts';
import { type Tutor, type TutorHours, tutorHoursCsvUrl, tutorsApi } from './admin-tutors-api.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "2026-11" -> "November 2026". */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** "3 sessions, 14 pupils attended, £105.00". */
export const hoursTotalText = (
  hours: Pick<TutorHours, 'sessions' | 'pupilsAttended' | 'amountPence'>,
) =>
  `${plural(hours.sessions, 'session', 'sessions')}, ${plural(hours.pupilsAttended, 'pupil', 'pupils')} attended, ${pounds(hours.amountPence)}`;

/**
 * "November 2026 closes on Tuesday 8 December 2026: until then, a change of rates re-prices
 * these lines.", or that it has closed and keeps its rates.
 */
export function monthStateText(hours: Pick<TutorHours, 'month' | 'closed' | 'closesAt'>): string {
  const on = formatLondonDate(new Date(hours.closesAt));
  return hours.closed
    ? `${monthName(hours.month)} closed on ${on}: these lines keep the rates they were paid at.`
    : `${monthName(hours.month)} closes on ${on}: until then, a change of rates re-prices these lines.`;
}

function HoursTable({ hours }: { hours: TutorHours }) {
  return (
    <div className="admin-table-scroll">
      <Table.Root variant="surface" className="admin-hours-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Session</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Pupils attended</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Amount</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {hours.lines.map((line) => (
            <Table.Row key={line.sessionId} className="admin-hours-table__row">
              <Table.RowHeaderCell>
                {line.label}, {shortLondonDate(line.startsAt)},{' '}
                {formatTime12h(new Date(line.startsAt))}
              </Table.RowHeaderCell>
              {/* data-label: on a phone each field is shown under its column's name. */}
              <Table.Cell data-label="Role">{line.role === 'lead' ? 'Lead' : 'Cover'}</Table.Cell>
              <Table.Cell data-label="Pupils attended">{line.pupilsAttended}</Table.Cell>
              <Table.Cell data-label="Amount">{pounds(line.amountPence)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}

export function TutorHoursPanel({ tutor, clock = systemClock }: { tutor: Tutor; clock?: Clock }) {
  const monthId = useId();
  const [month, setMonth] = useState(() => londonDate(clock.now()).slice(0, 7));
  const valid = MONTH.test(month);
  const hours = useQuery({
    queryKey: ['admin', 'tutor-hours', tutor.id, month],
    queryFn: () => tutorsApi.hours(tutor.id, month),
    enabled: valid,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
  const shown = hours.data;
  return (
    <div className="admin-tutor-hours">
      <Flex gap="3" align="end" wrap="wrap">
        <div className="field admin-tutor-hours__month">
          <label htmlFor={monthId}>Month</label>
          <input
            id={monthId}
            className="input"
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            aria-invalid={valid ? undefined : true}
            aria-describedby={valid ? undefined : `${monthId}-error`}
          />
          {!valid && (
            <span className="auth-field-error" id={`${monthId}-error`}>
              Choose a month, as YYYY-MM.
            </span>
          )}
        </div>
        {valid && (
          <a className="admin-tutor-hours__csv" href={tutorHoursCsvUrl(tutor.id, month)} download>
            Download CSV
            <span className="visually-hidden">
              {' '}
              of {tutor.name}’s hours for {monthName(month)}
            </span>
          </a>
        )}
      </Flex>
      {!valid ? null : hours.isPending ? (
        <Flex align="center" gap="2" role="status">
          <Spinner /> <Text color="gray">Loading hours…</Text>
        </Flex>
      ) : hours.isError && !shown ? (
        <Text as="p" color="red" role="alert">
          The hours could not be loaded.
        </Text>
      ) : shown ? (
        <div aria-busy={hours.isPlaceholderData}>
          {shown.lines.length === 0 ? (
            <Text as="p" color="gray">
              No registers submitted in {monthName(shown.month)}.
            </Text>
          ) : (
            <HoursTable hours={shown} />
          )}
          <Text as="p" weight="medium" className="admin-tutor-hours__total">
            {monthName(shown.month)}: {hoursTotalText(shown)}
          </Text>
          <Text as="p" size="2" color="gray" m="0">
            {monthStateText(shown)}
          </Text>
        </div>
      ) : null}
    </div>
  );
}
