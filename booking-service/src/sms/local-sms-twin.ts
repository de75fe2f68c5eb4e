import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import twilio from 'twilio';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { localSmsMessages } from '../db/schema.ts';
import {
  type AcceptedText,
  type OutgoingText,
  SMS_INBOUND_PATH,
  SMS_STATUS_PATH,
  type SmsProvider,
} from './sms-provider.ts';

/** Signs the twin's webhooks when TWILIO_AUTH_TOKEN is not set (never production). */
export const LOCAL_SMS_AUTH_TOKEN = 'dev-only-sms-token-not-for-production';
/** The number the twin sends from and replies come to. */
export const LOCAL_SMS_FROM = '+447700900000';
/** The twin's account, as a receipt names it. */
const LOCAL_ACCOUNT_SID = `AC${'0'.repeat(32)}`;

/** Seconds of app clock from a message's acceptance to its `sent`, then `delivered`, receipt. */
export const TWIN_SENT_AFTER_SECONDS = 5;
export const TWIN_DELIVERED_AFTER_SECONDS = 30;
/** Twilio's "unknown destination handset" code, which the twin gives undeliverable numbers. */
export const TWIN_UNDELIVERED_CODE = '30005';

/**
 * Ofcom's drama ranges (07700 900000–900999): the twin treats one ending 999 as a phone that
 * never answers, so the undelivered path can be walked locally.
 */
export function isTwinUndeliverable(to: string): boolean {
  return to.endsWith('999');
}

export interface SignedWebhook {
  path: string;
  url: string;
  params: Record<string, string>;
  signature: string;
}

/**
 * The local text twin (docs/decisions/103): keeps Twilio's rules without a network. Messages
 * are stored in Postgres (listed at /dev/sms/messages?to=); each is `queued` when accepted and
 * its receipts move it to `sent` and then `delivered` (or `undelivered` for a number ending 999)
 * on the app clock; receipts and inbound replies reach the service's webhooks signed exactly as
 * Twilio signs them.
 */
export class LocalSmsTwin implements SmsProvider {
  readonly kind = 'local' as const;
  private deliver: ((webhook: SignedWebhook) => Promise<void>) | undefined;

  constructor(
    private readonly deps: { db: Database; clock: Clock; publicUrl: string },
    readonly authToken: string = LOCAL_SMS_AUTH_TOKEN,
  ) {}

  /** Where the twin's signed webhooks go (app.ts: the same handler as Twilio's). */
  deliverWebhooksTo(deliver: (webhook: SignedWebhook) => Promise<void>): void {
    this.deliver = deliver;
  }

  async send(text: OutgoingText): Promise<AcceptedText> {
    const now = this.deps.clock.now();
    const providerId = `SM${randomBytes(16).toString('hex')}`;
    await this.deps.db.insert(localSmsMessages).values({
      id: providerId,
      direction: 'outbound',
      to: text.to,
      from: LOCAL_SMS_FROM,
      body: text.body,
      status: 'queued',
      at: now,
      statusAt: now,
    });
    return { providerId, status: 'queued' };
  }

  validateWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.authToken, signature, url, params);
  }

  /** A webhook to `path` carrying `params`, signed as Twilio signs them. */
  sign(path: string, params: Record<string, string>): SignedWebhook {
    const url = `${this.deps.publicUrl}${path}`;
    const signature = twilio.getExpectedTwilioSignature(this.authToken, url, params);
    return { path, url, params, signature };
  }

  /** A reply from a phone: stored, then posted signed to the inbound webhook. */
  async receive(from: string, body: string): Promise<SignedWebhook> {
    const now = this.deps.clock.now();
    const id = `SM${randomBytes(16).toString('hex')}`;
    await this.deps.db.insert(localSmsMessages).values({
      id,
      direction: 'inbound',
      to: LOCAL_SMS_FROM,
      from,
      body,
      status: 'received',
      at: now,
      statusAt: now,
    });
    const webhook = this.sign(SMS_INBOUND_PATH, {
      AccountSid: LOCAL_ACCOUNT_SID,
      MessageSid: id,
      From: from,
      To: LOCAL_SMS_FROM,
      Body: body,
      NumMedia: '0',
    });
    await this.deliver?.(webhook);
    return webhook;
  }

  /**
   * Moves every message whose next receipt is due by the app clock one or two steps on, posting
   * a signed receipt for each step: queued → sent after TWIN_SENT_AFTER_SECONDS, sent →
   * delivered (or undelivered, for a number ending 999) after TWIN_DELIVERED_AFTER_SECONDS.
   */
  async advanceReceipts(): Promise<number> {
    const now = this.deps.clock.now();
    const sentBy = new Date(now.getTime() - TWIN_SENT_AFTER_SECONDS * 1000);
    const rows = await this.deps.db
      .select()
      .from(localSmsMessages)
      .where(
        and(
          eq(localSmsMessages.direction, 'outbound'),
          inArray(localSmsMessages.status, ['queued', 'sent']),
          lte(localSmsMessages.at, sentBy),
        ),
      )
      .orderBy(asc(localSmsMessages.at));
    let receipts = 0;
    for (const row of rows) {
      const steps: { status: string; errorCode: string | null }[] = [];
      if (row.status === 'queued') steps.push({ status: 'sent', errorCode: null });
      if (row.at.getTime() <= now.getTime() - TWIN_DELIVERED_AFTER_SECONDS * 1000) {
        steps.push(
          isTwinUndeliverable(row.to)
            ? { status: 'undelivered', errorCode: TWIN_UNDELIVERED_CODE }
            : { status: 'delivered', errorCode: null },
        );
      }
      for (const step of steps) {
        // Only the instance that moves the row posts its receipt.
        const moved = await this.deps.db
          .update(localSmsMessages)
          .set({ status: step.status, errorCode: step.errorCode, statusAt: now })
          .where(and(eq(localSmsMessages.id, row.id), eq(localSmsMessages.status, row.status)))
          .returning({ id: localSmsMessages.id });
        if (moved.length === 0) break;
        row.status = step.status;
        receipts++;
        await this.deliver?.(
          this.sign(SMS_STATUS_PATH, {
            AccountSid: LOCAL_ACCOUNT_SID,
            MessageSid: row.id,
            MessageStatus: step.status,
            To: row.to,
            From: row.from,
            ...(step.errorCode ? { ErrorCode: step.errorCode } : {}),
          }),
        );
      }
    }
    return receipts;
  }

  /** The twin's messages to (or from) a number, newest first; all of them without `to`. */
  async list(to?: string) {
    const rows = await this.deps.db
      .select()
      .from(localSmsMessages)
      .where(to ? eq(localSmsMessages.to, to) : undefined)
      .orderBy(desc(localSmsMessages.at), desc(localSmsMessages.id))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      direction: row.direction,
      to: row.to,
      from: row.from,
      body: row.body,
      status: row.status,
      errorCode: row.errorCode,
      at: row.at.toISOString(),
    }));
  }
}
