import {
  and,
  asc,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../db/client.ts';
import { mailMessages, mailRecipients } from '../db/schema.ts';
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE } from '../mail/outbox.ts';

/*
 * Mail held by the service (docs/decisions/058): the outbox (pg-boss jobs of the mail queues,
 * whose data is the whole message until it is delivered) and, with the local mailer, the local
 * mailbox; and the recipient record the outbox writes with every job (docs/decisions/076). The
 * export lists subjects and dates from the records, a deletion erases the messages and records
 * to or about the account's addresses, and retention empties bodies older than 90 days.
 */

const MAIL_QUEUES = [MAIL_QUEUE, MAIL_DEAD_LETTER_QUEUE];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface SentMail {
  sentAt: Date;
  to: string;
  subject: string;
}

/**
 * The messages queued to these addresses, oldest first, from the recipient records the outbox
 * writes with every job (docs/decisions/076): one index read in either mail mode, never a scan
 * of the mailbox or of pg-boss's job table.
 */
export async function mailSentTo(
  db: DbExecutor,
  addresses: readonly string[],
): Promise<SentMail[]> {
  const wanted = addresses.map((a) => a.trim().toLowerCase());
  if (wanted.length === 0) return [];
  return db
    .select({
      sentAt: mailRecipients.queuedAt,
      to: mailRecipients.recipient,
      subject: mailRecipients.subject,
    })
    .from(mailRecipients)
    .where(inArray(mailRecipients.recipient, wanted))
    .orderBy(asc(mailRecipients.queuedAt), asc(mailRecipients.id));
}

/** Whether pg-boss has created its tables yet (the outbox starts it; a bare CLI may not). */
async function outboxExists(db: DbExecutor): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('pgboss.job') is not null as present`),
  );
  return row?.present === true;
}

/**
 * Removes every message that reaches or names these addresses (account deletion): mailbox rows,
 * recipient records (docs/decisions/076) and queued or kept outbox jobs sent to them, and those
 * about them (the enquiry notification to the business names its sender, `about` in
 * OutgoingMail). Jobs queued before `about` was recorded are found by their reply-to, the
 * sender's address.
 */
export async function eraseMailNaming(db: DbExecutor, addresses: readonly string[]): Promise<void> {
  const wanted = addresses.map((a) => a.trim().toLowerCase());
  if (wanted.length === 0) return;
  const list = sql.join(
    wanted.map((a) => sql`${a}`),
    sql`, `,
  );
  await db
    .delete(mailMessages)
    .where(
      or(
        inArray(sql`lower(${mailMessages.to})`, wanted),
        sql`${mailMessages.about} && array[${list}]::text[]`,
      ),
    );
  await db
    .delete(mailRecipients)
    .where(
      or(
        inArray(mailRecipients.recipient, wanted),
        sql`${mailRecipients.about} && array[${list}]::text[]`,
      ),
    );
  if (!(await outboxExists(db))) return;
  // pg-boss's own table, matched on the job data: it holds only the jobs pg-boss still keeps
  // (7 days after completion), and the dead-letter copies carry job ids of their own.
  await db.execute(sql`
    delete from pgboss.job
    where name in (${sql.join(
      MAIL_QUEUES.map((q) => sql`${q}`),
      sql`, `,
    )}) and (lower(data->>'to') in (${list})
      or lower(data->>'replyTo') in (${list})
      or jsonb_exists_any(coalesce(data->'about', '[]'::jsonb), array[${list}]::text[]))`);
}

/** Rows a retention batch changes at most, each batch its own short transaction. */
export const MAIL_RETENTION_BATCH_SIZE = 5_000;

/**
 * Runs one batch of work. Retention's real run gives each batch its own transaction, so a
 * backlog (the first run after an outage) never holds its locks for long; the dry run runs them
 * all in the one transaction it rolls back.
 */
export type RunBatch = <T>(work: (db: DbExecutor) => Promise<T>) => Promise<T>;

export interface MailRetentionCounts {
  mailbox: number;
  outbox: number;
  records: number;
}

/**
 * Empties the bodies of mail written before `cutoff` (local mailbox messages and finished outbox
 * jobs), keeping address, subject and date (what the export lists). Mail about someone other
 * than its recipient (an enquiry to the business) names that person in its subject too, so it
 * is deleted whole, with its recipient record. Works in batches of `batchSize` rows, each
 * through `runBatch` (by default straight on `db`), until a batch comes back short.
 */
export async function eraseExpiredMailBodies(
  db: DbExecutor,
  cutoff: Date,
  options: { batchSize?: number; runBatch?: RunBatch } = {},
): Promise<MailRetentionCounts> {
  const batchSize = options.batchSize ?? MAIL_RETENTION_BATCH_SIZE;
  const runBatch: RunBatch = options.runBatch ?? ((work) => work(db));
  const untilShort = async (step: (db: DbExecutor, limit: number) => Promise<number>) => {
    let total = 0;
    for (;;) {
      const changed = await runBatch((batchDb) => step(batchDb, batchSize));
      total += changed;
      if (changed < batchSize) return total;
    }
  };
  const mailbox =
    (await untilShort((batchDb, limit) => deleteMailboxAbout(batchDb, cutoff, limit))) +
    (await untilShort((batchDb, limit) => emptyMailboxBodies(batchDb, cutoff, limit)));
  const records = await untilShort((batchDb, limit) => deleteRecordsAbout(batchDb, cutoff, limit));
  if (!(await runBatch(outboxExists))) return { mailbox, outbox: 0, records };
  const outbox =
    (await untilShort((batchDb, limit) => deleteOutboxAbout(batchDb, cutoff, limit))) +
    (await untilShort((batchDb, limit) => emptyOutboxBodies(batchDb, cutoff, limit)));
  return { mailbox, outbox, records };
}

/**
 * The rows of one batch, by primary key: `= any(array(…))` is looked up row by row in the key's
 * index, where `in (select …)` can be planned as a scan of the whole table joined to the batch.
 */
const inBatch = (id: AnyPgColumn, batch: SQLWrapper): SQL => sql`${id} = any(array(${batch}))`;

async function deleteMailboxAbout(db: DbExecutor, cutoff: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(lt(mailMessages.createdAt, cutoff), sql`${mailMessages.about} <> '{}'::text[]`))
    .limit(limit);
  const rows = await db
    .delete(mailMessages)
    .where(inBatch(mailMessages.id, batch))
    .returning({ id: mailMessages.id });
  return rows.length;
}

async function emptyMailboxBodies(db: DbExecutor, cutoff: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        lt(mailMessages.createdAt, cutoff),
        or(
          ne(mailMessages.text, ''),
          isNotNull(mailMessages.html),
          sql`${mailMessages.attachments} <> '[]'::jsonb`,
        ),
      ),
    )
    .limit(limit);
  const rows = await db
    .update(mailMessages)
    .set({ text: '', html: null, attachments: [] })
    .where(inBatch(mailMessages.id, batch))
    .returning({ id: mailMessages.id });
  return rows.length;
}

/** Records of mail about someone, by the partial index on queued_at (docs/decisions/076). */
async function deleteRecordsAbout(db: DbExecutor, cutoff: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: mailRecipients.id })
    .from(mailRecipients)
    .where(and(lt(mailRecipients.queuedAt, cutoff), sql`${mailRecipients.about} <> '{}'::text[]`))
    .limit(limit);
  const rows = await db
    .delete(mailRecipients)
    .where(inBatch(mailRecipients.id, batch))
    .returning({ id: mailRecipients.id });
  return rows.length;
}

async function deleteOutboxAbout(db: DbExecutor, cutoff: Date, limit: number): Promise<number> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`delete from pgboss.job
      where ${outboxQueues} and id = any(array(
        select id from pgboss.job
        where ${outboxFinishedBefore(cutoff)}
          and (jsonb_array_length(coalesce(data->'about', '[]'::jsonb)) > 0 or data ? 'replyTo')
        limit ${limit}))
      returning id`),
  ).length;
}

async function emptyOutboxBodies(db: DbExecutor, cutoff: Date, limit: number): Promise<number> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`update pgboss.job
      set data = jsonb_build_object('to', data->'to', 'subject', data->'subject')
      where ${outboxQueues} and id = any(array(
        select id from pgboss.job where ${outboxExpired(cutoff)} limit ${limit}))
      returning id`),
  ).length;
}

const outboxQueues = sql`name in (${sql.join(
  MAIL_QUEUES.map((q) => sql`${q}`),
  sql`, `,
)})`;

/** Finished (not waiting) outbox jobs older than the cutoff. */
const outboxFinishedBefore = (cutoff: Date) => sql`${outboxQueues}
  and created_on < ${cutoff}
  and state in ('completed', 'failed', 'cancelled')`;

/** Finished outbox jobs older than the cutoff that still carry a body. */
const outboxExpired = (cutoff: Date) => sql`${outboxFinishedBefore(cutoff)}
  and (data ? 'text' or data ? 'html' or data ? 'attachments')`;
