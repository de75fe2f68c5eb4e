import { AdminStatsSchema, AdminSummarySchema, BookingSchema } from '@tuition/api-contract';
import { londonDate } from '@tuition/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, checkouts, classSessions, revenueMonths } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, bookPaid } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { EVERY_TEST_DB_KIND } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCheckout, insertCustomer, insertSession } from '../testing/admin-fixtures.ts';
import { holderPupilId, insertPupil } from '../testing/pupil-fixtures.ts';

/*
 * The figures the database keeps (sessions.confirmed_count, revenue_months: docs/decisions/075)
 * must always equal a count from scratch, whatever happens to bookings and payments: real
 * bookings, cancels and moves through the API, then a long random run of direct writes
 * (inserts, status changes, moves, refunds, deletions, payments either side of a clock change).
 */

const NOW = '2026-11-03T09:00:00Z';

/** Every session whose kept count differs from a recount; [] when all agree. */
async function seatCountDrift(t: TestApp) {
  const rows = await t.deps.db.execute(sql`
    select s.id, s.confirmed_count as kept,
      (select count(*) from bookings b where b.session_id = s.id and b.status = 'confirmed')::int
        as counted
    from sessions s`);
  return rowsOf<{ id: string; kept: number; counted: number }>(rows).filter(
    (r) => Number(r.kept) !== Number(r.counted),
  );
}

/** Revenue per London month counted from every checkout, and as kept; months with £0 left out. */
async function revenueBoth(t: TestApp) {
  const all = await t.deps.db.select().from(checkouts);
  const counted = new Map<string, number>();
  for (const c of all) {
    if (c.status !== 'paid' || c.refundedAt) continue;
    const month = londonDate(c.paidAt ?? c.updatedAt).slice(0, 7);
    counted.set(month, (counted.get(month) ?? 0) + c.amountPence);
  }
  const kept = new Map(
    (await t.deps.db.select().from(revenueMonths))
      .filter((r) => r.pence !== 0)
      .map((r) => [r.month, r.pence]),
  );
  return {
    kept: Object.fromEntries([...kept].sort()),
    counted: Object.fromEntries([...counted].sort()),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
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

describe.each(EVERY_TEST_DB_KIND)('stored admin figures on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('equal a recount after bookings, cancels and moves through the API', async () => {
    const parent = await signedInUser(t, { name: 'Priya Parent' });
    const starts = await bookableStarts(t, 'gcse-higher', 4, { skip: 4 });
    await bookPaid(t, parent, starts.slice(0, 3));
    const mine = await t.deps.db.select().from(bookings).where(eq(bookings.userId, parent.id));
    const [first, second] = mine;
    const cancelled = await api(t, `/api/me/bookings/${first?.id}/cancel`, {
      method: 'POST',
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(cancelled.status).toBe(200);
    const moved = await api(t, `/api/admin/bookings/${second?.id}/reschedule`, {
      body: { startsAt: starts[3] },
      cookie: admin.cookie,
    });
    await contractBody(moved, BookingSchema);

    expect(await seatCountDrift(t)).toEqual([]);
    const revenue = await revenueBoth(t);
    expect(revenue.kept).toEqual(revenue.counted);
    const summary = await contractBody(
      await api(t, '/api/admin/summary', { cookie: admin.cookie }),
      AdminSummarySchema,
    );
    // Three seats bought, one cancelled, one moved: two confirmed, both still to come.
    expect(summary).toMatchObject({
      totalBookings: 2,
      upcomingSessions: 2,
      totalRevenuePence: 4500,
    });
  });

  it('equal a recount after a random run of writes of every kind', async () => {
    const db = t.deps.db;
    const next = random(dbKind.length * 7919);
    const customer = await insertCustomer(db, {
      name: 'Rand Om',
      email: `rand-${dbKind}@example.com`,
    });
    const pupilIds = [await holderPupilId(db, customer)];
    for (const name of ['Ada', 'Ben', 'Cy']) {
      pupilIds.push(await insertPupil(db, { userId: customer, name }));
    }
    const sessions = await Promise.all(
      ['2026-10-20', '2026-10-27', '2026-11-10', '2026-11-17'].map((date) =>
        insertSession(db, { service: 'ks3', date, time: '18:00' }),
      ),
    );
    // Around the clock change (25 Oct 2026, 01:00 UTC) and a month end in London time.
    const paidTimes = ['2026-10-25T00:30:00Z', '2026-10-31T23:30:00Z', '2026-09-30T23:30:00Z'];
    const bookingIds: string[] = [];
    const checkoutIds: string[] = [];
    const statuses = ['confirmed', 'cancelled', 'rescheduled'] as const;
    // A write the one-confirmed-seat-per-pupil rule refuses changes nothing; the run goes on.
    const unlessRefused = (write: Promise<unknown>) =>
      write.catch((error: unknown) => {
        if (!/duplicate key|bookings_one_confirmed/.test(String((error as Error).cause ?? error)))
          throw error;
      });
    for (let step = 0; step < 150; step++) {
      const op = next(8);
      const booking = bookingIds[next(Math.max(1, bookingIds.length))];
      const checkout = checkoutIds[next(Math.max(1, checkoutIds.length))];
      const session = sessions[next(sessions.length)]!;
      if (op <= 1 || !booking) {
        const pupilId = pupilIds[next(pupilIds.length)]!;
        await unlessRefused(
          db
            .insert(bookings)
            .values({ userId: customer, pupilId, sessionId: session.id, status: statuses[next(3)] })
            .returning({ id: bookings.id })
            .then(([row]) => bookingIds.push(row!.id)),
        );
      } else if (op === 2) {
        await unlessRefused(
          db
            .update(bookings)
            .set({ status: statuses[next(3)] })
            .where(eq(bookings.id, booking)),
        );
      } else if (op === 3) {
        await unlessRefused(
          db.update(bookings).set({ sessionId: session.id }).where(eq(bookings.id, booking)),
        );
      } else if (op === 4 || !checkout) {
        checkoutIds.push(
          await insertCheckout(db, {
            userId: customer,
            status: next(3) === 0 ? 'pending' : 'paid',
            amountPence: 1500 * (1 + next(10)),
            paidAt: new Date(paidTimes[next(paidTimes.length)]!),
          }),
        );
      } else if (op === 5) {
        await db
          .update(checkouts)
          .set({ refundedAt: next(2) === 0 ? new Date(NOW) : null })
          .where(eq(checkouts.id, checkout));
      } else if (op === 6) {
        await db
          .update(checkouts)
          .set({
            status: next(2) === 0 ? 'paid' : 'expired',
            paidAt: next(2) === 0 ? null : undefined,
          })
          .where(eq(checkouts.id, checkout));
      } else {
        await db.delete(bookings).where(eq(bookings.id, booking));
        bookingIds.splice(bookingIds.indexOf(booking), 1);
      }
    }
    expect(await seatCountDrift(t)).toEqual([]);
    const revenue = await revenueBoth(t);
    expect(revenue.kept).toEqual(revenue.counted);

    const stats = await contractBody(
      await api(t, '/api/admin/stats', { cookie: admin.cookie }),
      AdminStatsSchema,
    );
    const october = stats.revenuePerMonth.find((m) => m.month === '2026-10');
    expect(october?.revenuePence).toBe(revenue.counted['2026-10'] ?? 0);
    const [seats] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from bookings where status = 'confirmed'
        and session_id in (select id from ${classSessions}
          where starts_at >= '2026-11-16' and starts_at < '2026-11-23')`),
    );
    const week = stats.bookingsPerWeek.find((w) => w.weekStart === '2026-11-16');
    expect(week?.bookings).toBe(Number(seats?.n));
  });

  it.runIf(dbKind === 'postgres')(
    'equal a recount after many payments and bookings commit at once',
    async () => {
      const db = t.deps.db;
      const session = await insertSession(db, {
        service: 'sats',
        date: '2026-11-14',
        time: '10:00',
      });
      const customers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          insertCustomer(db, { name: `Busy ${i}`, email: `busy-${i}@example.com` }),
        ),
      );
      const before = await revenueBoth(t);
      // Each transaction books a seat and pays in the same month: every commit takes the
      // month's row and the session's count at once.
      await Promise.all(
        customers.map(async (userId) => {
          const pupilId = await holderPupilId(db, userId);
          await db.transaction(async (tx) => {
            await tx.insert(bookings).values({ userId, pupilId, sessionId: session.id });
            await tx.insert(checkouts).values({
              userId,
              status: 'paid',
              provider: 'local',
              amountPence: 1500,
              sessionCount: 1,
              expiresAt: new Date(NOW),
              paidAt: new Date('2026-11-02T12:00:00Z'),
            });
          });
        }),
      );
      expect(await seatCountDrift(t)).toEqual([]);
      const after = await revenueBoth(t);
      expect(after.kept).toEqual(after.counted);
      expect((after.kept['2026-11'] ?? 0) - (before.kept['2026-11'] ?? 0)).toBe(12 * 1500);
      const [row] = await db
        .select({ n: classSessions.confirmedCount })
        .from(classSessions)
        .where(eq(classSessions.id, session.id));
      expect(row?.n).toBe(12);
    },
  );
});
