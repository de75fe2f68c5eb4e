import { createRoute } from '@hono/zod-openapi';
import { ContactEnquirySchema, EnquiryReceivedSchema } from '@tuition/api-contract';
import { type ContactEnquiry, toE164 } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { noSession, rejectCrossSiteRequests } from '../auth/middleware.ts';
import { enquiries } from '../db/schema.ts';
import { addressBucket, clientAddress } from '../http/client-address.ts';
import { invalidInput, jsonBody, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { HttpProblem } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import {
  contactAcknowledgementEmail,
  contactEnquiryEmail,
  type EnquiryDetails,
} from './contact-emails.ts';
import { CONTACT_RATE_LIMIT } from './contact-rate-limit.ts';
import { consumeRateLimit, RATE_LIMIT_SCOPES, rateLimitKey } from '../http/rate-limit.ts';

const contactRoute = createRoute({
  method: 'post',
  path: '/api/contact',
  operationId: 'sendEnquiry',
  tags: ['contact'],
  summary: 'Send an enquiry from the contact form',
  description:
    'Stores the enquiry, then queues an e-mail to the business and an acknowledgement to the ' +
    'sender in the same transaction. At most 5 an hour per e-mail address and per client.',
  security: noSession,
  request: { body: jsonBody(ContactEnquirySchema) },
  responses: {
    201: jsonResponse(EnquiryReceivedSchema, 'Enquiry received'),
    400: invalidInput('A field is invalid; `errors` names it'),
    403: problemResponse('Sent from another site'),
    429: problemResponse('Too many enquiries; try again later (Retry-After says when)'),
  },
});

/** Used when the CMS has no response promise: our own (docs/product-rules.md#time). */
const DEFAULT_RESPONSE_PROMISE = 'within 24 hours';

export function createContactRoutes(deps: {
  db: Database;
  mail: MailOutbox;
  content: ContentLoader;
  config: Config;
  logger: Logger;
}) {
  const router = createRouter();
  const addressKey = (scope: string, address: string) =>
    rateLimitKey(deps.config.auth.secret, scope, address);
  router.use('/api/contact', rejectCrossSiteRequests(deps.config.trustedOrigins));

  return router.openapi(contactRoute, async (c) => {
    const enquiry: ContactEnquiry = c.req.valid('json');

    // Both limits are consumed, so a flood from one address also counts against its IP. The
    // client address is the one every limit uses (TRUSTED_PROXIES, docs/decisions/038).
    const client = addressBucket(clientAddress(c, deps.config.trustedProxies));
    const decisions = await Promise.all([
      consumeRateLimit(
        deps.db,
        addressKey(RATE_LIMIT_SCOPES.contactEmail, enquiry.email),
        CONTACT_RATE_LIMIT,
      ),
      consumeRateLimit(
        deps.db,
        addressKey(RATE_LIMIT_SCOPES.contactIp, client),
        CONTACT_RATE_LIMIT,
      ),
    ]);
    const refused = decisions.filter((d) => !d.allowed);
    if (refused.length > 0) {
      const retryAfter = Math.max(...refused.map((d) => d.retryAfter ?? 60));
      c.header('Retry-After', String(retryAfter));
      throw new HttpProblem(
        429,
        'Too Many Requests',
        'You have sent several enquiries recently. Please try again later or e-mail us directly.',
      );
    }

    const details: EnquiryDetails = {
      parentName: enquiry.parentName,
      email: enquiry.email,
      // A real number is kept in E.164, as an account's is (decision 069), so the business
      // reads and dials it the same way; anything else stays as the sender typed it.
      phone: enquiry.phone ? (toE164(enquiry.phone) ?? enquiry.phone) : null,
      yearGroup: enquiry.yearGroup ?? null,
      subject: enquiry.subject ?? null,
      preference: enquiry.preference ?? null,
      message: enquiry.message,
    };
    const [brand, settings] = await Promise.all([mailBrand(deps), deps.content.siteSettings()]);

    // The enquiry and both mails commit together: every stored enquiry has its notification
    // queued, and delivery failures later are retried by the outbox without touching the row.
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(enquiries).values(details).returning({ id: enquiries.id });
      if (!row) throw new Error('enquiry insert returned no row');
      await deps.mail.enqueue(
        {
          to: settings.contactEmail,
          replyTo: details.email,
          // It names the sender: their deletion erases it too (docs/decisions/058).
          about: [details.email],
          ...contactEnquiryEmail(brand, details),
        },
        { tx },
      );
      await deps.mail.enqueue(
        {
          to: details.email,
          ...contactAcknowledgementEmail(
            brand,
            settings.responsePromise || DEFAULT_RESPONSE_PROMISE,
          ),
        },
        { tx },
      );
      return row.id;
    });
    c.get('log').info({ enquiryId: id }, 'contact enquiry stored');
    return c.json({ id }, 201);
  });
}
