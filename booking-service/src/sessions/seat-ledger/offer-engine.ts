import { LIST_CLOSES_BEFORE_START_MINUTES, offerExpiry, seatsLeft } from '@tuition/domain';
import { and, asc, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client.ts';
import { classSessions, pupils, user, waitlistEntries, waitlistOffers } from '../../db/schema.ts';
import { isId } from '@tuition/api-contract';
import { ConflictError, NotFoundError, ValidationError } from '../../http/problem.ts';
import { mailBrand } from '../../mail/mail-setup.ts';
import { lockSessionRows } from './seat-locks.ts';
import { pupilCopyAddress } from '../seat-pupils.ts';
import { seatsTakenSql } from '../seats.ts';
import { describeSession } from '../session-description.ts';
import { settleLapsedOffers } from './offer-lapse.ts';
import { offerUrl, placeOpenedEmail } from './offer-mail.ts';
import { textOffer } from '../../sms/family-texts.ts';

/*
 * The offer engine (docs/decisions/060). Every write that frees a seat calls offerFreedSeats in
 * its own transaction, after locking the session row (lockSessionRows) like every seat-taking
 * write, so "a seat is free" and "it is offered" are one step: no other checkout, join or offer
 * of that session can run in between, and no seat is offered twice or sold while offered.
 */

import type { WaitlistDeps } from './waitlist-deps.ts';

export type { WaitlistDeps };

const MINUTE = 60_000;

export interface MadeOffer {
  offerId: string;
  sessionId: string;
  userId: string;
  pupilIds: string[];
  expiresAt: Date;
}

/**
 * Offers every free seat of these sessions to the people waiting, first come first served.
 * The caller holds the session rows' locks (lockSessionRows) in `tx`. On the way it settles the
 * list: offers that ran out become `lapsed` (their seats were already free in every count) and
 * places of a session that has started become `closed`.
 *
 * Siblings who joined together are offered together when enough seats are free at once;
 * otherwise the first of them is offered alone and the others keep their places (decision 060).
 */
export async function offerFreedSeats(
  deps: WaitlistDeps,
  tx: Transaction,
  sessionIds: string | readonly string[],
): Promise<MadeOffer[]> {
  const ids = [...new Set(typeof sessionIds === 'string' ? [sessionIds] : sessionIds)].sort();
  const made: MadeOffer[] = [];
  for (const sessionId of ids) made.push(...(await offerSeatsOfSession(deps, tx, sessionId)));
  return made;
}

async function offerSeatsOfSession(
  deps: WaitlistDeps,
  tx: Transaction,
  sessionId: string,
): Promise<MadeOffer[]> {
  const now = deps.clock.now();
  await settleLapsedOffers(deps, tx, sessionId, now);
  const [session] = await tx
    .select({
      id: classSessions.id,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      capacity: classSessions.capacity,
      taken: seatsTakenSql(classSessions.id, now, { claims: false }),
    })
    .from(classSessions)
    .where(eq(classSessions.id, sessionId));
  if (!session) return [];
  if (session.startsAt.getTime() <= now.getTime()) {
    // A session that has started closes its list.
    await tx
      .update(waitlistEntries)
      .set({ status: 'closed' })
      .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.status, 'waiting')));
    return [];
  }
  let free = seatsLeft({ capacity: session.capacity, taken: session.taken });
  if (free === 0) return [];
  const settings = await deps.content.siteSettings();
  const expiresAt = offerExpiry(now, session.startsAt, settings.offerHours);
  if (!expiresAt) return [];

  // The family is the unit (decision 066): one live offer per account and session, covering as
  // many of its waiting pupils as seats are free, first come first served by its first place.
  const made: MadeOffer[] = [];
  let queue = await waitingWithoutOffer(tx, sessionId, now);
  while (free > 0 && queue.length > 0) {
    const first = queue[0];
    if (!first) break;
    const offered = queue.filter((entry) => entry.userId === first.userId).slice(0, free);
    made.push(await makeOffer(deps, tx, { session, expiresAt, now, offered }));
    free -= offered.length;
    queue = queue.filter((entry) => entry.userId !== first.userId);
  }
  return made;
}

type WaitingPlace = Awaited<ReturnType<typeof waitingWithoutOffer>>[number];

/**
 * The places still waiting for this session, in queue order, of accounts that hold no live
 * offer of it (an account has at most one).
 */
function waitingWithoutOffer(tx: Transaction, sessionId: string, now: Date) {
  const withLiveOffer = tx
    .select({ userId: waitlistOffers.userId })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.offerId, waitlistOffers.id))
    .where(
      and(
        eq(waitlistOffers.sessionId, sessionId),
        gt(waitlistOffers.expiresAt, now),
        eq(waitlistEntries.status, 'offered'),
      ),
    );
  return tx
    .select({
      id: waitlistEntries.id,
      userId: waitlistEntries.userId,
      pupilId: waitlistEntries.pupilId,
      pupilName: pupils.name,
      pupilEmail: pupils.email,
      pupilYearGroup: pupils.yearGroup,
    })
    .from(waitlistEntries)
    .innerJoin(pupils, eq(pupils.id, waitlistEntries.pupilId))
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.status, 'waiting'),
        notInArray(waitlistEntries.userId, withLiveOffer),
      ),
    )
    .orderBy(asc(waitlistEntries.seq));
}

/** One offer to one account for these of its places, with its mail, in the caller's transaction. */
async function makeOffer(
  deps: WaitlistDeps,
  tx: Transaction,
  input: {
    session: Parameters<typeof mailOffer>[2]['session'] & { id: string };
    expiresAt: Date;
    now: Date;
    offered: WaitingPlace[];
  },
): Promise<MadeOffer> {
  const { session, expiresAt, offered } = input;
  const userId = offered[0]?.userId;
  if (!userId) throw new Error('an offer needs a place');
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({ sessionId: session.id, userId, expiresAt, createdAt: input.now })
    .returning({ id: waitlistOffers.id });
  if (!offer) throw new Error('the offer row was not created');
  await tx
    .update(waitlistEntries)
    .set({ status: 'offered', offerId: offer.id })
    .where(
      inArray(
        waitlistEntries.id,
        offered.map((entry) => entry.id),
      ),
    );
  await mailOffer(deps, tx, { session, offerId: offer.id, expiresAt, userId, offered });
  return {
    offerId: offer.id,
    sessionId: session.id,
    userId,
    pupilIds: offered.map((entry) => entry.pupilId),
    expiresAt,
  };
}

/** "A place has opened", queued in the offering transaction (sent only if it commits). */
async function mailOffer(
  deps: WaitlistDeps,
  tx: Transaction,
  input: {
    session: {
      service: Parameters<typeof describeSession>[1]['service'];
      startsAt: Date;
      endsAt: Date;
    };
    offerId: string;
    expiresAt: Date;
    userId: string;
    offered: ReadonlyArray<{
      pupilName: string;
      pupilEmail: string | null;
      pupilYearGroup: Parameters<typeof pupilCopyAddress>[0]['yearGroup'];
    }>;
  },
): Promise<void> {
  const [account] = await tx
    .select({ email: user.email, name: user.name, deletedAt: user.deletedAt })
    .from(user)
    .where(eq(user.id, input.userId));
  if (!account || account.deletedAt) return;
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  const session = describeSession(timetable, input.session);
  const mail = (to: string, name: string | null, pupilNames: string[]) =>
    placeOpenedEmail(brand, {
      to,
      name,
      session,
      pupilNames,
      offerId: input.offerId,
      expiresAt: input.expiresAt,
    });
  await deps.mail.enqueue(
    mail(
      account.email,
      account.name,
      input.offered.map((entry) => entry.pupilName),
    ),
    { tx },
  );
  // And by text, if the family chose offers by text (docs/decisions/103).
  await textOffer(deps, tx, {
    userId: input.userId,
    offerId: input.offerId,
    startsAt: input.session.startsAt,
    expiresAt: input.expiresAt,
    pupilNames: input.offered.map((entry) => entry.pupilName),
    sessionLabel: session.label,
    link: offerUrl(brand.siteUrl, input.offerId),
  });
  // A pupil of 16 or over with their own address gets their own copy, as with bookings.
  for (const entry of input.offered) {
    const copy = pupilCopyAddress(
      { email: entry.pupilEmail, yearGroup: entry.pupilYearGroup },
      account.email,
    );
    if (copy) await deps.mail.enqueue(mail(copy, entry.pupilName, [entry.pupilName]), { tx });
  }
}

/**
 * Sessions whose list needs the engine now: an offer ran out, a seat is free while places
 * wait (a hold lapsed, or a seat was freed by a write that does not call the engine), or the
 * session started with places still waiting. Among `within` when given.
 */
export async function sessionsNeedingOffers(
  db: DbExecutor,
  now: Date,
  within?: readonly string[],
): Promise<string[]> {
  if (within && within.length === 0) return [];
  const listOpenUntil = new Date(now.getTime() + LIST_CLOSES_BEFORE_START_MINUTES * MINUTE);
  const rows = await db
    .selectDistinct({ id: waitlistEntries.sessionId })
    .from(waitlistEntries)
    .innerJoin(classSessions, eq(classSessions.id, waitlistEntries.sessionId))
    .leftJoin(waitlistOffers, eq(waitlistOffers.id, waitlistEntries.offerId))
    .where(
      and(
        within ? inArray(waitlistEntries.sessionId, [...within]) : undefined,
        or(
          and(eq(waitlistEntries.status, 'offered'), lte(waitlistOffers.expiresAt, now)),
          and(
            eq(waitlistEntries.status, 'waiting'),
            or(
              lte(classSessions.startsAt, now),
              and(
                sql`${classSessions.startsAt} > ${listOpenUntil}`,
                sql`${classSessions.capacity} > ${seatsTakenSql(classSessions.id, now, { claims: false })}`,
              ),
            ),
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Runs the engine for these sessions, one transaction each (session row locked first). What
 * the sweep, a clock move and a waiting customer's own list call, so a lapsed offer moves on
 * as soon as anyone looks.
 */
export async function moveListsOn(
  deps: WaitlistDeps & { db: Database },
  sessionIds: readonly string[],
): Promise<MadeOffer[]> {
  const made: MadeOffer[] = [];
  for (const sessionId of [...new Set(sessionIds)].sort()) {
    const offers = await deps.db.transaction(async (tx) => {
      await lockSessionRows(tx, [sessionId]);
      return offerFreedSeats(deps, tx, sessionId);
    });
    made.push(...offers);
  }
  return made;
}

/** Finds the sessions that need it and moves their lists on (sweep, clock moves). */
export async function moveDueListsOn(deps: WaitlistDeps & { db: Database }): Promise<MadeOffer[]> {
  const due = await sessionsNeedingOffers(deps.db, deps.clock.now());
  return moveListsOn(deps, due);
}

/**
 * Checkout with `offerId` (POST /api/checkout): the offer must be this account's (else 404,
 * never saying whose), still live (else 409 offer-expired) and for one of the basket's
 * sessions (else 400 naming offerId: an offer cannot be used for another session).
 */
export async function checkOfferForBasket(
  db: DbExecutor,
  request: { userId: string; offerId: string; sessionIds: readonly string[]; now: Date },
): Promise<void> {
  if (!isId(request.offerId)) throw new NotFoundError('No such offer.');
  const rows = await db
    .select({
      sessionId: waitlistOffers.sessionId,
      expiresAt: waitlistOffers.expiresAt,
      status: waitlistEntries.status,
    })
    .from(waitlistOffers)
    .leftJoin(waitlistEntries, eq(waitlistEntries.offerId, waitlistOffers.id))
    .where(and(eq(waitlistOffers.id, request.offerId), eq(waitlistOffers.userId, request.userId)));
  const [first] = rows;
  if (!first) throw new NotFoundError('No such offer.');
  const live =
    first.expiresAt.getTime() > request.now.getTime() &&
    rows.some((row) => row.status === 'offered');
  if (!live) {
    throw new ConflictError(
      'offer-expired',
      undefined,
      'This offer has ended: it was used, declined or ran out. You can join the waiting list again.',
    );
  }
  if (!request.sessionIds.includes(first.sessionId)) {
    throw new ValidationError([
      {
        field: 'offerId',
        message: 'This offer is for another session: book that session with it.',
      },
    ]);
  }
}

/**
 * Inside a checkout's transaction, after its seats were checked: the account's live offers of
 * these seats (session × pupil) are taken up, so the checkout's hold replaces the offer's and
 * the seat is not counted twice. Their places (and any still waiting for the same seats)
 * become `booked`.
 */
export async function takeUpOffers(
  tx: Transaction,
  userId: string,
  seats: ReadonlyMap<string, readonly string[]>,
  now: Date,
): Promise<number> {
  let taken = 0;
  for (const [sessionId, pupilIds] of seats) {
    const live = tx
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(
        and(eq(waitlistOffers.sessionId, sessionId), sql`${waitlistOffers.expiresAt} > ${now}`),
      );
    const updated = await tx
      .update(waitlistEntries)
      .set({ status: 'booked' })
      .where(
        and(
          eq(waitlistEntries.userId, userId),
          eq(waitlistEntries.sessionId, sessionId),
          inArray(waitlistEntries.pupilId, [...pupilIds]),
          // A place still waiting for a seat now bought (the list had closed) is done too.
          or(
            eq(waitlistEntries.status, 'waiting'),
            and(eq(waitlistEntries.status, 'offered'), inArray(waitlistEntries.offerId, live)),
          ),
        ),
      )
      .returning({ id: waitlistEntries.id });
    taken += updated.length;
  }
  return taken;
}
