import { SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { StartedCheckoutSchema } from './checkout.ts';
import { isoInstant, named } from './named.ts';
import { expectedPenceField, promoCodeField } from './promotions.ts';

/*
 * Booking a tutor's free hour (docs/decisions/106): one lesson, or the same hour weekly up to
 * the end of the term. The server checks every week against the tutor's free slots under the
 * tutor's lock and prices it from the CMS hourly price; session credit does not pay for it.
 */

/** At most this many weekly lessons in one booking (a term is at most 15 weeks). */
export const ONE_TO_ONE_MAX_WEEKS = 15;

export const OneToOneCheckoutRequestSchema = named(
  'OneToOneCheckoutRequest',
  z.object({
    service: z.enum(SERVICE_CODES, {
      error: `Unknown service: use one of ${SERVICE_CODES.join(', ')}.`,
    }),
    tutorId: z.string().min(1).max(100).meta({ description: 'The tutor whose hour it is' }),
    startsAt: z
      .string()
      .max(40)
      .meta({ description: 'The first lesson’s start, an ISO instant from the free slots' }),
    lengthMinutes: z
      .number({ error: 'lengthMinutes must be one of the lesson lengths offered.' })
      .int({ error: 'lengthMinutes must be one of the lesson lengths offered.' })
      .min(15, { error: 'lengthMinutes must be one of the lesson lengths offered.' })
      .max(240, { error: 'lengthMinutes must be one of the lesson lengths offered.' }),
    pupilId: z.string().min(1).max(100).meta({ description: 'The child who takes the lessons' }),
    weeks: z
      .number({ error: `weeks must be a whole number from 1 to ${ONE_TO_ONE_MAX_WEEKS}.` })
      .int({ error: `weeks must be a whole number from 1 to ${ONE_TO_ONE_MAX_WEEKS}.` })
      .min(1, { error: `weeks must be a whole number from 1 to ${ONE_TO_ONE_MAX_WEEKS}.` })
      .max(ONE_TO_ONE_MAX_WEEKS, {
        error: `weeks must be a whole number from 1 to ${ONE_TO_ONE_MAX_WEEKS}.`,
      })
      .optional()
      .meta({
        description: 'The same hour this many weeks running (default 1; not past the term)',
      }),
    skipUnavailable: z
      .boolean()
      .optional()
      .meta({
        description:
          'Book the weeks the tutor is free and leave the others out (default false: 409 ' +
          '`unavailable` listing them, and nothing is held)',
      }),
    adultNearby: z
      .boolean()
      .optional()
      .meta({
        description:
          'An adult will be nearby during the lesson, so it is not recorded (default false: 1-to-1 ' +
          'lessons are recorded; a business setting can make recording compulsory)',
      }),
    promoCode: promoCodeField.optional(),
    expectedPence: expectedPenceField.optional(),
  }),
);
export type OneToOneCheckoutRequest = z.infer<typeof OneToOneCheckoutRequestSchema>;

export const OneToOneCheckoutSchema = named(
  'OneToOneCheckout',
  StartedCheckoutSchema.extend({
    lessons: z.array(isoInstant).meta({ description: 'The starts of the lessons held' }),
    skipped: z.array(isoInstant).meta({
      description: 'Weeks left out because the tutor is not free then (skipUnavailable)',
    }),
  }),
);
export type OneToOneCheckout = z.infer<typeof OneToOneCheckoutSchema>;
