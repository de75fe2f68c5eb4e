import type { ContentLoader } from '@tuition/content';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { tutors, user, weeklyClasses } from '../db/schema.ts';

/** The demo tutor leads these classes (docs/decisions/079). */
const DEMO_TUTOR_SERVICE = 'gcse-higher';

/**
 * Local mode: the demo tutor (seeded as an account by seedDemoUsers) gets its tutors row and
 * leads the GCSE Higher classes that have no lead yet, so /teach has something to show.
 */
export async function seedDemoTutor(
  deps: { db: Database; clock: Clock; content: ContentLoader },
  email: string,
): Promise<void> {
  const [account] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!account) return;
  await deps.db
    .insert(tutors)
    .values({ userId: account.id, invitedAt: deps.clock.now() })
    .onConflictDoNothing({ target: tutors.userId });
  const [row] = await deps.db
    .select({ id: tutors.id })
    .from(tutors)
    .where(eq(tutors.userId, account.id));
  if (!row) return;
  for (const slot of await deps.content.timetable()) {
    if (slot.service !== DEMO_TUTOR_SERVICE) continue;
    await deps.db
      .insert(weeklyClasses)
      .values({ service: slot.service, day: slot.day, startTime: slot.startTime })
      .onConflictDoNothing({
        target: [weeklyClasses.service, weeklyClasses.day, weeklyClasses.startTime],
      });
  }
  await deps.db
    .update(weeklyClasses)
    .set({ leadTutorId: row.id })
    .where(and(eq(weeklyClasses.service, DEMO_TUTOR_SERVICE), isNull(weeklyClasses.leadTutorId)));
}
