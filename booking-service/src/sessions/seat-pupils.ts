import { isId, type Pupil, type PupilRef } from '@tuition/api-contract';
import { isSixteenOrOver, type YearGroup } from '@tuition/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { pupils, user } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';

/*
 * Who a seat is for (docs/decisions/048). Checkout, bookability, bookings and the admin pages
 * all name pupils the same way, so the shared parts live here, below the features.
 */

export type PupilRow = typeof pupils.$inferSelect;

/** The columns a query joined to pupils selects to build a PupilRef. */
export const pupilRefColumns = {
  pupilId: pupils.id,
  pupilName: pupils.name,
  pupilYearGroup: pupils.yearGroup,
};

export function pupilRef(row: {
  pupilId: string;
  pupilName: string;
  pupilYearGroup: YearGroup | null;
}): PupilRef {
  return { id: row.pupilId, name: row.pupilName, yearGroup: row.pupilYearGroup };
}

/** A pupil as the account holder and the admins see it (the contract's Pupil). */
export function pupilView(row: PupilRow): Pupil {
  return {
    id: row.id,
    name: row.name,
    yearGroup: row.yearGroup,
    email: row.email,
    archived: row.archivedAt !== null,
    consentRecordedAt: row.consentRecordedAt?.toISOString() ?? null,
    consentPolicyVersion: row.consentPolicyVersion,
    recordingConsent: row.recordingConsentAt !== null,
    recordingConsentAt: row.recordingConsentAt?.toISOString() ?? null,
  };
}

/** The account's current (not archived) pupils, by name then age of the record. */
export function activePupils(db: DbExecutor, userId: string): Promise<PupilRow[]> {
  return db
    .select()
    .from(pupils)
    .where(and(eq(pupils.userId, userId), isNull(pupils.archivedAt)))
    .orderBy(asc(pupils.createdAt), asc(pupils.id));
}

/**
 * The pupil an account without any gets on its first booking: the account holder themselves
 * (year group unknown), so clients that never name pupils keep working. Created under a lock
 * of the user row, so two first checkouts at once create one pupil, not two.
 */
export async function ensureHolderPupil(
  db: Database,
  account: { id: string; name: string },
): Promise<PupilRow[]> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, account.id)).for('update');
    const existing = await activePupils(tx, account.id);
    if (existing.length > 0) return existing;
    const created = await tx
      .insert(pupils)
      .values({ userId: account.id, name: account.name })
      .returning();
    return created;
  });
}

/**
 * The pupils a basket's seats are for, in the order named. Named ids must be the account's own
 * (another account's, or none at all: 404, never saying which) and current (an archived pupil:
 * 400). Omitted: the account's only pupil, the holder's new pupil when it has none yet, and a
 * 400 naming pupilIds when it has several (the seats would be a guess).
 */
export async function seatPupils(
  db: Database,
  account: { id: string; name: string },
  pupilIds: readonly string[] | undefined,
): Promise<PupilRow[]> {
  if (pupilIds === undefined) {
    const current = await activePupils(db, account.id);
    if (current.length === 0) return ensureHolderPupil(db, account);
    if (current.length === 1) return current;
    throw new ValidationError([
      { field: 'pupilIds', message: 'Please choose who the sessions are for.' },
    ]);
  }
  if (!pupilIds.every(isId)) throw new NotFoundError('No such pupil.');
  const rows = await db
    .select()
    .from(pupils)
    .where(and(eq(pupils.userId, account.id), inArray(pupils.id, [...pupilIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const named = pupilIds.map((id) => byId.get(id));
  if (named.some((row) => row === undefined)) throw new NotFoundError('No such pupil.');
  const found = named as PupilRow[];
  const archived = found.flatMap((row, index) =>
    row.archivedAt
      ? [{ field: `pupilIds.${index}`, message: `${row.name} was removed from your account.` }]
      : [],
  );
  if (archived.length > 0) throw new ValidationError(archived);
  return found;
}

/**
 * Where a pupil's own copy of a booking e-mail goes: their address, when they have one and
 * are 16 or over (Year 12 or 13), unless it is the account's own (one copy is enough).
 */
export function pupilCopyAddress(
  pupil: { email: string | null; yearGroup: YearGroup | null },
  accountEmail: string,
): string | undefined {
  if (!pupil.email || !isSixteenOrOver(pupil.yearGroup)) return undefined;
  return pupil.email.toLowerCase() === accountEmail.toLowerCase() ? undefined : pupil.email;
}
