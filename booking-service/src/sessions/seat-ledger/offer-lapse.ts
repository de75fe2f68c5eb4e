import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { classSessions, pupils, user, waitlistEntries, waitlistOffers } from '../../db/schema.ts';
import { mailBrand } from '../../mail/mail-setup.ts';
import { describeSession } from '../session-description.ts';
import type { WaitlistDeps } from './waitlist-deps.ts';
import { offerLapsedEmail } from './offer-mail.ts';

/*
 * What happens when a held seat is not booked in time (decisions 066 and 072): the offer's
 * places become `lapsed`, the seat passes on, and the family hears about it. A pupil whose
 * offer lapsed for the first time for this session goes back on the list, at its end; a second
 * lapse takes them off, so a family that never answers cannot hold every freed seat in turn.
 */

type LapsedPlace = { id: string; seq: number; userId: string; pupilId: string; joinId: string };

/**
 * Offers of this session that ran out: their places become `lapsed`, each account's other
 * waiting places and (once) the lapsed pupils themselves go to the back of the queue, and each
 * account gets one e-mail saying so, in the caller's transaction.
 */
export async function settleLapsedOffers(
  deps: WaitlistDeps,
  tx: Transaction,
  sessionId: string,
  now: Date,
): Promise<void> {
  const ranOut = tx
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.sessionId, sessionId), lte(waitlistOffers.expiresAt, now)));
  const returned: LapsedPlace[] = await tx
    .update(waitlistEntries)
    .set({ status: 'lapsed' })
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.status, 'offered'),
        inArray(waitlistEntries.offerId, ranOut),
      ),
    )
    .returning({
      id: waitlistEntries.id,
      seq: waitlistEntries.seq,
      userId: waitlistEntries.userId,
      pupilId: waitlistEntries.pupilId,
      joinId: waitlistEntries.joinId,
    });
  if (returned.length === 0) return;
  // RETURNING comes back in no set order (PGlite and PostgreSQL differ, and it varies run to
  // run): the lapsed pupils go back on the list in the order they held in the queue.
  const lapsed = returned.toSorted((a, b) => a.seq - b.seq);
  await sendToBackOfQueue(
    tx,
    sessionId,
    lapsed.map((place) => place.userId),
  );
  const staying = await requeueFirstLapses(tx, sessionId, lapsed, now);
  await mailLapses(deps, tx, sessionId, lapsed, staying);
}

/**
 * These accounts' places still waiting for the session go to the back of its queue, in their
 * own order: an account whose offer ended unused (lapsed or declined) passes the seat on.
 */
export async function sendToBackOfQueue(
  tx: Transaction,
  sessionId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const places = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.status, 'waiting'),
        inArray(waitlistEntries.userId, [...new Set(userIds)]),
      ),
    )
    .orderBy(asc(waitlistEntries.seq));
  for (const place of places) {
    await tx
      .update(waitlistEntries)
      .set({ seq: sql`nextval(pg_get_serial_sequence('waitlist_entries', 'seq'))` })
      .where(eq(waitlistEntries.id, place.id));
  }
}

/**
 * The lapsed pupils with no earlier lapse for this session get a new place at the end of the
 * queue (the old row stays as history); answers their pupil ids.
 */
async function requeueFirstLapses(
  tx: Transaction,
  sessionId: string,
  lapsed: readonly LapsedPlace[],
  now: Date,
): Promise<Set<string>> {
  const lapsedBefore = await tx
    .select({ pupilId: waitlistEntries.pupilId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.status, 'lapsed'),
        inArray(
          waitlistEntries.pupilId,
          lapsed.map((place) => place.pupilId),
        ),
        notInArray(
          waitlistEntries.id,
          lapsed.map((place) => place.id),
        ),
      ),
    );
  const twice = new Set(lapsedBefore.map((row) => row.pupilId));
  const again = lapsed.filter((place) => !twice.has(place.pupilId));
  if (again.length > 0) {
    await tx.insert(waitlistEntries).values(
      again.map((place) => ({
        sessionId,
        userId: place.userId,
        pupilId: place.pupilId,
        joinId: place.joinId,
        joinedAt: now,
      })),
    );
  }
  return new Set(again.map((place) => place.pupilId));
}

/** One e-mail per account whose offer lapsed, queued in the caller's transaction. */
async function mailLapses(
  deps: WaitlistDeps,
  tx: Transaction,
  sessionId: string,
  lapsed: readonly LapsedPlace[],
  staying: ReadonlySet<string>,
): Promise<void> {
  const [session] = await tx
    .select({
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(classSessions)
    .where(eq(classSessions.id, sessionId));
  if (!session) return;
  const names = await tx
    .select({ id: pupils.id, name: pupils.name })
    .from(pupils)
    .where(
      inArray(
        pupils.id,
        lapsed.map((place) => place.pupilId),
      ),
    );
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  const summary = describeSession(timetable, session);
  // The accounts in one read, not one per account.
  const accounts = await tx
    .select({ id: user.id, email: user.email, name: user.name, deletedAt: user.deletedAt })
    .from(user)
    .where(inArray(user.id, [...new Set(lapsed.map((place) => place.userId))]));
  for (const account of accounts) {
    if (account.deletedAt) continue;
    const theirs = lapsed.filter((place) => place.userId === account.id);
    const pupilsNamed = (keep: boolean) =>
      theirs
        .filter((place) => staying.has(place.pupilId) === keep)
        .map((place) => nameOf.get(place.pupilId) ?? 'Your child');
    await deps.mail.enqueue(
      offerLapsedEmail(brand, {
        to: account.email,
        name: account.name,
        session: summary,
        stillWaiting: pupilsNamed(true),
        offList: pupilsNamed(false),
      }),
      { tx },
    );
  }
}
