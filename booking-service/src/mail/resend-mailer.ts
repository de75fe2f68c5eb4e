import { Resend } from 'resend';
import type { Mailer, OutgoingMail } from './mailer.ts';

/**
 * Resend's default API limit per team (resend.com/docs/api-reference/rate-limit): the default
 * of the shared outbound rate (MAIL_RATE_PER_SECOND, docs/decisions/090).
 */
export const RESEND_REQUESTS_PER_SECOND = 2;
/** Waits on a 429 before the message goes back to the outbox for its own, longer backoff. */
const RATE_LIMIT_RETRIES = 3;
/** A Retry-After longer than this is not waited out here: the outbox retries later instead. */
const LONGEST_WAIT_MS = 30_000;

export interface ResendMailerOptions {
  apiKey: string;
  from: string;
  client?: Resend;
  /** Test seams: the clock and the wait. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Production mailer: Resend's API. The outbox spaces the calls of every instance to Resend's
 * per-second limit (the shared outbound rate, docs/decisions/090); a 429 that slips through
 * anyway (another app on the team, a limit set too high) is waited out as Retry-After says, a
 * few times, and every call of this process waits with it. The retry goes when Resend said it
 * may, without a second token. Any other refusal throws, so the outbox retries later.
 */
export class ResendMailer implements Mailer {
  readonly kind = 'resend' as const;
  private readonly client: Resend;
  private readonly from: string;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** No request starts before this (ms) after a 429; shared by every deliver of this process. */
  private holdUntil = 0;

  constructor(options: ResendMailerOptions) {
    this.client = options.client ?? new Resend(options.apiKey);
    this.from = options.from;
    this.now = options.now ?? Date.now;
    this.sleep =
      options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  async deliver(mail: OutgoingMail, options: { idempotencyKey: string }): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const holdMs = this.holdUntil - this.now();
      if (holdMs > 0) await this.sleep(holdMs);
      const { error, headers } = await this.client.emails.send(
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
        // The same key on every try: Resend sends a message once however often it is asked.
        { idempotencyKey: options.idempotencyKey },
      );
      if (!error) return;
      const waitMs = isRateLimited(error) ? retryAfterMs(headers, attempt) : undefined;
      if (waitMs === undefined || waitMs > LONGEST_WAIT_MS || attempt >= RATE_LIMIT_RETRIES) {
        throw new Error(`Resend refused the message (${error.name}): ${error.message}`);
      }
      // Everyone in this process holds back, not only this message.
      this.holdUntil = Math.max(this.holdUntil, this.now() + waitMs);
    }
  }
}

/**
 * Only the per-second limit is worth waiting for here; the daily and monthly quotas (also
 * 429) do not end within seconds, so the outbox's hour-long backoff handles those.
 */
function isRateLimited(error: { name: string; statusCode?: number | null }): boolean {
  return error.name === 'rate_limit_exceeded';
}

/** Retry-After in ms (seconds on the wire), else 1 s, 2 s, 4 s … by attempt. */
function retryAfterMs(headers: Record<string, string> | null, attempt: number): number {
  const seconds = Number(headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt;
}
