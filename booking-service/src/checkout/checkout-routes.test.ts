import {
  AvailabilitySchema,
  BookingListSchema,
  CheckoutSummarySchema,
  ProblemSchema,
  StartedCheckoutSchema,
} from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../db/schema.ts';
import { expireLapsedCheckouts } from './lapsed-checkout-sweep.ts';
import { CORE_TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { api, mailTo, signedInUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  bookableStarts,
  checkoutOk,
  checkoutStatus,
  fillSeats,
  postCheckout,
  pressPay,
  setNow,
} from '../testing/checkout-test-kit.ts';

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT

describe.each(CORE_TEST_DB_KINDS)('checkout on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    [1, 1500, false],
    [9, 13500, false],
    [10, 10000, true],
    [11, 11500, true],
    [20, 20000, true],
  ])('prices %i sessions at %i pence on the server', async (count, pence, offer) => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const started = await checkoutOk(t, customer, await bookableStarts(t, 'gcse-higher', count));
    expect(started).toMatchObject({
      amountPence: pence,
      sessionCount: count,
      isSpecialOffer: offer,
    });
    expect(started.url).toBe(`/dev/checkout/${started.checkoutId}`);
    expect(new Date(started.expiresAt).getTime() - new Date(NOW).getTime()).toBe(30 * 60_000);
  });

  it('ignores any price the client sends', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const res = await api(t, '/api/checkout', {
      body: {
        service: 'ks3',
        startsAt: await bookableStarts(t, 'ks3', 2),
        totalCost: 1,
        amountPence: 1,
      },
      cookie: customer.cookie,
    });
    expect(res.status).toBe(201);
    expect((await contractBody(res, StartedCheckoutSchema)).amountPence).toBe(3000);
  });

  it('answers 400 naming a start that is not a timetable slot or is outside the window', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const [good] = await bookableStarts(t, 'gcse-higher', 1);
    const offTimetable = '2026-11-03T18:00:00Z'; // Tuesday 6pm is KS3, not GCSE Higher
    const res = await postCheckout(t, customer, [good!, offTimetable]);
    expect(res.status).toBe(400);
    const body = await contractBody(res, ProblemSchema);
    expect(body.errors?.[0]?.field).toBe('startsAt.1');
    expect(body.errors?.[0]?.message).toContain(offTimetable);

    const beyondWindow = '2027-01-05T19:00:00Z'; // a Tuesday GCSE Higher slot, 63 days ahead
    const far = await postCheckout(t, customer, [beyondWindow]);
    expect(far.status).toBe(400);
    const past = await postCheckout(t, customer, ['2026-11-01T12:00:00Z']); // last Sunday
    expect(past.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await api(t, '/api/checkout', {
      body: { service: 'gcse-higher', startsAt: await bookableStarts(t, 'gcse-higher', 1) },
    });
    expect(res.status).toBe(401);
  });

  it('holds the seats for 30 minutes, then lets them go with no webhook at all', async () => {
    setNow(t, NOW);
    const starts = await bookableStarts(t, 'aslevel', 1);
    const first = await signedInUser(t);
    const started = await checkoutOk(t, first, starts, 'aslevel');

    const seatsLeft = async () => {
      const res = await api(
        t,
        `/api/availability?service=aslevel&from=${starts[0]!.slice(0, 10)}&to=${starts[0]!.slice(0, 10)}`,
      );
      const body = await contractBody(res, AvailabilitySchema);
      return body.slots.find((s) => s.startsAt === starts[0])?.seatsLeft;
    };
    expect(await seatsLeft()).toBe(9);
    // The same customer starting again replaces their older checkout: still one seat held.
    const again = await checkoutOk(t, first, starts, 'aslevel');
    expect(again.replacedCheckoutIds).toEqual([started.checkoutId]);
    expect(await seatsLeft()).toBe(9);

    const second = await checkoutOk(t, await signedInUser(t), starts, 'aslevel');
    setNow(t, new Date(new Date(NOW).getTime() + 30 * 60_000 + 1000));
    expect(await seatsLeft()).toBe(10);
    // The sweep a server timer can run tidies stored statuses; counts never depended on it.
    expect((await expireLapsedCheckouts(t.deps, t.deps.clock.now())).length).toBeGreaterThanOrEqual(
      2,
    );
    expect((await checkoutStatus(t, second.checkoutId))?.status).toBe('expired');
    const summary = await api(t, `/api/checkout/${again.checkoutId}`, { cookie: first.cookie });
    expect((await contractBody(summary, CheckoutSummarySchema)).status).toBe('expired');
    expect((await checkoutStatus(t, again.checkoutId))?.status).toBe('expired');
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('cancelled');
    // With the hold gone the customer may start again.
    expect((await postCheckout(t, first, starts, 'aslevel')).status).toBe(201);
  });

  it('releases a hold when the customer cancels, and only their own', async () => {
    setNow(t, NOW);
    const starts = await bookableStarts(t, 'sats', 1);
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const started = await checkoutOk(t, owner, starts, 'sats');

    const notYours = await api(t, `/api/checkout/${started.checkoutId}/cancel`, {
      method: 'POST',
      cookie: stranger.cookie,
    });
    expect(notYours.status).toBe(404);
    expect(
      (await api(t, `/api/checkout/${started.checkoutId}`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect((await api(t, '/api/checkout/not-a-uuid', { cookie: owner.cookie })).status).toBe(404);

    const cancelled = await api(t, `/api/checkout/${started.checkoutId}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(await cancelled.json()).toEqual({ status: 'cancelled' });
    // Released: the owner can take the seat again straight away.
    expect((await postCheckout(t, owner, starts, 'sats')).status).toBe(201);
  });

  it('gives the seats back from the local page Cancel button and returns to /payment-canceled', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    const starts = await bookableStarts(t, 'ks3', 1, { skip: 3 });
    const started = await checkoutOk(t, customer, starts, 'ks3');
    const cancel = await api(t, `/dev/checkout/${started.checkoutId}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(
      `${t.deps.config.publicUrl}/payment-canceled?checkout=${started.checkoutId}`,
    );
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('cancelled');
    const page = await (
      await t.app.request(started.url, { headers: { cookie: customer.cookie } })
    ).text();
    expect(page).toContain('This checkout can no longer be paid.');
    expect(page).not.toContain('/pay"');
    expect((await t.app.request('/dev/checkout/not-a-checkout')).status).toBe(404);
    // A form posted from another site is refused.
    const crossSite = await api(t, `/dev/checkout/${started.checkoutId}/pay`, {
      method: 'POST',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
  });

  it('refuses a session with no seat left with 409 full naming it', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'alevel', 1);
    await fillSeats(t, 'alevel', start!, 9);
    await checkoutOk(t, await signedInUser(t), [start!], 'alevel'); // the tenth seat: a hold
    const late = await postCheckout(t, await signedInUser(t), [start!], 'alevel');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'full', slots: [start] });
  });

  it('runs the whole local pay flow: page, Pay, bookings, confirmation mail with .ics', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const starts = await bookableStarts(t, 'gcse', 2);
    const started = await checkoutOk(t, customer, starts, 'gcse');

    const page = await t.app.request(started.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('£30.00');
    expect(html).toContain(`action="/dev/checkout/${started.checkoutId}/pay"`);
    expect(html).toContain(`action="/dev/checkout/${started.checkoutId}/cancel"`);
    expect(html).not.toContain('<script');

    const paid = await pressPay(t, started.checkoutId, customer);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${t.deps.config.publicUrl}/payment-success?checkout=${started.checkoutId}`,
    );

    const summary = await api(t, `/api/checkout/${started.checkoutId}`, {
      cookie: customer.cookie,
    });
    expect(await summary.json()).toEqual({
      status: 'paid',
      amountPence: 3000,
      creditUsed: 0,
      pack: null,
      sessionCount: 2,
      isSpecialOffer: false,
      sessions: [
        expect.objectContaining({
          startsAt: starts[0],
          time: '5:00 PM – 6:00 PM',
          label: 'GCSE Foundation',
        }),
        expect.objectContaining({ startsAt: starts[1], label: 'GCSE Foundation' }),
      ],
    });
    const upcoming = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
    const bookings = await contractBody(upcoming, BookingListSchema);
    expect(bookings.map((b) => [b.status, b.startsAt])).toEqual([
      ['confirmed', starts[0]],
      ['confirmed', starts[1]],
    ]);
    const payments = await api(t, '/api/me/payments', { cookie: customer.cookie });
    expect(await payments.json()).toEqual([
      expect.objectContaining({ id: started.checkoutId, amountPence: 3000, sessionCount: 2 }),
    ]);

    const confirmations = async () =>
      (await mailTo(t, customer.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    const [mail] = await confirmations();
    expect(mail?.subject).toBe('Booking confirmed: 2 maths sessions with Maths Mastery');
    expect(mail?.text).toContain('Hello Priya');
    expect(mail?.text).toContain('Tuesday 3 November 2026, 5:00 PM to 6:00 PM');
    expect(mail?.text).toContain('£30.00');
    // How and when to join, so nobody hunts for a link on the night.
    expect(mail?.text).toContain(
      'The Join button on your upcoming bookings opens 15 minutes before the start',
    );
    const [stored] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, mail!.id));
    const [ics] = stored?.attachments ?? [];
    expect(ics?.filename).toMatch(/\.ics$/);
    const calendar = Buffer.from(ics!.content, 'base64').toString('utf8');
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(calendar).toContain(`DTSTART:${starts[0]!.replace(/[-:]/g, '').replace('.000', '')}`);

    // Paying twice (a double click) books nothing twice.
    expect((await pressPay(t, started.checkoutId, customer)).status).toBe(303);
    const after = await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie });
    expect(((await after.json()) as unknown[]).length).toBe(2);
    expect(await confirmations()).toHaveLength(1);
  });
});
