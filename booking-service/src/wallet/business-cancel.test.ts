import {
  AdminCancelledBookingSchema,
  BookabilitySchema,
  SessionCancelledSchema,
  PaymentListSchema,
  StartedCheckoutSchema,
  WalletSchema,
} from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, classSessions, paymentRefunds } from '../db/schema.ts';
import type { LocalPaymentProvider } from '../payments/local-provider.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bookableStarts, buyPack, pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT

/*
 * When the business cancels, the family is made whole (docs/decisions/077): a card-paid seat
 * is refunded at the price it was charged or becomes a session of credit; a credit-paid seat
 * gets its session back; a cancel the family asked for gives nothing back.
 */
describe.each(TEST_DB_KINDS)('the business cancels a seat on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const provider = () => t.deps.payments as LocalPaymentProvider;
  const wallet = async (customer: TestUser) =>
    contractBody(await api(t, '/api/me/wallet', { cookie: customer.cookie }), WalletSchema);

  async function paidByCard(customer: TestUser, service: 'ks3' | 'gcse', count: number) {
    const res = await api(t, '/api/checkout', {
      body: { service, startsAt: await bookableStarts(t, service, count) },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    const started = await contractBody(res, StartedCheckoutSchema);
    expect((await pressPay(t, started.checkoutId, customer)).status).toBe(303);
    return t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.checkoutId, started.checkoutId), eq(bookings.status, 'confirmed')));
  }

  const cancel = async (bookingId: string, remedy?: 'credit' | 'refund' | 'none') => {
    const res = await api(t, `/api/admin/bookings/${bookingId}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
      ...(remedy ? { body: { remedy } } : {}),
    });
    expect(res.status).toBe(200);
    return contractBody(res, AdminCancelledBookingSchema);
  };

  it('refunds a bundle seat its £10 share to the card, once, and says so', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const seats = await paidByCard(customer, 'gcse', 10); // £100: £10 a seat
    const refundsBefore = provider().refunds.length;
    const cancelled = await cancel(seats[0]!.id, 'refund');
    expect(cancelled.remedy).toEqual({ remedy: 'refund', refundedPence: 1000, creditReturned: 0 });
    expect(provider().refunds.slice(refundsBefore)).toEqual([
      expect.objectContaining({ amountPence: 1000 }),
    ]);
    const [row] = await t.deps.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, seats[0]!.id));
    expect(row?.refundedAt).not.toBeNull();
    const payments = await contractBody(
      await api(t, '/api/me/payments', { cookie: customer.cookie }),
      PaymentListSchema,
    );
    expect(payments[0]).toMatchObject({ amountPence: 10_000, refundedPence: 1000 });
    const mail = (await mailTo(t, customer.email)).find((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(mail?.text).toContain('We have refunded £10.00 to your card');
    // The seat is cancelled once: a second cancel is refused and refunds nothing more.
    const again = await api(t, `/api/admin/bookings/${seats[0]!.id}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { remedy: 'refund' },
    });
    expect(again.status).toBe(409);
    expect(provider().refunds.length).toBe(refundsBefore + 1);
  });

  it('gives a card-paid seat one session of credit worth what it was charged', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const [seat] = await paidByCard(customer, 'ks3', 1); // £15
    const cancelled = await cancel(seat!.id, 'credit');
    expect(cancelled.remedy).toEqual({ remedy: 'credit', refundedPence: 0, creditReturned: 1 });
    const mine = await wallet(customer);
    expect(mine.balance).toBe(1);
    expect(mine.lots[0]).toMatchObject({
      name: 'Credit for a cancelled lesson',
      sessions: 1,
      pricePaidPence: 1500,
      refundableUntil: null,
    });
    expect(mine.history[0]).toMatchObject({ reason: 'return', change: 1 });
    expect(mine.history[0]?.note).toBe('Cancelled by us');
    const mail = (await mailTo(t, customer.email)).find((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(mail?.text).toContain('We have added a session of credit to your account');
  });

  it("tells the family the admin's reason, as a whole-session cancel does", async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const [withReason, without] = await paidByCard(customer, 'gcse', 2);
    const res = await api(t, `/api/admin/bookings/${withReason!.id}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { remedy: 'credit', reason: '  Our tutor is ill  ' },
    });
    expect(res.status).toBe(200);
    const told = (await mailTo(t, customer.email)).filter((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('The reason: Our tutor is ill\n');
    expect(told[0]?.html).toContain('The reason: Our tutor is ill');
    expect(told[0]?.text).toContain('We have added a session of credit');
    // A blank reason is no reason: the mail gives none.
    const blank = await api(t, `/api/admin/bookings/${without!.id}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { remedy: 'refund', reason: '   ' },
    });
    expect(blank.status).toBe(200);
    const others = (await mailTo(t, customer.email)).filter(
      (m) => m.subject.startsWith('Booking cancelled') && !m.text.includes('Our tutor is ill'),
    );
    expect(others).toHaveLength(1);
    expect(others[0]?.text).not.toContain('The reason');
  });

  it('refuses a reason longer than a whole-session cancel takes, and cancels nothing', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [seat] = await paidByCard(customer, 'ks3', 1);
    const res = await api(t, `/api/admin/bookings/${seat!.id}/cancel`, {
      method: 'POST',
      cookie: admin.cookie,
      body: { remedy: 'credit', reason: 'x'.repeat(301) },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'reason' }] });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, seat!.id));
    expect(row?.status).toBe('confirmed');
  });

  it("returns a credit-paid seat's session to its own lot, never money", async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(t, customer);
    const starts = await bookableStarts(t, 'aslevel', 2);
    const booked = await contractBody(
      await api(t, '/api/checkout', {
        body: { service: 'aslevel', startsAt: starts },
        cookie: customer.cookie,
        ip: customer.ip,
      }),
      StartedCheckoutSchema,
    );
    expect(booked).toMatchObject({ status: 'paid', creditUsed: 2 });
    const [seat] = await t.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.checkoutId, booked.checkoutId));
    // Even with "refund", a credit-paid seat gets its credit back, not money.
    const cancelled = await cancel(seat!.id, 'refund');
    expect(cancelled.remedy).toEqual({ remedy: 'refund', refundedPence: 0, creditReturned: 1 });
    const mine = await wallet(customer);
    expect(mine.balance).toBe(9);
    expect(mine.lots).toHaveLength(1);
    expect(mine.lots[0]?.remaining).toBe(9);
  });

  it('gives nothing back for a cancel without a remedy, as today', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [seat] = await paidByCard(customer, 'ks3', 1);
    const refundsBefore = provider().refunds.length;
    const cancelled = await cancel(seat!.id);
    expect(cancelled.remedy).toEqual({ remedy: 'none', refundedPence: 0, creditReturned: 0 });
    expect(provider().refunds.length).toBe(refundsBefore);
    expect((await wallet(customer)).balance).toBe(0);
  });

  it("returns a family's own early cancel as credit only where the CMS says so", async () => {
    setNow(t, NOW);
    const content = t.deps.content;
    const original = content.siteSettings;
    content.siteSettings = async () => ({
      ...(await original()),
      customerCancelReturnsCredit: true,
    });
    try {
      const customer = await signedInUser(t, { name: 'Priya Shah' });
      const seats = await paidByCard(customer, 'gcse', 2);
      const starts = await t.deps.db
        .select({ id: classSessions.id, startsAt: classSessions.startsAt })
        .from(classSessions);
      const startOf = (sessionId: string) =>
        starts.find((row) => row.id === sessionId)!.startsAt.getTime();
      // The first GCSE session is at 5pm today (8 hours away); the next is days ahead.
      const [soon, later] = [...seats].sort((a, b) => startOf(a.sessionId) - startOf(b.sessionId));
      expect(startOf(soon!.sessionId) - new Date(NOW).getTime()).toBeLessThan(24 * 60 * 60_000);
      const own = (id: string) =>
        api(t, `/api/me/bookings/${id}/cancel`, {
          method: 'POST',
          cookie: customer.cookie,
          ip: customer.ip,
        });
      expect((await own(later!.id)).status).toBe(200);
      expect((await wallet(customer)).balance).toBe(1);
      const mail = (await mailTo(t, customer.email)).find((m) =>
        m.subject.startsWith('Booking cancelled'),
      );
      expect(mail?.text).toContain('the session has been returned to your account');
      // Inside 24 hours of the start nothing comes back.
      expect((await own(soon!.id)).status).toBe(200);
      expect((await wallet(customer)).balance).toBe(1);
    } finally {
      content.siteSettings = original;
      setNow(t, NOW);
    }
  });

  it('cancels a whole session for everyone: credit back, one e-mail per family, no more bookings', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'alevel', 1, { skip: 3 });
    // One family pays with its pack for two children; another pays by card.
    const withPack = await signedInUser(t, { name: 'Priya Shah' });
    await buyPack(t, withPack);
    const maya = await insertPupil(t.deps.db, { userId: withPack.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: withPack.id, name: 'Arjun' });
    const credit = await contractBody(
      await api(t, '/api/checkout', {
        body: { service: 'alevel', startsAt: [start], pupilIds: [maya, arjun] },
        cookie: withPack.cookie,
        ip: withPack.ip,
      }),
      StartedCheckoutSchema,
    );
    expect(credit).toMatchObject({ status: 'paid', creditUsed: 2 });
    const byCard = await signedInUser(t, { name: 'Sam Jones' });
    const card = await contractBody(
      await api(t, '/api/checkout', {
        body: { service: 'alevel', startsAt: [start] },
        cookie: byCard.cookie,
        ip: byCard.ip,
      }),
      StartedCheckoutSchema,
    );
    await pressPay(t, card.checkoutId, byCard);
    const [seat] = await t.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.checkoutId, card.checkoutId));

    const res = await api(t, `/api/admin/sessions/${seat!.sessionId}/cancel`, {
      body: { remedy: 'credit', reason: 'Our tutor is ill' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(res.status).toBe(200);
    const done = await contractBody(res, SessionCancelledSchema);
    expect(done.seats.map((s) => [s.pupil.name, s.creditReturned]).sort()).toEqual([
      ['Arjun', 1],
      ['Maya', 1],
      ['Sam Jones', 1],
    ]);
    expect((await wallet(withPack)).balance).toBe(10);
    expect((await wallet(byCard)).lots[0]).toMatchObject({ remaining: 1, pricePaidPence: 1500 });

    const family = (await mailTo(t, withPack.email)).filter((m) =>
      m.subject.startsWith('Session cancelled'),
    );
    expect(family).toHaveLength(1);
    expect(family[0]?.text).toContain('booked for Arjun and Maya');
    expect(family[0]?.text).toContain('The reason: Our tutor is ill');
    expect(family[0]?.text).toContain('We have added 2 sessions of credit');

    // Nobody can book it, move onto it or cancel it twice.
    const again = await contractBody(
      await api(t, '/api/bookability', {
        body: { service: 'alevel', startsAt: [start] },
        cookie: byCard.cookie,
        ip: byCard.ip,
      }),
      BookabilitySchema,
    );
    expect(again.results[0]?.status).toBe('invalid');
    const rebook = await api(t, '/api/checkout', {
      body: { service: 'alevel', startsAt: [start] },
      cookie: byCard.cookie,
      ip: byCard.ip,
    });
    expect(rebook.status).toBe(400);
    const twice = await api(t, `/api/admin/sessions/${seat!.sessionId}/cancel`, {
      body: { remedy: 'credit', reason: 'again' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(twice.status).toBe(409);
    const missing = await api(t, `/api/admin/sessions/${crypto.randomUUID()}/cancel`, {
      body: { remedy: 'credit', reason: 'none' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(missing.status).toBe(404);
  });
});
