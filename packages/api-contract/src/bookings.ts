import { BookingRecordingSchema } from './rooms.ts';
import { BOOKING_STATUSES, rescheduleSchema, SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { isoInstant, named } from './named.ts';
import { JoinWindowSchema } from './lessons.ts';
import { PupilRefSchema } from './pupils.ts';
import { ChildLessonReportSchema } from './tutors.ts';

export const BOOKING_SCOPES = ['upcoming', 'previous'] as const;
export type BookingScope = (typeof BOOKING_SCOPES)[number];

export const BookingListQuerySchema = z.object({
  scope: z
    .enum(BOOKING_SCOPES, { error: 'scope must be upcoming or previous.' })
    .default('upcoming'),
});
export type BookingListQuery = z.input<typeof BookingListQuerySchema>;

/** A group session of the timetable, or a 1-to-1 lesson of a tutor's hour (docs/decisions/106). */
export const SESSION_KINDS = ['group', 'one-to-one'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const BookingIdParamsSchema = z.object({ id: z.string() });

/** One booking, as its customer and the admins see it (the same shape for both). */
export const BookingSchema = named(
  'Booking',
  z.object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    service: z.enum(SERVICE_CODES),
    subject: z.string(),
    label: z.string().meta({ description: 'The class name', examples: ['GCSE Higher'] }),
    startsAt: isoInstant,
    endsAt: isoInstant,
    createdAt: isoInstant,
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
    pupil: PupilRefSchema,
    join: JoinWindowSchema.optional().meta({
      description: 'Joining the online session (issue 15); always sent by this service',
    }),
    tutorName: z.string().nullable().optional().meta({
      description: 'Who teaches it: the cover tutor, else the class lead; null while none is named',
    }),
    kind: z.enum(SESSION_KINDS).optional().meta({
      description:
        'one-to-one: a lesson booked from a tutor’s free hour (decision 106), taught by `tutorName`',
    }),
    tutorId: z.string().optional().meta({
      description: 'A 1-to-1 lesson’s tutor, whose free hours it may move to (decision 106)',
    }),
    enrolmentId: z.string().optional().meta({
      description: 'Set when the seat belongs to a term enrolment (GET /api/me/enrolments)',
    }),
    report: ChildLessonReportSchema.nullable().optional().meta({
      description: 'Previous bookings: the lesson report for this child, once the tutor sent it',
    }),
    recording: BookingRecordingSchema.nullable().optional().meta({
      description:
        "Previous bookings: the lesson's recording when this child was marked present and it can still be watched (GET /api/me/bookings/{id}/recording)",
    }),
  }),
);
export type Booking = z.infer<typeof BookingSchema>;

export const BookingListSchema = z.array(BookingSchema);

/** The slot a booking moves to. */
export const RescheduleRequestSchema = named('RescheduleRequest', rescheduleSchema);
export type RescheduleRequest = z.input<typeof RescheduleRequestSchema>;
