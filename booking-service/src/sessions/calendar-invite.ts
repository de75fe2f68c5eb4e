import { createEvents, type EventAttributes } from 'ics';
import type { MailAttachment } from '../mail/mailer.ts';

export interface CalendarSession {
  /**
   * The seat's UID: kept through every reschedule, so a calendar app moves (or, with CANCEL,
   * removes) the event it already has rather than adding a second one.
   */
  uid: string;
  /** iCalendar SEQUENCE: higher in each later file about the same seat. */
  sequence?: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  /** The site's join page for the seat (/join/{bookingId}); the meeting URL itself never. */
  joinUrl?: string;
}

/**
 * PUBLISH adds or updates events (the newer SEQUENCE wins); CANCEL removes them (RFC 5546).
 */
export type CalendarMethod = 'PUBLISH' | 'CANCEL';

/** One VEVENT per session, in UTC (calendar apps show it in the reader's own zone). */
export function calendarFile(
  brandName: string,
  sessions: readonly CalendarSession[],
  method: CalendarMethod = 'PUBLISH',
): string {
  const events: EventAttributes[] = sessions.map((s) => ({
    uid: s.uid,
    sequence: s.sequence ?? 0,
    title: s.title,
    description: s.description,
    start: s.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: s.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    location: s.joinUrl ?? 'Online',
    ...(s.joinUrl ? { url: s.joinUrl } : {}),
  }));
  const { error, value } = createEvents(events, { productId: brandName, method });
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return value;
}

export function calendarAttachment(
  brandName: string,
  sessions: readonly CalendarSession[],
  filename = 'sessions.ics',
  method: CalendarMethod = 'PUBLISH',
): MailAttachment {
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(calendarFile(brandName, sessions, method), 'utf8').toString('base64'),
  };
}
