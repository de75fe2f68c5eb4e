import {
  type AdminWaitlistEntry,
  isId,
  type WaitlistEntry,
  type WaitlistJoined,
} from '@tuition/api-contract';
import { findSession, isBookable, SERVICES, type ServiceCode } from '@tuition/domain';
import type { ContentLoader } from '@tuition/content';
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { classSessions, pupils, user, waitlistEntries, waitlistOffers } from '../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/problem.ts';
import { pupilRef, pupilRefColumns, seatPupils } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import {
  leaveQueue,
  moveListsOn,
  offerUrl,
  queueForSeats,
  sessionsNeedingOffers,
  type WaitlistDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';

/* Joining, leaving and reading waiting lists (docs/decisions/060). */

export type WaitlistServiceDeps = WaitlistDeps & {
  db: Database;
  content: Pick<ContentLoader, 'siteSettings' | 'timetable' | 'pricing' | 'closures'>;
};

/** User-facing answers of the waiting list (the spec's catalogue has none for it). */
export const WAITLIST_MESSAGES = {
  notFull: 'This session still has seats: book it instead of joining the waiting list.',
  duplicate: 'Already booked or on the waiting list for this session.',
  closed:
    'The waiting list for this session has closed: it starts too soon for a place to be offered.',
} as const;

/**
 * Puts the named pupils (or the account's only one) on a full session's list. Under the
 * session row lock: 409 not-full while seats are free for them (book instead), 409 duplicate
 * when a pupil holds the session (booked, being paid for, offered) or already waits, 409
 * list-closed when no offer could be made any more; 400 for a start that is not bookable.
 */
export async function joinWaitlist(
  deps: WaitlistServiceDeps,
  request: {
    user: { id: string; name: string };
    service: ServiceCode;
    startsAt: string;
    pupilIds?: readonly string[] | undefined;
  },
): Promise<WaitlistJoined> {
  const now = deps.clock.now();
  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  const session = findSession(timetable, request.service, new Date(request.startsAt), closures);
  if (!session || !isBookable(session.startsAt, now)) {
    throw new ValidationError([
      {
        field: 'startsAt',
        message: `${request.startsAt} is not a bookable ${SERVICES[request.service].label} session: pick a timetable slot between today and 56 days ahead that has not started.`,
      },
    ]);
  }
  const row = (await ensureSessionRows(deps.db, [session], pricing.sessionPricePence)).get(
    session.startsAt.getTime(),
  );
  if (!row) throw new Error('the session row was not created');
  const named = await seatPupils(deps.db, request.user, request.pupilIds);
  const pupilIds = named.map((p) => p.id);

  return deps.db.transaction(async (tx) => {
    const places = await queueForSeats(deps, tx, {
      userId: request.user.id,
      session: row,
      pupilIds,
      now,
      refuse: (reason) =>
        new ConflictError(
          reason,
          [request.startsAt],
          {
            'list-closed': WAITLIST_MESSAGES.closed,
            duplicate: WAITLIST_MESSAGES.duplicate,
            'not-full': WAITLIST_MESSAGES.notFull,
          }[reason],
        ),
    });
    const positions = await queuePositions(tx, [row.id]);
    const answer = places.map((place, index) => ({
      id: place.id,
      pupil: pupilRef({
        pupilId: place.pupilId,
        pupilName: named[index]?.name ?? '',
        pupilYearGroup: named[index]?.yearGroup ?? null,
      }),
      position: positions.get(place.id) ?? 1,
    }));
    const first = answer[0];
    if (!first) throw new Error('no pupil named');
    return { id: first.id, position: first.position, places: answer };
  });
}

/** Each waiting place's position in its session's queue (1 = next), by place id. */
async function queuePositions(
  db: DbExecutor,
  sessionIds: readonly string[],
): Promise<Map<string, number>> {
  const positions = new Map<string, number>();
  if (sessionIds.length === 0) return positions;
  const rows = await db
    .select({ id: waitlistEntries.id, sessionId: waitlistEntries.sessionId })
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.sessionId, [...new Set(sessionIds)]),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitlistEntries.seq));
  const next = new Map<string, number>();
  for (const row of rows) {
    const position = (next.get(row.sessionId) ?? 0) + 1;
    next.set(row.sessionId, position);
    positions.set(row.id, position);
  }
  return positions;
}

/**
 * Leaves a list (DELETE /api/me/waitlist/{id}): a waiting place becomes `left`, one holding an
 * offer `declined`, and in the same transaction the seat goes to the next person. Costs
 * nothing. 404 for a place that is not the account's; leaving twice changes nothing.
 */
export async function leaveWaitlist(
  deps: WaitlistServiceDeps,
  request: { userId: string; placeId: string },
): Promise<void> {
  if (!isId(request.placeId)) throw new NotFoundError('No such waiting-list place.');
  const [place] = await deps.db
    .select({ sessionId: waitlistEntries.sessionId })
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.id, request.placeId), eq(waitlistEntries.userId, request.userId)),
    );
  if (!place) throw new NotFoundError('No such waiting-list place.');
  await deps.db.transaction((tx) =>
    leaveQueue(deps, tx, { id: request.placeId, sessionId: place.sessionId }),
  );
}

const placeColumns = {
  id: waitlistEntries.id,
  sessionId: waitlistEntries.sessionId,
  status: waitlistEntries.status,
  joinedAt: waitlistEntries.joinedAt,
  offerId: waitlistEntries.offerId,
  offerExpiresAt: waitlistOffers.expiresAt,
  service: classSessions.service,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
  ...pupilRefColumns,
};

/** Waiting, or holding an offer that has not run out. */
const openAt = (now: Date) =>
  or(
    eq(waitlistEntries.status, 'waiting'),
    and(eq(waitlistEntries.status, 'offered'), gt(waitlistOffers.expiresAt, now)),
  );

/**
 * The account's open places in sessions not yet started, soonest first, each with its position
 * or live offer. Lists of these sessions that need it are moved on first, so an offer that ran
 * out is passed on (and this customer's own offer shows) without waiting for the sweep.
 */
export async function listMyWaitlist(
  deps: WaitlistServiceDeps,
  userId: string,
): Promise<WaitlistEntry[]> {
  const mine = await deps.db
    .selectDistinct({ sessionId: waitlistEntries.sessionId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    );
  const ids = mine.map((row) => row.sessionId);
  await moveListsOn(deps, await sessionsNeedingOffers(deps.db, deps.clock.now(), ids));

  const now = deps.clock.now();
  const rows = await deps.db
    .select(placeColumns)
    .from(waitlistEntries)
    .innerJoin(classSessions, eq(classSessions.id, waitlistEntries.sessionId))
    .innerJoin(pupils, eq(pupils.id, waitlistEntries.pupilId))
    .leftJoin(waitlistOffers, eq(waitlistOffers.id, waitlistEntries.offerId))
    .where(and(eq(waitlistEntries.userId, userId), gt(classSessions.startsAt, now), openAt(now)))
    .orderBy(asc(classSessions.startsAt), asc(waitlistEntries.seq));
  const [timetable, positions] = await Promise.all([
    deps.content.timetable(),
    queuePositions(
      deps.db,
      rows.map((row) => row.sessionId),
    ),
  ]);
  return rows.map((row) => ({
    ...describeSession(timetable, row),
    id: row.id,
    pupil: pupilRef(row),
    joinedAt: row.joinedAt.toISOString(),
    position: row.status === 'waiting' ? (positions.get(row.id) ?? null) : null,
    offer:
      row.status === 'offered' && row.offerId && row.offerExpiresAt
        ? {
            id: row.offerId,
            expiresAt: row.offerExpiresAt.toISOString(),
            url: offerUrl(deps.config.publicUrl, row.offerId),
          }
        : null,
  }));
}

/** Who waits for a session and who holds an offer (admin session detail), queue order. */
export async function sessionWaitlist(
  deps: Pick<WaitlistServiceDeps, 'db' | 'clock'>,
  sessionId: string,
): Promise<AdminWaitlistEntry[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      ...placeColumns,
      userId: waitlistEntries.userId,
      name: user.name,
      email: user.email,
    })
    .from(waitlistEntries)
    .innerJoin(classSessions, eq(classSessions.id, waitlistEntries.sessionId))
    .innerJoin(pupils, eq(pupils.id, waitlistEntries.pupilId))
    .innerJoin(user, eq(user.id, waitlistEntries.userId))
    .leftJoin(waitlistOffers, eq(waitlistOffers.id, waitlistEntries.offerId))
    .where(and(eq(waitlistEntries.sessionId, sessionId), openAt(now)))
    .orderBy(asc(waitlistEntries.seq));
  const positions = await queuePositions(deps.db, [sessionId]);
  return rows.map((row) => ({
    id: row.id,
    pupil: pupilRef(row),
    userId: row.userId,
    name: row.name,
    email: row.email,
    joinedAt: row.joinedAt.toISOString(),
    position: row.status === 'waiting' ? (positions.get(row.id) ?? null) : null,
    offerExpiresAt:
      row.status === 'offered' && row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
  }));
}
