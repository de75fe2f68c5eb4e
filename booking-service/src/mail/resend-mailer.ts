import { Resend } from 'resend';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** Production mailer: Resend's API. A failed call throws, so the outbox retries it later. */
export class ResendMailer implements Mailer {
  readonly kind = 'resend' as const;
  private readonly client: Resend;
  private readonly from: string;

  constructor(options: { apiKey: string; from: string; client?: Resend }) {
    this.client = options.client ?? new Resend(options.apiKey);
    this.from = options.from;
  }

  async deliver(mail: OutgoingMail, options: { idempotencyKey: string }): Promise<void> {
    const { error } = await this.client.emails.send(
      {
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
              })),
            }
          : {}),
      },
      { idempotencyKey: options.idempotencyKey },
    );
    if (error) {
      throw new Error(`Resend refused the message (${error.name}): ${error.message}`);
    }
  }
}
