import { listClosesAt } from '@tuition/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema.ts';
import type { SessionRow } from '../session-rows.ts';
import { offerFreedSeats, type WaitlistDeps } from './offer-engine.ts';
import { checkSeats, lockSessionRows } from './seat-locks.ts';

/** Why pupils cannot join a session's waiting list (docs/decisions/060). */
export type QueueRefusal = 'list-closed' | 'duplicate' | 'not-full';

/**
 * Puts the named pupils on a full session's waiting list, under the session row's lock: refused
 * when the list has closed (no offer could be made any more), when a pupil holds the session
 * (booked, being paid for, offered) or already waits, and while seats are free for them (they
 * book instead). One place per pupil, in the order named, so the queue order (seq) follows it;
 * a seat freed by a write that did not reach the offer engine goes to the queue at once.
 * Answers the places made, in the order named.
 */
export async function queueForSeats(
  deps: WaitlistDeps,
  tx: Transaction,
  request: {
    userId: string;
    session: SessionRow;
    pupilIds: readonly string[];
    now: Date;
    refuse: (reason: QueueRefusal) => Error;
  },
): Promise<{ id: string; pupilId: string }[]> {
  const { session, pupilIds, now } = request;
  const locked = await lockSessionRows(tx, [session.id]);
  // A cancelled session's list is closed for good (docs/decisions/077).
  if (
    locked.some((row) => row.cancelledAt) ||
    now.getTime() >= listClosesAt(session.startsAt).getTime()
  ) {
    throw request.refuse('list-closed');
  }
  const wanted = new Map([[session.id, pupilIds]]);
  const seats = await checkSeats(tx, locked, request.userId, wanted, now);
  const already = await openPlaces(tx, session.id, pupilIds);
  if (seats.duplicates.has(session.id) || seats.offered.has(session.id) || already.length > 0) {
    throw request.refuse('duplicate');
  }
  if (!seats.full.has(session.id)) throw request.refuse('not-full');
  const joinId = crypto.randomUUID();
  const places: { id: string; pupilId: string }[] = [];
  for (const pupilId of pupilIds) {
    const [place] = await tx
      .insert(waitlistEntries)
      .values({ sessionId: session.id, userId: request.userId, pupilId, joinId, joinedAt: now })
      .returning({ id: waitlistEntries.id });
    if (!place) throw new Error('the waiting-list place was not created');
    places.push({ id: place.id, pupilId });
  }
  await offerFreedSeats(deps, tx, session.id);
  return places;
}

/** Places of these pupils on this session's list that are still open. */
function openPlaces(tx: DbExecutor, sessionId: string, pupilIds: readonly string[]) {
  return tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        inArray(waitlistEntries.pupilId, [...pupilIds]),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    );
}
