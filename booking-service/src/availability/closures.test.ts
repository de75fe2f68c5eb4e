import {
  AdminSessionListSchema,
  AvailabilitySchema,
  BookabilitySchema,
  BookingListSchema,
  ProblemSchema,
} from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser } from '../testing/auth-helpers.ts';
import { bookPaid, fillSeats, setNow } from '../testing/checkout-test-kit.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * Closures from the seed content (decision 052): the Christmas break runs from Monday 21
 * December 2026 to Sunday 3 January 2027. GCSE Foundation is on Tuesdays at 5 pm, Thursdays at
 * 6 pm and Saturdays at noon (London, GMT in winter).
 */
const NOW = '2026-12-14T09:00:00Z'; // Monday, a week before the break
const TUE_15_DEC = '2026-12-15T17:00:00.000Z';
const TUE_22_DEC = '2026-12-22T17:00:00.000Z'; // closed
const TUE_5_JAN = '2027-01-05T17:00:00.000Z';

describe.each(TEST_DB_KINDS)('closures on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers no session on a closed day and names each closed day with its reason', async () => {
    setNow(t, NOW);
    const res = await api(t, '/api/availability?service=gcse&from=2026-12-14&to=2027-01-06');
    expect(res.status).toBe(200);
    const body = await contractBody(res, AvailabilitySchema);
    expect(body.slots.map((slot) => slot.startsAt)).toEqual([
      TUE_15_DEC,
      '2026-12-17T18:00:00.000Z',
      '2026-12-19T12:00:00.000Z',
      TUE_5_JAN,
    ]);
    expect(body.closed).toHaveLength(14);
    expect(body.closed?.[0]).toEqual({ date: '2026-12-21', reason: 'Christmas holiday' });
    expect(body.closed?.at(-1)).toEqual({ date: '2027-01-03', reason: 'Christmas holiday' });
  });

  it('answers no closed days outside the booking window', async () => {
    setNow(t, NOW);
    const res = await api(t, '/api/availability?service=gcse&from=2026-12-14&to=2026-12-20');
    expect((await contractBody(res, AvailabilitySchema)).closed).toEqual([]);
  });

  it('calls a start on a closed day invalid, and checkout refuses it naming the start', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const check = await api(t, '/api/bookability', {
      body: { service: 'gcse', startsAt: [TUE_15_DEC, TUE_22_DEC] },
      cookie: customer.cookie,
    });
    expect((await contractBody(check, BookabilitySchema)).results.map((r) => r.status)).toEqual([
      'ok',
      'invalid',
    ]);

    const checkout = await api(t, '/api/checkout', {
      body: { service: 'gcse', startsAt: [TUE_15_DEC, TUE_22_DEC] },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect(checkout.status).toBe(400);
    expect((await contractBody(checkout, ProblemSchema)).errors?.[0]?.field).toBe('startsAt.1');
  });

  it('refuses to move a booking onto a closed day', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await bookPaid(t, customer, [TUE_15_DEC], 'gcse');
    const list = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
    const [booking] = await contractBody(list, BookingListSchema);
    const moved = await api(t, `/api/me/bookings/${booking!.id}/reschedule`, {
      body: { startsAt: TUE_22_DEC },
      cookie: customer.cookie,
    });
    expect(moved.status).toBe(400);
    expect((await contractBody(moved, ProblemSchema)).errors?.[0]?.field).toBe('startsAt');
  });

  it('flags, without cancelling, a booked session on a day closed since', async () => {
    setNow(t, NOW);
    // Booked before the closure existed: seats given straight in the database.
    await fillSeats(t, 'gcse', TUE_22_DEC, 2);
    const admin = await signedInUser(t, { role: 'admin' });
    const res = await api(t, '/api/admin/sessions?filter=upcoming', { cookie: admin.cookie });
    const { items: sessions } = await contractBody(res, AdminSessionListSchema);
    const closed = sessions.find((s) => s.startsAt === TUE_22_DEC);
    expect(closed).toMatchObject({ bookedCount: 2, closedReason: 'Christmas holiday' });
    const open = sessions.find((s) => s.startsAt === TUE_15_DEC);
    expect(open?.closedReason).toBeUndefined();
  });
});
