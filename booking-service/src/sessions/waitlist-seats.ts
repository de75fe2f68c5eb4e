import { LIST_CLOSES_BEFORE_START_MINUTES } from '@tuition/domain';
import { and, type Column, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../db/client.ts';
import { classSessions, waitlistEntries, waitlistOffers } from '../db/schema.ts';

/*
 * What a session's waiting list does to its seat count (docs/decisions/060), kept beside
 * seats.ts because every seat count includes it: a live offer holds a seat for its holder, and
 * while the list is open a free seat belongs to the people waiting, not to general sale.
 */

/**
 * The moment a seat count is taken at: a value, or SQL standing for one (the placeholder of a
 * prepared statement, which is planned once and run with each request's time).
 */
export type QueryInstant = Date | SQL;

/** `minutes` (a constant) after `at`. */
export function minutesAfter(at: QueryInstant, minutes: number): QueryInstant {
  if (at instanceof Date) return new Date(at.getTime() + minutes * 60_000);
  return sql`(${at} + ${sql.raw(`interval '${Math.trunc(minutes)} minutes'`)})`;
}

/** Places holding an offer that has not expired: each holds one seat. */
const liveOffer = (now: QueryInstant) =>
  and(sql`${waitlistEntries.status} = 'offered'`, gt(waitlistOffers.expiresAt, now));

/** Seats held by live offers in the session whose id is `sessionId` (an outer column). */
export function liveOffersSql(sessionId: Column, now: QueryInstant): SQL<number> {
  return sql<number>`(select ${count()} from ${waitlistEntries} inner join ${waitlistOffers} on ${eq(
    waitlistOffers.id,
    waitlistEntries.offerId,
  )} where ${and(eq(waitlistEntries.sessionId, sessionId), liveOffer(now))})`;
}

/** The session of a waiting place, named apart from an outer query's `sessions`. */
const CLAIMED_SESSION = 'waitlist_claimed_session';
const claimedSession = alias(classSessions, CLAIMED_SESSION);

/**
 * Seats the list claims: the free seats (capacity less `taken`, what is held otherwise), up to
 * one per place still waiting, while the list is open. A seat that frees without reaching the
 * offer engine at once (a hold that lapsed, an offer that ran out, an account deleted) is
 * thereby never sold past the queue before the next sweep offers it. Never more than the free
 * seats, so an offer's holder still finds their held seat free.
 */
export function waitingClaimsSql(sessionId: Column, now: QueryInstant, taken: SQL): SQL<number> {
  const listOpenUntil = minutesAfter(now, LIST_CLOSES_BEFORE_START_MINUTES);
  // A raw template renders an alias by its name alone, so the FROM item is spelt out.
  return sql<number>`(select least(${count()}, greatest(min(${claimedSession.capacity}) - ${taken}, 0)) from ${waitlistEntries} inner join ${classSessions} as ${sql.identifier(CLAIMED_SESSION)} on ${eq(
    claimedSession.id,
    waitlistEntries.sessionId,
  )} where ${and(
    eq(waitlistEntries.sessionId, sessionId),
    sql`${waitlistEntries.status} = 'waiting'`,
    gt(claimedSession.startsAt, listOpenUntil),
  )})`;
}

/** Per session id, the pupils concerned. */
export type PupilsBySession = Map<string, Set<string>>;

/** Rows of (session, pupil) gathered per session. */
export function bySession(
  rows: readonly { sessionId: string; pupilId: string }[],
): PupilsBySession {
  const map: PupilsBySession = new Map();
  for (const row of rows) {
    const pupils = map.get(row.sessionId) ?? new Set<string>();
    pupils.add(row.pupilId);
    map.set(row.sessionId, pupils);
  }
  return map;
}

/** The account's pupils whose place on each session's list meets `condition`. */
async function userPupilsOnLists(
  db: DbExecutor,
  userId: string,
  sessionIds: readonly string[],
  condition: SQL | undefined,
): Promise<PupilsBySession> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: waitlistEntries.sessionId, pupilId: waitlistEntries.pupilId })
    .from(waitlistEntries)
    .leftJoin(waitlistOffers, eq(waitlistOffers.id, waitlistEntries.offerId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.sessionId, [...new Set(sessionIds)]),
        condition,
      ),
    );
  return bySession(rows);
}

/** The account's pupils holding a live offer in these sessions: those seats are theirs. */
export function userLiveOffers(
  db: DbExecutor,
  userId: string,
  sessionIds: readonly string[],
  now: Date,
): Promise<PupilsBySession> {
  return userPupilsOnLists(db, userId, sessionIds, liveOffer(now));
}

/** Open places (waiting, or holding a live offer), per session. */
const openPlace = (now: QueryInstant) =>
  or(sql`${waitlistEntries.status} = 'waiting'`, liveOffer(now));

/** How many wait for the session whose id is `sessionId` (an outer column), as waitingCounts. */
export function waitingCountSql(sessionId: Column, now: QueryInstant): SQL<number> {
  return sql<number>`(select ${count()} from ${waitlistEntries} left join ${waitlistOffers} on ${eq(
    waitlistOffers.id,
    waitlistEntries.offerId,
  )} where ${and(eq(waitlistEntries.sessionId, sessionId), openPlace(now))})`.mapWith(Number);
}

/** How many wait for each session (waiting or holding a live offer). */
export async function waitingCounts(
  db: DbExecutor,
  sessionIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(sessionIds.map((id) => [id, 0]));
  if (sessionIds.length === 0) return counts;
  const rows = await db
    .select({ sessionId: waitlistEntries.sessionId, n: count() })
    .from(waitlistEntries)
    .leftJoin(waitlistOffers, eq(waitlistOffers.id, waitlistEntries.offerId))
    .where(and(inArray(waitlistEntries.sessionId, [...new Set(sessionIds)]), openPlace(now)))
    .groupBy(waitlistEntries.sessionId);
  for (const row of rows) counts.set(row.sessionId, row.n);
  return counts;
}

/** The account's pupils with an open place on each session's list. */
export function userWaitlistPlaces(
  db: DbExecutor,
  userId: string,
  sessionIds: readonly string[],
  now: Date,
): Promise<PupilsBySession> {
  return userPupilsOnLists(db, userId, sessionIds, openPlace(now));
}
