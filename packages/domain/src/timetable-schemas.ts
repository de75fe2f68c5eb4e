/**
 * The shapes of CMS timetable rows and closures (zod), for checking content before it is used;
 * kept apart from timetable.ts so that only code that validates loads zod (docs/decisions/124).
 */
import { z } from 'zod';
import { isCalendarDate, isWallClockTime, WEEKDAYS } from './london-time.ts';
import { SERVICE_CODES } from './services.ts';

/** Shape of one closure, for checking CMS content before it is used. */
export const closureSchema = z
  .object({
    from: z.string().refine(isCalendarDate, { error: 'From must be a date written YYYY-MM-DD.' }),
    to: z.string().refine(isCalendarDate, { error: 'To must be a date written YYYY-MM-DD.' }),
    reason: z.string().trim().min(1, { error: 'Reason is required.' }),
  })
  // YYYY-MM-DD strings compare in calendar order; only compare two well-formed dates.
  .refine((c) => !isCalendarDate(c.from) || !isCalendarDate(c.to) || c.to >= c.from, {
    error: 'The last closed day must not be before the first.',
    path: ['to'],
  });

/** Shape of one timetable row, for checking CMS content before it is used. */
export const weeklySlotSchema = z.object({
  day: z.enum(WEEKDAYS, { error: 'Day must be one of mon, tue, wed, thu, fri, sat, sun.' }),
  startTime: z.string().refine(isWallClockTime, { error: 'Start time must be written HH:mm.' }),
  label: z.string().trim().min(1, { error: 'Label is required.' }),
  service: z.enum(SERVICE_CODES, { error: 'Service is not a known service code.' }),
});
