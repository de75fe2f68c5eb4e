// Delivering the lesson on the admin pages (decision 056): the "No meeting link"
// flag on the sessions overview, the register's present / absent / late control on each seat,
// one dated session's own meeting link, and each booking's mark and the no-show count on the
// user page. Mounted by admin-sessions.tsx, admin-user-bookings.tsx and admin-user-sections.tsx.
import type {
  AdminBookingHistoryEntry,
  AttendanceStatus,
  SessionMeeting,
} from '@tuition/api-contract';
import { Badge } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../shared/app-providers.tsx';
import { retryUnlessRefused } from './admin-format.ts';
import './admin-lessons.css';

const id = encodeURIComponent;

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
};

const ATTENDANCE_ORDER: readonly AttendanceStatus[] = ['present', 'absent', 'late'];

export const lessonsApi = {
  markAttendance: (sessionId: string, bookingId: string, status: AttendanceStatus) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/attendance`, 'AttendanceMarkSchema', {
      method: 'PUT',
      json: { bookingId, status },
      // The same mark twice leaves the same register.
      repeatable: true,
    }),
  sessionMeeting: (sessionId: string) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/meeting`, 'SessionMeetingSchema'),
  setSessionMeeting: (sessionId: string, url: string | null) =>
    apiFetch(`/api/admin/sessions/${id(sessionId)}/meeting`, 'SessionMeetingSchema', {
      method: 'PUT',
      json: { url },
      repeatable: true,
    }),
} as const;

/** On the sessions overview: booked, still to be held, and nobody could join it yet. */
export function MeetingLinkBadge({ missing }: { missing: boolean | undefined }) {
  if (!missing) return null;
  return (
    <Badge color="red" highContrast title="Set the class's link in Classes, or this session's own">
      No meeting link
    </Badge>
  );
}

/** Where a session's register stands, by the service's clock (decision 065). */
export type RegisterState = 'not-started' | 'open' | 'closed';

/**
 * Why the register takes no marks now, as the tutor's register says it (docs/decisions/107);
 * undefined while it is open, or when the service did not say (it still refuses with a reason).
 */
export function registerNote(register: RegisterState | undefined): string | undefined {
  if (register === 'not-started') return 'The register opens when the lesson starts.';
  if (register === 'closed') return 'The register closed 7 days after the lesson.';
  return undefined;
}

/**
 * The register's mark for one seat: three radio buttons that save on choice. The choice shows
 * at once; a refused save puts the earlier mark back and says so. Outside the register's window
 * the buttons are disabled and described by the reason (`describedBy`).
 */
export function AttendanceControl({
  sessionId,
  bookingId,
  pupilName,
  status,
  closed = false,
  describedBy,
}: {
  sessionId: string;
  bookingId: string;
  pupilName: string;
  status: AttendanceStatus | null | undefined;
  closed?: boolean;
  describedBy?: string | undefined;
}) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<AttendanceStatus | null>(status ?? null);
  const mark = useMutation({
    mutationFn: (next: AttendanceStatus) => lessonsApi.markAttendance(sessionId, bookingId, next),
    onMutate: (next) => {
      const before = current;
      setCurrent(next);
      return { before };
    },
    onSuccess: (saved) => {
      setCurrent(saved.status);
      // The register (CSV) and the customer's page read the mark from the service.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'attendees', sessionId] });
    },
    onError: (failure, _next, context) => {
      console.error('Marking attendance failed', failure);
      setCurrent(context?.before ?? null);
      // Outside the attendance window the service says why (decision 065); the page cannot
      // judge it, as its clock is not the service's.
      const closed = failure instanceof ApiError && failure.code === 'attendance-closed';
      toastError({
        title: `${pupilName}’s attendance could not be saved`,
        ...(closed ? { description: failure.detail } : {}),
      });
    },
  });
  const name = `attendance-${bookingId}`;
  return (
    <fieldset
      className="admin-attendance"
      data-testid={`attendance-${bookingId}`}
      aria-describedby={closed ? describedBy : undefined}
    >
      <legend className="admin-attendance__legend">
        Attendance<span className="visually-hidden"> of {pupilName}</span>
      </legend>
      <div className="admin-attendance__choices">
        {ATTENDANCE_ORDER.map((choice) => (
          <label key={choice} className="admin-attendance__choice">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={current === choice}
              disabled={closed || mark.isPending}
              onChange={() => mark.mutate(choice)}
            />
            {ATTENDANCE_LABELS[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What a session's link is after a change, in words (the URL itself stays in the field). */
export function sessionMeetingText(meeting: SessionMeeting): string {
  if (meeting.overrideUrl) return 'This session uses its own link.';
  if (meeting.meetingUrl) return 'This session uses its weekly class’s link.';
  return 'No link yet: families are told their tutor will share the link shortly.';
}

/**
 * One dated session's own meeting link (e.g. a stand-in tutor's room). Saving an https address
 * overrides the weekly class's link for this date only; "Use the class link" removes it.
 */
export function SessionMeetingOverride({
  sessionId,
  sessionName,
}: {
  sessionId: string;
  /** "GCSE Higher, Tuesday 3 November 2026": names the field for screen readers. */
  sessionName: string;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const meetingKey = ['admin', 'session-meeting', sessionId];
  // The link as it is now: the field starts from the session's own link, if it has one.
  const current = useQuery({
    queryKey: meetingKey,
    queryFn: () => lessonsApi.sessionMeeting(sessionId),
    retry: retryUnlessRefused,
  });
  const [url, setUrl] = useState('');
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string>();
  const shownOverride = current.data?.overrideUrl;
  useEffect(() => {
    if (!edited && shownOverride) setUrl(shownOverride);
  }, [edited, shownOverride]);
  const save = useMutation({
    mutationFn: (next: string | null) => lessonsApi.setSessionMeeting(sessionId, next),
    onSuccess: (meeting) => {
      setError(undefined);
      queryClient.setQueryData<SessionMeeting>(meetingKey, meeting);
      if (!meeting.overrideUrl) setUrl('');
      toastSuccess({
        title: meeting.overrideUrl ? 'Session link saved' : 'Session uses the class link again',
      });
      // The overview's "No meeting link" flag follows the change.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    },
    onError: (failure) => {
      const field =
        failure instanceof ApiError ? failure.errors?.find((e) => e.field === 'url') : undefined;
      if (field) setError(field.message);
      else toastError({ title: 'The session link could not be saved' });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(url.trim());
  };
  const errorId = `${inputId}-error`;
  return (
    <form className="admin-session-meeting" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="admin-session-meeting__label">
        Meeting link for this session only
        <span className="visually-hidden"> ({sessionName})</span>
      </label>
      <p className="admin-session-meeting__hint">
        Leave it to the weekly class’s link unless this date differs. Families never see it.
      </p>
      <div className="admin-session-meeting__row">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(event) => {
            setEdited(true);
            setUrl(event.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save session link
        </button>
        <button
          type="button"
          className="btn btn--soft"
          disabled={save.isPending}
          onClick={() => save.mutate(null)}
        >
          Use the class link
        </button>
      </div>
      {error && (
        <p id={errorId} className="admin-session-meeting__error" role="alert">
          {error}
        </p>
      )}
      {current.data && (
        <p className="admin-session-meeting__state" role="status">
          {sessionMeetingText(current.data)}
        </p>
      )}
    </form>
  );
}

/** On the user page's history: a seat's mark, or nothing while unmarked. */
export function AttendanceBadge({ status }: { status: AttendanceStatus | null | undefined }) {
  if (!status) return null;
  const color = status === 'absent' ? 'red' : status === 'late' ? 'orange' : 'green';
  return (
    <Badge color={color} highContrast>
      {ATTENDANCE_LABELS[status]}
    </Badge>
  );
}

/** A pupil's (or account's) marks in words: "2 present, 1 late, 1 no-show". */
export function attendanceSummary(
  entries: readonly Pick<AdminBookingHistoryEntry, 'attendance'>[],
): string {
  const count = (status: AttendanceStatus) => entries.filter((e) => e.attendance === status).length;
  const present = count('present');
  const late = count('late');
  const absent = count('absent');
  if (present + late + absent === 0) return 'No attendance marked yet';
  const noShows = `${absent} no-show${absent === 1 ? '' : 's'}`;
  return `Attendance: ${present} present, ${late} late, ${noShows}`;
}
