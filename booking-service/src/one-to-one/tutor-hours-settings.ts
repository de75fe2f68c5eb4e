import type {
  TutorAvailability,
  TutorAvailabilityRequestSchema,
  TutorCalendar,
  TutorOneToOne,
} from '@tuition/api-contract';
import {
  addDays,
  type AvailabilityException,
  type AvailabilityWindow,
  bookingWindow,
  londonDate,
  londonWallClockToUtc,
  type ServiceCode,
  WEEKDAYS,
} from '@tuition/domain';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import {
  tutorAvailability,
  tutorBusyIntervals,
  tutorCalendars,
  tutorOneToOneSettings,
  tutors,
} from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import { repricePayLines } from '../tutors/pay-rates.ts';
import {
  CALENDAR_ADDRESS_RULE,
  calendarFetchUrl,
  maskedCalendarAddress,
} from './calendar-address.ts';

/*
 * What a tutor sets about their 1-to-1 hours (windows, exceptions, private calendar) and what
 * an admin sets (the courses they teach 1-to-1 and the hourly rate), docs/decisions/104.
 */

export interface HoursSettingsDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'isProduction'>;
}

type AvailabilityBody = z.output<typeof TutorAvailabilityRequestSchema>;

const dayOrder = (day: AvailabilityWindow['day']) => WEEKDAYS.indexOf(day);

/** Windows by weekday then time; exceptions by date then time: how the page lists them. */
function ordered(body: { windows: AvailabilityWindow[]; exceptions: AvailabilityException[] }) {
  const windows = [...body.windows].sort(
    (a, b) => dayOrder(a.day) - dayOrder(b.day) || a.from.localeCompare(b.from),
  );
  const exceptions = [...body.exceptions].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.from ?? '').localeCompare(b.from ?? ''),
  );
  return { windows, exceptions };
}

export async function readAvailability(
  db: DbExecutor,
  tutorId: string,
): Promise<TutorAvailability> {
  const [row] = await db
    .select()
    .from(tutorAvailability)
    .where(eq(tutorAvailability.tutorId, tutorId));
  return {
    ...ordered({ windows: row?.windows ?? [], exceptions: row?.exceptions ?? [] }),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Replaces the tutor's windows and exceptions; exceptions for past days are dropped. */
export async function saveAvailability(
  deps: HoursSettingsDeps,
  tutorId: string,
  body: AvailabilityBody,
): Promise<TutorAvailability> {
  const today = londonDate(deps.clock.now());
  const exceptions: AvailabilityException[] = body.exceptions
    .filter((e) => e.date >= today)
    .map((e) => ({
      date: e.date,
      ...(e.from !== undefined && e.to !== undefined ? { from: e.from, to: e.to } : {}),
      available: false,
    }));
  const saved = ordered({ windows: body.windows, exceptions });
  await deps.db
    .insert(tutorAvailability)
    .values({ tutorId, ...saved })
    .onConflictDoUpdate({
      target: tutorAvailability.tutorId,
      set: { ...saved, updatedAt: deps.clock.now() },
    });
  return readAvailability(deps.db, tutorId);
}

export async function readCalendar(db: DbExecutor, tutorId: string): Promise<TutorCalendar> {
  const [row] = await db.select().from(tutorCalendars).where(eq(tutorCalendars.tutorId, tutorId));
  return {
    url: row ? maskedCalendarAddress(row.url) : null,
    lastReadAt: row?.lastReadAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
  };
}

/**
 * Sets the tutor's calendar address (read within the next 5 minutes), or removes it with every
 * busy time read from it. A new address starts unread; the busy times already known stay until
 * it is read, so changing the address never frees an hour early.
 */
export async function saveCalendar(
  deps: HoursSettingsDeps,
  tutorId: string,
  url: string | null,
): Promise<TutorCalendar> {
  if (url === null) {
    await deps.db.transaction(async (tx) => {
      await tx.delete(tutorCalendars).where(eq(tutorCalendars.tutorId, tutorId));
      await tx.delete(tutorBusyIntervals).where(eq(tutorBusyIntervals.tutorId, tutorId));
    });
    return readCalendar(deps.db, tutorId);
  }
  if (!calendarFetchUrl(url, !deps.config.isProduction)) {
    throw new ValidationError([{ field: 'url', message: CALENDAR_ADDRESS_RULE }]);
  }
  const fresh = { url, lastReadAt: null, lastError: null, contentHash: null };
  await deps.db
    .insert(tutorCalendars)
    .values({ tutorId, ...fresh })
    .onConflictDoUpdate({
      target: tutorCalendars.tutorId,
      set: { ...fresh, updatedAt: deps.clock.now() },
    });
  return readCalendar(deps.db, tutorId);
}

/** The admin's view of a tutor's 1-to-1 set-up: busy times as "busy", never what. */
export async function readOneToOne(
  deps: Pick<HoursSettingsDeps, 'db' | 'clock'>,
  tutorId: string,
): Promise<TutorOneToOne> {
  const [tutor] = await deps.db
    .select({ id: tutors.id })
    .from(tutors)
    .where(eq(tutors.id, tutorId));
  if (!tutor) throw new NotFoundError('No such tutor.');
  const now = deps.clock.now();
  const windowEnd = londonWallClockToUtc(addDays(bookingWindow(now).to, 1), '00:00');
  const [[settings], availability, calendar, busy] = await Promise.all([
    deps.db.select().from(tutorOneToOneSettings).where(eq(tutorOneToOneSettings.tutorId, tutorId)),
    readAvailability(deps.db, tutorId),
    readCalendar(deps.db, tutorId),
    deps.db
      .select({ startsAt: tutorBusyIntervals.startsAt, endsAt: tutorBusyIntervals.endsAt })
      .from(tutorBusyIntervals)
      .where(
        and(
          eq(tutorBusyIntervals.tutorId, tutorId),
          gt(tutorBusyIntervals.endsAt, now),
          lt(tutorBusyIntervals.startsAt, windowEnd),
        ),
      )
      .orderBy(asc(tutorBusyIntervals.startsAt)),
  ]);
  return {
    tutorId,
    services: settings?.services ?? [],
    ratePencePerHour: settings?.ratePencePerHour ?? 0,
    windows: availability.windows,
    exceptions: availability.exceptions,
    calendar,
    busy: busy.map((b) => ({ startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() })),
  };
}

/**
 * An admin sets the courses a tutor teaches 1-to-1 and their hourly pay rate, under the tutor's
 * row lock (the 1-to-1 checkout takes the same lock), with an audit entry; the tutor's 1-to-1
 * pay lines of months not yet closed are re-priced at the new rate.
 */
export async function setOneToOne(
  deps: Pick<HoursSettingsDeps, 'db' | 'clock'>,
  input: { adminId: string; tutorId: string; services: ServiceCode[]; ratePencePerHour: number },
): Promise<TutorOneToOne> {
  await deps.db.transaction(async (tx) => {
    const [tutor] = (await lockHoldRows(tx, { tutorIds: [input.tutorId] })).tutors;
    if (!tutor) throw new NotFoundError('No such tutor.');
    const [before] = await tx
      .select()
      .from(tutorOneToOneSettings)
      .where(eq(tutorOneToOneSettings.tutorId, input.tutorId));
    const after = { services: input.services, ratePencePerHour: input.ratePencePerHour };
    await tx
      .insert(tutorOneToOneSettings)
      .values({ tutorId: input.tutorId, ...after })
      .onConflictDoUpdate({ target: tutorOneToOneSettings.tutorId, set: after });
    // 1-to-1 lessons of months not yet closed follow the new hourly rate (docs/decisions/113).
    const repriced = await repricePayLines(tx, {
      tutorId: input.tutorId,
      kind: 'one-to-one',
      rates: { hourlyPence: input.ratePencePerHour },
      now: deps.clock.now(),
    });
    await recordAudit(tx, {
      actorId: input.adminId,
      actorRole: 'admin',
      subjectUserId: tutor.userId,
      action: 'tutor.one-to-one',
      target: `tutor:${input.tutorId}`,
      before: before
        ? { services: before.services, ratePencePerHour: before.ratePencePerHour }
        : null,
      after: { ...after, repriced },
    });
  });
  return readOneToOne(deps, input.tutorId);
}
