import {
  AdminClassListSchema,
  AdminSessionListSchema,
  AdminSummarySchema,
  AvailabilitySchema,
  ClassMinimumSchema,
  SessionDecisionSchema,
  StartedCheckoutSchema,
  WalletSchema,
} from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, bookings, classSessions, mailMessages, sessionRooms } from '../db/schema.ts';
import { keepRooms } from '../lessons/room-upkeep.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookPaid, buyPack, fillSeats, pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { decideDueSessions } from './decision-job.ts';

// Monday 2 November 2026, London on GMT. GCSE Higher runs Tuesdays and Wednesdays at 7 pm and
// Sundays at noon.
const NOW = '2026-11-02T09:00:00Z';
/** Tuesday 10 November, 7 pm: decided 48 hours before, on Sunday 8 November at 7 pm. */
const TUESDAY = '2026-11-10T19:00:00.000Z';
const TUESDAY_DECIDED = '2026-11-08T19:00:00.000Z';
/** Its sister: Wednesday 11 November, 7 pm (Sunday's noon class starts before the decision). */
const WEDNESDAY = '2026-11-11T19:00:00.000Z';

/*
 * A class that does not fill is decided at its published time (docs/decisions/100): the admin
 * sets the minimum, families see the condition, the clock decides once, a session that does not
 * run makes every family whole and offers the sister session, and an admin may decide early.
 */
describe.each(TEST_DB_KINDS)('class minimums on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let tuesdayClass: string;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const classes = await contractBody(
      await api(t, '/api/admin/classes', { cookie: admin.cookie }),
      AdminClassListSchema,
    );
    tuesdayClass = classes.classes.find(
      (c) => c.service === 'gcse-higher' && c.day === 'tue' && c.startTime === '19:00',
    )!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const setMinimum = (classId: string, body: unknown, cookie = admin.cookie) =>
    api(t, `/api/admin/classes/${classId}/minimum`, { method: 'PUT', body, cookie, ip: admin.ip });
  const slots = async (cookie?: string) =>
    (
      await contractBody(
        await api(t, '/api/availability?service=gcse-higher', cookie ? { cookie } : {}),
        AvailabilitySchema,
      )
    ).slots;
  const sessionAt = async (startsAt: string) =>
    (await t.deps.db.query.classSessions.findFirst({
      where: (row, { eq }) => eq(row.startsAt, new Date(startsAt)),
    }))!;
  const confirmedIn = async (sessionId: string) =>
    (
      await t.deps.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')))
    ).length;

  /** The calendar file attached to a stored mail, as text. */
  const attachedCalendar = async (mailId: string) => {
    const [stored] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    return Buffer.from(stored!.attachments[0]!.content, 'base64').toString('utf8');
  };

  it('takes a minimum from 2 to 10 and a decision 12 to 168 hours ahead, and says what is wrong', async () => {
    setNow(t, NOW);
    for (const [body, field] of [
      [{ minPupils: 1, decisionHoursBefore: 48 }, 'minPupils'],
      [{ minPupils: 11, decisionHoursBefore: 48 }, 'minPupils'],
      [{ minPupils: 2.5, decisionHoursBefore: 48 }, 'minPupils'],
      [{ minPupils: 3, decisionHoursBefore: 11 }, 'decisionHoursBefore'],
      [{ minPupils: 3, decisionHoursBefore: 169 }, 'decisionHoursBefore'],
    ] as const) {
      const res = await setMinimum(tuesdayClass, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const problem = (await res.json()) as { errors: Array<{ field: string }> };
      expect(problem.errors.map((e) => e.field)).toEqual([field]);
    }
    expect((await setMinimum(crypto.randomUUID(), { minPupils: 3 })).status).toBe(404);
    const customer = await signedInUser(t, { name: 'Not Staff' });
    expect((await setMinimum(tuesdayClass, { minPupils: 3 }, customer.cookie)).status).toBe(403);

    const saved = await contractBody(
      await setMinimum(tuesdayClass, { minPupils: 3 }),
      ClassMinimumSchema,
    );
    expect(saved).toMatchObject({
      minPupils: 3,
      decisionHoursBefore: 48,
      setAt: new Date(NOW).toISOString(),
    });
    const classes = await contractBody(
      await api(t, '/api/admin/classes', { cookie: admin.cookie }),
      AdminClassListSchema,
    );
    expect(classes.classes.find((c) => c.id === tuesdayClass)).toMatchObject({
      minPupils: 3,
      decisionHoursBefore: 48,
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'class.minimum'));
    expect(audit).toMatchObject({ actorId: admin.id, target: `class:${tuesdayClass}` });
  });

  it('shows families the condition until the decision, only where it governs', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 3, decisionHoursBefore: 48 });
    const all = await slots();
    // Tuesday 3 November is decided on Sunday 1 November, before the minimum was set.
    expect(all.find((s) => s.startsAt === '2026-11-03T19:00:00.000Z')?.runsIf).toBeUndefined();
    expect(all.find((s) => s.startsAt === TUESDAY)?.runsIf).toEqual({
      minPupils: 3,
      decidedAt: TUESDAY_DECIDED,
    });
    // Other classes have no minimum.
    expect(all.find((s) => s.startsAt === WEDNESDAY)?.runsIf).toBeUndefined();
    // Once the decision time has passed, nobody is shown a condition that no longer applies.
    setNow(t, '2026-11-08T19:00:30Z');
    expect((await slots()).find((s) => s.startsAt === TUESDAY)?.runsIf).toBeUndefined();
    setNow(t, NOW);
  });

  it('says the condition in the confirmation e-mail', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 3, decisionHoursBefore: 48 });
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    await bookPaid(t, customer, ['2026-11-17T19:00:00.000Z']);
    const [mail] = (await mailTo(t, customer.email)).filter((m) =>
      m.subject.startsWith('Booking confirmed'),
    );
    expect(mail?.text).toContain(
      'Runs if at least 3 pupils are booked by Sunday 15 November, 7:00 PM.',
    );
    // The calendar entry's description says it too.
    const calendar = await attachedCalendar(mail!.id);
    expect(calendar.replace(/\r\n /g, '')).toContain(
      'Runs if at least 3 pupils are booked by Sunday 15 November\\, 7:00 PM.',
    );
  });

  it('runs a session that reached its minimum, decided at the instant and no sooner', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 3, decisionHoursBefore: 48 });
    await fillSeats(t, 'gcse-higher', TUESDAY, 3);
    const session = await sessionAt(TUESDAY);
    setNow(t, '2026-11-08T18:59:00Z');
    await decideDueSessions(t.deps);
    expect((await sessionAt(TUESDAY)).decision).toBeNull();
    setNow(t, TUESDAY_DECIDED);
    await decideDueSessions(t.deps);
    // A second run, as another instance's would be, changes nothing.
    await decideDueSessions(t.deps);
    expect(await sessionAt(TUESDAY)).toMatchObject({
      decision: 'runs',
      decidedAt: new Date(TUESDAY_DECIDED),
      decidedBy: null,
      cancelledAt: null,
    });
    expect(await confirmedIn(session.id)).toBe(3);
    expect((await slots()).find((s) => s.startsAt === TUESDAY)).toMatchObject({
      confirmedToRun: true,
    });
    const decisions = await t.deps.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.action, 'session.decision'),
          eq(auditEntries.target, `session:${session.id}`),
        ),
      );
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({
      actorRole: 'system',
      after: { outcome: 'runs', confirmed: 3, minPupils: 3 },
    });
  });

  it('cancels one that did not: card seats become credit, credit seats return, each family told once with its sister', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 4, decisionHoursBefore: 48 });
    const next = '2026-11-24T19:00:00.000Z'; // decided Sunday 22 November, 7 pm
    const card = await signedInUser(t, { name: 'Card Parent' });
    const credit = await signedInUser(t, { name: 'Credit Parent' });
    const amira = await insertPupil(t.deps.db, { userId: credit.id, name: 'Amira Khan' });
    const ben = await insertPupil(t.deps.db, { userId: credit.id, name: 'Ben Khan' });
    await bookPaid(t, card, [next]);
    expect((await pressPay(t, (await buyPack(t, credit)).checkoutId, credit)).status).toBe(303);
    const byCredit = await api(t, '/api/checkout', {
      body: { service: 'gcse-higher', startsAt: [next], pupilIds: [amira, ben], useCredit: true },
      cookie: credit.cookie,
      ip: credit.ip,
    });
    expect((await contractBody(byCredit, StartedCheckoutSchema)).amountPence).toBe(0);
    const wallet = async (who: TestUser) =>
      contractBody(await api(t, '/api/me/wallet', { cookie: who.cookie }), WalletSchema);
    expect((await wallet(credit)).balance).toBe(8);
    // A family still paying for a basket with the session in it.
    const paying = await signedInUser(t, { name: 'Paying Parent' });
    const hold = await contractBody(
      await api(t, '/api/checkout', {
        body: { service: 'gcse-higher', startsAt: [next] },
        cookie: paying.cookie,
        ip: paying.ip,
      }),
      StartedCheckoutSchema,
    );

    setNow(t, '2026-11-22T19:00:00Z');
    await decideDueSessions(t.deps);
    const session = await sessionAt(next);
    expect(session).toMatchObject({ decision: 'cancelled', cancelReason: 'minimum not met' });
    expect(await confirmedIn(session.id)).toBe(0);
    expect((await wallet(card)).balance).toBe(1);
    expect((await wallet(credit)).balance).toBe(10);

    const [cardMail, ...moreCard] = (await mailTo(t, card.email)).filter((m) =>
      m.subject.startsWith('Session cancelled'),
    );
    expect(moreCard).toHaveLength(0);
    expect(cardMail?.text).toContain('The reason: minimum not met');
    expect(cardMail?.text).toContain('We have added 1 session of credit to your account');
    const creditMails = (await mailTo(t, credit.email)).filter((m) =>
      m.subject.startsWith('Session cancelled'),
    );
    expect(creditMails).toHaveLength(1);
    expect(creditMails[0]?.text).toContain('booked for Amira Khan and Ben Khan');
    // Both children's calendar entries are cancelled, one SEQUENCE on.
    const calendar = await attachedCalendar(creditMails[0]!.id);
    expect(calendar).toContain('METHOD:CANCEL');
    expect(calendar.match(/STATUS:CANCELLED/g)).toHaveLength(2);
    expect(calendar).toContain('SEQUENCE:1');
    // The sister: Wednesday 25 November at 7 pm, with seats for both, booked with the credit.
    const wednesday = await sessionAt('2026-11-25T19:00:00.000Z');
    expect(creditMails[0]?.text).toContain(
      'There are places for Amira Khan and Ben Khan in another session of the same course: Wednesday 25 November 2026, 7:00 PM to 8:00 PM (London time)',
    );
    expect(creditMails[0]?.text).toContain(
      `Book that session: http://localhost:4321/booking?service=gcse-higher&session=${wednesday.id}&pupils=${amira}%2C${ben}`,
    );
    // The unpaid basket is released, and its family told.
    const [released] = (await mailTo(t, paying.email)).filter((m) =>
      m.subject.startsWith('Session cancelled'),
    );
    expect(released?.text).toContain('which was in your unfinished booking');
    const [heldRow] = (await t.deps.db.query.checkouts)
      ? await t.deps.db.select().from(bookings).where(eq(bookings.checkoutId, hold.checkoutId))
      : [];
    expect(heldRow).toBeUndefined();
    // Nobody can book it any more.
    expect((await slots()).find((s) => s.startsAt === next)).toBeUndefined();
  });

  it('lists the at-risk sessions with their sisters until an admin confirms one runs', async () => {
    setNow(t, NOW);
    const classes = await contractBody(
      await api(t, '/api/admin/classes', { cookie: admin.cookie }),
      AdminClassListSchema,
    );
    const wednesdayClass = classes.classes.find(
      (c) => c.service === 'gcse-higher' && c.day === 'wed' && c.startTime === '19:00',
    )!.id;
    await setMinimum(wednesdayClass, { minPupils: 5, decisionHoursBefore: 24 });
    const atRisk = async () =>
      (
        await contractBody(
          await api(t, '/api/admin/sessions?filter=at-risk', { cookie: admin.cookie }),
          AdminSessionListSchema,
        )
      ).items;
    const first = (await atRisk()).find((s) => s.startsAt === '2026-11-04T19:00:00.000Z');
    expect(first).toMatchObject({
      bookedCount: 0,
      minimum: { minPupils: 5, decidedAt: '2026-11-03T19:00:00.000Z', decision: null },
    });
    // Tuesday 3 November could take them; Sunday 8 November at noon is over three days after.
    expect(first?.minimum?.sisters.map((s) => s.startsAt)).toEqual(['2026-11-03T19:00:00.000Z']);
    const summary = await contractBody(
      await api(t, '/api/admin/summary', { cookie: admin.cookie }),
      AdminSummarySchema,
    );
    expect(summary.atRiskSessions).toBe((await atRisk()).length);

    const decided = await api(t, `/api/admin/sessions/${first!.id}/decision`, {
      method: 'POST',
      body: { outcome: 'runs' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(await contractBody(decided, SessionDecisionSchema)).toMatchObject({
      outcome: 'runs',
      cancelled: null,
    });
    expect((await atRisk()).map((s) => s.id)).not.toContain(first!.id);
    const again = await api(t, `/api/admin/sessions/${first!.id}/decision`, {
      method: 'POST',
      body: { outcome: 'cancelled' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('decided');
    // The clock does not decide it again.
    setNow(t, '2026-11-03T19:00:00Z');
    await decideDueSessions(t.deps);
    expect((await sessionAt('2026-11-04T19:00:00.000Z')).decision).toBe('runs');
    setNow(t, NOW);
  });

  it('lets an admin cancel early with the same remedies, and refuses a session with no minimum', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 4, decisionHoursBefore: 48 });
    const start = '2026-12-01T19:00:00.000Z';
    const customer = await signedInUser(t, { name: 'Early Parent' });
    await bookPaid(t, customer, [start]);
    const session = await sessionAt(start);
    const res = await api(t, `/api/admin/sessions/${session.id}/decision`, {
      method: 'POST',
      body: { outcome: 'cancelled' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    const decided = await contractBody(res, SessionDecisionSchema);
    expect(decided.cancelled?.seats).toEqual([
      expect.objectContaining({ remedy: 'credit', creditReturned: 1, refundedPence: 0 }),
    ]);
    expect(await sessionAt(start)).toMatchObject({ decision: 'cancelled', decidedBy: admin.id });

    const sunday = await sessionAt('2026-11-08T12:00:00.000Z');
    const none = await api(t, `/api/admin/sessions/${sunday.id}/decision`, {
      method: 'POST',
      body: { outcome: 'runs' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(none.status).toBe(409);
    const unknown = await api(t, `/api/admin/sessions/${crypto.randomUUID()}/decision`, {
      method: 'POST',
      body: { outcome: 'runs' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(unknown.status).toBe(404);
    const bad = await api(t, `/api/admin/sessions/${session.id}/decision`, {
      method: 'POST',
      body: { outcome: 'maybe' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(bad.status).toBe(400);
  });

  it('refunds card seats instead when content says so', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 4, decisionHoursBefore: 48 });
    const original = t.deps.content.siteSettings;
    t.deps.content.siteSettings = async () => ({
      ...(await original()),
      unfilledClassRemedy: 'refund',
    });
    try {
      const start = '2026-12-08T19:00:00.000Z';
      const customer = await signedInUser(t, { name: 'Refund Parent' });
      await bookPaid(t, customer, [start]);
      const session = await sessionAt(start);
      const decided = await contractBody(
        await api(t, `/api/admin/sessions/${session.id}/decision`, {
          method: 'POST',
          body: { outcome: 'cancelled' },
          cookie: admin.cookie,
          ip: admin.ip,
        }),
        SessionDecisionSchema,
      );
      expect(decided.cancelled?.seats).toEqual([
        expect.objectContaining({ remedy: 'refund', refundedPence: 1500, creditReturned: 0 }),
      ]);
    } finally {
      t.deps.content.siteSettings = original;
    }
  });

  it('ends the lesson room of a session that does not run', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: 4, decisionHoursBefore: 12 });
    const start = '2026-12-15T19:00:00.000Z'; // decided that morning at 7
    await bookPaid(t, await signedInUser(t, { name: 'Room Parent' }), [start]);
    setNow(t, '2026-12-15T06:00:00Z');
    await keepRooms({ ...t.deps, logger: t.deps.logger }); // rooms are made a day ahead
    const session = await sessionAt(start);
    const room = async () =>
      (
        await t.deps.db.select().from(sessionRooms).where(eq(sessionRooms.sessionId, session.id))
      )[0];
    expect(await room()).toMatchObject({ endedAt: null });
    expect((await room())?.ensuredAt).not.toBeNull();
    setNow(t, '2026-12-15T07:00:00Z');
    await decideDueSessions(t.deps);
    await keepRooms({ ...t.deps, logger: t.deps.logger });
    expect((await sessionAt(start)).decision).toBe('cancelled');
    expect((await room())?.endedAt).not.toBeNull();
    setNow(t, NOW);
  });

  it('keeps a decided row decided however the class minimum changes after', async () => {
    setNow(t, NOW);
    await setMinimum(tuesdayClass, { minPupils: null, decisionHoursBefore: 48 });
    const decided = await t.deps.db
      .select({ decision: classSessions.decision })
      .from(classSessions)
      .where(eq(classSessions.startsAt, new Date(TUESDAY)));
    expect(decided).toEqual([{ decision: 'runs' }]);
    expect((await slots()).find((s) => s.startsAt === TUESDAY)?.confirmedToRun).toBe(true);
    expect(
      (await slots()).find((s) => s.startsAt === '2026-12-15T19:00:00.000Z')?.runsIf,
    ).toBeUndefined();
  });
});
