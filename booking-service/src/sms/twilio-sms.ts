import twilio from 'twilio';
import type { AcceptedText, OutgoingText, SmsProvider } from './sms-provider.ts';
import { SmsRejectedError } from './sms-provider.ts';

type TwilioClient = ReturnType<typeof twilio>;
type TwilioClientOptions = NonNullable<Parameters<typeof twilio>[2]>;

export interface TwilioSmsConfig {
  accountSid: string;
  authToken: string;
  /** A Messaging Service, or else `from`: a number that can receive replies (never alphanumeric). */
  messagingServiceSid?: string | undefined;
  from?: string | undefined;
}

/**
 * Texts through Twilio's Messages API with the official SDK. `httpClient` replaces the SDK's
 * transport (tests record the request it builds; nothing leaves the machine).
 */
export class TwilioSms implements SmsProvider {
  readonly kind = 'twilio' as const;
  private readonly client: TwilioClient;

  constructor(
    private readonly config: TwilioSmsConfig,
    options: { httpClient?: TwilioClientOptions['httpClient'] } = {},
  ) {
    this.client = twilio(config.accountSid, config.authToken, {
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
  }

  async send(text: OutgoingText): Promise<AcceptedText> {
    const sender = this.config.messagingServiceSid
      ? { messagingServiceSid: this.config.messagingServiceSid }
      : { from: this.config.from ?? '' };
    try {
      const message = await this.client.messages.create({
        to: text.to,
        body: text.body,
        statusCallback: text.statusCallback,
        ...sender,
      });
      return { providerId: message.sid, status: message.status };
    } catch (error) {
      // A RestException carries Twilio's code (21211 invalid number, 21610 replied STOP …).
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'number' || typeof code === 'string') {
        throw new SmsRejectedError(String(code), (error as Error).message);
      }
      throw error;
    }
  }

  validateWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.config.authToken, signature, url, params);
  }
}
