import { emailSchema, nameSchema, SERVICE_CODES } from '@tuition/domain';
import { z } from 'zod';
import { idParams, idSchema } from './ids.ts';
import { AttendanceStatusSchema, attendanceField } from './lessons.ts';
import { count, isoInstant, named, pence } from './named.ts';
import { YearGroupSchema } from './pupils.ts';

/*
 * Tutors (docs/decisions/079): staff who teach the classes. An admin invites them, names the
 * lead tutor of each weekly class and a cover tutor for one session; a tutor sees only the
 * sessions they teach, takes the register and sends a lesson report that each family reads for
 * its own child; submitted registers are the lines the business pays from.
 */

/** Who teaches a session: the class's lead, or a cover tutor for that one session. */
export const TUTOR_ROLES = ['lead', 'cover'] as const;
export type TutorRole = (typeof TUTOR_ROLES)[number];

export const TutorIdParamsSchema = idParams('tutor');

const RATE_MAX_PENCE = 100_000;
const rate = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of pence.` })
    .int({ error: `${field} must be a whole number of pence.` })
    .min(0, { error: `${field} cannot be negative.` })
    .max(RATE_MAX_PENCE, { error: `${field} must be at most ${RATE_MAX_PENCE} pence.` });

/**
 * What an admin is told when an action succeeds but leaves a tutor paid nothing
 * (docs/decisions/113): `no-rates`, no session or pupil rate for a class; `no-one-to-one-rate`,
 * no hourly rate for a 1-to-1 lesson.
 */
export const TUTOR_WARNINGS = ['no-rates', 'no-one-to-one-rate'] as const;
export type TutorWarning = (typeof TUTOR_WARNINGS)[number];
const warnings = z.array(z.enum(TUTOR_WARNINGS)).meta({
  description:
    'The action succeeded, but the tutor has no pay rate for these lessons, so their ' +
    'registers pay £0.00 until one is set: `no-rates` (a class: no session or pupil rate), ' +
    '`no-one-to-one-rate` (a 1-to-1 lesson: no hourly rate). Empty when all is well.',
});

/** POST /api/admin/tutors: the rates are optional; left out, they are £0 and a warning says so. */
export const TutorInviteRequestSchema = named(
  'TutorInviteRequest',
  z.object({
    name: nameSchema.meta({ description: 'As families will see it', examples: ['Mr Patel'] }),
    email: emailSchema,
    perSessionPence: rate('perSessionPence').optional(),
    perPupilPence: rate('perPupilPence').optional(),
  }),
);
export type TutorInviteRequest = z.input<typeof TutorInviteRequestSchema>;

export const TutorCreatedSchema = named('TutorCreated', z.object({ id: z.string(), warnings }));
export type TutorCreated = z.infer<typeof TutorCreatedSchema>;

/** A weekly class as a tutor list names it. */
export const TutorClassRefSchema = named(
  'TutorClassRef',
  z.object({
    id: z.string(),
    label: z.string().meta({ examples: ['GCSE Higher'] }),
    day: z.string().meta({ examples: ['tue'] }),
    startTime: z.string().meta({ examples: ['19:00'] }),
  }),
);

export const TutorSchema = named(
  'Tutor',
  z.object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    active: z.boolean().meta({ description: 'false once deactivated: no sign-in, no tutor pages' }),
    passwordSet: z
      .boolean()
      .meta({ description: 'Whether the tutor has chosen a password from the invite yet' }),
    invitedAt: isoInstant,
    perSessionPence: pence,
    perPupilPence: pence,
    classes: z.array(TutorClassRefSchema).meta({ description: 'The weekly classes they lead' }),
  }),
);
export type Tutor = z.infer<typeof TutorSchema>;

export const TutorListSchema = named('TutorList', z.object({ tutors: z.array(TutorSchema) }));
export type TutorList = z.infer<typeof TutorListSchema>;

/** PUT /api/admin/tutors/{id}/rates: what a submitted register pays. */
export const TutorRatesRequestSchema = named(
  'TutorRatesRequest',
  z.object({
    perSessionPence: rate('perSessionPence'),
    perPupilPence: rate('perPupilPence'),
  }),
);
export type TutorRatesRequest = z.input<typeof TutorRatesRequestSchema>;

/** PUT /api/admin/classes/{id}/tutor and /api/admin/sessions/{id}/tutor; null undoes. */
export const TutorAssignRequestSchema = named(
  'TutorAssignRequest',
  z.object({ tutorId: idSchema('tutorId must be a tutor id, or null.').nullable() }),
);
export type TutorAssignRequest = z.input<typeof TutorAssignRequestSchema>;

export const ClassTutorSchema = named(
  'ClassTutor',
  z.object({
    classId: z.string(),
    tutorId: z.string().nullable(),
    tutorName: z.string().nullable(),
    warnings,
  }),
);
export type ClassTutor = z.infer<typeof ClassTutorSchema>;

export const SessionTutorSchema = named(
  'SessionTutor',
  z.object({
    sessionId: z.string(),
    coverTutorId: z.string().nullable(),
    coverTutorName: z.string().nullable(),
    leadTutorName: z.string().nullable().meta({ description: "The class's lead tutor" }),
    familiesTold: count.meta({ description: 'Families e-mailed about this change now' }),
    warnings,
  }),
);
export type SessionTutor = z.infer<typeof SessionTutorSchema>;

const MONTH_MESSAGE = 'month must be a month as YYYY-MM, e.g. 2027-03.';

export const TutorHoursQuerySchema = z.object({
  month: z
    .string({ error: MONTH_MESSAGE })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE }),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).default('json'),
});
export type TutorHoursQuery = z.input<typeof TutorHoursQuerySchema>;

export const PayLineSchema = named(
  'PayLine',
  z.object({
    sessionId: z.string(),
    startsAt: isoInstant,
    label: z.string(),
    role: z.enum(TUTOR_ROLES),
    pupilsAttended: count.meta({ description: 'Pupils marked present or late' }),
    amountPence: pence.meta({
      description:
        "At the tutor's rates: re-priced when they change until the month closes (decision 113)",
    }),
  }),
);
export type PayLine = z.infer<typeof PayLineSchema>;

export const TutorHoursSchema = named(
  'TutorHours',
  z.object({
    tutorId: z.string(),
    tutorName: z.string(),
    month: z.string(),
    lines: z.array(PayLineSchema),
    sessions: count,
    pupilsAttended: count,
    amountPence: pence.meta({ description: 'The sum of the lines, in pence' }),
    closesAt: isoInstant.meta({
      description:
        "When the month's pay closes (00:00 London on the 8th of the next month): until then a " +
        'rate change re-prices its lines; after, they never change (decision 113)',
    }),
    closed: z.boolean(),
  }),
);
export type TutorHours = z.infer<typeof TutorHoursSchema>;

/** The hours as a spreadsheet download (format=csv). */
export const TutorHoursCsvSchema = z.string().meta({
  description: 'CSV: date, time, class, role, pupils attended, amount; a total row last',
});

/* The tutor's own pages (/teach). */

export const TUTOR_SCOPES = ['upcoming', 'previous'] as const;
export const TutorSessionsQuerySchema = z.object({
  scope: z.enum(TUTOR_SCOPES, { error: 'scope must be upcoming or previous.' }).default('upcoming'),
});
export type TutorSessionsQuery = z.input<typeof TutorSessionsQuerySchema>;

export const REPORT_STATES = ['none', 'draft', 'sent'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const REGISTER_STATES = ['not-started', 'open', 'closed'] as const;

export const TutorSessionSchema = named(
  'TutorSession',
  z.object({
    id: z.string(),
    service: z.enum(SERVICE_CODES),
    label: z.string(),
    startsAt: isoInstant,
    endsAt: isoInstant,
    role: z.enum(TUTOR_ROLES),
    bookedCount: count,
    capacity: count,
    meetingUrl: z
      .string()
      .nullable()
      .meta({ description: "The host's link (secret); null until an admin sets one" }),
    register: z.enum(REGISTER_STATES).meta({
      description: 'Attendance can be marked while open: from the start until 7 days after',
    }),
    report: z.enum(REPORT_STATES),
  }),
);
export type TutorSession = z.infer<typeof TutorSessionSchema>;

export const TutorSessionListSchema = named(
  'TutorSessionList',
  z.object({ sessions: z.array(TutorSessionSchema) }),
);
export type TutorSessionList = z.infer<typeof TutorSessionListSchema>;

/** A register line: what a tutor needs, and no parent contact details. */
export const RegisterPupilSchema = named(
  'RegisterPupil',
  z.object({
    pupilId: z.string(),
    firstName: z.string(),
    yearGroup: YearGroupSchema,
    attendance: attendanceField,
  }),
);
export type RegisterPupil = z.infer<typeof RegisterPupilSchema>;

const NOTE_MAX = 2000;
const longText = (field: string, max = NOTE_MAX) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters.` });

export const PupilNoteSchema = named(
  'PupilNote',
  z.object({
    pupilId: idSchema('pupilId must be a pupil id.'),
    note: longText('note'),
  }),
);

/** PUT /api/tutor/sessions/{id}/report: saves the draft; nothing is sent. */
export const LessonReportRequestSchema = named(
  'LessonReportRequest',
  z.object({
    topic: longText('topic', 200).min(1, { error: 'topic is required.' }),
    homework: longText('homework'),
    resources: longText('resources').nullable().optional(),
    notes: z.array(PupilNoteSchema).max(20, { error: 'notes: at most 20.' }).default([]),
    staffNote: longText('staffNote').nullable().optional(),
  }),
);
export type LessonReportRequest = z.input<typeof LessonReportRequestSchema>;

export const LessonReportSchema = named(
  'LessonReport',
  z.object({
    topic: z.string(),
    homework: z.string(),
    resources: z.string().nullable(),
    notes: z.array(z.object({ pupilId: z.string(), note: z.string() })),
    staffNote: z.string().nullable().meta({ description: 'Staff only: never sent to families' }),
    sentAt: isoInstant.nullable().meta({ description: 'When it was last sent; null: a draft' }),
    version: count.meta({ description: 'Times sent; above 1 means corrected' }),
    changedSinceSent: z
      .boolean()
      .meta({ description: 'Saved changes families have not been sent yet' }),
  }),
);
export type LessonReport = z.infer<typeof LessonReportSchema>;

/** The class's most recent report sent before this session, for the tutor (cover) to read. */
export const LastReportSchema = named(
  'LastReport',
  z.object({
    startsAt: isoInstant,
    tutorName: z.string().nullable(),
    topic: z.string(),
    homework: z.string(),
    resources: z.string().nullable(),
  }),
);
export type LastReport = z.infer<typeof LastReportSchema>;

export const TutorRegisterSchema = named(
  'TutorRegister',
  z.object({
    session: TutorSessionSchema,
    pupils: z.array(RegisterPupilSchema),
    report: LessonReportSchema.nullable(),
    lastReport: LastReportSchema.nullable(),
  }),
);
export type TutorRegister = z.infer<typeof TutorRegisterSchema>;

export const TutorAttendanceRequestSchema = named(
  'TutorAttendanceRequest',
  z.object({ pupilId: idSchema('pupilId must be a pupil id.'), status: AttendanceStatusSchema }),
);
export type TutorAttendanceRequest = z.input<typeof TutorAttendanceRequestSchema>;

export const TutorAttendanceSchema = named(
  'TutorAttendance',
  z.object({ pupilId: z.string(), status: AttendanceStatusSchema, markedAt: isoInstant }),
);
export type TutorAttendance = z.infer<typeof TutorAttendanceSchema>;

export const ReportSentSchema = named(
  'ReportSent',
  z.object({
    sentAt: isoInstant,
    version: count,
    corrected: z.boolean(),
    familiesEmailed: count,
  }),
);
export type ReportSent = z.infer<typeof ReportSentSchema>;

/** What a family reads about one child's lesson (previous bookings, the export). */
export const ChildLessonReportSchema = named(
  'ChildLessonReport',
  z.object({
    topic: z.string(),
    homework: z.string(),
    resources: z.string().nullable(),
    note: z.string().nullable().meta({ description: "The tutor's note about this child only" }),
    tutorName: z.string().nullable(),
    sentAt: isoInstant,
    corrected: z.boolean(),
  }),
);
export type ChildLessonReport = z.infer<typeof ChildLessonReportSchema>;
