import type { YearGroup } from '@tuition/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pupils, user } from '../db/schema.ts';

/**
 * The account's first current pupil, created (named after the account holder, as the first
 * booking does) when it has none: for fixtures that write bookings or checkout items directly.
 */
export async function holderPupilId(db: Database, userId: string): Promise<string> {
  const [existing] = await db
    .select({ id: pupils.id })
    .from(pupils)
    .where(and(eq(pupils.userId, userId), isNull(pupils.archivedAt)))
    .orderBy(asc(pupils.createdAt), asc(pupils.id))
    .limit(1);
  if (existing) return existing.id;
  const [holder] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return insertPupil(db, { userId, name: holder?.name ?? 'Pupil' });
}

/** A pupil written directly (the API's rules, such as consent, are not applied). */
export async function insertPupil(
  db: Database,
  input: { userId: string; name: string; yearGroup?: YearGroup; email?: string },
): Promise<string> {
  const [row] = await db
    .insert(pupils)
    .values({
      userId: input.userId,
      name: input.name,
      yearGroup: input.yearGroup ?? null,
      email: input.email ?? null,
    })
    .returning({ id: pupils.id });
  if (!row) throw new Error('pupil not inserted');
  return row.id;
}

/** A bookings row for the account's first pupil (see holderPupilId). */
export async function bookingRow(
  db: Database,
  input: { userId: string; sessionId: string; status?: 'confirmed' | 'cancelled' | 'rescheduled' },
) {
  return { ...input, pupilId: await holderPupilId(db, input.userId) };
}
