import type { MailAttachment } from '../db/schema.ts';
import type { MailContent } from './layout.ts';

export type { MailAttachment };

/** One rendered message on its way out: what the outbox stores and a mailer delivers. */
export interface OutgoingMail extends MailContent {
  to: string;
  replyTo?: string;
  /**
   * The addresses of the people the message names besides its recipient (the enquiry sent to
   * the business names its sender), stored lower-cased with the job and the mailbox row, so a
   * deletion erases the mail about a person too (docs/decisions/058, addendum 2026-11-26).
   */
  about?: string[];
  attachments?: MailAttachment[];
}

/**
 * The one interface both mail adapters implement. `idempotencyKey` is stable across retries of
 * the same queued message, so a provider that saw a request before a timeout does not send twice.
 */
export interface Mailer {
  readonly kind: 'local' | 'resend';
  deliver(mail: OutgoingMail, options: { idempotencyKey: string }): Promise<void>;
}
