import { createEvents, type EventAttributes } from 'ics';
import type { MailAttachment } from '../mail/mailer.ts';

export interface CalendarSession {
  /** Stable per booking, so a calendar app replaces rather than duplicates a re-sent event. */
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
}

/** One VEVENT per session, in UTC (calendar apps show it in the reader's own zone). */
export function calendarFile(brandName: string, sessions: readonly CalendarSession[]): string {
  const events: EventAttributes[] = sessions.map((s) => ({
    uid: s.uid,
    title: s.title,
    description: s.description,
    start: s.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: s.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    location: 'Online',
  }));
  const { error, value } = createEvents(events, { productId: brandName, method: 'PUBLISH' });
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return value;
}

export function calendarAttachment(
  brandName: string,
  sessions: readonly CalendarSession[],
  filename = 'sessions.ics',
): MailAttachment {
  return {
    filename,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(calendarFile(brandName, sessions), 'utf8').toString('base64'),
  };
}
