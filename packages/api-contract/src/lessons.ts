import { JOIN_STATES, SERVICE_CODES, WEEKDAYS } from '@tuition/domain';
import { z } from 'zod';
import { idParams, idSchema } from './ids.ts';
import { bandLabel, count, isoInstant, named } from './named.ts';
import { RoomEntrySchema } from './rooms.ts';

/*
 * Delivering the lesson (docs/decisions/056): meeting links per weekly class, joining through
 * the site, the personal calendar feed and the register's attendance marks. Meeting URLs are
 * operational secrets: no example in this file shows one.
 */

/** Longest meeting URL accepted; real Zoom/Meet/Teams links are far shorter. */
export const MEETING_URL_MAX = 2000;

const MEETING_URL_MESSAGE =
  'url must be a full https:// address of the online meeting (Zoom, Meet, Teams or any other).';

/** An https meeting address with a host; anything else is refused naming `url`. */
export const MeetingUrlSchema = z
  .string({ error: MEETING_URL_MESSAGE })
  .trim()
  .max(MEETING_URL_MAX, { error: `url must be at most ${MEETING_URL_MAX} characters.` })
  .refine(isHttpsUrl, { error: MEETING_URL_MESSAGE });

function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  // No credentials in the link: they would be shown to every pupil who joins.
  return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
}

export const ClassMeetingRequestSchema = named(
  'ClassMeetingRequest',
  z.object({ url: MeetingUrlSchema }),
);
export type ClassMeetingRequest = z.input<typeof ClassMeetingRequestSchema>;

/** One dated session's own link; null goes back to the weekly class's link. */
export const SessionMeetingRequestSchema = named(
  'SessionMeetingRequest',
  z.object({ url: MeetingUrlSchema.nullable() }),
);
export type SessionMeetingRequest = z.input<typeof SessionMeetingRequestSchema>;

export const ClassIdParamsSchema = idParams('class');

/** A weekly class: one service's timetable slot on a weekday, with its meeting link. */
export const AdminClassSchema = named(
  'AdminClass',
  z.object({
    id: z.string(),
    service: z.enum(SERVICE_CODES),
    label: z.string().meta({ examples: ['GCSE Higher'] }),
    day: z.enum(WEEKDAYS),
    startTime: z.string().meta({ description: 'HH:mm, London wall clock', examples: ['19:00'] }),
    time: bandLabel,
    meetingUrl: z.string().nullable().meta({ description: 'null until an admin sets one' }),
    inTimetable: z
      .boolean()
      .meta({ description: 'false for a class the CMS timetable no longer offers' }),
    leadTutorId: z.string().nullable().optional().meta({ description: 'docs/decisions/079' }),
    leadTutorName: z.string().nullable().optional(),
    recordLessons: z
      .boolean()
      .optional()
      .meta({ description: 'Lessons are recorded when every family consents (decision 099)' }),
    minPupils: count.nullable().optional().meta({
      description: 'The fewest pupils a session runs with; null for none (decision 100)',
    }),
    decisionHoursBefore: count.optional().meta({
      description: 'Hours before the start, on London clocks, that a session is decided',
    }),
  }),
);
export type AdminClass = z.infer<typeof AdminClassSchema>;

export const AdminClassListSchema = named(
  'AdminClassList',
  z.object({ classes: z.array(AdminClassSchema) }),
);
export type AdminClassList = z.infer<typeof AdminClassListSchema>;

/** What a session's link is now, after a change. */
export const SessionMeetingSchema = named(
  'SessionMeeting',
  z.object({
    sessionId: z.string(),
    overrideUrl: z.string().nullable().meta({ description: "This session's own link, if any" }),
    meetingUrl: z
      .string()
      .nullable()
      .meta({ description: 'The link pupils reach: override or class' }),
  }),
);
export type SessionMeeting = z.infer<typeof SessionMeetingSchema>;

/**
 * On a booking: when its join link opens, and the site path `/join/{bookingId}` while it is
 * open, else null. The window itself (15 minutes before the start until the end) is a domain
 * rule: `joinOpensAt` and `isJoinOpen` in @tuition/domain (decision 062).
 */
export const JoinWindowSchema = named(
  'JoinWindow',
  z.object({
    opensAt: isoInstant,
    url: z
      .string()
      .nullable()
      .meta({ description: 'Site path /join/{bookingId} inside the window, else null' }),
  }),
);
export type JoinWindow = z.infer<typeof JoinWindowSchema>;

/** Why /join/{bookingId} did not send the owner to the meeting (the join page says it). */
export const JoinStatusSchema = named(
  'JoinStatus',
  z.object({
    bookingId: z.string(),
    state: z.enum(JOIN_STATES).meta({
      description:
        'open (the page goes to the meeting, or `room` holds the entry), too-early, ' +
        'waiting-for-tutor (inside the window, the tutor has not opened the room yet), ended, ' +
        'no-link (not set yet) or not-active (cancelled or moved)',
    }),
    label: z.string(),
    startsAt: isoInstant,
    endsAt: isoInstant,
    opensAt: isoInstant,
    pupilName: z.string(),
    room: RoomEntrySchema.nullable().meta({
      description:
        "The pupil's own entry to the session's room: only when `open` under a room provider",
    }),
    recorded: z
      .boolean()
      .meta({ description: 'The lesson is being recorded (every family consented)' }),
  }),
);
export type JoinStatus = z.infer<typeof JoinStatusSchema>;

/** The personal calendar feed: a secret address, revocable by rotating it. */
export const CalendarFeedSchema = named(
  'CalendarFeed',
  z.object({
    url: z.string().meta({ description: 'Secret; anyone with it can read the feed' }),
  }),
);
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

export const CalendarFeedQuerySchema = z.object({
  token: z.string().max(200).optional(),
});

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const AttendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, {
  error: 'status must be present, absent or late.',
});

export const AttendanceRequestSchema = named(
  'AttendanceRequest',
  z.object({
    bookingId: idSchema('bookingId must be a booking id.'),
    status: AttendanceStatusSchema,
  }),
);
export type AttendanceRequest = z.input<typeof AttendanceRequestSchema>;

export const AttendanceMarkSchema = named(
  'AttendanceMark',
  z.object({
    bookingId: z.string(),
    status: AttendanceStatusSchema,
    markedAt: isoInstant,
  }),
);
export type AttendanceMark = z.infer<typeof AttendanceMarkSchema>;

/** On a register line or a booking in the user page: the mark, null while unmarked. */
export const attendanceField = AttendanceStatusSchema.nullable()
  .optional()
  .meta({ description: 'present, absent or late; null (or absent) while not marked' });

/** On an admin session: true when pupils are booked but no meeting link is set. */
export const meetingLinkMissingField = z
  .boolean()
  .optional()
  .meta({ description: 'Booked, and neither the class nor the session has a meeting link' });

/** Local mode only: moves the service's clock. */
export const DevClockRequestSchema = named(
  'DevClockRequest',
  z.object({
    now: z.iso.datetime({ offset: true, error: 'now must be an ISO instant.' }),
  }),
);
export const DevClockSchema = named('DevClock', z.object({ now: isoInstant }));

/** The feed itself: iCalendar text, not JSON. */
export const CalendarFeedIcsSchema = z.string().meta({
  description:
    "iCalendar text: one VEVENT per upcoming confirmed seat of the account, each with the seat's UID and SEQUENCE and the join page as LOCATION and URL",
});
