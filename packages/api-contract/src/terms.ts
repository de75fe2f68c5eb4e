import { SERVICE_CODES, WEEKDAYS } from '@tuition/domain';
import { z } from 'zod';
import { StartedCheckoutSchema } from './checkout.ts';
import { count, isoInstant, londonDate, named, pence } from './named.ts';
import { expectedPenceField, PriceQuoteSchema, promoCodeField } from './promotions.ts';
import { PupilRefSchema, pupilIdsField } from './pupils.ts';

/*
 * School terms and the weekly classes families enrol in for a term (decisions 079 and 081):
 * public, read by the booking page before anyone signs in.
 */

export const PublicTermSchema = named(
  'Term',
  z.object({
    id: z.string(),
    name: z.string().meta({ examples: ['Spring 2027'] }),
    firstDay: londonDate,
    lastDay: londonDate,
    priorityOpensOn: londonDate.meta({
      description: 'From this London date pupils already in a class may enrol for this term',
    }),
    publicOpensOn: londonDate.meta({ description: 'From this London date anyone may enrol' }),
    pricePencePerSession: pence,
  }),
);
export type PublicTerm = z.infer<typeof PublicTermSchema>;

export const TermListSchema = z.array(PublicTermSchema);

/** A weekly class: one course's slot on a London weekday (the admin's class ids). */
export const PublicClassSchema = named(
  'Class',
  z.object({
    id: z.string(),
    service: z.enum(SERVICE_CODES),
    day: z.enum(WEEKDAYS),
    startTime: z.string().meta({ description: 'HH:mm, London wall clock', examples: ['19:00'] }),
    label: z.string().meta({ examples: ['GCSE Higher'] }),
  }),
);
export type PublicClass = z.infer<typeof PublicClassSchema>;

export const ClassListSchema = z.array(PublicClassSchema);

export const TermIdParamsSchema = z.object({ termId: z.string() });

const classIdField = z
  .string({ error: 'classId must be a class id from GET /api/classes.' })
  .min(1, { error: 'classId must be a class id from GET /api/classes.' })
  .max(100);

/** Enrolment is for named pupils: a term is for a child, so pupilIds is required. */
const termPupilIds = pupilIdsField.unwrap().meta({
  description: 'The pupils to enrol (each one seat in every session)',
});

export const TermQuoteRequestSchema = named(
  'TermQuoteRequest',
  z.object({
    classId: classIdField,
    pupilIds: termPupilIds,
    promoCode: promoCodeField.optional(),
  }),
);
export type TermQuoteRequest = z.infer<typeof TermQuoteRequestSchema>;

export const TERM_SESSION_STATUSES = ['ok', 'full', 'duplicate', 'closed'] as const;
export type TermSessionStatus = (typeof TERM_SESSION_STATUSES)[number];

export const TermQuoteSchema = named(
  'TermQuote',
  z.object({
    sessions: z
      .array(
        z.object({
          startsAt: isoInstant,
          status: z.enum(TERM_SESSION_STATUSES).meta({
            description:
              '`full`: fewer seats left than pupils; `duplicate`: a pupil already has a seat; ' +
              '`closed`: the business is closed that day (never charged)',
          }),
        }),
      )
      .meta({ description: 'The class’s sessions from today (or the first day) to the last day' }),
    sessionsCount: count.meta({ description: 'Sessions priced: those with status ok' }),
    amountPence: pence.meta({ description: 'What the ok sessions cost for every pupil named' }),
    price: PriceQuoteSchema,
    creditAvailable: count.meta({
      description: 'Sessions of credit the account can spend now (0 when it has none)',
    }),
    cardPrice: PriceQuoteSchema.optional().meta({
      description:
        'When credit pays for the earliest seats and some are left: what the card pays for the ' +
        'rest, priced as the term checkout prices them (docs/decisions/105)',
    }),
  }),
);
export type TermQuote = z.infer<typeof TermQuoteSchema>;

export const TermCheckoutRequestSchema = named(
  'TermCheckoutRequest',
  z.object({
    termId: z.string().min(1).max(200),
    classId: classIdField,
    pupilIds: termPupilIds,
    promoCode: promoCodeField.optional(),
    useCredit: z.boolean().optional().meta({
      description: 'Pay the earliest seats with the account’s credit (default true)',
    }),
    expectedPence: expectedPenceField.optional(),
    skipFull: z
      .boolean()
      .optional()
      .meta({
        description:
          'Book the sessions that have room and put the pupils on the full ones’ waiting lists ' +
          '(default false: 409 listing the full ones)',
      }),
  }),
);
export type TermCheckoutRequest = z.infer<typeof TermCheckoutRequestSchema>;

export const TermCheckoutSchema = named(
  'TermCheckout',
  StartedCheckoutSchema.extend({
    waitlisted: z.array(isoInstant).meta({
      description: 'Full sessions the pupils were put on the waiting list for (skipFull)',
    }),
  }),
);
export type TermCheckout = z.infer<typeof TermCheckoutSchema>;

/** A pupil's enrolment in a weekly class for a term, as the family sees it. */
export const EnrolmentSchema = named(
  'Enrolment',
  z.object({
    id: z.string(),
    termId: z.string(),
    termName: z.string(),
    classId: z.string(),
    service: z.enum(SERVICE_CODES),
    label: z.string().meta({ examples: ['GCSE Higher, Tuesdays 7 pm'] }),
    pupil: PupilRefSchema,
    status: z.enum(['pending', 'paid']).meta({ description: 'pending while its payment is open' }),
    sessionsTotal: count.meta({ description: 'Seats the enrolment bought and still holds' }),
    sessionsLeft: count.meta({ description: 'Confirmed seats not yet started' }),
    pricePencePerSession: pence,
  }),
);
export type Enrolment = z.infer<typeof EnrolmentSchema>;
export const EnrolmentListSchema = z.array(EnrolmentSchema);

export const AdminEnrolmentQuerySchema = z.object({
  classId: z.string().max(100).optional(),
  userId: z.string().max(200).optional(),
  termId: z.string().max(200).optional(),
});

export const AdminEnrolmentSchema = named(
  'AdminEnrolment',
  EnrolmentSchema.extend({
    family: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    createdAt: isoInstant,
  }),
);
export type AdminEnrolment = z.infer<typeof AdminEnrolmentSchema>;
export const AdminEnrolmentListSchema = z.array(AdminEnrolmentSchema);
