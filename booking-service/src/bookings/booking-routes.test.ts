import { BookingListSchema, BookingSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookPaid, fillSeats, setNow } from '../testing/checkout-test-kit.ts';
import { bookings, mailMessages } from '../db/schema.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rescheduleBooking } from './bookings.ts';

const NOW = '2026-11-03T09:00:00Z'; // Tuesday 9am London
// GCSE Higher runs Tue 7pm, Wed 7pm and Sun 12pm (GMT in November).
const TUE_TONIGHT = '2026-11-03T19:00:00.000Z'; // 10 hours ahead: inside the 24-hour cut-off
const WED = '2026-11-04T19:00:00.000Z';
const SUN = '2026-11-08T12:00:00.000Z';
const NEXT_TUE = '2026-11-10T19:00:00.000Z';

async function list(t: TestApp, customer: TestUser, scope: 'upcoming' | 'previous') {
  const res = await api(t, `/api/me/bookings?scope=${scope}`, { cookie: customer.cookie });
  expect(res.status).toBe(200);
  return contractBody(res, BookingListSchema);
}

function reschedule(t: TestApp, customer: TestUser, id: string, startsAt: string) {
  return api(t, `/api/me/bookings/${id}/reschedule`, {
    body: { startsAt },
    cookie: customer.cookie,
  });
}

describe.each(TEST_DB_KINDS)('customer bookings on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists upcoming soonest first with what each allows, and previous once started', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await bookPaid(t, customer, [WED, TUE_TONIGHT]);
    const upcoming = await list(t, customer, 'upcoming');
    expect(upcoming.map((b) => [b.startsAt, b.canCancel, b.canReschedule])).toEqual([
      [TUE_TONIGHT, true, false], // less than 24 hours ahead
      [WED, true, true],
    ]);
    expect(upcoming[0]).toMatchObject({
      status: 'confirmed',
      service: 'gcse-higher',
      label: 'GCSE Higher',
      subject: 'mathematics',
    });
    expect(await list(t, customer, 'previous')).toEqual([]);

    setNow(t, '2026-11-03T19:30:00Z');
    expect((await list(t, customer, 'upcoming')).map((b) => b.startsAt)).toEqual([WED]);
    const previous = await list(t, customer, 'previous');
    expect(previous.map((b) => [b.startsAt, b.canCancel, b.canReschedule])).toEqual([
      [TUE_TONIGHT, false, false],
    ]);
    expect((await api(t, '/api/me/bookings?scope=later', { cookie: customer.cookie })).status).toBe(
      400,
    );
    expect((await api(t, '/api/me/bookings')).status).toBe(401);
  });

  it('cancels an upcoming booking: seat freed, no second cancel, e-mail says no refund', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [start] = [NEXT_TUE];
    await fillSeats(t, 'gcse-higher', start!, 9);
    await bookPaid(t, customer, [start!]);
    const [booking] = await list(t, customer, 'upcoming');
    expect(booking?.startsAt).toBe(start);

    const stranger = await signedInUser(t);
    const notYours = await api(t, `/api/me/bookings/${booking!.id}/cancel`, {
      method: 'POST',
      cookie: stranger.cookie,
    });
    expect(notYours.status).toBe(404);

    const res = await api(t, `/api/me/bookings/${booking!.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: booking!.id,
      status: 'cancelled',
      canCancel: false,
    });
    expect(await list(t, customer, 'upcoming')).toEqual([]);
    expect((await list(t, customer, 'previous')).map((b) => b.status)).toEqual(['cancelled']);

    // The freed seat (the session was full) can be bought again.
    await bookPaid(t, stranger, [start!]);

    const again = await api(t, `/api/me/bookings/${booking!.id}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'not-cancellable' });
    const mail = (await mailTo(t, customer.email)).find((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(mail?.text).toContain('not refunded');
  });

  it('reschedules to another slot of the same class, with an updated .ics', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await bookPaid(t, customer, [WED]);
    const [booking] = await list(t, customer, 'upcoming');

    const res = await reschedule(t, customer, booking!.id, SUN);
    expect(res.status).toBe(200);
    const moved = await contractBody(res, BookingSchema);
    expect(moved).toMatchObject({ status: 'confirmed', startsAt: SUN, canReschedule: true });
    expect(moved.id).not.toBe(booking!.id);
    expect((await list(t, customer, 'upcoming')).map((b) => b.startsAt)).toEqual([SUN]);
    expect((await list(t, customer, 'previous')).map((b) => [b.id, b.status])).toEqual([
      [booking!.id, 'rescheduled'],
    ]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, moved.id));
    expect(row?.rescheduledFrom).toBe(booking!.id);

    const mail = (await mailTo(t, customer.email)).find((m) =>
      m.subject.startsWith('Session rescheduled'),
    );
    expect(mail?.text).toContain('Sunday 8 November 2026, 12:00 PM (midday) to 1:00 PM');
    const [stored] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, mail!.id));
    const calendar = Buffer.from(stored!.attachments[0]!.content, 'base64').toString('utf8');
    expect(calendar).toContain('DTSTART:20261108T120000Z');
    // The seat keeps its first booking's UID, one SEQUENCE on, so calendars move the event.
    expect(calendar).toContain(`UID:booking-${booking!.id}`);
    expect(calendar).toContain('SEQUENCE:1');
  });

  it('refuses a reschedule within 24 hours, to a full or already-held slot, or off the timetable', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const held = '2026-11-15T12:00:00.000Z'; // a later Sunday this customer also booked
    await bookPaid(t, customer, [TUE_TONIGHT, WED, held]);
    const [tonight, wed] = await list(t, customer, 'upcoming');

    const tooLate = await reschedule(t, customer, tonight!.id, SUN);
    expect(tooLate.status).toBe(409);
    expect(await tooLate.json()).toMatchObject({ code: 'too-late' });

    const duplicate = await reschedule(t, customer, wed!.id, held);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ code: 'duplicate', slots: [held] });

    const fullSlot = '2026-11-11T19:00:00.000Z';
    await fillSeats(t, 'gcse-higher', fullSlot, 10);
    const full = await reschedule(t, customer, wed!.id, fullSlot);
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'full', slots: [fullSlot] });

    const ks3Slot = '2026-11-10T18:00:00.000Z'; // Tuesday 6pm is KS3, another class
    const otherClass = await reschedule(t, customer, wed!.id, ks3Slot);
    expect(otherClass.status).toBe(400);
    expect(await otherClass.json()).toMatchObject({
      errors: [expect.objectContaining({ field: 'startsAt' })],
    });
    const beyondWindow = await reschedule(t, customer, wed!.id, '2027-01-05T19:00:00.000Z');
    expect(beyondWindow.status).toBe(400);

    const stranger = await signedInUser(t);
    expect((await reschedule(t, stranger, wed!.id, SUN)).status).toBe(404);
    // Nothing moved.
    expect((await list(t, customer, 'upcoming')).map((b) => b.startsAt)).toEqual([
      TUE_TONIGHT,
      WED,
      held,
    ]);
  });

  it('lets an admin actor reschedule inside the 24 hours (the core the admin routes reuse)', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await bookPaid(t, customer, [TUE_TONIGHT]);
    const [tonight] = await list(t, customer, 'upcoming');
    const moved = await rescheduleBooking(t.deps, {
      bookingId: tonight!.id,
      startsAt: SUN,
      actor: { kind: 'admin', adminId: 'admin-test' },
    });
    expect(moved.startsAt).toBe(SUN);
    expect((await list(t, customer, 'upcoming')).map((b) => b.startsAt)).toEqual([SUN]);
  });
});
