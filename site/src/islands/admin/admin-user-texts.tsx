// The admin user page's "Texts" (docs/decisions/103, 112): the account's last texts with what
// became of each, as the provider's receipts said. The service sends the number with all but its
// last 3 digits hidden and never a text's body, which may hold a code or a link only the family
// may use; this section shows what it is given.
import { Badge, Card, Heading, Table, Text } from '@radix-ui/themes';
import type { SmsKind } from '@tuition/api-contract';
import { formatTime12h } from '@tuition/domain';
import { useId } from 'react';
import type { AdminUserDetail } from './admin-api.ts';
import { shortLondonDate } from './admin-format.ts';

type AdminText = NonNullable<AdminUserDetail['texts']>[number];

const KIND_WORDS: Record<SmsKind | 'verification' | 'reply', string> = {
  reminders: 'Lesson reminder',
  changes: 'Change to a session',
  waitingListOffers: 'Waiting-list offer',
  lessonReports: 'Lesson report',
  verification: 'Verification code',
  reply: 'Answer to a reply',
};

type BadgeColor = 'gray' | 'blue' | 'green' | 'red' | 'amber';

const STATUS_WORDS: Record<AdminText['status'], { text: string; color: BadgeColor }> = {
  pending: { text: 'Waiting to send', color: 'gray' },
  held: { text: 'Held for quiet hours', color: 'gray' },
  queued: { text: 'Queued', color: 'blue' },
  sent: { text: 'Sent', color: 'blue' },
  delivered: { text: 'Delivered', color: 'green' },
  undelivered: { text: 'Undelivered', color: 'red' },
  failed: { text: 'Failed', color: 'red' },
  dropped: { text: 'Not sent', color: 'amber' },
  limited: { text: 'Not sent: limit reached', color: 'amber' },
};

const kindWords = (kind: string) => KIND_WORDS[kind as keyof typeof KIND_WORDS] ?? kind;

/** "3 Nov 2026, 4:00 PM", London time. */
function whenWords(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? 'Invalid Date'
    : `${shortLondonDate(iso)}, ${formatTime12h(at)}`;
}

/** A masked number's last digits, for screen readers: "ending 999". */
function numberWords(masked: string): string {
  const digits = masked.replace(/\D/g, '');
  return digits ? `number ending ${digits}` : 'number hidden';
}

function TextRow({ text }: { text: AdminText }) {
  const status = STATUS_WORDS[text.status];
  return (
    <Table.Row className="admin-texts-table__row">
      <Table.RowHeaderCell>{whenWords(text.at)}</Table.RowHeaderCell>
      <Table.Cell data-label="Kind">{kindWords(text.kind)}</Table.Cell>
      <Table.Cell data-label="To">
        {/* The dots would be read one by one: a screen reader hears the last digits instead. */}
        <span aria-hidden="true">{text.to}</span>
        <span className="visually-hidden">{numberWords(text.to)}</span>
      </Table.Cell>
      <Table.Cell data-label="Status">
        <Badge color={status.color}>
          {status.text}
          {text.errorCode ? ` (error ${text.errorCode})` : ''}
        </Badge>
        {text.note && (
          <Text as="div" size="1" color="gray" mt="1">
            {text.note}
          </Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** The account's last texts, newest first; "No texts sent." when there are none. */
export function UserTexts({ texts }: { texts: AdminUserDetail['texts'] }) {
  const headingId = useId();
  const shown = texts ?? [];
  return (
    <Card size="3" className="admin-section" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="5" mb="3" id={headingId}>
          Texts
        </Heading>
        {shown.length === 0 ? (
          <Text color="gray">No texts sent.</Text>
        ) : (
          <>
            <Text as="p" size="2" color="gray" mb="3">
              {shown.length === 1
                ? 'The last text to this account'
                : `The last ${shown.length} texts to this account, newest first,`}{' '}
              with what the phone network reported.
            </Text>
            <div className="admin-table-scroll">
              <Table.Root variant="surface" className="admin-texts-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>To</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {shown.map((text) => (
                    <TextRow key={text.id} text={text} />
                  ))}
                </Table.Body>
              </Table.Root>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
