// The tutor's calls to the booking service (docs/decisions/079): their sessions, one session's
// register, a mark, the lesson report's draft and its sending, and the lesson's own room
// (docs/decisions/098) and recording (docs/decisions/099). Answers are typed (and, in
// development and tests, checked) by @tuition/api-contract; every call throws ApiError.
import type {
  AttendanceStatus,
  LessonReportRequest,
  TutorAvailabilityRequest,
} from '@tuition/api-contract';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

export type {
  AttendanceStatus,
  LastReport,
  LessonReport,
  LessonReportRequest,
  RegisterPupil,
  RecordingLink,
  ReportSent,
  RoomRecording,
  TutorAvailability,
  TutorCalendar,
  TutorRegister,
  TutorRoom,
  TutorSession,
} from '@tuition/api-contract';

export type TeachScope = 'upcoming' | 'previous';

const id = encodeURIComponent;
const sessionPath = (sessionId: string) => `/api/tutor/sessions/${id(sessionId)}`;

export const teachApi = {
  sessions: (scope: TeachScope) =>
    apiFetch(`/api/tutor/sessions?scope=${scope}`, 'TutorSessionListSchema'),
  register: (sessionId: string) => apiFetch(sessionPath(sessionId), 'TutorRegisterSchema'),
  /** 409 `attendance-closed` before the start or more than 7 days after it. */
  mark: (sessionId: string, pupilId: string, status: AttendanceStatus) =>
    apiFetch(`${sessionPath(sessionId)}/attendance`, 'TutorAttendanceSchema', {
      method: 'PUT',
      json: { pupilId, status },
      // The same mark twice leaves the same register.
      repeatable: true,
    }),
  /** Saves the working copy; families are sent nothing. */
  saveReport: (sessionId: string, report: LessonReportRequest) =>
    apiFetch(`${sessionPath(sessionId)}/report`, 'LessonReportSchema', {
      method: 'PUT',
      json: report,
      repeatable: true,
    }),
  /** E-mails the families: never retried. 409 before the start or with a pupil unmarked. */
  sendReport: (sessionId: string) =>
    apiFetch(`${sessionPath(sessionId)}/report/submit`, 'ReportSentSchema', { method: 'POST' }),
  /** The session's room as the tutor sees it; `room` (the host entry) is always null here. */
  room: (sessionId: string) => apiFetch(`${sessionPath(sessionId)}/room`, 'TutorRoomSchema'),
  /**
   * Opens the room (or enters it again) and answers the tutor's host entry. 409 `too-early`
   * before 15 minutes ahead of the start, `room-ended` after the end; 503 `room-unavailable`.
   * Never retried: each answer mints an entry.
   */
  startRoom: (sessionId: string) =>
    apiFetch(`${sessionPath(sessionId)}/room`, 'TutorRoomSchema', { method: 'POST' }),
  /** Closes the room for everyone in it. Ending an ended room leaves it ended. */
  endRoom: (sessionId: string) =>
    apiFetch(`${sessionPath(sessionId)}/room/end`, 'TutorRoomSchema', {
      method: 'POST',
      repeatable: true,
    }),
  /** A short-lived link to the lesson's recording (each call counts as a view); 404 when none. */
  recording: (sessionId: string) =>
    apiFetch(`${sessionPath(sessionId)}/recording`, 'RecordingLinkSchema'),
  /** The tutor's weekly 1-to-1 windows and days away (docs/decisions/104), London times. */
  availability: () => apiFetch('/api/tutor/availability', 'TutorAvailabilitySchema'),
  /** Replaces both lists whole; 400 names each field it refuses ("windows.2.to"). */
  saveAvailability: (body: TutorAvailabilityRequest) =>
    apiFetch('/api/tutor/availability', 'TutorAvailabilitySchema', {
      method: 'PUT',
      json: body,
      repeatable: true,
    }),
  /** The private calendar: its address with the secret part hidden, last read, last error. */
  calendar: () => apiFetch('/api/tutor/calendar', 'TutorCalendarSchema'),
  /** Sets the address (400 `url` when it is not https or webcal); null removes it. */
  saveCalendar: (url: string | null) =>
    apiFetch('/api/tutor/calendar', 'TutorCalendarSchema', {
      method: 'PUT',
      json: { url },
      repeatable: true,
    }),
} as const;

/** The page of one session (the site is static, so the id rides in the query string). */
export const teachSessionUrl = (sessionId: string) => `/teach/session?id=${id(sessionId)}`;

/** /login, coming back to this page once signed in. */
export const loginUrl = (returnTo: string) => `/login?next=${encodeURIComponent(returnTo)}`;

/** Signed out (401), not a tutor (403) or not their session (404): asking again changes nothing. */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return false;
  return failures < 2;
}

/** What a failed read means for the page. */
export type Refusal = 'signed-out' | 'not-a-tutor' | 'not-found' | undefined;

export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 401) return 'signed-out';
  if (error.status === 403) return 'not-a-tutor';
  if (error.status === 404) return 'not-found';
  return undefined;
}

/** The words of a failed write: the service's detail, and each field it names. */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const detail = error.detail || fallback;
  const fields = (error.errors ?? []).map((e) => e.message).filter((m) => !detail.includes(m));
  return [detail, ...new Set(fields)].join(' ');
}
