import { isId, type Pupil, type PupilList, type PupilRemoved } from '@tuition/api-contract';
import {
  type AccountType,
  needsParentalConsent,
  PUPILS_PER_ACCOUNT_MAX,
  PUPILS_PER_ACCOUNT_MESSAGE,
  PUPILS_REMOVED_COUNTED_MONTHS,
  type PupilCreate,
  type PupilUpdate,
  type YearGroup,
  yearGroupAllowedFor,
} from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { hasSqlState } from '../db/connection-errors.ts';
import { bookings, checkoutItems, pupils, user } from '../db/schema.ts';
import { ConflictError, HttpProblem, NotFoundError, ValidationError } from '../http/problem.ts';
import { recordAudit } from '../audit/audit.ts';
import { withdrawRecordings } from '../lessons/lesson-recordings.ts';
import {
  activePupils,
  ensureHolderPupil,
  type PupilRow,
  pupilView,
} from '../sessions/seat-pupils.ts';

/*
 * "Your children" on /my-account (docs/decisions/048): a parent adds, renames, moves and
 * removes pupils; a student account has exactly one pupil, itself, in Year 12 or 13.
 */

export interface PupilDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
}

/** SQLSTATE of a row still referenced by another table's foreign key. */
const FOREIGN_KEY_VIOLATION = '23503';

const STUDENT_YEARS = 'A student account is for Years 12 and 13.';
const STUDENT_ONE_PUPIL =
  'A student account books for the student only. A parent or guardian can open their own account to book for several children.';

interface Account {
  id: string;
  name: string;
  accountType: AccountType;
}

async function accountOf(db: Database, userId: string): Promise<Account> {
  const [row] = await db
    .select({ id: user.id, name: user.name, accountType: user.accountType })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError('Your account no longer exists.');
  return row;
}

/** The privacy policy's version as it stands now: its last-updated date. */
async function policyVersion(content: ContentLoader): Promise<string> {
  return (await content.legalPage('privacy-policy')).updatedAt;
}

function refuseYearGroup(account: Account, yearGroup: YearGroup | null | undefined): void {
  if (yearGroup === undefined || yearGroupAllowedFor(account.accountType, yearGroup)) return;
  throw new ValidationError([{ field: 'yearGroup', message: STUDENT_YEARS }]);
}

/** The account's type and current pupils. A student's own pupil exists from the first look. */
export async function listPupils(deps: PupilDeps, userId: string): Promise<PupilList> {
  const account = await accountOf(deps.db, userId);
  let current = await activePupils(deps.db, userId);
  if (current.length === 0 && account.accountType === 'student') {
    current = await ensureHolderPupil(deps.db, account);
  }
  return { accountType: account.accountType, pupils: current.map(pupilView) };
}

/** Pupils this account removed within PUPILS_REMOVED_COUNTED_MONTHS before `now` (decision 094). */
async function recentlyRemoved(db: DbExecutor, userId: string, now: Date): Promise<number> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - PUPILS_REMOVED_COUNTED_MONTHS);
  const [row] = await db
    .select({ count: count() })
    .from(pupils)
    .where(and(eq(pupils.userId, userId), gt(pupils.archivedAt, since)));
  return row?.count ?? 0;
}

export async function addPupil(
  deps: PupilDeps,
  userId: string,
  input: PupilCreate,
): Promise<Pupil> {
  const account = await accountOf(deps.db, userId);
  refuseYearGroup(account, input.yearGroup);
  const consent = needsParentalConsent(input.yearGroup)
    ? {
        consentRecordedAt: deps.clock.now(),
        consentPolicyVersion: await policyVersion(deps.content),
      }
    : {};
  return deps.db.transaction(async (tx) => {
    // Under the user row's lock, so a student's two quick adds cannot both pass the check.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const current = await activePupils(tx, userId);
    if (account.accountType === 'student' && current.length > 0) {
      throw new ConflictError('student-account', undefined, STUDENT_ONE_PUPIL);
    }
    if (
      current.length + (await recentlyRemoved(tx, userId, deps.clock.now())) >=
      PUPILS_PER_ACCOUNT_MAX
    ) {
      throw new HttpProblem(400, 'Too many pupils', PUPILS_PER_ACCOUNT_MESSAGE, {
        code: 'too-many-pupils',
      });
    }
    const [created] = await tx
      .insert(pupils)
      .values({
        userId,
        name: input.name,
        yearGroup: input.yearGroup,
        email: input.email ?? null,
        ...consent,
      })
      .returning();
    if (!created) throw new Error('the pupil was not created');
    return pupilView(created);
  });
}

/** One of the account's current pupils; 404 for another account's, an archived or a bad id. */
async function ownPupil(db: Database, userId: string, pupilId: string): Promise<PupilRow> {
  if (!isId(pupilId)) throw new NotFoundError('No such pupil.');
  const [row] = await db
    .select()
    .from(pupils)
    .where(and(eq(pupils.id, pupilId), eq(pupils.userId, userId)))
    .limit(1);
  if (!row || row.archivedAt) throw new NotFoundError('No such pupil.');
  return row;
}

export async function updatePupil(
  deps: PupilDeps,
  userId: string,
  pupilId: string,
  patch: PupilUpdate,
): Promise<Pupil> {
  const account = await accountOf(deps.db, userId);
  const pupil = await ownPupil(deps.db, userId, pupilId);
  refuseYearGroup(account, patch.yearGroup);
  // Moving into Years 6-11 needs consent on record, or given now.
  let consent = {};
  if (patch.yearGroup && needsParentalConsent(patch.yearGroup) && !pupil.consentRecordedAt) {
    if (patch.consent !== true) {
      throw new ValidationError([
        {
          field: 'consent',
          message:
            'Please confirm that you are their parent or guardian and agree to the privacy policy for children under 16.',
        },
      ]);
    }
    consent = {
      consentRecordedAt: deps.clock.now(),
      consentPolicyVersion: await policyVersion(deps.content),
    };
  }
  const now = deps.clock.now();
  const recording = await recordingConsentChange(deps, pupil, patch.recordingConsent, now);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pupils)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.yearGroup !== undefined ? { yearGroup: patch.yearGroup } : {}),
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...consent,
        ...(recording ?? {}),
      })
      .where(and(eq(pupils.id, pupil.id), eq(pupils.userId, userId)))
      .returning();
    if (!row) throw new NotFoundError('No such pupil.');
    if (recording) {
      const given = recording.recordingConsentAt !== null;
      await recordAudit(tx, {
        actorId: userId,
        actorRole: 'customer',
        subjectUserId: userId,
        action: 'recording.consent',
        target: `pupil:${pupil.id}`,
        after: { consent: given, version: recording.recordingConsentVersion },
      });
      // Withdrawn: the recordings this pupil was present in go (docs/decisions/099).
      if (!given) await withdrawRecordings(tx, pupil.id, now);
    }
    return row;
  });
  return pupilView(updated);
}

/**
 * The recording consent columns to write, or undefined when the patch leaves consent as it is
 * (not sent, or sent unchanged). Consent keeps the privacy policy version shown with it.
 */
async function recordingConsentChange(
  deps: PupilDeps,
  pupil: { recordingConsentAt: Date | null },
  wanted: boolean | undefined,
  now: Date,
): Promise<
  { recordingConsentAt: Date | null; recordingConsentVersion: string | null } | undefined
> {
  if (wanted === undefined || wanted === (pupil.recordingConsentAt !== null)) return undefined;
  return wanted
    ? { recordingConsentAt: now, recordingConsentVersion: await policyVersion(deps.content) }
    : { recordingConsentAt: null, recordingConsentVersion: null };
}

/**
 * Removes a pupil. One with any booking or checkout seat, past or present, is archived (its
 * name stays on that history and the register); one with none is deleted. A student's own
 * pupil is the account itself and stays.
 */
export async function removePupil(
  deps: PupilDeps,
  userId: string,
  pupilId: string,
): Promise<PupilRemoved> {
  const account = await accountOf(deps.db, userId);
  const pupil = await ownPupil(deps.db, userId, pupilId);
  if (account.accountType === 'student') {
    throw new ConflictError('student-account', undefined, STUDENT_ONE_PUPIL);
  }
  const [booked, held] = await Promise.all([
    deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.pupilId, pupil.id))
      .limit(1),
    deps.db
      .select({ id: checkoutItems.checkoutId })
      .from(checkoutItems)
      .where(eq(checkoutItems.pupilId, pupil.id))
      .limit(1),
  ]);
  if (booked.length > 0 || held.length > 0) {
    await deps.db
      .update(pupils)
      .set({ archivedAt: deps.clock.now() })
      .where(eq(pupils.id, pupil.id));
    return { id: pupil.id, outcome: 'archived' };
  }
  try {
    await deps.db.delete(pupils).where(eq(pupils.id, pupil.id));
    return { id: pupil.id, outcome: 'deleted' };
  } catch (error) {
    // A checkout took a seat for this pupil between the look and the delete (the foreign key
    // refused it): keep it, archived. Any other failure is not that, and is not hidden.
    if (!hasSqlState(error, FOREIGN_KEY_VIOLATION)) throw error;
    await deps.db
      .update(pupils)
      .set({ archivedAt: deps.clock.now() })
      .where(eq(pupils.id, pupil.id));
    return { id: pupil.id, outcome: 'archived' };
  }
}
