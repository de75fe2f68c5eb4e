import type { ServiceCode, Weekday } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { tutors, weeklyClasses } from '../db/schema.ts';
import { signedInUser, type TestUser } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in tutor: an account with the tutor role and its tutors row (docs/decisions/079). */
export async function signedInTutor(
  t: TestApp,
  options: { name: string; email?: string },
): Promise<TestUser & { tutorId: string }> {
  const account = await signedInUser(t, { ...options, role: 'tutor' });
  const [row] = await t.deps.db
    .insert(tutors)
    .values({ userId: account.id, invitedAt: new Date('2026-01-01T00:00:00Z') })
    .returning({ id: tutors.id });
  if (!row) throw new Error('tutor not inserted');
  return { ...account, tutorId: row.id };
}

/** Makes `tutorId` the lead of the weekly class at this slot (creating the class row). */
export async function leadClass(
  t: TestApp,
  tutorId: string,
  slot: { service: ServiceCode; day: Weekday; startTime: string },
): Promise<string> {
  const [row] = await t.deps.db
    .insert(weeklyClasses)
    .values({ ...slot, leadTutorId: tutorId })
    .onConflictDoUpdate({
      target: [weeklyClasses.service, weeklyClasses.day, weeklyClasses.startTime],
      set: { leadTutorId: tutorId },
    })
    .returning({ id: weeklyClasses.id });
  if (!row) throw new Error('class not written');
  return row.id;
}

export async function tutorRow(t: TestApp, tutorId: string) {
  const [row] = await t.deps.db.select().from(tutors).where(eq(tutors.id, tutorId));
  return row;
}
