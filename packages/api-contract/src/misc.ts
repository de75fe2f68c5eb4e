import { contactEnquirySchema, USER_ROLES } from '@tuition/domain';
import { z } from 'zod';
import { named } from './named.ts';

/** The contact form's enquiry (the domain's rules). */
export const ContactEnquirySchema = named('ContactEnquiry', contactEnquirySchema);
export type ContactEnquiryRequest = z.input<typeof ContactEnquirySchema>;

export const EnquiryReceivedSchema = named('EnquiryReceived', z.object({ id: z.string() }));
export type EnquiryReceived = z.infer<typeof EnquiryReceivedSchema>;

export const ResetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const ResetTokenSchema = named(
  'ResetToken',
  z.object({
    valid: z.literal(true),
    email: z.string(),
    firstPassword: z.boolean().meta({
      description:
        'The account has no password yet (an invited tutor): the page asks to choose one ' +
        '(docs/decisions/107)',
    }),
    role: z.enum(USER_ROLES).meta({
      description: 'Where the page lands once signed in: /teach for a tutor, /admin for an admin',
    }),
  }),
);
export type ResetToken = z.infer<typeof ResetTokenSchema>;

export const HealthSchema = named('Health', z.object({ status: z.literal('ok') }));
export type Health = z.infer<typeof HealthSchema>;

export const WebhookReceiptSchema = named(
  'WebhookReceipt',
  z.object({ received: z.literal(true), outcome: z.string() }),
);
export type WebhookReceipt = z.infer<typeof WebhookReceiptSchema>;
