/*
 * The one interface both text providers implement (docs/decisions/103): Twilio in production,
 * the local twin by default. Replies and delivery receipts come back to the service's webhooks
 * signed as Twilio signs them, and are checked with the Twilio SDK's validator in both modes.
 */

/** Where Twilio (or the twin) posts an inbound reply, and a message's delivery receipts. */
export const SMS_INBOUND_PATH = '/api/sms/webhooks/inbound';
export const SMS_STATUS_PATH = '/api/sms/webhooks/status';
/** The header carrying a webhook's signature. */
export const SMS_SIGNATURE_HEADER = 'x-twilio-signature';

export interface OutgoingText {
  to: string;
  body: string;
  /** Where the provider posts this message's receipts (the full public URL). */
  statusCallback: string;
}

/** What the provider answered when it took a message. */
export interface AcceptedText {
  /** The provider's id (Twilio's MessageSid), which its receipts carry. */
  providerId: string;
  /** queued or accepted (Twilio), queued (twin). */
  status: string;
}

export interface SmsProvider {
  readonly kind: 'local' | 'twilio';
  send(text: OutgoingText): Promise<AcceptedText>;
  /** Whether a webhook's form parameters were signed for `url` with the account's token. */
  validateWebhook(url: string, params: Record<string, string>, signature: string): boolean;
}

/** An error the provider refused a message with, carrying its error code (Twilio's 21211 …). */
export class SmsRejectedError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsRejectedError';
  }
}
