import { isSlotFree, LESSON_GAP_MINUTES, type TutorHours } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { tutorBusyIntervals } from '../db/schema.ts';
import { tutorLessonTimes } from '../sessions/session-tutors.ts';
import type { TutorFreeCheck } from './one-to-one-checkout.ts';
import { readAvailability } from './tutor-hours-settings.ts';

/*
 * Whether a tutor is free for one lesson (docs/decisions/104, 106), read with the caller's
 * executor: inside a 1-to-1 hold it runs under the tutor's row lock, so what it reads cannot
 * gain a lesson until the hold commits. The same domain rule (isSlotFree) as the free slots the
 * page lists: windows, exceptions, calendar busy times, lessons with their gap, closures.
 */

/** How far around a lesson another lesson can still be in the way: the longest plus the gap. */
const AROUND_MS = (4 * 60 + LESSON_GAP_MINUTES) * 60_000;

/** The tutor's hours around one lesson: windows, exceptions, busy times and lessons. */
export async function tutorHoursAround(
  db: DbExecutor,
  input: { tutorId: string; startsAt: Date; endsAt: Date; now: Date; except?: string },
): Promise<TutorHours> {
  const range = {
    from: new Date(input.startsAt.getTime() - AROUND_MS),
    to: new Date(input.endsAt.getTime() + AROUND_MS),
  };
  const [availability, busy, lessons] = await Promise.all([
    readAvailability(db, input.tutorId),
    db
      .select({ startsAt: tutorBusyIntervals.startsAt, endsAt: tutorBusyIntervals.endsAt })
      .from(tutorBusyIntervals)
      .where(
        and(
          eq(tutorBusyIntervals.tutorId, input.tutorId),
          lt(tutorBusyIntervals.startsAt, range.to),
          gt(tutorBusyIntervals.endsAt, range.from),
        ),
      ),
    tutorLessonTimes(db, input.tutorId, range, input.now, input.except),
  ]);
  return { windows: availability.windows, exceptions: availability.exceptions, busy, lessons };
}

/** The check a 1-to-1 hold runs for each lesson under the tutor's lock. */
export function tutorFreeCheck(content: Pick<ContentLoader, 'closures'>): TutorFreeCheck {
  return async (db, { tutorId, lesson, now, except }) => {
    const [hours, closures] = await Promise.all([
      tutorHoursAround(db, { tutorId, ...lesson, now, ...(except ? { except } : {}) }),
      content.closures(),
    ]);
    return isSlotFree(hours, lesson, { now, closures });
  };
}
