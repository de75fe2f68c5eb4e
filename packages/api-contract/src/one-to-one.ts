import {
  isCalendarDate,
  isWallClockTime,
  ONE_TO_ONE_LENGTHS,
  SERVICE_CODES,
  WEEKDAYS,
} from '@tuition/domain';
import { z } from 'zod';
import { idSchema } from './ids.ts';
import { isoInstant, londonDate, named, pence } from './named.ts';

/*
 * 1-to-1 lessons from a tutor's free hours (docs/decisions/104): who teaches what 1-to-1 (an
 * admin sets it), the tutor's weekly windows, dated exceptions and private calendar, and the
 * public list of free slots.
 */

/** At most this many weekly windows, and exceptions, per tutor: a week and a year of days. */
export const AVAILABILITY_WINDOWS_MAX = 28;
export const AVAILABILITY_EXCEPTIONS_MAX = 366;
export const CALENDAR_URL_MAX_LENGTH = 2000;

const quarterHour = (field: string) =>
  z
    .string({ error: `${field} must be a time written HH:MM.` })
    .refine(isWallClockTime, { error: `${field} must be a time written HH:MM, e.g. 16:00.` })
    .refine((time) => Number(time.slice(3)) % 15 === 0, {
      error: `${field} must be on the quarter hour (:00, :15, :30 or :45).`,
    })
    .meta({ description: 'London wall-clock time HH:MM, on the quarter hour' });

export const AvailabilityWindowSchema = named(
  'AvailabilityWindow',
  z
    .object({
      day: z.enum(WEEKDAYS, { error: `day must be one of ${WEEKDAYS.join(', ')}.` }),
      from: quarterHour('from'),
      to: quarterHour('to'),
    })
    // HH:MM strings compare in time order.
    .refine((w) => w.from < w.to, { error: 'to must be after from.', path: ['to'] }),
  'A weekly stretch of London time the tutor offers, e.g. Tuesdays 16:00-19:00',
);

export const AvailabilityExceptionSchema = named(
  'AvailabilityException',
  z
    .object({
      date: z
        .string({ error: 'date must be a date written YYYY-MM-DD.' })
        .refine(isCalendarDate, { error: 'date must be a date written YYYY-MM-DD.' }),
      from: quarterHour('from').optional(),
      to: quarterHour('to').optional(),
      available: z
        .literal(false, {
          error: 'available must be false: an exception marks time away (add a window for more).',
        })
        .default(false),
    })
    .refine((e) => (e.from === undefined) === (e.to === undefined), {
      error: 'Give both from and to for part of a day, or neither for the whole day.',
      path: ['from'],
    })
    .refine((e) => e.from === undefined || e.to === undefined || e.from < e.to, {
      error: 'to must be after from.',
      path: ['to'],
    }),
  'A London date (or part of it) the tutor is away',
);

/** The index of the first window that overlaps an earlier one on the same day, if any. */
function firstOverlap(windows: readonly { day: string; from: string; to: string }[]) {
  return windows.findIndex((w, i) =>
    windows.slice(0, i).some((o) => o.day === w.day && w.from < o.to && o.from < w.to),
  );
}

/** GET and PUT /api/tutor/availability: the tutor's windows and exceptions, replaced whole. */
export const TutorAvailabilityRequestSchema = named(
  'TutorAvailabilityRequest',
  z
    .object({
      windows: z
        .array(AvailabilityWindowSchema, { error: 'windows must be a list.' })
        .max(AVAILABILITY_WINDOWS_MAX, {
          error: `windows may hold at most ${AVAILABILITY_WINDOWS_MAX} windows.`,
        }),
      exceptions: z
        .array(AvailabilityExceptionSchema, { error: 'exceptions must be a list.' })
        .max(AVAILABILITY_EXCEPTIONS_MAX, {
          error: `exceptions may hold at most ${AVAILABILITY_EXCEPTIONS_MAX} dates.`,
        })
        .default([]),
    })
    .superRefine((body, ctx) => {
      const index = firstOverlap(body.windows);
      if (index >= 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'Two windows on the same day overlap: join them into one.',
          path: ['windows', index],
        });
      }
    }),
);
export type TutorAvailabilityRequest = z.input<typeof TutorAvailabilityRequestSchema>;

export const TutorAvailabilitySchema = named(
  'TutorAvailability',
  z.object({
    windows: z.array(AvailabilityWindowSchema),
    exceptions: z.array(AvailabilityExceptionSchema),
    updatedAt: isoInstant.nullable().meta({ description: 'null until the tutor first saves' }),
  }),
);
export type TutorAvailability = z.infer<typeof TutorAvailabilitySchema>;

/** PUT /api/tutor/calendar: the private iCalendar address (https or webcal); null removes it. */
export const TutorCalendarRequestSchema = named(
  'TutorCalendarRequest',
  z.object({
    url: z
      .string({ error: 'url must be an https or webcal calendar address, or null.' })
      .trim()
      .min(1, { error: 'url must be an https or webcal calendar address, or null.' })
      .max(CALENDAR_URL_MAX_LENGTH, {
        error: `url must be at most ${CALENDAR_URL_MAX_LENGTH} characters.`,
      })
      .nullable()
      .meta({ description: "A private iCalendar feed, e.g. Google Calendar's secret address" }),
  }),
);
export type TutorCalendarRequest = z.input<typeof TutorCalendarRequestSchema>;

export const TutorCalendarSchema = named(
  'TutorCalendar',
  z.object({
    url: z
      .string()
      .nullable()
      .meta({
        description:
          'The address with its secret part hidden, e.g. "https://calendar.google.com/…"',
        examples: ['https://calendar.google.com/…'],
      }),
    lastReadAt: isoInstant.nullable().meta({ description: 'When it was last read well' }),
    lastError: z.string().nullable().meta({ description: 'Why the last read failed, if it did' }),
  }),
);
export type TutorCalendar = z.infer<typeof TutorCalendarSchema>;

const RATE_MAX_PENCE = 100_000;
const rateMessage = 'ratePencePerHour must be a whole number of pence.';

/** PUT /api/admin/tutors/{id}/one-to-one: the courses they teach 1-to-1 and their hourly rate. */
export const TutorOneToOneRequestSchema = named(
  'TutorOneToOneRequest',
  z.object({
    services: z
      .array(
        z.enum(SERVICE_CODES, {
          error: `services must list courses from ${SERVICE_CODES.join(', ')}.`,
        }),
        { error: 'services must be a list of courses.' },
      )
      .max(SERVICE_CODES.length)
      .refine((list) => new Set(list).size === list.length, {
        error: 'services must name each course once.',
      }),
    ratePencePerHour: z
      .number({ error: rateMessage })
      .int({ error: rateMessage })
      .min(0, { error: 'ratePencePerHour cannot be negative.' })
      .max(RATE_MAX_PENCE, { error: `ratePencePerHour must be at most ${RATE_MAX_PENCE} pence.` }),
  }),
);
export type TutorOneToOneRequest = z.input<typeof TutorOneToOneRequestSchema>;

/** A busy time as staff see it: when, never what. */
export const BusyIntervalSchema = named(
  'BusyInterval',
  z.object({ startsAt: isoInstant, endsAt: isoInstant }),
);

export const TutorOneToOneSchema = named(
  'TutorOneToOne',
  z.object({
    tutorId: z.string(),
    services: z.array(z.enum(SERVICE_CODES)),
    ratePencePerHour: pence,
    windows: z.array(AvailabilityWindowSchema),
    exceptions: z.array(AvailabilityExceptionSchema),
    calendar: TutorCalendarSchema,
    busy: z
      .array(BusyIntervalSchema)
      .meta({ description: "The calendar's busy times in the booking window, never titles" }),
  }),
);
export type TutorOneToOne = z.infer<typeof TutorOneToOneSchema>;

const lengthMessage = `lengthMinutes must be one of ${ONE_TO_ONE_LENGTHS.join(', ')}.`;
const dateParam = (name: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD.` })
    .optional()
    .meta({ description: 'London date YYYY-MM-DD' });

/** GET /api/one-to-one/availability (public). */
export const OneToOneAvailabilityQuerySchema = z.object({
  service: z.enum(SERVICE_CODES, {
    error: `Unknown service: use one of ${SERVICE_CODES.join(', ')}.`,
  }),
  from: dateParam('from'),
  to: dateParam('to'),
  lengthMinutes: z
    .string()
    .regex(/^\d{1,3}$/, { error: lengthMessage })
    .transform(Number)
    .refine((n) => (ONE_TO_ONE_LENGTHS as readonly number[]).includes(n), { error: lengthMessage })
    .optional()
    .meta({ description: 'Lesson length in minutes; 60 by default' }),
  tutorId: idSchema('tutorId must be a tutor id.').optional(),
});
export type OneToOneAvailabilityQuery = z.input<typeof OneToOneAvailabilityQuerySchema>;

export const OneToOneSlotSchema = named(
  'OneToOneSlot',
  z.object({
    tutorId: z.string(),
    tutorName: z.string().meta({ description: "The tutor's first name only" }),
    startsAt: isoInstant,
    endsAt: isoInstant,
  }),
);
export type OneToOneSlot = z.infer<typeof OneToOneSlotSchema>;

export const OneToOneAvailabilitySchema = named(
  'OneToOneAvailability',
  z.object({
    service: z.enum(SERVICE_CODES),
    lengthMinutes: z.number().int(),
    from: londonDate,
    to: londonDate,
    slots: z.array(OneToOneSlotSchema),
  }),
);
export type OneToOneAvailability = z.infer<typeof OneToOneAvailabilitySchema>;
