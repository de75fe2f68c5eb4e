import { findSession } from '@tuition/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rescheduleBooking } from '../../bookings/bookings.ts';
import { startCheckout } from '../../checkout/checkout.ts';
import { bookings } from '../../db/schema.ts';
import { ConflictError } from '../../http/problem.ts';
import { bookableStarts, fillSeats, insertUsers } from '../../testing/checkout-test-kit.ts';
import { MONEY_TEST_DB_KINDS } from '../../testing/database-kinds.ts';
import { holderPupilId } from '../../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seatsTaken } from '../seats.ts';
import { ensureSessionRows } from '../session-rows.ts';

const NOW = '2026-11-03T09:00:00Z';
// PGlite is one connection: its transactions cannot overlap, so it proves nothing here.
const SERVER_KINDS = MONEY_TEST_DB_KINDS.filter((kind) => kind !== 'pglite');

const isFullConflict = (e: unknown) => e instanceof ConflictError && e.code === 'full';

describe.skipIf(SERVER_KINDS.length > 0)('moves racing checkouts', () => {
  it.skip('run on postgres and neon only (TEST_DB_KINDS has neither)', () => {});
});

/*
 * Reschedules and checkouts of one session's last seat, all at once, through the seat ledger:
 * exactly one of them gets it, the session stays at capacity, and every move that lost leaves
 * its booking where it was (docs/decisions/063).
 */
describe.each(SERVER_KINDS)('moves racing checkouts on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sessionId(start: string): Promise<string> {
    const session = findSession(await t.deps.content.timetable(), 'ks3', new Date(start))!;
    const rows = await ensureSessionRows(t.deps.db, [session], 1500);
    return rows.get(session.startsAt.getTime())!.id;
  }

  it('gives the last seat to exactly one of 15 reschedules and 15 checkouts racing for it', async () => {
    // Days ahead, so every customer may still move (more than 24 hours before the start).
    const starts = await bookableStarts(t, 'ks3', 6);
    const [fromA, fromB, target] = [starts[3]!, starts[4]!, starts[5]!];
    await fillSeats(t, 'ks3', target, 9);
    const [idA, idB, idTarget] = [
      await sessionId(fromA),
      await sessionId(fromB),
      await sessionId(target),
    ];

    const movers = await insertUsers(t, 15);
    const moving = [];
    for (const [index, mover] of movers.entries()) {
      const pupilId = await holderPupilId(t.deps.db, mover.id);
      const [booking] = await t.deps.db
        .insert(bookings)
        .values({
          userId: mover.id,
          sessionId: index % 2 === 0 ? idA : idB,
          pupilId,
          status: 'confirmed',
        })
        .returning({ id: bookings.id });
      moving.push({ userId: mover.id, bookingId: booking!.id });
    }
    const buyers = await insertUsers(t, 15);

    const results = await Promise.allSettled([
      ...moving.map(({ userId, bookingId }) =>
        rescheduleBooking(t.deps, {
          bookingId,
          startsAt: target,
          actor: { kind: 'customer', userId },
        }),
      ),
      ...buyers.map((buyer) =>
        startCheckout(
          { ...t.deps, payments: t.deps.payments! },
          { user: buyer, service: 'ks3', startsAt: [target] },
        ),
      ),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost.filter((e) => !isFullConflict(e)).map(String)).toEqual([]);

    const now = new Date(NOW);
    const taken = await seatsTaken(t.deps.db, [idA, idB, idTarget], now);
    expect(taken.get(idTarget)).toBe(10);
    // A move that won left one seat behind; every move that lost kept its booking.
    const movedAway = results.slice(0, moving.length).filter((r) => r.status === 'fulfilled');
    expect((taken.get(idA) ?? 0) + (taken.get(idB) ?? 0)).toBe(15 - movedAway.length);
  }, 120_000);
});
