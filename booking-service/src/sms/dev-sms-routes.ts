import { DevSmsInboundSchema } from '@tuition/api-contract';
import { ValidationError } from '../http/problem.ts';
import { noStore } from '../http/no-store.ts';
import { createRouter } from '../http/router.ts';
import type { LocalSmsTwin } from './local-sms-twin.ts';

/*
 * The local text twin's routes (docs/decisions/103; never in production: config refuses the
 * twin there). GET /dev/sms/messages?to= lists what would have been sent; POST /dev/sms/inbound
 * is a phone replying: the twin signs it as Twilio would and posts it to the inbound webhook.
 */
export function createDevSmsRoutes(deps: { twin: LocalSmsTwin }) {
  const router = createRouter();
  router.use('/dev/sms/*', noStore());
  router.get('/dev/sms/messages', async (c) => {
    const to = c.req.query('to')?.trim();
    return c.json({ messages: await deps.twin.list(to || undefined) });
  });
  router.post('/dev/sms/inbound', async (c) => {
    const parsed = DevSmsInboundSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const webhook = await deps.twin.receive(parsed.data.from, parsed.data.body);
    return c.json({ received: true, messageId: webhook.params.MessageSid }, 202);
  });
  return router;
}
