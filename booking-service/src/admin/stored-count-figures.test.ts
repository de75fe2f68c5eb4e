import { AdminSummarySchema } from '@tuition/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, checkouts, classSessions, paymentRefunds, user } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, bookPaid } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { EVERY_TEST_DB_KIND } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCustomer, insertSession } from '../testing/admin-fixtures.ts';
import { holderPupilId } from '../testing/pupil-fixtures.ts';

/*
 * The summary's counts kept in one row (admin_figures: docs/decisions/118) must equal the full
 * computation over every account and every booking, whatever happens to them: real bookings,
 * a cancel and an account deletion through the API; a seeded random run of direct writes
 * (accounts made, anonymised, restored and removed with their bookings; bookings made in every
 * status, cancelled, moved and deleted; sessions made and removed; several writes in one
 * transaction, and transactions rolled back); and payments and cancels with refunds committing
 * at once on PostgreSQL, which must neither deadlock nor lose a count.
 */

const NOW = '2026-11-03T09:00:00Z';

/** The counts as the summary computed them before decision 118: from every row. */
async function fullComputation(t: TestApp) {
  const db = t.deps.db;
  const now = t.deps.clock.now();
  const [accounts] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(user);
  const confirmed = await db
    .select({ sessionId: bookings.sessionId, startsAt: classSessions.startsAt })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .where(eq(bookings.status, 'confirmed'));
  const upcoming = new Set(
    confirmed.filter((b) => b.startsAt.getTime() > now.getTime()).map((b) => b.sessionId),
  );
  return {
    totalUsers: accounts?.n ?? 0,
    totalBookings: confirmed.length,
    upcomingSessions: upcoming.size,
  };
}

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

/** Thrown to roll a transaction back on purpose. */
class RolledBack extends Error {}

describe.each(EVERY_TEST_DB_KIND)('stored account and seat counts on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const summary = async () =>
    contractBody(await api(t, '/api/admin/summary', { cookie: admin.cookie }), AdminSummarySchema);

  it('follow a sign-up, bookings, a cancel and an account deletion through the API', async () => {
    const before = await summary();
    const parent = await signedInUser(t, { name: 'Dora Deleted' });
    const starts = await bookableStarts(t, 'gcse-higher', 3, { skip: 2 });
    await bookPaid(t, parent, starts);
    const [first] = await t.deps.db.select().from(bookings).where(eq(bookings.userId, parent.id));
    const cancelled = await api(t, `/api/me/bookings/${first?.id}/cancel`, {
      method: 'POST',
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(cancelled.status).toBe(200);
    const booked = await summary();
    expect(booked.totalUsers - before.totalUsers).toBe(1);
    expect(booked.totalBookings - before.totalBookings).toBe(2);
    expect(booked).toMatchObject(await fullComputation(t));

    // Deletion anonymises the account (its row stays, so it still counts) and gives up its
    // upcoming seats.
    const deleted = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: parent.password },
      cookie: parent.cookie,
    });
    expect(deleted.status).toBe(204);
    const after = await summary();
    expect(after.totalUsers).toBe(booked.totalUsers);
    expect(after.totalBookings).toBe(before.totalBookings);
    expect(after).toMatchObject(await fullComputation(t));
  });

  it('equal the full computation after a random run of writes of every kind', async () => {
    const db = t.deps.db;
    // One seed for every kind: the same run of writes must leave the same figures on each driver
    // (this one ends with confirmed seats in upcoming sessions, which the assertions below need).
    const next = random(944_008);
    const pick = <T>(list: readonly T[]) => list[next(list.length)];
    const customers: Array<{ id: string; pupilId: string }> = [];
    const sessionIds: string[] = [];
    const bookingIds: string[] = [];
    let made = 0;
    const newCustomer = async (tx: typeof db) => {
      made += 1;
      const id = await insertCustomer(tx, {
        name: `Cust ${made}`,
        email: `count-${dbKind}-${made}@example.com`,
      });
      return { id, pupilId: await holderPupilId(tx, id) };
    };
    const newSession = async (tx: typeof db) => {
      made += 1;
      // Past and upcoming days, a distinct hour each so no two collide.
      const day = new Date(Date.UTC(2026, 9, 1 + (made % 70)));
      const session = await insertSession(tx, {
        service: 'ks3',
        date: day.toISOString().slice(0, 10),
        time: `${String(8 + (made % 12)).padStart(2, '0')}:${String(made % 60).padStart(2, '0')}`,
      });
      return session.id;
    };
    for (let i = 0; i < 3; i++) customers.push(await newCustomer(db));
    for (let i = 0; i < 4; i++) sessionIds.push(await newSession(db));
    const statuses = ['confirmed', 'cancelled', 'rescheduled'] as const;

    /** One write; every array change waits until its transaction has committed. */
    const write = async (tx: typeof db, after: Array<() => void>, gone: Set<string>) => {
      const op = next(11);
      const customer = pick(customers.filter((c) => !gone.has(c.id)));
      const booking = pick(bookingIds);
      const session = pick(sessionIds.filter((id) => !gone.has(id)))!;
      if (op === 0 || !customer) {
        const made = await newCustomer(tx);
        after.push(() => customers.push(made));
      } else if (op === 1 && customers.length > 2) {
        // Removed with its bookings and pupils (cascades), as retention or a repair would.
        await tx.delete(user).where(eq(user.id, customer.id));
        gone.add(customer.id);
        after.push(() => {
          customers.splice(customers.indexOf(customer), 1);
        });
      } else if (op === 2) {
        await tx
          .update(user)
          .set({ deletedAt: next(2) === 0 ? new Date(NOW) : null })
          .where(eq(user.id, customer.id));
      } else if (op <= 4 || !booking) {
        const [row] = await tx
          .insert(bookings)
          .values({
            userId: customer.id,
            pupilId: customer.pupilId,
            sessionId: session,
            status: statuses[next(3)],
          })
          .returning({ id: bookings.id });
        after.push(() => bookingIds.push(row!.id));
      } else if (op === 5) {
        await tx
          .update(bookings)
          .set({ status: statuses[next(3)] })
          .where(eq(bookings.id, booking));
      } else if (op === 6) {
        await tx.update(bookings).set({ sessionId: session }).where(eq(bookings.id, booking));
      } else if (op === 7) {
        await tx.delete(bookings).where(eq(bookings.id, booking));
      } else if (op === 8) {
        const made = await newSession(tx);
        after.push(() => sessionIds.push(made));
      } else if (op === 9 && sessionIds.length > 2) {
        // A session removed with its bookings, as retention removes old ones.
        await tx.delete(bookings).where(eq(bookings.sessionId, session));
        await tx.delete(classSessions).where(eq(classSessions.id, session));
        gone.add(session);
        after.push(() => {
          sessionIds.splice(sessionIds.indexOf(session), 1);
        });
      } else {
        // A seat confirmed and given back in the same transaction counts nothing.
        const [row] = await tx
          .insert(bookings)
          .values({ userId: customer.id, pupilId: customer.pupilId, sessionId: session })
          .returning({ id: bookings.id });
        await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, row!.id));
        after.push(() => bookingIds.push(row!.id));
      }
    };

    let committed = 0;
    for (let step = 0; step < 200; step++) {
      const after: Array<() => void> = [];
      const writes = 1 + next(3);
      const rollBack = next(8) === 0;
      const gone = new Set<string>();
      try {
        await db.transaction(async (tx) => {
          for (let i = 0; i < writes; i++) await write(tx as unknown as typeof db, after, gone);
          if (rollBack) throw new RolledBack();
        });
        for (const change of after) change();
        committed += 1;
      } catch (error) {
        // A rollback on purpose, or a write the one-confirmed-seat-per-pupil rule refuses:
        // either way nothing of the transaction stays, and the run goes on.
        const cause = String((error as Error).cause ?? error);
        if (!(error instanceof RolledBack) && !/duplicate key|bookings_one_confirmed/.test(cause))
          throw error;
      }
      // Bookings of a removed account or session have gone with it.
      const live = new Set((await db.select({ id: bookings.id }).from(bookings)).map((b) => b.id));
      bookingIds.splice(0, bookingIds.length, ...bookingIds.filter((id) => live.has(id)));
    }
    expect(committed).toBeGreaterThan(100);
    const full = await fullComputation(t);
    expect(full.totalBookings).toBeGreaterThan(0);
    expect(full.upcomingSessions).toBeGreaterThan(0);
    expect(await summary()).toMatchObject(full);
  });

  it.runIf(dbKind === 'postgres')(
    'equal the full computation after payments, cancels with refunds and sign-ups commit at once',
    async () => {
      const db = t.deps.db;
      // A session each, so no session row's lock queues the transactions before they commit.
      const sessions = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          insertSession(db, {
            service: 'sats',
            date: '2026-11-21',
            time: `10:${String(i).padStart(2, '0')}`,
          }),
        ),
      );
      const customers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          insertCustomer(db, { name: `Rush ${i}`, email: `rush-${i}@example.com` }),
        ),
      );
      const pupils = await Promise.all(customers.map((id) => holderPupilId(db, id)));
      // Half already hold a paid seat, to cancel with a refund.
      const held = await Promise.all(
        customers.slice(8).map(async (userId, i) => {
          const [paid] = await db
            .insert(checkouts)
            .values({
              userId,
              status: 'paid',
              provider: 'local',
              amountPence: 1500,
              sessionCount: 1,
              expiresAt: new Date(NOW),
              paidAt: new Date('2026-11-02T12:00:00Z'),
            })
            .returning({ id: checkouts.id });
          const [seat] = await db
            .insert(bookings)
            .values({
              userId,
              pupilId: pupils[8 + i]!,
              sessionId: sessions[8 + i]!.id,
              checkoutId: paid!.id,
            })
            .returning({ id: bookings.id });
          return { userId, checkoutId: paid!.id, bookingId: seat!.id };
        }),
      );
      const before = await summary();
      // A payment takes its month's row, then (its seat) the figures row; a cancel with a refund
      // takes the figures row (its seat), then the month's row: at commit, in opposite orders.
      const results = await Promise.allSettled([
        ...customers.slice(0, 8).map((userId, i) =>
          db.transaction(async (tx) => {
            await tx.insert(checkouts).values({
              userId,
              status: 'paid',
              provider: 'local',
              amountPence: 1500,
              sessionCount: 1,
              expiresAt: new Date(NOW),
              paidAt: new Date('2026-11-02T12:00:00Z'),
            });
            await tx
              .insert(bookings)
              .values({ userId, pupilId: pupils[i]!, sessionId: sessions[i]!.id });
          }),
        ),
        ...held.map(({ userId, checkoutId, bookingId }) =>
          db.transaction(async (tx) => {
            await tx
              .update(bookings)
              .set({ status: 'cancelled' })
              .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
            await tx.insert(paymentRefunds).values({
              checkoutId,
              userId,
              amountPence: 1500,
              reason: 'business-cancel',
              requestedAt: new Date(NOW),
            });
          }),
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          insertCustomer(db, { name: `Joiner ${i}`, email: `joiner-${i}@example.com` }),
        ),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const after = await summary();
      expect(after.totalUsers - before.totalUsers).toBe(8);
      expect(after.totalBookings).toBe(before.totalBookings);
      expect(after.refundedPence - before.refundedPence).toBe(8 * 1500);
      expect(after).toMatchObject(await fullComputation(t));
    },
  );
});
