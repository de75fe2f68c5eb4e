import { isSlotFree } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { tutorOneToOneCalendar } from '../sessions/one-to-one-hours.ts';
import type { TutorFreeCheck } from './one-to-one-checkout.ts';

/*
 * Whether a tutor is free for one lesson (docs/decisions/104, 106), read with the caller's
 * executor: inside a 1-to-1 hold it runs under the tutor's row lock, so what it reads cannot
 * gain a lesson until the hold commits. The same read (tutorOneToOneCalendar: windows,
 * exceptions, calendar busy times, lessons with their gap, a led class's sessions before their
 * rows exist) and the same rule (isSlotFree) as the free slots the page lists.
 */
export function tutorFreeCheck(
  content: Pick<ContentLoader, 'closures' | 'timetable'>,
): TutorFreeCheck {
  return async (db, { tutorId, lesson, now, except }) => {
    const [timetable, closures] = await Promise.all([content.timetable(), content.closures()]);
    const hours = await tutorOneToOneCalendar(db, tutorId, lesson, {
      now,
      timetable,
      ...(except ? { except } : {}),
    });
    return isSlotFree(hours, lesson, { now, closures });
  };
}
