import { findSession } from '@tuition/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelBooking } from '../bookings/bookings.ts';
import { type CheckoutDeps, startCheckout } from '../checkout/checkout.ts';
import { bookableStarts, insertUsers } from '../testing/checkout-test-kit.ts';
import { bookings, waitlistEntries, waitlistOffers } from '../db/schema.ts';
import { ConflictError } from '../http/problem.ts';
import { seatsTaken } from '../sessions/seats.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { MONEY_TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { holderPupilId } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { joinWaitlist } from './waitlist.ts';

const NOW = '2026-11-03T09:00:00Z';
const SERVICE = 'gcse-higher';
// PGlite is one connection: its transactions cannot overlap, so it proves nothing here.
const SERVER_KINDS = MONEY_TEST_DB_KINDS.filter((kind) => kind !== 'pglite');

const isConflict = (e: unknown, code: string) => e instanceof ConflictError && e.code === code;

describe.skipIf(SERVER_KINDS.length > 0)('concurrent cancels and joins', () => {
  it.skip('run on postgres and neon only (TEST_DB_KINDS has neither)', () => {});
});

/*
 * Cancels, joins, checkouts and offer checkouts of one full session all at once: every freed
 * seat must go to exactly one place, first come first served, and never be sold or offered twice.
 */
describe.each(SERVER_KINDS)('concurrent cancels and joins on %s', (dbKind) => {
  let t: TestApp;
  let checkoutDeps: CheckoutDeps;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    checkoutDeps = { ...t.deps, payments: t.deps.payments };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never offers one seat twice nor leaves a seat both offered and sold', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 2 });
    const session = findSession(await t.deps.content.timetable(), SERVICE, new Date(start!));
    const sessionId = (await ensureSessionRows(t.deps.db, [session!], 1500)).get(
      session!.startsAt.getTime(),
    )!.id;
    const now = new Date(NOW);

    // Ten holders fill the session; ten families wait already.
    const holders = await insertUsers(t, 10);
    const held = [];
    for (const holder of holders) {
      const pupilId = await holderPupilId(t.deps.db, holder.id);
      held.push({ userId: holder.id, sessionId, pupilId, status: 'confirmed' as const });
    }
    const booked = await t.deps.db.insert(bookings).values(held).returning({
      id: bookings.id,
      userId: bookings.userId,
    });
    const waiting = await insertUsers(t, 10);
    for (const family of waiting) {
      await joinWaitlist(t.deps, { user: family, service: SERVICE, startsAt: start! });
    }
    const latecomers = await insertUsers(t, 10);
    const outsiders = await insertUsers(t, 5);

    // 10 cancels and 10 joins at once, with 5 checkouts trying to slip into a freed seat.
    const cancels = booked.map((b) =>
      cancelBooking(t.deps, { bookingId: b.id, actor: { kind: 'customer', userId: b.userId } }),
    );
    const joins = latecomers.map((family) =>
      joinWaitlist(t.deps, { user: family, service: SERVICE, startsAt: start! }),
    );
    const sales = outsiders.map((user) =>
      startCheckout(checkoutDeps, { user, service: SERVICE, startsAt: [start!] }),
    );
    const [cancelled, joined, sold] = await Promise.all([
      Promise.allSettled(cancels),
      Promise.allSettled(joins),
      Promise.allSettled(sales),
    ]);
    expect(cancelled.filter((r) => r.status === 'rejected').map((r) => String(r))).toEqual([]);
    expect(joined.filter((r) => r.status === 'rejected').map((r) => String(r))).toEqual([]);
    // Every freed seat went to the queue: nothing for general sale.
    const saleErrors = sold.map((r) => (r.status === 'rejected' ? r.reason : 'sold'));
    expect(saleErrors.every((e) => isConflict(e, 'full'))).toBe(true);

    const offered = await t.deps.db
      .select({ userId: waitlistEntries.userId, offerId: waitlistEntries.offerId })
      .from(waitlistEntries)
      .innerJoin(waitlistOffers, eq(waitlistOffers.id, waitlistEntries.offerId))
      .where(
        and(
          eq(waitlistEntries.sessionId, sessionId),
          eq(waitlistEntries.status, 'offered'),
          gt(waitlistOffers.expiresAt, now),
        ),
      );
    // Ten seats, ten offers, each to a different family: the ten who were waiting first.
    expect(offered).toHaveLength(10);
    expect(new Set(offered.map((o) => o.offerId)).size).toBe(10);
    expect(new Set(offered.map((o) => o.userId))).toEqual(new Set(waiting.map((w) => w.id)));
    expect((await seatsTaken(t.deps.db, [sessionId], now)).get(sessionId)).toBe(10);

    // The ten offers checked out at once, against 5 more outsiders: all offers book, no sale.
    const offerCheckouts = offered.map((o) => {
      const family = waiting.find((w) => w.id === o.userId)!;
      return startCheckout(checkoutDeps, {
        user: family,
        service: SERVICE,
        startsAt: [start!],
        offerId: o.offerId!,
      });
    });
    const late = (await insertUsers(t, 5)).map((user) =>
      startCheckout(checkoutDeps, { user, service: SERVICE, startsAt: [start!] }),
    );
    const [taken, refused] = await Promise.all([
      Promise.allSettled(offerCheckouts),
      Promise.allSettled(late),
    ]);
    expect(taken.filter((r) => r.status === 'rejected').map((r) => String(r))).toEqual([]);
    expect(refused.every((r) => r.status === 'rejected' && isConflict(r.reason, 'full'))).toBe(
      true,
    );
    expect((await seatsTaken(t.deps.db, [sessionId], now)).get(sessionId)).toBe(10);
    const stillWaiting = await t.deps.db
      .select({ userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.sessionId, sessionId),
          inArray(waitlistEntries.status, ['waiting', 'offered']),
        ),
      )
      .orderBy(asc(waitlistEntries.seq));
    expect(new Set(stillWaiting.map((w) => w.userId))).toEqual(
      new Set(latecomers.map((l) => l.id)),
    );
  }, 180_000);
});
