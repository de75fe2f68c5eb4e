import { and, asc, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { mailMessages } from '../db/schema.ts';
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE } from '../mail/outbox.ts';

/*
 * Mail held by the service (docs/decisions/058): the outbox (pg-boss jobs of the mail queues,
 * whose data is the whole message until it is delivered) and, with the local mailer, the local
 * mailbox. The export lists subjects and dates, a deletion erases the messages to or about the
 * account's addresses, and retention empties bodies older than 90 days.
 */

const MAIL_QUEUES = [MAIL_QUEUE, MAIL_DEAD_LETTER_QUEUE];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface SentMail {
  sentAt: Date;
  to: string;
  subject: string;
}

/**
 * The messages sent (or queued) to these addresses, oldest first: the local mailbox when it is
 * the mailer (it holds every delivered message), else the outbox's jobs, which pg-boss keeps for
 * its retention period only.
 */
export async function mailSentTo(
  db: DbExecutor,
  addresses: readonly string[],
  mailerKind: 'local' | 'resend',
): Promise<SentMail[]> {
  const wanted = addresses.map((a) => a.toLowerCase());
  if (wanted.length === 0) return [];
  if (mailerKind === 'local') {
    const rows = await db
      .select({
        sentAt: mailMessages.createdAt,
        to: mailMessages.to,
        subject: mailMessages.subject,
      })
      .from(mailMessages)
      .where(inArray(sql`lower(${mailMessages.to})`, wanted))
      .orderBy(asc(mailMessages.createdAt));
    return rows;
  }
  if (!(await outboxExists(db))) return [];
  const rows = rowsOf<{ sent_at: Date | string; to: string; subject: string }>(
    await db.execute(sql`
      select created_on as sent_at, data->>'to' as "to", coalesce(data->>'subject', '') as subject
      from pgboss.job
      where name in (${sql.join(
        MAIL_QUEUES.map((q) => sql`${q}`),
        sql`, `,
      )}) and lower(data->>'to') in (${sql.join(
        wanted.map((a) => sql`${a}`),
        sql`, `,
      )})
      order by created_on`),
  );
  return rows.map((row) => ({ sentAt: new Date(row.sent_at), to: row.to, subject: row.subject }));
}

/** Whether pg-boss has created its tables yet (the outbox starts it; a bare CLI may not). */
async function outboxExists(db: DbExecutor): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('pgboss.job') is not null as present`),
  );
  return row?.present === true;
}

/**
 * Removes every message that reaches or names these addresses (account deletion): mailbox rows
 * and queued or kept outbox jobs sent to them, and those about them (the enquiry notification
 * to the business names its sender, `about` in OutgoingMail). Jobs queued before `about` was
 * recorded are found by their reply-to, the sender's address.
 */
export async function eraseMailNaming(db: DbExecutor, addresses: readonly string[]): Promise<void> {
  const wanted = addresses.map((a) => a.toLowerCase());
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
  if (!(await outboxExists(db))) return;
  await db.execute(sql`
    delete from pgboss.job
    where name in (${sql.join(
      MAIL_QUEUES.map((q) => sql`${q}`),
      sql`, `,
    )}) and (lower(data->>'to') in (${list})
      or lower(data->>'replyTo') in (${list})
      or jsonb_exists_any(coalesce(data->'about', '[]'::jsonb), array[${list}]::text[]))`);
}

/**
 * Empties the bodies of mail written before `cutoff` (local mailbox messages and finished outbox
 * jobs), keeping address, subject and date (what the export lists). Mail about someone other
 * than its recipient (an enquiry to the business) names that person in its subject too, so it
 * is deleted whole.
 */
export async function eraseExpiredMailBodies(
  db: DbExecutor,
  cutoff: Date,
): Promise<{ mailbox: number; outbox: number }> {
  const mailAbout = await db
    .delete(mailMessages)
    .where(and(lt(mailMessages.createdAt, cutoff), sql`${mailMessages.about} <> '{}'::text[]`))
    .returning({ id: mailMessages.id });
  const mailbox = await db
    .update(mailMessages)
    .set({ text: '', html: null, attachments: [] })
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
    .returning({ id: mailMessages.id });
  const mailboxCount = mailAbout.length + mailbox.length;
  if (!(await outboxExists(db))) return { mailbox: mailboxCount, outbox: 0 };
  const outboxAbout = rowsOf<{ id: string }>(
    await db.execute(sql`delete from pgboss.job
      where ${outboxFinishedBefore(cutoff)}
        and (jsonb_array_length(coalesce(data->'about', '[]'::jsonb)) > 0 or data ? 'replyTo')
      returning id`),
  );
  const outbox = rowsOf<{ id: string }>(
    await db.execute(sql`update pgboss.job
      set data = jsonb_build_object('to', data->'to', 'subject', data->'subject')
      where ${outboxExpired(cutoff)}
      returning id`),
  );
  return { mailbox: mailboxCount, outbox: outboxAbout.length + outbox.length };
}

/** Finished (not waiting) outbox jobs older than the cutoff. */
const outboxFinishedBefore = (cutoff: Date) => sql`name in (${sql.join(
  MAIL_QUEUES.map((q) => sql`${q}`),
  sql`, `,
)})
  and created_on < ${cutoff}
  and state in ('completed', 'failed', 'cancelled')`;

/** Finished outbox jobs older than the cutoff that still carry a body. */
const outboxExpired = (cutoff: Date) => sql`${outboxFinishedBefore(cutoff)}
  and (data ? 'text' or data ? 'html' or data ? 'attachments')`;
