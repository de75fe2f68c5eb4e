import { createHash } from 'node:crypto';
import { addDays, bookingWindow, type Interval, londonWallClockToUtc } from '@tuition/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { tutorBusyIntervals, tutorCalendars, tutors } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { CalendarReadError, type CalendarFetchOptions, fetchCalendar } from './calendar-address.ts';
import { busyTimesFromICalendar, CalendarFormatError } from './calendar-busy-times.ts';

/*
 * Reading tutors' private calendars (docs/decisions/104): every 5 minutes by the app clock, on
 * one instance per occurrence (docs/decisions/095). Each read replaces the tutor's busy times
 * from now to the end of the booking window with the feed's, and records when it read well or
 * why it failed. A failed read keeps the busy times already known: a tutor is never made free
 * by their calendar being unreachable. The address never reaches a log line.
 */

/** How often the calendars are read. */
export const CALENDAR_READ_INTERVAL_MS = 5 * 60_000;
/** Calendars read at once, so one slow feed does not hold up the rest. */
const READS_AT_ONCE = 4;

export interface CalendarReadDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'isProduction'>;
  logger: Logger;
  /** Tests shorten the limits; production uses calendar-address.ts's. */
  calendarLimits?: Pick<CalendarFetchOptions, 'timeoutMs' | 'maxBytes'>;
}

/** From now to the end of the booking window's last London day. */
function readRange(now: Date): Interval {
  const lastDate = bookingWindow(now).to;
  return { startsAt: now, endsAt: londonWallClockToUtc(addDays(lastDate, 1), '00:00') };
}

type CalendarRow = { tutorId: string; url: string };

/** Reads one tutor's calendar and stores what it found: busy times, or the error. */
export async function readTutorCalendar(
  deps: CalendarReadDeps,
  row: CalendarRow,
): Promise<boolean> {
  const now = deps.clock.now();
  const sameAddress = and(eq(tutorCalendars.tutorId, row.tutorId), eq(tutorCalendars.url, row.url));
  let busy: Interval[];
  let hash: string;
  try {
    const text = await fetchCalendar(row.url, {
      local: !deps.config.isProduction,
      ...deps.calendarLimits,
    });
    hash = createHash('sha256').update(text).digest('hex');
    busy = busyTimesFromICalendar(text, readRange(now));
  } catch (error) {
    const known = error instanceof CalendarReadError || error instanceof CalendarFormatError;
    const message = known ? error.message : 'The calendar could not be read.';
    // The tutor reads why; the log gets the tutor and the words, never the address.
    deps.logger.warn({ tutorId: row.tutorId, reason: message }, 'tutor calendar read failed');
    await deps.db.update(tutorCalendars).set({ lastError: message }).where(sameAddress);
    return false;
  }
  await deps.db.transaction(async (tx) => {
    // The tutor may have changed the address while it was read: then this read is void.
    const [still] = await tx
      .update(tutorCalendars)
      .set({ lastReadAt: now, lastError: null, contentHash: hash })
      .where(sameAddress)
      .returning({ tutorId: tutorCalendars.tutorId });
    if (!still) return;
    await tx.delete(tutorBusyIntervals).where(eq(tutorBusyIntervals.tutorId, row.tutorId));
    if (busy.length > 0) {
      await tx
        .insert(tutorBusyIntervals)
        .values(
          busy.map((b) => ({ tutorId: row.tutorId, startsAt: b.startsAt, endsAt: b.endsAt })),
        );
    }
  });
  return true;
}

/** Reads every active tutor's calendar, a few at a time. */
export async function readTutorCalendars(
  deps: CalendarReadDeps,
): Promise<{ read: number; failed: number }> {
  const rows = await deps.db
    .select({ tutorId: tutorCalendars.tutorId, url: tutorCalendars.url })
    .from(tutorCalendars)
    .innerJoin(tutors, eq(tutors.id, tutorCalendars.tutorId))
    .where(isNull(tutors.deactivatedAt));
  let read = 0;
  let failed = 0;
  for (let i = 0; i < rows.length; i += READS_AT_ONCE) {
    const results = await Promise.all(
      rows.slice(i, i + READS_AT_ONCE).map((row) => readTutorCalendar(deps, row)),
    );
    read += results.filter(Boolean).length;
    failed += results.filter((ok) => !ok).length;
  }
  return { read, failed };
}

/** The 5-minute read of every tutor's calendar, once across instances. */
export function tutorCalendarsJob(deps: CalendarReadDeps): ScheduledJob {
  const log = deps.logger.child({ component: 'tutor-calendars' });
  return {
    name: 'tutor-calendar-reads',
    intervalMs: CALENDAR_READ_INTERVAL_MS,
    onClockMove: false,
    failureMessage: 'tutor calendar reads failed; trying again next time',
    async run() {
      const { read, failed } = await readTutorCalendars(deps);
      if (read + failed > 0) log.info({ read, failed }, 'tutor calendars read');
    },
  };
}
