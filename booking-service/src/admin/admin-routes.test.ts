import {
  AdminAttendeeListSchema,
  AdminSessionListSchema,
  AdminStatsSchema,
  AdminUserDetailSchema,
  BookingSchema,
  ProblemSchema,
} from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, pupils } from '../db/schema.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  insertBooking,
  insertCheckout,
  insertCustomer,
  insertSession,
} from '../testing/admin-fixtures.ts';

/*
 * A small business with known figures, "now" fixed on Tuesday 3 November 2026, 09:00 London
 * (GMT). Upcoming: Tue 17:00 GCSE Foundation (Alice, Bob), Tue 18:00 KS3 (Bob), Sat 10:00 SATs
 * (Alice, Bob, Carol). Previous: Tue 27 Oct 17:00 GCSE Foundation (Alice, Carol). Thu 18:00
 * GCSE Foundation has only Alice's cancelled booking and Bob's rescheduled-away one.
 */
const NOW = '2026-11-03T09:00:00Z';

describe.each(TEST_DB_KINDS)('admin API figures on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const db = t.deps.db;
    ids.alice = await insertCustomer(db, {
      name: 'Alice Archer',
      email: 'alice@example.com',
      phone: '+44 7700 900001',
    });
    ids.bob = await insertCustomer(db, { name: 'Bob Baker', email: 'bob@example.com' });
    ids.carol = await insertCustomer(db, { name: '=Carol Cole', email: 'carol@example.com' });

    const tueGcse = await insertSession(db, { service: 'gcse', date: '2026-11-03', time: '17:00' });
    const tueKs3 = await insertSession(db, { service: 'ks3', date: '2026-11-03', time: '18:00' });
    const satSats = await insertSession(db, { service: 'sats', date: '2026-11-07', time: '10:00' });
    const lastTue = await insertSession(db, { service: 'gcse', date: '2026-10-27', time: '17:00' });
    const thuGcse = await insertSession(db, { service: 'gcse', date: '2026-11-05', time: '18:00' });
    ids.tueGcse = tueGcse.id;
    ids.tueKs3 = tueKs3.id;
    ids.satSats = satSats.id;
    ids.lastTue = lastTue.id;
    ids.thuGcse = thuGcse.id;

    ids.aliceTueGcse = await insertBooking(db, { userId: ids.alice, sessionId: tueGcse.id });
    await insertBooking(db, { userId: ids.alice, sessionId: satSats.id });
    await insertBooking(db, { userId: ids.alice, sessionId: lastTue.id });
    await insertBooking(db, { userId: ids.alice, sessionId: thuGcse.id, status: 'cancelled' });
    await insertBooking(db, { userId: ids.bob, sessionId: tueGcse.id });
    ids.bobTueKs3 = await insertBooking(db, { userId: ids.bob, sessionId: tueKs3.id });
    await insertBooking(db, { userId: ids.bob, sessionId: satSats.id });
    await insertBooking(db, { userId: ids.bob, sessionId: thuGcse.id, status: 'rescheduled' });
    await insertBooking(db, { userId: ids.carol, sessionId: satSats.id });
    await insertBooking(db, { userId: ids.carol, sessionId: lastTue.id });

    await insertCheckout(db, {
      userId: ids.alice,
      status: 'paid',
      amountPence: 4500,
      paidAt: new Date('2026-10-20T10:00:00Z'),
    });
    await insertCheckout(db, {
      userId: ids.bob,
      status: 'paid',
      amountPence: 1500,
      paidAt: new Date('2026-08-15T10:00:00Z'),
    });
    await insertCheckout(db, {
      userId: ids.bob,
      status: 'paid',
      amountPence: 3000,
      paidAt: new Date('2026-11-01T10:00:00Z'),
    });
    // Not revenue: still being paid, refunded, lapsed.
    await insertCheckout(db, { userId: ids.carol, status: 'pending', amountPence: 1500 });
    await insertCheckout(db, {
      userId: ids.carol,
      status: 'paid',
      amountPence: 1500,
      paidAt: new Date('2026-10-30T10:00:00Z'),
      refundedAt: new Date('2026-10-30T11:00:00Z'),
    });
    await insertCheckout(db, { userId: ids.carol, status: 'expired', amountPence: 1500 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string) => {
    const response = await api(t, path, { cookie: admin.cookie });
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return response;
  };

  it('sums users, confirmed bookings, booked upcoming sessions and kept revenue', async () => {
    expect(await (await get('/api/admin/summary')).json()).toEqual({
      totalUsers: 4,
      totalBookings: 8,
      upcomingSessions: 3,
      totalRevenuePence: 9000,
      // No part of these payments was refunded (figures-net-of-refunds.test.ts has refunds).
      refundedPence: 0,
      cashReceivedPence: 9000,
      // No seat here records the payment that bought it: nothing is owed for any of them.
      revenueDeliveredPence: 9000,
      creditOutstandingSessions: 0,
      // No class here has a minimum (docs/decisions/100).
      atRiskSessions: 0,
      creditOutstandingPence: 0,
    });
  });

  it('lists upcoming booked sessions soonest first, or fullest first', async () => {
    const byDate = await contractBody(
      await get('/api/admin/sessions?filter=upcoming&sort=date'),
      AdminSessionListSchema,
    );
    expect(byDate.nextCursor).toBeNull();
    expect(byDate.items).toEqual([
      {
        id: ids.tueGcse,
        service: 'gcse',
        subject: 'mathematics',
        label: 'GCSE Foundation',
        kind: 'group',
        startsAt: '2026-11-03T17:00:00.000Z',
        endsAt: '2026-11-03T18:00:00.000Z',
        date: '2026-11-03',
        time: '5:00 PM – 6:00 PM',
        bookedCount: 2,
        capacity: 10,
        // Not started: the register cannot be marked yet (decision 107).
        register: 'not-started',
        // No meeting link set, and none needed: the session gets a lesson room (decision 098).
      },
      expect.objectContaining({ id: ids.tueKs3, label: 'KS3', bookedCount: 1 }),
      expect.objectContaining({
        id: ids.satSats,
        label: 'SATs',
        time: '10:00 AM – 11:00 AM',
        bookedCount: 3,
      }),
    ]);
    const byBookings = await contractBody(
      await get('/api/admin/sessions?sort=bookings'),
      AdminSessionListSchema,
    );
    expect(byBookings.items.map((s) => s.id)).toEqual([ids.satSats, ids.tueGcse, ids.tueKs3]);
  });

  it('lists previous sessions, leaving out sessions whose bookings were all cancelled or moved', async () => {
    const previous = await contractBody(
      await get('/api/admin/sessions?filter=previous'),
      AdminSessionListSchema,
    );
    expect(previous.items).toEqual([
      expect.objectContaining({ id: ids.lastTue, bookedCount: 2, date: '2026-10-27' }),
    ]);
    const upcomingIds = (
      await contractBody(await get('/api/admin/sessions'), AdminSessionListSchema)
    ).items.map((s) => s.id);
    expect(upcomingIds).not.toContain(ids.thuGcse);
  });

  it('refuses an unknown filter, naming the parameter', async () => {
    const response = await api(t, '/api/admin/sessions?filter=later', { cookie: admin.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'filter' }] });
  });

  it("shows a session's attendees with their booking counts and spending", async () => {
    const attendees = await contractBody(
      await get(`/api/admin/sessions/${ids.satSats}/attendees`),
      AdminAttendeeListSchema,
    );
    expect(attendees).toEqual([
      {
        bookingId: expect.any(String),
        pupil: { id: expect.any(String), name: '=Carol Cole', yearGroup: null },
        userId: ids.carol,
        name: '=Carol Cole',
        email: 'carol@example.com',
        phone: null,
        bookings: { total: 2, upcoming: 1, previous: 1, cancelled: 0, moved: 0 },
        totalSpentPence: 0,
        lastPaymentAt: null,
      },
      {
        bookingId: expect.any(String),
        pupil: { id: expect.any(String), name: 'Alice Archer', yearGroup: null },
        userId: ids.alice,
        name: 'Alice Archer',
        email: 'alice@example.com',
        phone: '+44 7700 900001',
        bookings: { total: 3, upcoming: 2, previous: 1, cancelled: 1, moved: 0 },
        totalSpentPence: 4500,
        lastPaymentAt: '2026-10-20T10:00:00.000Z',
      },
      {
        bookingId: expect.any(String),
        pupil: { id: expect.any(String), name: 'Bob Baker', yearGroup: null },
        userId: ids.bob,
        name: 'Bob Baker',
        email: 'bob@example.com',
        phone: null,
        // The rescheduled-away row is not a booking of its own: it lives on as its new one,
        // and is counted apart as moved.
        bookings: { total: 3, upcoming: 3, previous: 0, cancelled: 0, moved: 1 },
        totalSpentPence: 4500,
        lastPaymentAt: '2026-11-01T10:00:00.000Z',
      },
    ]);
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    const unknown = await api(t, `/api/admin/sessions/${crypto.randomUUID()}/attendees`, {
      cookie: admin.cookie,
    });
    expect(unknown.status).toBe(404);
    const malformed = await api(t, '/api/admin/sessions/not-a-uuid/attendees', {
      cookie: admin.cookie,
    });
    expect(malformed.status).toBe(400);
  });

  it('downloads a printable register whose cells cannot run as formulas', async () => {
    const response = await get(`/api/admin/sessions/${ids.satSats}/attendees.csv`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="register-sats-2026-11-07-1000.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 byte-order mark first, so spreadsheet programs read accents correctly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes.slice(3));
    expect(csv).toBe(
      [
        '"Pupil","Year group","Account holder","Email","Phone","Attendance"',
        `"'=Carol Cole","","'=Carol Cole","carol@example.com","",""`,
        `"Alice Archer","","Alice Archer","alice@example.com","07700 900001",""`,
        '"Bob Baker","","Bob Baker","bob@example.com","",""',
        '',
      ].join('\r\n'),
    );
  });

  it("shows a user's profile, statistics, spending and history with the admin's actions", async () => {
    const detail = await contractBody(
      await get(`/api/admin/users/${ids.alice}`),
      AdminUserDetailSchema,
    );
    expect(detail.profile).toMatchObject({
      id: ids.alice,
      name: 'Alice Archer',
      email: 'alice@example.com',
      phone: '+44 7700 900001',
      role: 'user',
    });
    // Local payments: no Stripe dashboard to link to.
    expect(detail.profile.stripeCustomerUrl).toBeUndefined();
    expect(detail.statistics).toEqual({
      total: 3,
      upcoming: 2,
      previous: 1,
      cancelled: 1,
      moved: 0,
    });
    expect(detail.financial).toEqual({
      totalSpentPence: 4500,
      lastPaymentAt: '2026-10-20T10:00:00.000Z',
    });
    expect(
      detail.bookings.map((b) => [
        b.sessionStartsAt,
        b.label,
        b.status,
        b.canCancel,
        b.canReschedule,
      ]),
    ).toEqual([
      ['2026-11-07T10:00:00.000Z', 'SATs', 'confirmed', true, true],
      ['2026-11-05T18:00:00.000Z', 'GCSE Foundation', 'cancelled', false, false],
      // Eight hours away: too late for the customer, still the admin's call.
      ['2026-11-03T17:00:00.000Z', 'GCSE Foundation', 'confirmed', true, true],
      ['2026-10-27T17:00:00.000Z', 'GCSE Foundation', 'confirmed', false, false],
    ]);
    expect(detail.bookings[3]).toMatchObject({ badge: 'completed', subject: 'mathematics' });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await api(t, '/api/admin/users/nobody', { cookie: admin.cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ detail: 'User profile not found.' });
  });

  it('charts bookings per London week and kept revenue per London month', async () => {
    const stats = await contractBody(await get('/api/admin/stats'), AdminStatsSchema);
    expect(stats.currentWeekStart).toBe('2026-11-02');
    expect(stats.bookingsPerWeek).toHaveLength(20);
    expect(stats.bookingsPerWeek[0]?.weekStart).toBe('2026-08-17');
    expect(stats.bookingsPerWeek[19]?.weekStart).toBe('2026-12-28');
    const weeks = Object.fromEntries(stats.bookingsPerWeek.map((w) => [w.weekStart, w.bookings]));
    expect(weeks['2026-10-26']).toBe(2);
    expect(weeks['2026-11-02']).toBe(6);
    expect(stats.bookingsPerWeek.reduce((sum, w) => sum + w.bookings, 0)).toBe(8);
    expect(stats.revenuePerMonth.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const months = Object.fromEntries(stats.revenuePerMonth.map((m) => [m.month, m.revenuePence]));
    expect(months).toMatchObject({ '2026-08': 1500, '2026-10': 4500, '2026-11': 3000 });
    expect(stats.revenuePerMonth.reduce((sum, m) => sum + m.revenuePence, 0)).toBe(9000);
  });

  it('e-mails the user a reset link that names the admin who sent it', async () => {
    const response = await api(t, `/api/admin/users/${ids.bob}/password-reset`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ email: 'bob@example.com' });
    const [mail] = await mailTo(t, 'bob@example.com');
    expect(mail?.subject).toMatch(/Reset your .* password/);
    expect(mail?.text).toContain('Grace Admin from the');
    expect(mail?.text).toContain(`${t.deps.config.publicUrl}/reset-password-token?token=`);
  });

  it('answers 404 when asked to reset the password of an unknown user', async () => {
    const response = await api(t, '/api/admin/users/nobody/password-reset', {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(response.status).toBe(404);
  });

  it("cancels a customer's booking, freeing the seat and telling the customer", async () => {
    const response = await api(t, `/api/admin/bookings/${ids.bobTueKs3}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: ids.bobTueKs3, status: 'cancelled' });
    const mails = await mailTo(t, 'bob@example.com');
    expect(mails.some((m) => /cancel/i.test(m.subject))).toBe(true);

    expect(await (await get('/api/admin/summary')).json()).toMatchObject({
      totalBookings: 7,
      upcomingSessions: 2,
    });
    const again = await api(t, `/api/admin/bookings/${ids.bobTueKs3}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
  });

  it('reschedules a booking that starts within 24 hours, which a customer could not', async () => {
    const response = await api(t, `/api/admin/bookings/${ids.aliceTueGcse}/reschedule`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { startsAt: '2026-11-05T18:00:00.000Z' },
    });
    expect(response.status).toBe(200);
    const moved = await contractBody(response, BookingSchema);
    expect(moved).toMatchObject({ status: 'confirmed', startsAt: '2026-11-05T18:00:00.000Z' });
    const [old] = await t.deps.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, ids.aliceTueGcse!));
    expect(old?.status).toBe('rescheduled');

    const detail = await contractBody(
      await get(`/api/admin/users/${ids.alice}`),
      AdminUserDetailSchema,
    );
    // Still three bookings: the move replaced one, it did not add one; the old seat is moved.
    expect(detail.statistics).toEqual({
      total: 3,
      upcoming: 2,
      previous: 1,
      cancelled: 1,
      moved: 1,
    });
  });

  it('tells staff whose seat it is when the pupil already has the session (decision 070)', async () => {
    const [moved] = await t.deps.db
      .select({ id: bookings.id, pupilName: pupils.name })
      .from(bookings)
      .innerJoin(pupils, eq(pupils.id, bookings.pupilId))
      .where(
        and(
          eq(bookings.userId, ids.alice!),
          eq(bookings.sessionId, ids.thuGcse!),
          eq(bookings.status, 'confirmed'),
        ),
      );
    expect(moved).toBeDefined();
    const response = await api(t, `/api/admin/bookings/${moved!.id}/reschedule`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { startsAt: '2026-11-05T18:00:00.000Z' },
    });
    expect(response.status).toBe(409);
    const problem = await contractBody(response, ProblemSchema);
    expect(problem.code).toBe('duplicate');
    expect(problem.detail).toBe(
      `${moved!.pupilName} already has this session. Please choose a different one.`,
    );
  });

  it('refuses to reschedule onto a time that is not a slot of the same class', async () => {
    const [booking] = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.sessionId, ids.satSats!));
    const response = await api(t, `/api/admin/bookings/${booking!.id}/reschedule`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { startsAt: '2026-11-04T17:30:00.000Z' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'startsAt' }] });
  });
});
