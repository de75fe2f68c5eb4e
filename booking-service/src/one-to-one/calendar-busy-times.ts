import { addDays, type Interval, londonWallClockToUtc } from '@tuition/domain';
import ICAL from 'ical.js';

/*
 * The busy times in a tutor's private iCalendar feed (docs/decisions/104), and nothing else:
 * no title, description, place or attendee leaves this module. Recurring events are expanded
 * (RRULE, RDATE, EXDATE, and moved or cancelled single occurrences) over the range asked for.
 * An event marked free (TRANSP:TRANSPARENT) or cancelled keeps nobody busy.
 *
 * Times: UTC as written, a TZID as the feed's own VTIMEZONE defines it, and a floating time
 * (or a TZID the feed does not define) as London wall-clock time, the business's own. An
 * all-day event covers its London dates.
 */

/** The feed is not an iCalendar file the reader can use. */
export class CalendarFormatError extends Error {}

/** Occurrences looked at per recurring event at most, so a rule since 1970 cannot spin. */
const OCCURRENCES_PER_EVENT_MAX = 20_000;
/** Busy times kept per feed at most: far more than any real calendar has in eight weeks. */
export const BUSY_TIMES_MAX = 5_000;

function instantOf(time: ICAL.Time): Date {
  if (time.isDate) return londonWallClockToUtc(dateOf(time), '00:00');
  if (time.zone && time.zone.tzid !== 'floating') return new Date(time.toUnixTime() * 1000);
  const hhmm = `${pad(time.hour)}:${pad(time.minute)}`;
  return new Date(londonWallClockToUtc(dateOf(time), hhmm).getTime() + time.second * 1000);
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (time: ICAL.Time) =>
  `${String(time.year).padStart(4, '0')}-${pad(time.month)}-${pad(time.day)}`;

/** An all-day end is exclusive: the London midnight that starts it. */
function endOf(start: ICAL.Time, end: ICAL.Time | null): Date {
  if (end) return instantOf(end);
  // No DTEND or DURATION: a date is one whole day, a date-time a moment (RFC 5545 3.6.1).
  if (start.isDate) return londonWallClockToUtc(addDays(dateOf(start), 1), '00:00');
  return instantOf(start);
}

function isFree(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp === 'TRANSPARENT' || status === 'CANCELLED';
}

function parse(text: string): ICAL.Component {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new CalendarFormatError('The address did not return an iCalendar (.ics) file.');
  }
  if (root.name !== 'vcalendar') {
    throw new CalendarFormatError('The address did not return an iCalendar (.ics) file.');
  }
  return root;
}

/** Every busy interval of the feed overlapping `range`, merged and in start order. */
export function busyTimesFromICalendar(text: string, range: Interval): Interval[] {
  const root = parse(text);
  const components = root.getAllSubcomponents('vevent');
  // Moved or cancelled occurrences belong to their series, by UID.
  const exceptions = components.filter((c) => c.hasProperty('recurrence-id'));
  const busy: Interval[] = [];
  const keep = (startsAt: Date, endsAt: Date) => {
    if (startsAt < range.endsAt && endsAt > range.startsAt && endsAt > startsAt) {
      busy.push({ startsAt, endsAt });
    }
  };
  for (const component of components) {
    if (component.hasProperty('recurrence-id')) continue;
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      if (!isFree(component))
        keep(instantOf(event.startDate), endOf(event.startDate, event.endDate));
      continue;
    }
    for (const exception of exceptions) {
      if (exception.getFirstPropertyValue('uid') === event.uid) event.relateException(exception);
    }
    expandSeries(event, range, keep);
  }
  if (busy.length > BUSY_TIMES_MAX) {
    throw new CalendarFormatError(
      `The calendar has more than ${BUSY_TIMES_MAX} events in the booking window.`,
    );
  }
  return merge(busy);
}

function expandSeries(
  event: ICAL.Event,
  range: Interval,
  keep: (startsAt: Date, endsAt: Date) => void,
): void {
  const iterator = event.iterator();
  for (let seen = 0; seen < OCCURRENCES_PER_EVENT_MAX; seen += 1) {
    const next = iterator.next();
    if (!next) return;
    const details = event.getOccurrenceDetails(next);
    const startsAt = instantOf(details.startDate);
    if (startsAt >= range.endsAt) return;
    if (isFree(details.item.component)) continue;
    keep(startsAt, endOf(details.startDate, details.endDate));
  }
}

function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.startsAt <= last.endsAt) {
      if (interval.endsAt > last.endsAt) last.endsAt = interval.endsAt;
    } else merged.push({ ...interval });
  }
  return merged;
}
