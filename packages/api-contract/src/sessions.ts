import { SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { bandLabel, isoInstant, londonDate, named } from './named.ts';
import { PupilRefSchema } from './pupils.ts';

/** How every response names one session: London date, band, class label. */
export const SessionSummarySchema = named(
  'SessionSummary',
  z.object({
    startsAt: isoInstant,
    endsAt: isoInstant,
    date: londonDate,
    time: bandLabel,
    label: z
      .string()
      .meta({ description: 'The class name of the timetable slot', examples: ['GCSE Higher'] }),
    service: z.enum(SERVICE_CODES),
  }),
);
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** One seat of a checkout or payment: the session and the pupil it is for. */
export const SeatSummarySchema = named(
  'SeatSummary',
  SessionSummarySchema.extend({
    pupil: PupilRefSchema,
    paidWithCredit: z
      .boolean()
      .optional()
      .meta({ description: 'True when a session of credit paid for this seat' }),
    pricePence: z.number().int().optional().meta({
      description: 'What the card pays for this seat after any discount (absent on older seats)',
    }),
  }),
);
export type SeatSummary = z.infer<typeof SeatSummarySchema>;
