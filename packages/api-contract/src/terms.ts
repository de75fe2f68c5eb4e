import { SERVICE_CODES, WEEKDAYS } from '@tuition/domain';
import { z } from 'zod';
import { londonDate, named, pence } from './named.ts';

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
