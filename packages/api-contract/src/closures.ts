import { z } from 'zod';
import { londonDate, named } from './named.ts';

/**
 * Days the school is closed (CMS closures, decision 052): the booking calendar shows them as
 * "Closed — {reason}" and offers no session on them.
 */
export const ClosedDaySchema = named(
  'ClosedDay',
  z.object({
    date: londonDate,
    reason: z.string().meta({ examples: ['Christmas holiday'] }),
  }),
);
export type ClosedDay = z.infer<typeof ClosedDaySchema>;

/** The closed days inside the dates an availability answer covers, earliest first. */
export const closedDaysField = z
  .array(ClosedDaySchema)
  .optional()
  .meta({
    description:
      'Closed days (holidays) between the dates asked for and inside the booking window, with ' +
      'the reason shown to customers; no slot is offered on them.',
  });

/**
 * On an admin session: the reason its day was closed after people booked it, so staff can
 * contact them (the bookings are not cancelled automatically). Absent when the day is open.
 */
export const closedReasonField = z
  .string()
  .optional()
  .meta({ description: 'Set when the session falls on a day closed since it was booked' });
