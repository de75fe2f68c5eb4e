import { formatLondonDate, formatTime12h, SERVICES } from '@tuition/domain';
import type { SessionSummary } from './session-description.ts';
import type { CalendarSession } from './calendar-invite.ts';

/** "Tuesday 3 November 2026, 5:00 PM to 6:00 PM (London time): GCSE Higher maths" */
export function sessionLine(session: SessionSummary): string {
  const starts = new Date(session.startsAt);
  const ends = new Date(session.endsAt);
  return `${formatLondonDate(starts)}, ${formatTime12h(starts)} to ${formatTime12h(ends)} (London time): ${session.label} maths`;
}

/** "…: GCSE Higher maths, for Ada": a seat names the pupil it is for (decision 048). */
export function seatLine(session: SessionSummary, pupilName: string): string {
  return `${sessionLine(session)}, for ${pupilName}`;
}

/** A seat's calendar UID when it has none stored: that of the booking that started it. */
export function defaultCalendarUid(bookingId: string): string {
  return `booking-${bookingId}@tuition-bookings`;
}

/** Where a seat's calendar entry (and any e-mail) sends the pupil to join: the site, never the meeting. */
export interface CalendarSeat {
  /** The stored UID (a moved seat keeps its first booking's); default from the booking id. */
  uid?: string | null;
  sequence?: number;
  /** Absolute URL of /join/{bookingId}. */
  joinUrl?: string;
  /** A line added to the description, e.g. the class minimum's condition (decision 100). */
  note?: string;
}

/** The calendar entry of one booked session. */
export function calendarSession(
  brandName: string,
  bookingId: string,
  session: SessionSummary,
  pupilName?: string,
  seat: CalendarSeat = {},
): CalendarSession {
  const forPupil = pupilName ? ` for ${pupilName}` : '';
  return {
    uid: seat.uid ?? defaultCalendarUid(bookingId),
    ...(seat.sequence !== undefined ? { sequence: seat.sequence } : {}),
    ...(seat.joinUrl ? { joinUrl: seat.joinUrl } : {}),
    title: `${session.label} maths session${forPupil} (${brandName})`,
    description: `${SERVICES[session.service].label} group maths session, ${SERVICES[session.service].years}. One hour, online.${seat.note ? ` ${seat.note}` : ''}`,
    startsAt: new Date(session.startsAt),
    endsAt: new Date(session.endsAt),
  };
}
