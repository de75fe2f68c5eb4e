import { findSession } from '@tuition/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, waitlistEntries, waitlistOffers } from '../db/schema.ts';
import { moveDueListsOn, releaseSeats } from '../sessions/seat-ledger/seat-ledger.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { bookableStarts, insertUsers, setNow } from '../testing/checkout-test-kit.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { holderPupilId, insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { joinWaitlist } from './waitlist.ts';

const NOW = '2026-11-03T09:00:00Z';
const SERVICE = 'gcse-higher';
const JOINED = new Date(NOW).toISOString();

/*
 * A lapsed offer moves only its own family's places to the back (decisions 066 and 072): the
 * families behind keep their places and the freed seats go to them, in line.
 */
describe.each(TEST_DB_KINDS)('a lapsed offer among three families on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A session filled by ten other families; answers its id and their bookings. */
  async function fullSession(skip: number) {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, SERVICE, 1, { skip });
    const session = findSession(await t.deps.content.timetable(), SERVICE, new Date(start!));
    const sessionId = (await ensureSessionRows(t.deps.db, [session!], 1500)).get(
      session!.startsAt.getTime(),
    )!.id;
    const seats = [];
    for (const holder of await insertUsers(t, 10)) {
      const pupilId = await holderPupilId(t.deps.db, holder.id);
      seats.push({ userId: holder.id, sessionId, pupilId, status: 'confirmed' as const });
    }
    const booked = await t.deps.db
      .insert(bookings)
      .values(seats)
      .returning({ id: bookings.id, sessionId: bookings.sessionId });
    return { start: start!, sessionId, booked };
  }

  /** A family whose children join the list together, in the order named. */
  async function familyJoins(start: string, children: readonly string[]) {
    const [account] = await insertUsers(t, 1);
    const pupilIds = [];
    for (const name of children) {
      pupilIds.push(await insertPupil(t.deps.db, { userId: account!.id, name }));
    }
    await joinWaitlist(t.deps, { user: account!, service: SERVICE, startsAt: start, pupilIds });
    return { userId: account!.id, pupilIds };
  }

  /** Seats freed in one transaction through the ledger's door (its lock, then its engine). */
  function free(seats: readonly { id: string; sessionId: string }[]) {
    return t.deps.db.transaction((tx) => releaseSeats(t.deps, tx, seats));
  }

  /** The session's open places in queue order. */
  function openPlaces(sessionId: string) {
    return t.deps.db
      .select({
        id: waitlistEntries.id,
        seq: waitlistEntries.seq,
        userId: waitlistEntries.userId,
        pupilId: waitlistEntries.pupilId,
        status: waitlistEntries.status,
        offerId: waitlistEntries.offerId,
        joinedAt: waitlistEntries.joinedAt,
      })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.sessionId, sessionId),
          inArray(waitlistEntries.status, ['waiting', 'offered']),
        ),
      )
      .orderBy(asc(waitlistEntries.seq));
  }

  async function offerExpiresAt(offerId: string): Promise<Date> {
    const [offer] = await t.deps.db
      .select({ expiresAt: waitlistOffers.expiresAt })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, offerId));
    return offer!.expiresAt;
  }

  it('passes the seats to the next families in line and moves only the lapsing family back', async () => {
    const { start, sessionId, booked } = await fullSession(12);
    const a = await familyJoins(start, ['Ann', 'Ben', 'Cal', 'Dee', 'Eve']);
    const b = await familyJoins(start, ['Bea']);
    const c = await familyJoins(start, ['Cy']);
    const [ann, ben, cal, dee, eve] = a.pupilIds;

    // Two seats free at once: family A is offered both, in one offer.
    await free(booked.slice(0, 2));
    const before = await openPlaces(sessionId);
    expect(before.filter((p) => p.status === 'offered').map((p) => p.pupilId)).toEqual([ann, ben]);
    const placeOf = (userId: string) => before.find((p) => p.userId === userId)!;
    const bBefore = placeOf(b.userId);
    const cBefore = placeOf(c.userId);

    // A lets it lapse; the sweep runs a minute and a half later.
    const expiresAt = await offerExpiresAt(before[0]!.offerId!);
    const lapsedAt = new Date(expiresAt.getTime() + 90_000);
    setNow(t, lapsedAt);
    const made = await moveDueListsOn(t.deps);

    // B is next in line, then C: one seat each, and nothing for A.
    expect(made.map((offer) => [offer.userId, offer.pupilIds])).toEqual([
      [b.userId, b.pupilIds],
      [c.userId, c.pupilIds],
    ]);
    const after = await openPlaces(sessionId);
    // B's and C's places are the ones they joined with, where they were in the queue.
    const bAfter = after.find((p) => p.userId === b.userId)!;
    const cAfter = after.find((p) => p.userId === c.userId)!;
    expect(bAfter).toMatchObject({ id: bBefore.id, seq: bBefore.seq, status: 'offered' });
    expect(bAfter.joinedAt.toISOString()).toBe(JOINED);
    expect(cAfter).toMatchObject({ id: cBefore.id, seq: cBefore.seq, status: 'offered' });
    expect(cAfter.joinedAt.toISOString()).toBe(JOINED);
    // Only A's places went to the back, in their own order: its waiting children with their
    // places, then the two whose offer lapsed, back on the list once at the lapse instant.
    expect(after.map((p) => [p.userId, p.pupilId, p.status])).toEqual([
      [b.userId, b.pupilIds[0], 'offered'],
      [c.userId, c.pupilIds[0], 'offered'],
      [a.userId, cal, 'waiting'],
      [a.userId, dee, 'waiting'],
      [a.userId, eve, 'waiting'],
      [a.userId, ann, 'waiting'],
      [a.userId, ben, 'waiting'],
    ]);
    const aAfter = after.filter((p) => p.userId === a.userId);
    expect(aAfter.slice(0, 3).map((p) => p.id)).toEqual(
      before.filter((p) => p.userId === a.userId && p.status === 'waiting').map((p) => p.id),
    );
    expect(aAfter.map((p) => p.joinedAt.toISOString())).toEqual([
      JOINED,
      JOINED,
      JOINED,
      lapsedAt.toISOString(),
      lapsedAt.toISOString(),
    ]);

    // Another pass a minute and a half later changes nothing: the offers stand.
    setNow(t, new Date(lapsedAt.getTime() + 90_000));
    expect(await moveDueListsOn(t.deps)).toEqual([]);
    expect(await openPlaces(sessionId)).toEqual(after);
  });

  it('puts pupils whose offers lapsed together back on the list in their old queue order', async () => {
    const { start, sessionId, booked } = await fullSession(13);
    const a = await familyJoins(start, ['Ann', 'Ben', 'Cal']);
    const b = await familyJoins(start, ['Bea']);
    const c = await familyJoins(start, ['Cy']);
    const [ann, ben, cal] = a.pupilIds;

    // Two seats free one after the other: A holds one offer, so the second seat goes to B.
    await free(booked.slice(0, 1));
    await free(booked.slice(1, 2));
    const before = await openPlaces(sessionId);
    expect(before.filter((p) => p.status === 'offered').map((p) => p.pupilId)).toEqual([
      ann,
      b.pupilIds[0],
    ]);

    // Both offers run out at the same instant and are settled in one pass.
    const expiresAt = await offerExpiresAt(before[0]!.offerId!);
    setNow(t, new Date(expiresAt.getTime() + 90_000));
    const made = await moveDueListsOn(t.deps);

    // C, who let nothing lapse, is first; then A's child who was never offered. Ann and Bea
    // come back at the end in the order they held before (Ann ahead of Bea), on every database.
    expect(made.map((offer) => [offer.userId, offer.pupilIds])).toEqual([
      [c.userId, c.pupilIds],
      [a.userId, [ben]],
    ]);
    expect((await openPlaces(sessionId)).map((p) => [p.pupilId, p.status])).toEqual([
      [c.pupilIds[0], 'offered'],
      [ben, 'offered'],
      [cal, 'waiting'],
      [ann, 'waiting'],
      [b.pupilIds[0], 'waiting'],
    ]);
  });
});
