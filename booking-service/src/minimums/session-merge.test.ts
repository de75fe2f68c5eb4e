import { SessionMergedSchema, StartedCheckoutSchema, WalletSchema } from '@tuition/api-contract';
import type { ServiceCode } from '@tuition/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, bookings, checkouts, classSessions, mailMessages } from '../db/schema.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT
const HOUR = 3_600_000;

/*
 * Merge instead of cancel (docs/decisions/100): every family of a thin session moves into
 * another session of the same class, all or nothing, and may cancel the moved seat for credit
 * for 24 hours; the emptied session is cancelled.
 */
describe.each(TEST_DB_KINDS)('merging a session into another on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Two sessions of one class, both more than a day ahead: [source, target] starts. */
  async function twoSessions(service: ServiceCode, skip: number) {
    const starts = await bookableStarts(t, service, 2, { skip });
    for (const start of starts) {
      expect(new Date(start).getTime() - new Date(NOW).getTime()).toBeGreaterThan(48 * HOUR);
    }
    return starts as [string, string];
  }

  /** Seats paid by card for these pupils (the account holder when none) in these sessions. */
  async function book(
    customer: TestUser,
    service: ServiceCode,
    startsAt: string[],
    pupilIds?: string[],
  ) {
    const started = await contractBody(
      await api(t, '/api/checkout', {
        body: { service, startsAt, ...(pupilIds ? { pupilIds } : {}) },
        cookie: customer.cookie,
        ip: customer.ip,
      }),
      StartedCheckoutSchema,
    );
    expect((await pressPay(t, started.checkoutId, customer)).status).toBe(303);
    return t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.checkoutId, started.checkoutId), eq(bookings.status, 'confirmed')));
  }

  async function sessionAt(service: ServiceCode, startsAt: string) {
    const [row] = await t.deps.db
      .select()
      .from(classSessions)
      .where(
        and(eq(classSessions.service, service), eq(classSessions.startsAt, new Date(startsAt))),
      );
    if (!row) throw new Error(`no ${service} session at ${startsAt}`);
    return row;
  }

  const confirmedIn = (sessionId: string) =>
    t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')));

  const merge = (sessionId: string, targetSessionId: string, who: TestUser | null = admin) =>
    api(t, `/api/admin/sessions/${sessionId}/merge`, {
      body: { targetSessionId },
      ...(who ? { cookie: who.cookie, ip: who.ip } : {}),
    });

  const movedMail = async (customer: TestUser) =>
    (await mailTo(t, customer.email)).filter((m) => m.subject.startsWith('Session moved'));

  const wallet = async (customer: TestUser) =>
    contractBody(await api(t, '/api/me/wallet', { cookie: customer.cookie }), WalletSchema);

  const cancelOwn = (customer: TestUser, bookingId: string) =>
    api(t, `/api/me/bookings/${bookingId}/cancel`, {
      method: 'POST',
      cookie: customer.cookie,
      ip: customer.ip,
    });

  it('moves every seat, siblings together, cancels the source and tells each family once', async () => {
    setNow(t, NOW);
    const [from, to] = await twoSessions('gcse-higher', 3);
    const priya = await signedInUser(t, { name: 'Priya Shah' });
    const maya = await insertPupil(t.deps.db, { userId: priya.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: priya.id, name: 'Arjun' });
    const siblings = await book(priya, 'gcse-higher', [from], [maya, arjun]);
    const sam = await signedInUser(t, { name: 'Sam Jones' });
    const [samSeat] = await book(sam, 'gcse-higher', [from]);
    const already = await signedInUser(t, { name: 'Lee Chan' });
    await book(already, 'gcse-higher', [to]);
    // A family still paying for a basket with the source in it.
    const paying = await signedInUser(t, { name: 'Ola Bello' });
    const basket = await contractBody(
      await api(t, '/api/checkout', {
        body: { service: 'gcse-higher', startsAt: [from] },
        cookie: paying.cookie,
        ip: paying.ip,
      }),
      StartedCheckoutSchema,
    );
    const source = await sessionAt('gcse-higher', from);
    const target = await sessionAt('gcse-higher', to);

    const res = await merge(source.id, target.id);
    expect(res.status).toBe(200);
    const done = await contractBody(res, SessionMergedSchema);
    expect(done).toMatchObject({ sessionId: source.id, targetSessionId: target.id });
    expect(done.moved.map((seat) => seat.pupil.name)).toEqual(['Arjun', 'Maya', 'Sam Jones']);
    expect(done.moved.map((seat) => seat.fromBookingId).sort()).toEqual(
      [...siblings.map((seat) => seat.id), samSeat!.id].sort(),
    );

    // The source is empty and cancelled; the target holds everyone.
    expect(await confirmedIn(source.id)).toEqual([]);
    const after = await sessionAt('gcse-higher', from);
    expect(after.cancelledAt).not.toBeNull();
    expect(after.cancelReason).toBe(
      'Merged into the 7:00 PM session on Wednesday 11 November 2026',
    );
    const inTarget = await confirmedIn(target.id);
    expect(inTarget).toHaveLength(4);
    const until = new Date(new Date(NOW).getTime() + 24 * HOUR);
    for (const seat of done.moved) {
      const row = inTarget.find((b) => b.id === seat.bookingId);
      expect(row).toMatchObject({
        rescheduledFrom: seat.fromBookingId,
        calendarUid: `booking-${seat.fromBookingId}@tuition-bookings`,
        calendarSequence: 1,
        mergeCancelUntil: until,
      });
      const [old] = await t.deps.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, seat.fromBookingId));
      expect(old?.status).toBe('rescheduled');
    }

    // One e-mail per family, naming its children, the new time and the credit window.
    const family = await movedMail(priya);
    expect(family).toHaveLength(1);
    expect(family[0]?.subject).toBe('Session moved: GCSE Higher maths session');
    expect(family[0]?.text).toContain('The session booked for Arjun and Maya has moved');
    expect(family[0]?.text).toContain('From: Tuesday 10 November 2026, 7:00 PM to 8:00 PM');
    expect(family[0]?.text).toContain('To: Wednesday 11 November 2026, 7:00 PM to 8:00 PM');
    expect(family[0]?.text).toContain('until 9:00 AM on Wednesday 4 November 2026 (London time)');
    const [stored] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, family[0]!.id));
    expect(stored?.attachments).toHaveLength(1);
    const calendar = Buffer.from(stored!.attachments[0]!.content, 'base64').toString('utf8');
    for (const seat of siblings) expect(calendar).toContain(`UID:booking-${seat.id}`);
    expect(calendar.match(/SEQUENCE:1/g)).toHaveLength(2);
    expect(calendar).toContain('DTSTART:20261111T190000Z');
    expect((await movedMail(sam))[0]?.text).toContain('The session booked for Sam Jones');
    expect(await movedMail(already)).toEqual([]);
    // The unpaid basket is released whole and its family told why.
    const [hold] = await t.deps.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, basket.checkoutId));
    expect(hold?.status).toBe('cancelled');
    const released = (await mailTo(t, paying.email)).find((m) =>
      m.subject.startsWith('Session cancelled'),
    );
    expect(released?.text).toContain(
      'The reason: Merged into the 7:00 PM session on Wednesday 11 November 2026',
    );

    const [audited] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'session.merge'),
          eq(auditEntries.target, `session:${source.id}`),
        ),
      );
    expect(audited).toMatchObject({
      actorId: admin.id,
      after: { targetSessionId: target.id, moved: 3 },
    });

    // Merged once: the source is cancelled now.
    const twice = await merge(source.id, target.id);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'not-cancellable' });
  });

  it('moves nothing when the target has fewer seats left than the source has pupils', async () => {
    setNow(t, NOW);
    const [from, to] = await twoSessions('gcse', 3);
    const priya = await signedInUser(t, { name: 'Priya Shah' });
    const maya = await insertPupil(t.deps.db, { userId: priya.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: priya.id, name: 'Arjun' });
    const seats = await book(priya, 'gcse', [from], [maya, arjun]);
    const other = await signedInUser(t);
    await book(other, 'gcse', [to]);
    const source = await sessionAt('gcse', from);
    const target = await sessionAt('gcse', to);
    // One seat left in the target: the siblings would have to be split.
    await t.deps.db
      .update(classSessions)
      .set({ capacity: 2 })
      .where(eq(classSessions.id, target.id));

    const res = await merge(source.id, target.id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe('does-not-fit');
    expect(body.detail).toContain('1 seat left');
    expect(body.detail).toContain('2 pupils');
    expect((await confirmedIn(source.id)).map((b) => b.id).sort()).toEqual(
      seats.map((b) => b.id).sort(),
    );
    expect(await confirmedIn(target.id)).toHaveLength(1);
    expect((await sessionAt('gcse', from)).cancelledAt).toBeNull();
    expect(await movedMail(priya)).toEqual([]);
  });

  it('moves nothing when a pupil already holds, or is paying for, a seat in the target', async () => {
    setNow(t, NOW);
    const [from, to] = await twoSessions('alevel', 2);
    const priya = await signedInUser(t, { name: 'Priya Shah' });
    const maya = await insertPupil(t.deps.db, { userId: priya.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: priya.id, name: 'Arjun' });
    await book(priya, 'alevel', [from], [maya, arjun]);
    // Maya is booked into the target as well.
    await book(priya, 'alevel', [to], [maya]);
    const source = await sessionAt('alevel', from);
    const target = await sessionAt('alevel', to);

    const res = await merge(source.id, target.id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; detail: string };
    expect(body).toMatchObject({ code: 'does-not-fit' });
    expect(body.detail).toContain('Maya already has a seat in the target session');
    expect(await confirmedIn(source.id)).toHaveLength(2);
    expect(await confirmedIn(target.id)).toHaveLength(1);
    expect((await sessionAt('alevel', from)).cancelledAt).toBeNull();

    // Arjun's unpaid basket for the target is a seat being paid for: refused as well.
    const [lateFrom, lateTo] = await twoSessions('alevel', 4);
    const sam = await signedInUser(t, { name: 'Sam Jones' });
    await book(sam, 'alevel', [lateFrom]);
    const pending = await api(t, '/api/checkout', {
      body: { service: 'alevel', startsAt: [lateTo] },
      cookie: sam.cookie,
      ip: sam.ip,
    });
    expect(pending.status).toBe(201);
    const paying = await merge(
      (await sessionAt('alevel', lateFrom)).id,
      (await sessionAt('alevel', lateTo)).id,
    );
    expect(paying.status).toBe(409);
    expect(await paying.json()).toMatchObject({
      code: 'does-not-fit',
      detail: expect.stringContaining('Sam Jones is in a payment still open'),
    });
    expect(await confirmedIn((await sessionAt('alevel', lateFrom)).id)).toHaveLength(1);
  });

  it('lets a family cancel a moved seat for credit within 24 hours, and not after', async () => {
    setNow(t, NOW);
    const [from, to] = await twoSessions('sats', 2);
    const priya = await signedInUser(t, { name: 'Priya Shah' });
    const maya = await insertPupil(t.deps.db, { userId: priya.id, name: 'Maya' });
    const arjun = await insertPupil(t.deps.db, { userId: priya.id, name: 'Arjun' });
    await book(priya, 'sats', [from], [maya, arjun]);
    await book(await signedInUser(t), 'sats', [to]);
    const source = await sessionAt('sats', from);
    const target = await sessionAt('sats', to);
    const done = await contractBody(await merge(source.id, target.id), SessionMergedSchema);
    const [first, second] = done.moved;

    // Within the window: a session of credit, whatever the usual rule says.
    setNow(t, new Date(new Date(NOW).getTime() + 23 * HOUR));
    expect((await cancelOwn(priya, first!.bookingId)).status).toBe(200);
    const mine = await wallet(priya);
    expect(mine.balance).toBe(1);
    expect(mine.history[0]).toMatchObject({
      reason: 'return',
      change: 1,
      note: 'Cancelled by you',
    });
    const told = (await mailTo(t, priya.email)).find((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(told?.text).toContain('returned to your account as a session of credit');

    // After it: the usual rule (this site returns nothing for a family's own cancel).
    setNow(t, new Date(new Date(NOW).getTime() + 25 * HOUR));
    expect((await cancelOwn(priya, second!.bookingId)).status).toBe(200);
    expect((await wallet(priya)).balance).toBe(1);
    setNow(t, NOW);
  });

  it('refuses anyone but an admin on the site, and says which session is wrong', async () => {
    setNow(t, NOW);
    const [from, to] = await twoSessions('gcse-higher', 6);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    await book(customer, 'gcse-higher', [from]);
    const source = await sessionAt('gcse-higher', from);
    await book(customer, 'gcse-higher', [to], undefined);
    const target = await sessionAt('gcse-higher', to);

    expect((await merge(source.id, target.id, null)).status).toBe(401);
    expect((await merge(source.id, target.id, customer)).status).toBe(403);
    const crossSite = await api(t, `/api/admin/sessions/${source.id}/merge`, {
      body: { targetSessionId: target.id },
      cookie: admin.cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);

    // Unknown ids are 404; a target that is no session to merge into is 400 naming it.
    expect((await merge(crypto.randomUUID(), target.id)).status).toBe(404);
    expect((await merge(source.id, crypto.randomUUID())).status).toBe(404);
    const notAnId = await merge(source.id, 'tuesday');
    expect(notAnId.status).toBe(400);
    expect(await notAnId.json()).toMatchObject({ errors: [{ field: 'targetSessionId' }] });
    expect((await merge(source.id, source.id)).status).toBe(400);
    const [otherClass] = await bookableStarts(t, 'alevel', 1, { skip: 6 });
    await book(customer, 'alevel', [otherClass!]);
    const wrongClass = await merge(source.id, (await sessionAt('alevel', otherClass!)).id);
    expect(wrongClass.status).toBe(400);
    expect(await wrongClass.json()).toMatchObject({
      detail: expect.stringContaining('same class'),
    });

    // Once its minimum decided it, the session is no longer merged.
    await t.deps.db
      .update(classSessions)
      .set({ decision: 'runs', decidedAt: new Date(NOW) })
      .where(eq(classSessions.id, source.id));
    const decided = await merge(source.id, target.id);
    expect(decided.status).toBe(409);
    expect(await decided.json()).toMatchObject({ code: 'decided' });
    expect(await confirmedIn(source.id)).toHaveLength(1);
  });
});
