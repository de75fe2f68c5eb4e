import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type MailAttachment, mailMessages } from '../db/schema.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

/**
 * The default mailer: instead of sending, it stores each message in `mail_messages`, where
 * /dev/mail shows it. Local mode only (config refuses it in production). Like Resend, it keeps
 * the idempotency key: a second delivery with a key already stored (a retry after the process
 * died between sending and settling the job) stores nothing (docs/decisions/096).
 */
export class LocalMailboxMailer implements Mailer {
  readonly kind = 'local' as const;

  constructor(private readonly db: Database) {}

  async deliver(mail: OutgoingMail, options?: { idempotencyKey: string }): Promise<void> {
    await this.db
      .insert(mailMessages)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments ?? [],
        about: mail.about ?? [],
        idempotencyKey: options?.idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: mailMessages.idempotencyKey });
  }
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Each file as sent: name, type and base64 content (calendar files, docs/decisions/056). */
  attachments: MailAttachment[];
  createdAt: string;
}

/** Messages in the local mailbox, newest first, optionally for one address (any letter case). */
export async function listMailbox(db: Database, to?: string): Promise<MailboxMessage[]> {
  const rows = await db
    .select({
      id: mailMessages.id,
      to: mailMessages.to,
      subject: mailMessages.subject,
      text: mailMessages.text,
      html: mailMessages.html,
      attachments: mailMessages.attachments,
      createdAt: mailMessages.createdAt,
    })
    .from(mailMessages)
    .where(to ? eq(sql`lower(${mailMessages.to})`, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function findMailboxMessage(db: Database, id: string) {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
  return row;
}
