import type { MailAttachment } from '../db/schema.ts';
import type { MailContent } from './layout.ts';

export type { MailAttachment };

/** One rendered message on its way out: what the outbox stores and a mailer delivers. */
export interface OutgoingMail extends MailContent {
  to: string;
  replyTo?: string;
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
