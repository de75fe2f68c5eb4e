import {
  BookabilitySchema,
  ClassListSchema,
  TermCheckoutSchema,
  TermQuoteSchema,
  CheckoutSummarySchema,
  PackListSchema,
  PaymentListSchema,
  StartedCheckoutSchema,
  StartedPackCheckoutSchema,
  WalletSchema,
} from '@tuition/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, creditLedger, creditLots } from '../db/schema.ts';
import { expireLapsedCheckouts } from '../checkout/lapsed-checkout-sweep.ts';
import { handlePaymentEvent } from '../checkout/payment-events.ts';
import { CORE_TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bookableStarts, checkoutStatus, pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT

describe.each(CORE_TEST_DB_KINDS)('the family wallet on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  const wallet = async (customer: TestUser) =>
    contractBody(await api(t, '/api/me/wallet', { cookie: customer.cookie }), WalletSchema);

  async function buyPack(customer: TestUser) {
    const res = await api(t, '/api/checkout/pack', {
      body: { packId: 'ten-session-pack', pricePence: 1 },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect(res.status).toBe(201);
    const started = await contractBody(res, StartedPackCheckoutSchema);
    expect((await pressPay(t, started.checkoutId, customer)).status).toBe(303);
    return started;
  }

  async function checkout(
    customer: TestUser,
    body: { startsAt: string[]; pupilIds?: string[]; useCredit?: boolean; service?: string },
  ) {
    const res = await api(t, '/api/checkout', {
      body: { service: 'gcse-higher', ...body },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    if (res.status !== 201) throw new Error(`checkout: ${res.status} ${await res.text()}`);
    return contractBody(res, StartedCheckoutSchema);
  }

  /** Balance, and the sum of the ledger, and of the lots: always the same number. */
  async function ledgerAgrees(customer: TestUser) {
    const [ledger] = await t.deps.db
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.change}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, customer.id));
    const [lots] = await t.deps.db
      .select({ sum: sql<number>`coalesce(sum(${creditLots.remaining}), 0)::int` })
      .from(creditLots)
      .where(eq(creditLots.userId, customer.id));
    expect(Number(ledger?.sum)).toBe(Number(lots?.sum));
    return Number(lots?.sum);
  }

  it('lists the packs on sale to anyone, priced from the CMS', async () => {
    const res = await api(t, '/api/packs');
    expect(res.status).toBe(200);
    expect(await contractBody(res, PackListSchema)).toEqual([
      {
        id: 'ten-session-pack',
        name: '10-session pack',
        sessions: 10,
        pricePence: 10_000,
        validityMonths: 6,
      },
    ]);
  });

  it('sells a pack through the payment page and adds its ten sessions of credit', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const started = await buyPack(customer);
    expect(started.amountPence).toBe(10_000);

    const mine = await wallet(customer);
    expect(mine.balance).toBe(10);
    expect(mine.lots).toEqual([
      expect.objectContaining({
        name: '10-session pack',
        sessions: 10,
        remaining: 10,
        pricePaidPence: 10_000,
        purchasedAt: NOW.replace('Z', '.000Z'),
        // Bought 3 November: usable until the end of 3 May 2027 (London, summer time).
        expiresAt: '2027-05-03T23:00:00.000Z',
        refundableUntil: '2026-11-17T09:00:00.000Z',
      }),
    ]);
    expect(mine.history).toEqual([
      expect.objectContaining({ change: 10, reason: 'purchase', pupil: null, session: null }),
    ]);
    const payments = await contractBody(
      await api(t, '/api/me/payments', { cookie: customer.cookie }),
      PaymentListSchema,
    );
    expect(payments[0]).toMatchObject({
      amountPence: 10_000,
      pack: { name: '10-session pack', sessions: 10 },
      sessions: [],
    });
    const mail = await mailTo(t, customer.email);
    expect(mail.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Your 10-session pack from /),
    );
    expect(mail.find((m) => m.subject.includes('pack'))?.text).toContain(
      'Use them by Monday 3 May 2027',
    );
    expect(await ledgerAgrees(customer)).toBe(10);
  });

  it('refuses an unknown pack, a signed-out buyer and a pack price from the client', async () => {
    const customer = await signedInUser(t);
    const unknown = await api(t, '/api/checkout/pack', {
      body: { packId: 'free-pack' },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect(unknown.status).toBe(404);
    const anonymous = await api(t, '/api/checkout/pack', { body: { packId: 'ten-session-pack' } });
    expect(anonymous.status).toBe(401);
    expect((await api(t, '/api/me/wallet')).status).toBe(401);
  });

  it('books two children with credit at once: paid, confirmed, four sessions used', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    await buyPack(customer);
    const maya = await insertPupil(t.deps.db, { userId: customer.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: customer.id, name: 'Arjun' });
    const starts = await bookableStarts(t, 'gcse-higher', 2);

    const bookability = await api(t, '/api/bookability', {
      body: { service: 'gcse-higher', startsAt: starts, pupilIds: [maya, arjun] },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect((await contractBody(bookability, BookabilitySchema)).creditAvailable).toBe(10);

    const started = await checkout(customer, { startsAt: starts, pupilIds: [maya, arjun] });
    expect(started).toMatchObject({
      status: 'paid',
      amountPence: 0,
      creditUsed: 4,
      sessionCount: 4,
      url: `${t.deps.config.publicUrl}/payment-success?checkout=${started.checkoutId}`,
    });
    const confirmed = await t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, customer.id), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(4);
    expect(confirmed.every((b) => b.creditLotId !== null)).toBe(true);

    const summary = await contractBody(
      await api(t, `/api/checkout/${started.checkoutId}`, { cookie: customer.cookie }),
      CheckoutSummarySchema,
    );
    expect(summary).toMatchObject({ status: 'paid', amountPence: 0, creditUsed: 4 });
    expect(summary.sessions.every((s) => s.paidWithCredit)).toBe(true);

    const mine = await wallet(customer);
    expect(mine.balance).toBe(6);
    const used = mine.history.filter((h) => h.reason === 'book');
    expect(used.map((h) => h.pupil?.name).sort()).toEqual(['Arjun', 'Arjun', 'Maya', 'Maya']);
    expect(used.every((h) => h.change === -1 && h.session?.label)).toBe(true);

    const confirmation = (await mailTo(t, customer.email)).find((m) =>
      m.subject.startsWith('Booking confirmed'),
    );
    expect(confirmation?.text).toContain('Paid with 4 sessions of credit for 4 sessions.');
    expect(confirmation?.text).toContain('(paid with credit)');
    expect(await ledgerAgrees(customer)).toBe(6);
  });

  it('pays what credit does not cover by card; a lapse gives it back, a late payment retakes it', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(customer);
    const maya = await insertPupil(t.deps.db, { userId: customer.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: customer.id, name: 'Arjun' });
    const starts = await bookableStarts(t, 'gcse-higher', 6);
    const first = await checkout(customer, {
      startsAt: starts.slice(0, 2),
      pupilIds: [maya, arjun],
    });
    expect(first).toMatchObject({ status: 'paid', creditUsed: 4 });

    // Eight seats: the six sessions of credit left, and two by card at £15.
    const split = await checkout(customer, { startsAt: starts.slice(2), pupilIds: [maya, arjun] });
    expect(split).toMatchObject({ status: 'pending', creditUsed: 6, amountPence: 3000 });
    expect(split.url).toBe(`/dev/checkout/${split.checkoutId}`);
    expect((await wallet(customer)).balance).toBe(0);

    // The hold lapses with no webhook: the sweep gives the credit back.
    setNow(t, new Date(new Date(NOW).getTime() + 31 * 60_000));
    await expireLapsedCheckouts(t.deps, t.deps.clock.now());
    expect((await checkoutStatus(t, split.checkoutId))?.status).toBe('expired');
    // One history line for the six sessions the unfinished payment held (docs/decisions/105).
    const lapsed = await wallet(customer);
    expect(lapsed.balance).toBe(6);
    expect(lapsed.held).toEqual([]);
    expect(lapsed.history.filter((h) => h.reason === 'return')).toEqual([]);
    expect(lapsed.history.filter((h) => h.reason === 'hold-ended')).toEqual([
      expect.objectContaining({ change: 0, held: 6 }),
    ]);
    expect(lapsed.history.filter((h) => h.reason === 'book')).toHaveLength(4);
    expect(await ledgerAgrees(customer)).toBe(6);

    // The card payment lands late while the seats are still free: booked, credit taken again.
    const outcome = await handlePaymentEvent(
      { ...t.deps, payments: t.deps.payments! },
      {
        id: `evt_${crypto.randomUUID()}`,
        kind: 'completed',
        checkoutId: split.checkoutId,
        providerSessionId: `cs_${split.checkoutId}`,
        paymentIntentId: 'pi_late',
        amountTotal: 3000,
        currency: 'gbp',
      },
    );
    expect(outcome).toBe('booked');
    const retaken = await wallet(customer);
    expect(retaken.balance).toBe(0);
    // Used once per seat: not used, returned and used again.
    expect(retaken.history.map((h) => h.reason).filter((r) => r !== 'purchase')).toEqual(
      Array(10).fill('book'),
    );
    expect(await ledgerAgrees(customer)).toBe(0);
    const confirmed = await t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.checkoutId, split.checkoutId), eq(bookings.status, 'confirmed')));
    expect(confirmed.filter((b) => b.creditLotId !== null)).toHaveLength(6);
    setNow(t, NOW);
  });

  it('refunds a late payment whose credit was spent meanwhile, and books none of it', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(customer);
    const maya = await insertPupil(t.deps.db, { userId: customer.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: customer.id, name: 'Arjun' });
    const pupilIds = [maya, arjun];
    const starts = await bookableStarts(t, 'gcse', 6);
    await checkout(customer, { service: 'gcse', startsAt: starts.slice(0, 4), pupilIds }); // 8 used
    const late = await checkout(customer, { service: 'gcse', startsAt: starts.slice(4), pupilIds });
    expect(late).toMatchObject({ status: 'pending', creditUsed: 2, amountPence: 3000 });
    setNow(t, new Date(new Date(NOW).getTime() + 31 * 60_000));
    await expireLapsedCheckouts(t.deps, t.deps.clock.now());
    expect((await wallet(customer)).balance).toBe(2);
    // The two sessions of credit go on another booking before the late payment lands.
    const [other] = await bookableStarts(t, 'ks3', 1);
    const spent = await api(t, '/api/checkout', {
      body: { service: 'ks3', startsAt: [other], pupilIds },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect(await contractBody(spent, StartedCheckoutSchema)).toMatchObject({ status: 'paid' });

    const outcome = await handlePaymentEvent(
      { ...t.deps, payments: t.deps.payments! },
      {
        id: `evt_${crypto.randomUUID()}`,
        kind: 'completed',
        checkoutId: late.checkoutId,
        providerSessionId: `cs_${late.checkoutId}`,
        paymentIntentId: 'pi_spent',
        amountTotal: 3000,
        currency: 'gbp',
      },
    );
    expect(outcome).toBe('refunded');
    expect((await checkoutStatus(t, late.checkoutId))?.refundedAt).not.toBeNull();
    const booked = await t.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.checkoutId, late.checkoutId));
    expect(booked).toHaveLength(0);
    expect((await wallet(customer)).balance).toBe(0);
    expect(await ledgerAgrees(customer)).toBe(0);
    setNow(t, NOW);
  });

  it('gives a released checkout its credit back', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(customer);
    const starts = await bookableStarts(t, 'alevel', 4);
    const maya = await insertPupil(t.deps.db, { userId: customer.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: customer.id, name: 'Arjun' });
    const service = 'alevel';
    await checkout(customer, { service, startsAt: starts.slice(0, 2), pupilIds: [maya, arjun] });
    const split = await checkout(customer, { service, startsAt: starts, pupilIds: [maya] }).catch(
      () => null,
    );
    expect(split).toBeNull(); // Maya holds two of those already: a duplicate, nothing taken
    expect((await wallet(customer)).balance).toBe(6);
    const held = await checkout(customer, {
      service,
      startsAt: starts.slice(2),
      pupilIds: [maya, arjun],
    });
    expect(held).toMatchObject({ status: 'paid', creditUsed: 4 });
    const open = await checkout(customer, {
      service: 'aslevel',
      startsAt: (await bookableStarts(t, 'aslevel', 2)).slice(0, 2),
      pupilIds: [maya, arjun],
    });
    expect(open).toMatchObject({ status: 'pending', creditUsed: 2, amountPence: 3000 });
    const cancelled = await api(t, `/api/checkout/${open.checkoutId}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      ip: customer.ip,
    });
    expect(cancelled.status).toBe(200);
    expect((await wallet(customer)).balance).toBe(2);
    expect(await ledgerAgrees(customer)).toBe(2);
  });

  it('keeps its credit when the customer asks to pay by card', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await buyPack(customer);
    const starts = await bookableStarts(t, 'ks3', 2);
    const res = await api(t, '/api/checkout', {
      body: { service: 'ks3', startsAt: starts, useCredit: false },
      cookie: customer.cookie,
      ip: customer.ip,
    });
    const started = await contractBody(res, StartedCheckoutSchema);
    expect(started).toMatchObject({ status: 'pending', amountPence: 3000, creditUsed: 0 });
    expect((await wallet(customer)).balance).toBe(10);
  });

  it('shows credit an unfinished term payment holds as held, then one line when it ends', async () => {
    // Spring 2027's Tuesday GCSE Higher class: 11 sessions at £10 once enrolment is public.
    setNow(t, '2026-12-15T09:00:00Z');
    const customer = await signedInUser(t);
    await buyPack(customer);
    const maya = await insertPupil(t.deps.db, { userId: customer.id, name: 'Maya' });
    const classes = await contractBody(await api(t, '/api/classes'), ClassListSchema);
    const classId = classes.find((c) => c.service === 'gcse-higher' && c.day === 'tue')?.id;
    const term = { termId: 'term-2027-spring', classId, pupilIds: [maya] };
    const quoted = await contractBody(
      await api(t, '/api/terms/term-2027-spring/quote', {
        body: { classId, pupilIds: [maya] },
        cookie: customer.cookie,
        ip: customer.ip,
      }),
      TermQuoteSchema,
    );
    // The term page says credit pays for ten of the eleven seats and the card for one.
    expect(quoted).toMatchObject({ amountPence: 11_000, creditAvailable: 10 });
    expect(quoted.cardPrice?.totalPence).toBe(1000);
    const enrol = async (body: Record<string, unknown>) => {
      const res = await api(t, '/api/checkout/term', {
        body: { ...term, expectedPence: quoted.price.totalPence, ...body },
        cookie: customer.cookie,
        ip: customer.ip,
      });
      if (res.status !== 201) throw new Error(`term checkout: ${res.status} ${await res.text()}`);
      return contractBody(res, TermCheckoutSchema);
    };
    // Unticked "Use my credit": the card pays for everything and the credit is kept.
    const byCard = await enrol({ useCredit: false });
    expect(byCard).toMatchObject({ status: 'pending', amountPence: 11_000, creditUsed: 0 });
    expect((await wallet(customer)).balance).toBe(10);

    // With credit (replacing the first): the card pays what the quote said.
    const split = await enrol({});
    expect(split).toMatchObject({ status: 'pending', amountPence: 1000, creditUsed: 10 });
    const holding = await wallet(customer);
    expect(holding.balance).toBe(0);
    expect(holding.held).toEqual([
      {
        checkoutId: split.checkoutId,
        sessions: 10,
        pupils: [expect.objectContaining({ id: maya, name: 'Maya' })],
        expiresAt: split.expiresAt,
        resumeUrl: split.url,
      },
    ]);
    expect(holding.lots[0]).toMatchObject({ remaining: 0, held: 10 });
    expect(holding.history.map((h) => h.reason)).toEqual(['purchase']);

    // The hold lapses: the credit is back, and the history has one line for it.
    setNow(t, '2026-12-15T09:31:00Z');
    await expireLapsedCheckouts(t.deps, t.deps.clock.now());
    const after = await wallet(customer);
    expect(after.balance).toBe(10);
    expect(after.held).toEqual([]);
    expect(after.lots[0]).toMatchObject({ remaining: 10, held: 0 });
    expect(after.history).toEqual([
      expect.objectContaining({
        reason: 'hold-ended',
        change: 0,
        held: 10,
        at: '2026-12-15T09:31:00.000Z',
      }),
      expect.objectContaining({ reason: 'purchase', change: 10 }),
    ]);
    expect(await ledgerAgrees(customer)).toBe(10);
    setNow(t, NOW);
  });
});
