import { BookingListSchema, ReceiptListSchema, ReceiptSchema } from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookableStarts,
  bookPaid,
  checkoutOk,
  checkoutStatus,
  setNow,
} from '../testing/checkout-test-kit.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { addressLines } from './receipts.ts';

const NOW = '2026-11-03T09:00:00Z';

async function receipt(t: TestApp, customer: TestUser | undefined, id: string) {
  return api(t, `/api/me/receipts/${id}`, customer ? { cookie: customer.cookie } : {});
}

async function upcoming(t: TestApp, customer: TestUser) {
  const res = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
  return contractBody(res, BookingListSchema);
}

describe('receipts: /api/me/receipts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("prints each seat as it stands now: kept, cancelled, or moved and where to, with the seller's details", async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t, { name: 'Ada Parent' });
    const [first, second, third, later] = await bookableStarts(t, 'gcse-higher', 4);
    const paid = await bookPaid(t, owner, [first!, second!, third!]);

    const booked = await upcoming(t, owner);
    const byStart = new Map(booked.map((b) => [b.startsAt, b.id]));
    const cancel = await api(t, `/api/me/bookings/${byStart.get(second!)}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(200);
    const move = await api(t, `/api/me/bookings/${byStart.get(third!)}/reschedule`, {
      body: { startsAt: later },
      cookie: owner.cookie,
    });
    expect(move.status).toBe(200);

    const res = await receipt(t, owner, paid.checkoutId);
    expect(res.status).toBe(200);
    const body = await contractBody(res, ReceiptSchema);
    expect(body).toMatchObject({
      paymentId: paid.checkoutId,
      amountPence: 4500,
      sessionCount: 3,
      isSpecialOffer: false,
      paidAt: new Date(NOW).toISOString(),
      seller: {
        name: 'Maths Mastery Education',
        address: ['1 Example Street', 'London', 'SW1A 1AA'],
        vatNumber: null,
      },
    });
    // The provider's payment id (Stripe's payment intent), which staff look up.
    const row = await checkoutStatus(t, paid.checkoutId);
    expect(row?.paymentIntentId).toBeTruthy();
    expect(body.reference).toBe(row?.paymentIntentId);
    expect(body.lines.map((l) => [l.startsAt, l.status, l.movedTo?.startsAt ?? null])).toEqual([
      [first, 'confirmed', null],
      [second, 'cancelled', null],
      [third, 'rescheduled', later],
    ]);
    expect(body.lines[2]?.movedTo?.status).toBe('confirmed');
    expect(body.lines[0]?.pupil.name).toBe('Ada Parent');
    expect(body.lines[0]?.label).toBeTruthy();
  });

  it('follows a seat moved twice to where it is now', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    // Skipping today's session: a move is allowed up to 24 hours before the start.
    const [start, second, third] = await bookableStarts(t, 'ks3', 3, { skip: 1 });
    const paid = await bookPaid(t, owner, [start!], 'ks3');
    const [booking] = await upcoming(t, owner);
    const once = await api(t, `/api/me/bookings/${booking!.id}/reschedule`, {
      body: { startsAt: second },
      cookie: owner.cookie,
    });
    expect(once.status).toBe(200);
    const [moved] = await upcoming(t, owner);
    const twice = await api(t, `/api/me/bookings/${moved!.id}/reschedule`, {
      body: { startsAt: third },
      cookie: owner.cookie,
    });
    expect(twice.status).toBe(200);

    const body = await contractBody(await receipt(t, owner, paid.checkoutId), ReceiptSchema);
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({
      startsAt: start,
      status: 'rescheduled',
      movedTo: { startsAt: third, status: 'confirmed' },
    });
  });

  it("answers another account's payment exactly as an unknown one: 404, nothing revealed", async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const paid = await bookPaid(t, owner, await bookableStarts(t, 'sats', 1), 'sats');

    const theirs = await receipt(t, stranger, paid.checkoutId);
    const unknown = await receipt(t, stranger, crypto.randomUUID());
    const malformed = await receipt(t, stranger, 'not-a-payment');
    expect([theirs.status, unknown.status, malformed.status]).toEqual([404, 404, 404]);
    const [a, b, c] = await Promise.all([theirs.json(), unknown.json(), malformed.json()]);
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    expect(JSON.stringify(a)).not.toContain(paid.checkoutId);

    const list = await api(t, '/api/me/receipts', { cookie: stranger.cookie });
    expect(await contractBody(list, ReceiptListSchema)).toEqual([]);
  });

  it('has no receipt for a checkout not paid, and none for a signed-out visitor', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const pending = await checkoutOk(t, owner, await bookableStarts(t, 'aslevel', 1), 'aslevel');
    expect((await receipt(t, owner, pending.checkoutId)).status).toBe(404);
    expect((await api(t, '/api/me/receipts', { cookie: owner.cookie })).status).toBe(200);

    const paid = await bookPaid(t, owner, await bookableStarts(t, 'alevel', 1), 'alevel');
    expect((await receipt(t, undefined, paid.checkoutId)).status).toBe(401);
    expect((await api(t, '/api/me/receipts')).status).toBe(401);
  });

  it('lists only paid checkouts, newest first, and prints the VAT number once the CMS has one', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const older = await bookPaid(t, owner, await bookableStarts(t, 'gcse', 1), 'gcse');
    setNow(t, '2026-11-03T10:00:00Z');
    const newer = await bookPaid(t, owner, await bookableStarts(t, 'ks3', 1, { skip: 5 }), 'ks3');
    await checkoutOk(t, owner, await bookableStarts(t, 'ks3', 1, { skip: 6 }), 'ks3');

    const content = t.deps.content;
    const siteSettings = content.siteSettings;
    content.siteSettings = async () => {
      const settings = await siteSettings();
      return { ...settings, business: { ...settings.business, vatNumber: 'GB123456789' } };
    };
    try {
      const res = await api(t, '/api/me/receipts', { cookie: owner.cookie });
      const list = await contractBody(res, ReceiptListSchema);
      expect(list.map((r) => r.paymentId)).toEqual([newer.checkoutId, older.checkoutId]);
      expect(list.every((r) => r.seller.vatNumber === 'GB123456789')).toBe(true);
    } finally {
      content.siteSettings = siteSettings;
    }
  });
});

describe('addressLines', () => {
  it('prints the CMS address line by line, without blank lines or stray spaces', () => {
    expect(addressLines(' 1 Example Street \r\n\nLondon\nSW1A 1AA\n')).toEqual([
      '1 Example Street',
      'London',
      'SW1A 1AA',
    ]);
  });
});
