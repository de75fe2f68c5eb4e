import {
  AvailabilitySchema,
  type AvailabilitySlot,
  BookabilitySchema,
  BookingListSchema,
  OpenCheckoutListSchema,
  StartedCheckoutSchema,
} from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatsTaken } from '../sessions/seats.ts';
import { handlePaymentEvent } from './payment-events.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LocalPaymentProvider } from '../payments/local-provider.ts';
import {
  bookableStarts,
  bookPaid,
  checkoutOk,
  checkoutStatus,
  fillSeats,
  postCheckout,
  setNow,
} from '../testing/checkout-test-kit.ts';

/*
 * Decision 041: a customer's own unpaid checkout is "pending", never "Already Booked";
 * checking the same sessions out again replaces it; only its owner can see or release it; an
 * admin acting for a customer sees that customer's seats.
 */

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT

/** The local provider, noting which payment pages were closed. */
class RecordingProvider extends LocalPaymentProvider {
  readonly closed: string[] = [];
  override async closeHostedPage(providerSessionId: string): Promise<void> {
    this.closed.push(providerSessionId);
    await super.closeHostedPage(providerSessionId);
  }
}

async function slots(t: TestApp, query: string, cookie?: string) {
  const res = await api(t, `/api/availability?${query}`, cookie ? { cookie } : {});
  expect(res.status, await res.clone().text()).toBe(200);
  return (await contractBody(res, AvailabilitySchema)).slots;
}

/** The slot of one start, as `who` sees it (signed out when undefined). */
async function slotAt(t: TestApp, service: string, startsAt: string, who?: TestUser) {
  const day = startsAt.slice(0, 10);
  const list = await slots(t, `service=${service}&from=${day}&to=${day}`, who?.cookie);
  return list.find((s) => s.startsAt === startsAt);
}

async function bookability(
  t: TestApp,
  who: TestUser | undefined,
  service: string,
  startsAt: string[],
  query = '',
) {
  return api(t, `/api/bookability${query}`, {
    body: { service, startsAt },
    ...(who ? { cookie: who.cookie } : {}),
  });
}

async function openCheckouts(t: TestApp, who: TestUser) {
  const res = await api(t, '/api/checkout/pending', { cookie: who.cookie });
  expect(res.status).toBe(200);
  return contractBody(res, OpenCheckoutListSchema);
}

describe.each(TEST_DB_KINDS)('pending checkouts on %s', (dbKind) => {
  let t: TestApp;
  let payments: RecordingProvider;
  beforeAll(async () => {
    payments = new RecordingProvider();
    t = await createTestApp({ dbKind, now: NOW, payments });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows an unpaid checkout as pending to its owner and as a taken seat to everyone else', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const [start] = await bookableStarts(t, 'ks3', 1);
    await checkoutOk(t, owner, [start!], 'ks3');

    expect(await slotAt(t, 'ks3', start!, owner)).toMatchObject({
      state: 'pending',
      seatsLeft: 9,
    });
    expect(await slotAt(t, 'ks3', start!, other)).toMatchObject({
      state: 'available',
      seatsLeft: 9,
    });
    const mine = await bookability(t, owner, 'ks3', [start!]);
    expect((await contractBody(mine, BookabilitySchema)).results).toMatchObject([
      { startsAt: start, status: 'pending' },
    ]);
    const theirs = await bookability(t, other, 'ks3', [start!]);
    expect((await contractBody(theirs, BookabilitySchema)).results).toMatchObject([
      { startsAt: start, status: 'ok' },
    ]);
  });

  it('keeps "duplicate" for a confirmed booking only', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [start] = await bookableStarts(t, 'gcse', 1, { skip: 1 });
    await bookPaid(t, customer, [start!], 'gcse');

    expect(await slotAt(t, 'gcse', start!, customer)).toMatchObject({ state: 'booked' });
    const check = await bookability(t, customer, 'gcse', [start!]);
    expect((await contractBody(check, BookabilitySchema)).results).toMatchObject([
      { startsAt: start, status: 'duplicate' },
    ]);
    const again = await postCheckout(t, customer, [start!], 'gcse');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'duplicate', slots: [start] });
    expect(await openCheckouts(t, customer)).toEqual([]);
  });

  it('replaces the older unpaid checkout of the same sessions instead of refusing', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [a, b, c, elsewhere] = await bookableStarts(t, 'gcse-higher', 4, { skip: 2 });
    const first = await checkoutOk(t, customer, [a!, b!]);
    const unrelated = await checkoutOk(t, customer, [elsewhere!]);

    const second = await postCheckout(t, customer, [b!, c!]);
    expect(second.status).toBe(201);
    const body = await contractBody(second, StartedCheckoutSchema);
    expect(body.replacedCheckoutIds).toEqual([first.checkoutId]);
    expect((await checkoutStatus(t, first.checkoutId))?.status).toBe('cancelled');
    expect((await checkoutStatus(t, unrelated.checkoutId))?.status).toBe('pending');
    // The replaced page was closed, as a Release closes it.
    const firstPage = (await checkoutStatus(t, first.checkoutId))?.providerSessionId;
    expect(firstPage).toBeTruthy();
    expect(payments.closed).toContain(firstPage);

    // One seat each, never two for the same customer; the dropped session is free again.
    const ids = await Promise.all(
      [a!, b!, c!].map(async (s) => (await slotAt(t, 'gcse-higher', s))!.sessionId),
    );
    const taken = await seatsTaken(t.deps.db, ids, new Date(NOW));
    expect(ids.map((id) => taken.get(id))).toEqual([0, 1, 1]);
    // Everyone else still sees the held seats taken.
    expect((await slotAt(t, 'gcse-higher', b!, stranger))?.seatsLeft).toBe(9);

    expect((await openCheckouts(t, customer)).map((o) => o.checkoutId).sort()).toEqual(
      [body.checkoutId, unrelated.checkoutId].sort(),
    );
  });

  it('lets the customer replace their hold on the last seat, and nobody else take it', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [start] = await bookableStarts(t, 'alevel', 1, { skip: 2 });
    await fillSeats(t, 'alevel', start!, 9);
    const first = await checkoutOk(t, customer, [start!], 'alevel');
    expect(await slotAt(t, 'alevel', start!, customer)).toMatchObject({
      state: 'pending',
      seatsLeft: 0,
    });
    const check = await bookability(t, customer, 'alevel', [start!]);
    expect((await contractBody(check, BookabilitySchema)).results).toMatchObject([
      { startsAt: start, status: 'pending' },
    ]);

    const second = await checkoutOk(t, customer, [start!], 'alevel');
    expect(second.replacedCheckoutIds).toEqual([first.checkoutId]);
    const late = await postCheckout(t, await signedInUser(t), [start!], 'alevel');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'full' });
  });

  it('keeps the older checkout when the new one is refused', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [held, full] = await bookableStarts(t, 'sats', 2, { skip: 1 });
    const first = await checkoutOk(t, customer, [held!], 'sats');
    await fillSeats(t, 'sats', full!, 10);
    const refused = await postCheckout(t, customer, [held!, full!], 'sats');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'full', slots: [full] });
    expect((await checkoutStatus(t, first.checkoutId))?.status).toBe('pending');
    expect((await openCheckouts(t, customer)).map((o) => o.checkoutId)).toEqual([first.checkoutId]);
  });

  it('refunds a payment that still lands on a replaced page instead of booking twice', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [start] = await bookableStarts(t, 'aslevel', 1, { skip: 1 });
    const first = await checkoutOk(t, customer, [start!], 'aslevel');
    const second = await checkoutOk(t, customer, [start!], 'aslevel');
    const firstPage = (await checkoutStatus(t, first.checkoutId))?.providerSessionId ?? '';
    const outcome = await handlePaymentEvent(
      { ...t.deps, payments },
      {
        id: `evt_${first.checkoutId}`,
        kind: 'completed',
        checkoutId: first.checkoutId,
        providerSessionId: firstPage,
        paymentIntentId: `pi_${first.checkoutId}`,
        amountTotal: first.amountPence,
        currency: 'gbp',
      },
    );
    expect(outcome).toBe('refunded');
    expect((await checkoutStatus(t, second.checkoutId))?.status).toBe('pending');
    const upcoming = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
    expect(await upcoming.json()).toEqual([]);
  });

  it('lists only the open checkouts of the signed-in user, with the page to resume', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const stranger = await signedInUser(t);
    const starts = await bookableStarts(t, 'ks3', 2, { skip: 4 });
    const started = await checkoutOk(t, customer, starts, 'ks3');
    await checkoutOk(t, stranger, [starts[0]!], 'ks3');

    expect(await openCheckouts(t, customer)).toEqual([
      {
        checkoutId: started.checkoutId,
        expiresAt: started.expiresAt,
        resumeUrl: started.url,
        amountPence: 3000,
        sessionCount: 2,
        isSpecialOffer: false,
        sessions: [
          expect.objectContaining({ startsAt: starts[0], label: 'KS3' }),
          expect.objectContaining({ startsAt: starts[1], label: 'KS3' }),
        ],
      },
    ]);
    expect((await api(t, '/api/checkout/pending')).status).toBe(401);

    // A lapsed hold is no longer open, even before the sweep marks it expired.
    setNow(t, new Date(new Date(NOW).getTime() + 31 * 60_000));
    expect(await openCheckouts(t, customer)).toEqual([]);
  });

  it('lets only the owner release a checkout, and frees its seats at once', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [start] = await bookableStarts(t, 'gcse', 1, { skip: 5 });
    const started = await checkoutOk(t, owner, [start!], 'gcse');
    const release = (who?: TestUser, origin?: string) =>
      api(t, `/api/checkout/${started.checkoutId}/cancel`, {
        method: 'POST',
        ...(who ? { cookie: who.cookie } : {}),
        ...(origin ? { origin } : {}),
      });

    expect((await release()).status).toBe(401);
    expect((await release(stranger)).status).toBe(404);
    expect((await release(owner, 'https://evil.example')).status).toBe(403);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('pending');
    expect((await slotAt(t, 'gcse', start!))?.seatsLeft).toBe(9);

    const released = await release(owner);
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ status: 'cancelled' });
    expect(await slotAt(t, 'gcse', start!, owner)).toMatchObject({
      state: 'available',
      seatsLeft: 10,
    });
    expect(await openCheckouts(t, owner)).toEqual([]);
  });

  it("answers 404 for another customer's checkout summary, paid or not", async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [paidStart, openStart] = await bookableStarts(t, 'sats', 2, { skip: 4 });
    const paid = await bookPaid(t, owner, [paidStart!], 'sats');
    const open = await checkoutOk(t, owner, [openStart!], 'sats');
    for (const id of [paid.checkoutId, open.checkoutId]) {
      const res = await api(t, `/api/checkout/${id}`, { cookie: stranger.cookie });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('amountPence');
      expect((await api(t, `/api/checkout/${id}`)).status).toBe(401);
    }
    const own = await api(t, `/api/checkout/${paid.checkoutId}`, { cookie: owner.cookie });
    expect(await own.json()).toMatchObject({ status: 'paid', sessionCount: 1 });
    const unknown = await api(t, `/api/checkout/${crypto.randomUUID()}`, { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
  });

  it('refuses to reschedule a booking onto a seat the customer is still paying for', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [booked, paying] = await bookableStarts(t, 'gcse-higher', 2, { skip: 8 });
    await bookPaid(t, customer, [booked!]);
    await checkoutOk(t, customer, [paying!]);
    const [booking] = await contractBody(
      await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie }),
      BookingListSchema,
    );
    const res = await api(t, `/api/me/bookings/${booking!.id}/reschedule`, {
      body: { startsAt: paying },
      cookie: customer.cookie,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'pending', slots: [paying] });
  });
});

describe.each(TEST_DB_KINDS)('forUser: an admin acting for a customer on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let other: TestUser;
  let booked: string;
  let paying: string;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { role: 'admin' });
    customer = await signedInUser(t);
    other = await signedInUser(t);
    [booked, paying] = (await bookableStarts(t, 'gcse', 2, { skip: 6 })) as [string, string];
    await bookPaid(t, customer, [booked], 'gcse');
    await checkoutOk(t, customer, [paying], 'gcse');
  });
  afterAll(async () => {
    await t?.close();
  });

  const window = () => `service=gcse&from=${booked.slice(0, 10)}&to=${paying.slice(0, 10)}`;
  const stateOf = (list: AvailabilitySlot[], start: string) =>
    list.find((s) => s.startsAt === start)?.state;

  it('answers availability as the customer sees it: their booking booked, their payment pending', async () => {
    const asCustomer = await slots(t, `${window()}&forUser=${customer.id}`, admin.cookie);
    expect(stateOf(asCustomer, booked)).toBe('booked');
    expect(stateOf(asCustomer, paying)).toBe('pending');
    // Without forUser the admin sees their own (empty) view.
    const asAdmin = await slots(t, window(), admin.cookie);
    expect(stateOf(asAdmin, booked)).toBe('available');
  });

  it('answers bookability as the customer sees it', async () => {
    const res = await bookability(
      t,
      admin,
      'gcse',
      [booked, paying],
      `?forUser=${encodeURIComponent(customer.id)}`,
    );
    expect(res.status).toBe(200);
    expect((await contractBody(res, BookabilitySchema)).results).toMatchObject([
      { startsAt: booked, status: 'duplicate' },
      { startsAt: paying, status: 'pending' },
    ]);
  });

  it('refuses forUser to anyone but an admin', async () => {
    for (const who of [other, customer]) {
      const res = await api(t, `/api/availability?${window()}&forUser=${customer.id}`, {
        cookie: who.cookie,
      });
      expect(res.status).toBe(403);
      const check = await bookability(t, who, 'gcse', [booked], `?forUser=${customer.id}`);
      expect(check.status).toBe(403);
    }
    expect((await api(t, `/api/availability?${window()}&forUser=${customer.id}`)).status).toBe(401);
    expect((await bookability(t, undefined, 'gcse', [booked], `?forUser=x`)).status).toBe(401);
  });

  it('answers 404 for a user id that does not exist, and 400 for an empty one', async () => {
    const unknown = await api(t, `/api/availability?${window()}&forUser=no-such-user`, {
      cookie: admin.cookie,
    });
    expect(unknown.status).toBe(404);
    const empty = await api(t, `/api/availability?${window()}&forUser=`, {
      cookie: admin.cookie,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      errors: [expect.objectContaining({ field: 'forUser' })],
    });
  });

  it('documents forUser and the pending checkouts route in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
    };
    const params = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).map((p) => p.name);
    expect(params('/api/availability', 'get')).toContain('forUser');
    expect(params('/api/bookability', 'post')).toContain('forUser');
    expect(Object.keys(doc.paths['/api/checkout/pending'] ?? {})).toEqual(['get']);
  });
});
