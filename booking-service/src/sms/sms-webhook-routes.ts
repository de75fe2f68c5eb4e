import type { Context } from 'hono';
import type { Config } from '../config/env.ts';
import { ForbiddenError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { SMS_INBOUND_PATH, SMS_SIGNATURE_HEADER, SMS_STATUS_PATH } from './sms-provider.ts';
import { receiveReply } from './text-replies.ts';
import { recordReceipt, type TextingDeps } from './texting.ts';

/*
 * The provider's webhooks (docs/decisions/103): inbound replies and delivery receipts, posted
 * by Twilio, or by the local twin signed the same way. Anything not signed with the account's
 * token is refused with 403 before it is read.
 */

type WebhookDeps = TextingDeps & { config: Pick<Config, 'publicUrl' | 'sms'> };

export function createSmsWebhookRoutes(deps: WebhookDeps) {
  const router = createRouter();
  router.post(SMS_INBOUND_PATH, async (c) => {
    const params = await signedParams(c, deps);
    await receiveReply(deps, {
      from: params.From ?? '',
      body: params.Body ?? '',
      messageId: params.MessageSid ?? '',
    });
    return twiml(c);
  });
  router.post(SMS_STATUS_PATH, async (c) => {
    const params = await signedParams(c, deps);
    await recordReceipt(deps, {
      providerId: params.MessageSid ?? '',
      status: params.MessageStatus ?? '',
      errorCode: params.ErrorCode,
    });
    return twiml(c);
  });
  return router;
}

/** An empty TwiML answer: Twilio expects XML from a messaging webhook. */
const twiml = (c: Context) =>
  c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', 200, {
    'content-type': 'text/xml; charset=utf-8',
  });

/**
 * The webhook's form parameters, once their signature checks out for the public URL Twilio
 * posted to (the service's own origin, never the Host header a proxy may change): 403 otherwise.
 */
async function signedParams(c: Context, deps: WebhookDeps): Promise<Record<string, string>> {
  const form = await c.req.parseBody();
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (typeof value === 'string') params[key] = value;
  }
  const signature = c.req.header(SMS_SIGNATURE_HEADER) ?? '';
  const url = `${deps.config.publicUrl}${c.req.path}`;
  if (!signature || !deps.sms.validateWebhook(url, params, signature)) {
    c.get('log')?.warn({ path: c.req.path }, 'text webhook signature rejected');
    throw new ForbiddenError('The webhook signature does not match.', {
      code: 'invalid-signature',
    });
  }
  return params;
}
