import type { OneToOneAvailability, OneToOneAvailabilityQuerySchema } from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import {
  addDays,
  bookingWindow,
  DEFAULT_ONE_TO_ONE_LENGTH,
  freeSlots,
  londonWallClockToUtc,
} from '@tuition/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tutorPublicName } from '../sessions/session-tutors.ts';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { DbExecutor } from '../db/client.ts';
import { tutorOneToOneSettings, tutors, user } from '../db/schema.ts';
import { ValidationError } from '../http/problem.ts';
import { tutorsOneToOneCalendars } from '../sessions/one-to-one-hours.ts';

/*
 * The public list of free 1-to-1 slots (docs/decisions/104): for every active tutor who teaches
 * the course 1-to-1 (or the one asked for), their free slots of the asked length, named by
 * first name only. A tutor with no windows has none.
 */

/** Days one request may span: a page of a few weeks, never the whole window's every quarter. */
export const SLOT_QUERY_DAYS_MAX = 28;
/** Days answered when `to` is not given. */
const SLOT_QUERY_DAYS_DEFAULT = 14;

export interface FreeSlotDeps {
  db: DbExecutor;
  clock: Clock;
  content: Pick<ContentLoader, 'pricing' | 'timetable' | 'closures'>;
}

type SlotQuery = z.output<typeof OneToOneAvailabilityQuerySchema>;

/** The London dates asked for, clipped to the booking window; 400 for a span too long. */
function datesOf(query: SlotQuery, now: Date): { from: string; to: string } {
  const window = bookingWindow(now);
  const from = query.from && query.from > window.from ? query.from : window.from;
  const to = query.to ?? addDays(from, SLOT_QUERY_DAYS_DEFAULT - 1);
  if (to < from)
    throw new ValidationError([{ field: 'to', message: 'to must not be before from.' }]);
  if (to > addDays(from, SLOT_QUERY_DAYS_MAX - 1)) {
    throw new ValidationError([
      { field: 'to', message: `to must be within ${SLOT_QUERY_DAYS_MAX} days of from.` },
    ]);
  }
  // biome-ignore lint/complexity/useMathMinMax: YYYY-MM-DD strings, which Math.min cannot order
  return { from, to: to < window.to ? to : window.to };
}

/** Active tutors who teach `service` 1-to-1 (one of them, when `tutorId` is given). */
async function tutorsTeaching(db: DbExecutor, service: string, tutorId?: string) {
  return db
    .select({ id: tutors.id, name: user.name })
    .from(tutorOneToOneSettings)
    .innerJoin(tutors, eq(tutors.id, tutorOneToOneSettings.tutorId))
    .innerJoin(user, eq(user.id, tutors.userId))
    .where(
      and(
        isNull(tutors.deactivatedAt),
        sql`${tutorOneToOneSettings.services} @> ${JSON.stringify([service])}::jsonb`,
        tutorId ? eq(tutors.id, tutorId) : undefined,
      ),
    );
}

export async function listOneToOneSlots(
  deps: FreeSlotDeps,
  query: SlotQuery,
): Promise<OneToOneAvailability> {
  const now = deps.clock.now();
  const pricing = await deps.content.pricing();
  const offered = pricing.oneToOneLengthsMinutes;
  const lengthMinutes =
    query.lengthMinutes ??
    (offered.includes(DEFAULT_ONE_TO_ONE_LENGTH) ? DEFAULT_ONE_TO_ONE_LENGTH : offered[0]) ??
    DEFAULT_ONE_TO_ONE_LENGTH;
  if (!offered.includes(lengthMinutes)) {
    throw new ValidationError([
      { field: 'lengthMinutes', message: `lengthMinutes must be one of ${offered.join(', ')}.` },
    ]);
  }
  const { from, to } = datesOf(query, now);
  const answer = { service: query.service, lengthMinutes, from, to };
  if (!pricing.oneToOneServices.includes(query.service) || to < from) {
    return { ...answer, slots: [] };
  }
  const teaching = await tutorsTeaching(deps.db, query.service, query.tutorId);
  if (teaching.length === 0) return { ...answer, slots: [] };
  const [timetable, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.closures(),
  ]);
  const range = {
    startsAt: londonWallClockToUtc(from, '00:00'),
    endsAt: londonWallClockToUtc(addDays(to, 1), '00:00'),
  };
  const calendars = await tutorsOneToOneCalendars(
    deps.db,
    teaching.map((tutor) => tutor.id),
    range,
    { now, timetable },
  );
  const slots = teaching.flatMap((tutor) => {
    const hours = calendars.get(tutor.id);
    if (!hours) return [];
    const tutorName = tutorPublicName(tutor.name);
    return freeSlots(hours, { now, closures, from, to, lengthMinutes }).map((slot) => ({
      tutorId: tutor.id,
      tutorName,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
    }));
  });
  slots.sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.tutorName.localeCompare(b.tutorName),
  );
  return { ...answer, slots };
}
