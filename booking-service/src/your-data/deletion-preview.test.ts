import { AccountDeletionPreviewSchema } from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookableStarts,
  bookPaid,
  checkoutOk,
  fillSeats,
  setNow,
} from '../testing/checkout-test-kit.ts';
import { bookings, classSessions } from '../db/schema.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { eraseExpiredMailBodies } from './mail-bodies.ts';

/*
 * What deleting an account costs, said before (GET /api/me/deletion-preview) and after (the
 * confirmation e-mail), docs/decisions/074: each upcoming seat at the price it was charged.
 */

const BOOKED_AT = '2026-11-03T09:00:00Z'; // Tuesday 9am London

async function previewOf(t: TestApp, who: TestUser) {
  const res = await api(t, '/api/me/deletion-preview', { cookie: who.cookie });
  expect(res.status).toBe(200);
  return contractBody(res, AccountDeletionPreviewSchema);
}

async function bookingAt(t: TestApp, who: TestUser, startsAt: string) {
  const [row] = await t.deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
    .where(and(eq(bookings.userId, who.id), eq(classSessions.startsAt, new Date(startsAt))));
  return row!.id;
}

describe.each(TEST_DB_KINDS)('the cost of deleting an account on %s', (dbKind) => {
  let t: TestApp;
  let ada: TestUser;
  let bo: TestUser;
  let starts: string[];

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: BOOKED_AT });
    ada = await signedInUser(t, { name: 'Ada Lovelace' });
    bo = await signedInUser(t, { name: 'Bo Peep' });
    starts = await bookableStarts(t, 'gcse-higher', 14);
    // Ten seats as the 10-for-£100 bundle (£10 each), then one more at £15.
    await bookPaid(t, ada, starts.slice(0, 10));
    await bookPaid(t, ada, [starts[10]!]);
    await bookPaid(t, bo, [starts[0]!, starts[11]!]);
    // A place on a full session's waiting list.
    await fillSeats(t, 'gcse-higher', starts[13]!, 10);
    const joined = await api(t, '/api/waitlist', {
      body: { service: 'gcse-higher', startsAt: starts[13] },
      cookie: ada.cookie,
      ip: ada.ip,
    });
    expect(joined.status).toBe(201);
  });
  afterAll(() => t?.close());

  it('answers 401 signed out', async () => {
    expect((await api(t, '/api/me/deletion-preview')).status).toBe(401);
  });

  it('lists the upcoming seats at the prices charged, a moved seat at its first price', async () => {
    // The second bundle seat moves to a session nobody holds; the first is past by now.
    const moved = await bookingAt(t, ada, starts[1]!);
    const res = await api(t, `/api/me/bookings/${moved}/reschedule`, {
      body: { startsAt: starts[11] },
      cookie: ada.cookie,
    });
    expect(res.status).toBe(200);
    setNow(t, new Date(new Date(starts[0]!).getTime() + 60_000));
    // A seat held for a payment not yet made.
    await checkoutOk(t, ada, [starts[12]!]);

    const preview = await previewOf(t, ada);
    const expected = [
      ...starts.slice(2, 10).map((startsAt) => [startsAt, 1000]),
      [starts[10], 1500],
      [starts[11], 1000],
    ];
    expect(preview.upcomingSeats.map((s) => [s.startsAt, s.pricePence])).toEqual(expected);
    expect(preview.upcomingSeats.every((s) => s.pupil.name === 'Ada Lovelace')).toBe(true);
    expect(preview.totalPence).toBe(9 * 1000 + 1500);
    expect(preview).toMatchObject({ waitingPlaces: 1, pendingCheckouts: 1 });
  });

  it("never includes another account's seats", async () => {
    const preview = await previewOf(t, bo);
    expect(preview.upcomingSeats.map((s) => [s.startsAt, s.pupil.name, s.pricePence])).toEqual([
      [starts[11], 'Bo Peep', 1500],
    ]);
    expect(preview).toMatchObject({ totalPence: 1500, waitingPlaces: 0, pendingCheckouts: 0 });
  });

  it('mails the old address what was cancelled, after the rest of its mail is erased', async () => {
    const before = await previewOf(t, ada);
    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: ada.password },
      cookie: ada.cookie,
    });
    expect(res.status).toBe(204);

    const mail = await mailTo(t, ada.email);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/account has been deleted$/),
    ]);
    const [confirmation] = mail;
    expect(confirmation!.text).toContain('worth £105.00');
    for (const seat of before.upcomingSeats) {
      expect(confirmation!.text).toContain(seat.label);
    }
    expect(confirmation!.text).toMatch(/Tuesday|Wednesday|Sunday/);
    expect(confirmation!.text).toContain('not refunded');
    expect(confirmation!.text).toContain('nothing more will be sent');
    expect(confirmation!.text).toContain('place on waiting lists was given up');
    // Bo's seat and nothing of Bo's is in it.
    expect(confirmation!.text).not.toContain('Bo Peep');
    expect((await mailTo(t, bo.email)).some((m) => /deleted/.test(m.subject))).toBe(false);

    // Retention deletes it whole once its body would be emptied (docs/decisions/074).
    await eraseExpiredMailBodies(t.deps.db, new Date('2100-01-01T00:00:00Z'));
    expect(await mailTo(t, ada.email)).toEqual([]);
  });
});
