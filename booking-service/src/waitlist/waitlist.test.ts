import {
  AvailabilitySchema,
  type WaitlistEntry,
  WaitlistEntryListSchema,
  WaitlistJoinedSchema,
} from '@tuition/api-contract';
import { findSession, fixedClock, offerExpiry } from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bookableStarts,
  bookPaid,
  checkoutOk,
  fillSeats,
  pressPay,
  setNow,
} from '../testing/checkout-test-kit.ts';
import { bookings } from '../db/schema.ts';
import { seatsTaken } from '../sessions/seats.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createApp } from '../app.ts';
import { settableClock } from '../clock.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const NOW = '2026-11-03T09:00:00Z';
const SERVICE = 'gcse-higher';
const HOUR = 3_600_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(async () => {
  await t.close();
});

function join(customer: TestUser, startsAt: string, pupilIds?: string[]) {
  return api(t, '/api/waitlist', {
    body: { service: SERVICE, startsAt, ...(pupilIds ? { pupilIds } : {}) },
    cookie: customer.cookie,
    ip: customer.ip,
  });
}

async function joinOk(customer: TestUser, startsAt: string, pupilIds?: string[]) {
  const res = await join(customer, startsAt, pupilIds);
  if (res.status !== 201) throw new Error(`join: ${res.status} ${await res.text()}`);
  return contractBody(res, WaitlistJoinedSchema);
}

async function myPlaces(customer: TestUser): Promise<WaitlistEntry[]> {
  const res = await api(t, '/api/me/waitlist', { cookie: customer.cookie, ip: customer.ip });
  expect(res.status).toBe(200);
  return contractBody(res, WaitlistEntryListSchema);
}

async function slotFor(customer: TestUser | undefined, startsAt: string) {
  const res = await api(t, `/api/availability?service=${SERVICE}`, {
    ...(customer ? { cookie: customer.cookie, ip: customer.ip } : {}),
  });
  const body = await contractBody(res, AvailabilitySchema);
  return body.slots.find((slot) => slot.startsAt === startsAt);
}

async function sessionId(startsAt: string): Promise<string> {
  const session = findSession(await t.deps.content.timetable(), SERVICE, new Date(startsAt));
  const rows = await ensureSessionRows(t.deps.db, [session!], 1500);
  return rows.get(session!.startsAt.getTime())!.id;
}

async function takenAt(startsAt: string, at = t.deps.clock.now()): Promise<number> {
  const id = await sessionId(startsAt);
  return (await seatsTaken(t.deps.db, [id], at)).get(id) ?? 0;
}

/** A full session: 9 seats to others, the 10th booked (and paid) by `holder`. */
async function fullSessionHeldBy(holder: TestUser, startsAt: string): Promise<string> {
  await fillSeats(t, SERVICE, startsAt, 9);
  await bookPaid(t, holder, [startsAt], SERVICE);
  const [booking] = await t.deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, holder.id), eq(bookings.status, 'confirmed')));
  return booking!.id;
}

function cancel(customer: TestUser, bookingId: string) {
  return api(t, `/api/me/bookings/${bookingId}/cancel`, {
    method: 'POST',
    cookie: customer.cookie,
    ip: customer.ip,
  });
}

const placeOpened = async (customer: TestUser) =>
  (await mailTo(t, customer.email)).filter((m) => m.subject.startsWith('A place has opened'));
const placePassed = async (customer: TestUser) =>
  (await mailTo(t, customer.email)).filter((m) =>
    m.subject.startsWith('The place we held has passed'),
  );

describe('joining a waiting list', () => {
  it('refuses to join while seats are free: book instead (409 not-full)', async () => {
    const alice = await signedInUser(t);
    const [start] = await bookableStarts(t, SERVICE, 1);
    await fillSeats(t, SERVICE, start!, 9);
    const res = await join(alice, start!);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('not-full');
  });

  it('queues families first come first served and refuses a pupil twice or one who holds the seat', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1);
    const holder = await signedInUser(t);
    await fullSessionHeldBy(holder, start!);
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);

    expect((await joinOk(alice, start!)).position).toBe(1);
    expect((await joinOk(bob, start!)).position).toBe(2);
    const again = await join(alice, start!);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('duplicate');
    const booked = await join(holder, start!);
    expect(booked.status).toBe(409);
    expect(((await booked.json()) as { code: string }).code).toBe('duplicate');

    const [place] = await myPlaces(bob);
    expect(place).toMatchObject({ startsAt: start, position: 2, offer: null });
    const slot = await slotFor(bob, start!);
    expect(slot).toMatchObject({ state: 'full', seatsLeft: 0, waiting: 2 });
    expect(slot!.waitingFor).toHaveLength(1);
  });

  it('answers 400 for a start that is not a bookable session and 401 signed out', async () => {
    const alice = await signedInUser(t);
    const res = await join(alice, '2026-11-03T10:17:00Z');
    expect(res.status).toBe(400);
    const signedOut = await api(t, '/api/waitlist', {
      body: { service: SERVICE, startsAt: '2026-11-03T10:17:00Z' },
    });
    expect(signedOut.status).toBe(401);
  });
});

describe('offers', () => {
  it('offers a cancelled seat to the first waiter, with the mail, while everyone else still sees the session full', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 3 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const alice = await signedInUser(t, { name: 'Alice Parent' });
    const bob = await signedInUser(t);
    await joinOk(alice, start!);
    await joinOk(bob, start!);

    expect((await cancel(carol, bookingId)).status).toBe(200);

    const [offered] = await myPlaces(alice);
    const expected = offerExpiry(new Date(NOW), new Date(start!), 12)!;
    expect(offered!.offer).toMatchObject({ expiresAt: expected.toISOString() });
    expect(offered!.offer!.url).toContain(`/booking?offer=${offered!.offer!.id}`);
    expect(offered!.position).toBeNull();
    const [mail] = await placeOpened(alice);
    expect(mail!.text).toContain(`/booking?offer=${offered!.offer!.id}`);
    expect(mail!.text).toContain('Alice Parent');
    expect(mail!.text).toMatch(/Book by \d{1,2}:\d\d (AM|PM) on \w+day/);

    // Bob: still waiting, first now; the seat is not his, nor anybody's in general sale.
    expect((await myPlaces(bob))[0]).toMatchObject({ position: 1, offer: null });
    expect(await placeOpened(bob)).toHaveLength(0);
    expect(await slotFor(bob, start!)).toMatchObject({ state: 'full', seatsLeft: 0 });
    const outsider = await signedInUser(t);
    const res = await api(t, '/api/checkout', {
      body: { service: SERVICE, startsAt: [start!] },
      cookie: outsider.cookie,
      ip: outsider.ip,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('full');
    // Alice sees her held seat as one she can pick.
    expect(await slotFor(alice, start!)).toMatchObject({ seatsLeft: 1, state: 'available' });
  });

  it('checks the offer out at the usual price and books the seat', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 3 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const alice = await signedInUser(t);
    await joinOk(alice, start!);
    await cancel(carol, bookingId);
    const offerId = (await myPlaces(alice))[0]!.offer!.id;

    // Someone else's offer is not found; an offer for another session cannot be used.
    const bob = await signedInUser(t);
    const stolen = await api(t, '/api/checkout', {
      body: { service: SERVICE, startsAt: [start!], offerId },
      cookie: bob.cookie,
      ip: bob.ip,
    });
    expect(stolen.status).toBe(404);
    const [other] = await bookableStarts(t, SERVICE, 1, { skip: 4 });
    const elsewhere = await api(t, '/api/checkout', {
      body: { service: SERVICE, startsAt: [other!], offerId },
      cookie: alice.cookie,
      ip: alice.ip,
    });
    expect(elsewhere.status).toBe(400);

    const res = await api(t, '/api/checkout', {
      body: { service: SERVICE, startsAt: [start!], offerId },
      cookie: alice.cookie,
      ip: alice.ip,
    });
    expect(res.status).toBe(201);
    const started = (await res.json()) as { checkoutId: string; amountPence: number };
    expect(started.amountPence).toBe(1500);
    expect((await pressPay(t, started.checkoutId, alice)).status).toBe(303);

    const mine = await t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, alice.id), eq(bookings.status, 'confirmed')));
    expect(mine).toHaveLength(1);
    expect(await takenAt(start!)).toBe(10);
    expect(await myPlaces(alice)).toEqual([]);
    // The offer was used: it cannot be used again.
    const reused = await api(t, '/api/checkout', {
      body: { service: SERVICE, startsAt: [start!], offerId },
      cookie: alice.cookie,
      ip: alice.ip,
    });
    expect(reused.status).toBe(409);
  });

  it('passes a lapsed offer to the second waiter by time alone, keeps the first at the end once, and frees the seat when nobody is left', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 10 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    await joinOk(alice, start!);
    await joinOk(bob, start!);
    await cancel(carol, bookingId);
    const first = (await myPlaces(alice))[0]!.offer!;

    setNow(t, new Date(new Date(first.expiresAt).getTime() + 60_000));
    // No sweep has run: the seat is not general sale (Bob waits), and Bob's own list offers it.
    expect(await slotFor(undefined, start!)).toMatchObject({ seatsLeft: 0 });
    const [bobs] = await myPlaces(bob);
    expect(bobs!.offer).not.toBeNull();
    expect(await placeOpened(bob)).toHaveLength(1);
    // Alice stays on the list, next after Bob's offer, and is told so (decision 072).
    expect(await myPlaces(alice)).toMatchObject([{ offer: null, position: 1 }]);
    const [told] = await placePassed(alice);
    expect(told?.text).toContain('still on the waiting list, now at the end of the queue');
    const lapsed = await api(t, '/api/checkout', {
      body: { service: SERVICE, startsAt: [start!], offerId: first.id },
      cookie: alice.cookie,
      ip: alice.ip,
    });
    expect(lapsed.status).toBe(409);
    expect(((await lapsed.json()) as { code: string }).code).toBe('offer-expired');

    // Bob lets his lapse too: Alice is offered the seat a second time, Bob waits behind her.
    setNow(t, new Date(new Date(bobs!.offer!.expiresAt).getTime() + 60_000));
    const [again] = await myPlaces(alice);
    expect(again!.offer).not.toBeNull();
    expect(await myPlaces(bob)).toMatchObject([{ offer: null }]);
    // Alice's second lapse takes her off the list; then Bob's second: the seat is for sale.
    setNow(t, new Date(new Date(again!.offer!.expiresAt).getTime() + 60_000));
    expect(await myPlaces(alice)).toEqual([]);
    const aliceTold = await placePassed(alice);
    expect(aliceTold).toHaveLength(2);
    expect(
      aliceTold.filter((m) => m.text.includes('no longer on the waiting list for this session')),
    ).toHaveLength(1);
    const [bobsSecond] = await myPlaces(bob);
    setNow(t, new Date(new Date(bobsSecond!.offer!.expiresAt).getTime() + 60_000));
    expect(await myPlaces(bob)).toEqual([]);
    expect(await takenAt(start!)).toBe(9);
    expect(await slotFor(undefined, start!)).toMatchObject({ seatsLeft: 1, state: 'available' });
  });

  it('moves lists on when the local clock is moved (/dev/clock): the mail goes out at once', async () => {
    t.deps.clock = settableClock(fixedClock(NOW));
    t.app = createApp(t.deps);
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 9 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    await joinOk(alice, start!);
    await joinOk(bob, start!);
    await cancel(carol, bookingId);
    const first = (await myPlaces(alice))[0]!.offer!;

    const later = new Date(new Date(first.expiresAt).getTime() + 60_000).toISOString();
    expect((await api(t, '/dev/clock', { body: { now: later } })).status).toBe(200);
    // Bob has not looked at his list: the move itself made his offer and queued the mail.
    expect(await placeOpened(bob)).toHaveLength(1);
  });

  it('lets the holder move a booking onto the offered seat, which uses the offer up', async () => {
    const [start, other] = await bookableStarts(t, SERVICE, 2, { skip: 11 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const alice = await signedInUser(t);
    await bookPaid(t, alice, [other!], SERVICE);
    await joinOk(alice, start!);
    await cancel(carol, bookingId);
    expect((await myPlaces(alice))[0]!.offer).not.toBeNull();

    const [alices] = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, alice.id), eq(bookings.status, 'confirmed')));
    const moved = await api(t, `/api/me/bookings/${alices!.id}/reschedule`, {
      body: { startsAt: start },
      cookie: alice.cookie,
      ip: alice.ip,
    });
    expect(moved.status).toBe(200);
    expect(await takenAt(start!)).toBe(10);
    expect(await myPlaces(alice)).toEqual([]);
  });

  it('frees a cancelled seat straight away when nobody waits', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 2 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    await cancel(carol, bookingId);
    expect(await slotFor(undefined, start!)).toMatchObject({ seatsLeft: 1, state: 'available' });
  });

  it('gives a declined offer to the next waiter at once; leaving costs nothing', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 5 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const { id } = await joinOk(alice, start!);
    await joinOk(bob, start!);
    await cancel(carol, bookingId);

    const other = await signedInUser(t);
    const notHers = await api(t, `/api/me/waitlist/${id}`, {
      method: 'DELETE',
      cookie: other.cookie,
      ip: other.ip,
    });
    expect(notHers.status).toBe(404);
    const left = await api(t, `/api/me/waitlist/${id}`, {
      method: 'DELETE',
      cookie: alice.cookie,
      ip: alice.ip,
    });
    expect(left.status).toBe(204);
    expect((await myPlaces(bob))[0]!.offer).not.toBeNull();
    expect(await myPlaces(alice)).toEqual([]);
    expect(await takenAt(start!)).toBe(10);
  });

  it('offers a seat released from an unpaid checkout', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 6 });
    await fillSeats(t, SERVICE, start!, 9);
    const payer = await signedInUser(t);
    const hold = await checkoutOk(t, payer, [start!], SERVICE);
    const alice = await signedInUser(t);
    await joinOk(alice, start!);
    const released = await api(t, `/api/checkout/${hold.checkoutId}/cancel`, {
      method: 'POST',
      cookie: payer.cookie,
      ip: payer.ip,
    });
    expect(released.status).toBe(200);
    expect((await myPlaces(alice))[0]!.offer).not.toBeNull();
  });

  it('gives a family one offer at a time: five pupils ahead keep a freed seat one hold period, not five', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 9 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const family = await signedInUser(t);
    // Five children, each put on the list on their own (five separate places ahead).
    for (const name of ['Ann', 'Ben', 'Cal', 'Dee', 'Eve']) {
      const pupil = await insertPupil(t.deps.db, { userId: family.id, name, yearGroup: 'y10' });
      await joinOk(family, start!, [pupil]);
    }
    const dana = await signedInUser(t);
    await joinOk(dana, start!);

    await cancel(carol, bookingId);
    const offered = (await myPlaces(family)).filter((place) => place.offer);
    expect(offered).toHaveLength(1);
    expect(await placeOpened(family)).toHaveLength(1);

    // The family lets it lapse: the seat passes to Dana within that one hold period.
    setNow(t, new Date(new Date(offered[0]!.offer!.expiresAt).getTime() + 60_000));
    const [danas] = await myPlaces(dana);
    expect(danas!.offer).not.toBeNull();
    expect(await placeOpened(dana)).toHaveLength(1);
    // All five children still wait, now behind Dana (the one offered back at the end), with no
    // second offer; the family hears once that the held place passed, naming the child.
    const stillWaiting = await myPlaces(family);
    expect(stillWaiting).toHaveLength(5);
    expect(stillWaiting.every((place) => place.offer === null)).toBe(true);
    expect(await placeOpened(family)).toHaveLength(1);
    const passed = await placePassed(family);
    expect(passed).toHaveLength(1);
    expect(passed[0]?.text).toContain(
      `The place we held for ${offered[0]!.pupil.name} was not booked in time`,
    );
  });

  it("passes a declined offer to the next family, not to the decliner's other child", async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 11 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const family = await signedInUser(t);
    const sam = await insertPupil(t.deps.db, { userId: family.id, name: 'Sam', yearGroup: 'y10' });
    const kim = await insertPupil(t.deps.db, { userId: family.id, name: 'Kim', yearGroup: 'y10' });
    const samPlace = await joinOk(family, start!, [sam]);
    await joinOk(family, start!, [kim]);
    const dana = await signedInUser(t);
    await joinOk(dana, start!);

    await cancel(carol, bookingId);
    const declined = await api(t, `/api/me/waitlist/${samPlace.id}`, {
      method: 'DELETE',
      cookie: family.cookie,
      ip: family.ip,
    });
    expect(declined.status).toBe(204);
    expect((await myPlaces(dana))[0]!.offer).not.toBeNull();
    expect(await myPlaces(family)).toMatchObject([{ pupil: { id: kim }, offer: null }]);
  });

  it('offers siblings together only when enough seats free at once, else the first alone', async () => {
    const [start] = await bookableStarts(t, SERVICE, 1, { skip: 7 });
    const carol = await signedInUser(t);
    const bookingId = await fullSessionHeldBy(carol, start!);
    const family = await signedInUser(t);
    const sam = await insertPupil(t.deps.db, { userId: family.id, name: 'Sam', yearGroup: 'y10' });
    const kim = await insertPupil(t.deps.db, { userId: family.id, name: 'Kim', yearGroup: 'y10' });
    const joined = await joinOk(family, start!, [sam, kim]);
    expect(joined.places.map((p) => p.position)).toEqual([1, 2]);

    await cancel(carol, bookingId);
    const places = await myPlaces(family);
    const byPupil = new Map(places.map((p) => [p.pupil.id, p]));
    expect(byPupil.get(sam)!.offer).not.toBeNull();
    expect(byPupil.get(kim)).toMatchObject({ offer: null, position: 1 });
    const [mail] = await placeOpened(family);
    expect(mail!.text).toContain('for Sam');
    expect(mail!.text).not.toContain('for Kim');
  });
});

describe('the offer window', () => {
  const start = new Date('2026-11-10T18:00:00Z');

  it('is the offer time, capped at 2 hours before the start, and none under 30 minutes', () => {
    const at = (iso: string) => offerExpiry(new Date(iso), start, 12)?.toISOString() ?? null;
    expect(at('2026-11-08T09:00:00Z')).toBe('2026-11-08T21:00:00.000Z');
    expect(at('2026-11-10T09:00:00Z')).toBe('2026-11-10T16:00:00.000Z');
    expect(at('2026-11-10T15:30:00Z')).toBe('2026-11-10T16:00:00.000Z');
    expect(at('2026-11-10T15:30:01Z')).toBeNull();
    expect(at('2026-11-10T17:00:00Z')).toBeNull();
  });

  it('caps a real offer at 2 hours before the start, and returns the seat to sale inside the floor', async () => {
    const [start1, start2] = await bookableStarts(t, SERVICE, 2, { skip: 8 });
    const carol = await signedInUser(t);
    const alice = await signedInUser(t);
    const booked = await fullSessionHeldBy(carol, start1!);
    await joinOk(alice, start1!);
    setNow(t, new Date(new Date(start1!).getTime() - 5 * HOUR));
    await cancel(carol, booked);
    const offer = (await myPlaces(alice))[0]!.offer!;
    expect(offer.expiresAt).toBe(new Date(new Date(start1!).getTime() - 2 * HOUR).toISOString());

    // Second session: the cancel comes 2h20m before the start, under the 30-minute floor.
    setNow(t, NOW);
    const dave = await signedInUser(t);
    const bob = await signedInUser(t);
    await fillSeats(t, SERVICE, start2!, 9);
    await bookPaid(t, dave, [start2!], SERVICE);
    await joinOk(bob, start2!);
    const [daves] = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, dave.id), eq(bookings.status, 'confirmed')));
    setNow(t, new Date(new Date(start2!).getTime() - 140 * 60_000));
    await cancel(dave, daves!.id);
    expect(await myPlaces(bob)).toMatchObject([{ offer: null }]);
    expect(await takenAt(start2!)).toBe(9);
    const late = await join(await signedInUser(t), start2!);
    expect(late.status).toBe(409);
  });
});
