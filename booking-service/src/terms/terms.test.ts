import {
  BookingListSchema,
  ClassListSchema,
  DataExportSchema,
  EnrolmentListSchema,
  ProblemSchema,
  StartedCheckoutSchema,
  TermCheckoutSchema,
  TermQuoteSchema,
  WaitlistEntryListSchema,
} from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, checkoutItems, checkouts, classSessions } from '../db/schema.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { fillSeats, pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { sendReenrolmentInvites } from './reenrolment-invites.ts';

/*
 * Term enrolment (docs/decisions/083) against the seeded terms: Spring 2027 runs 4 January to
 * 25 March with half term 15-21 February, priority enrolment from 30 November and public from
 * 14 December, £10 a session. GCSE Higher meets on Tuesdays at 7 pm: twelve Tuesdays, one of
 * them in half term.
 */
const SPRING = 'term-2027-spring';
const AUTUMN = 'term-2026-autumn';
const SUMMER = 'term-2027-summer';
const PUBLIC_OPEN = '2026-12-15T09:00:00Z';
const HALF_TERM_TUESDAY = '2027-02-16T19:00:00.000Z';

describe.each(TEST_DB_KINDS)('term enrolment on %s', (dbKind) => {
  let t: TestApp;
  let tuesdayClass: string;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: PUBLIC_OPEN });
    const classes = await contractBody(await api(t, '/api/classes'), ClassListSchema);
    const found = classes.find((c) => c.service === 'gcse-higher' && c.day === 'tue');
    if (!found) throw new Error('no Tuesday GCSE Higher class in the seed');
    tuesdayClass = found.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function family(children: string[]) {
    const parent = await signedInUser(t, { name: 'Priya Shah' });
    const pupilIds: string[] = [];
    for (const name of children)
      pupilIds.push(await insertPupil(t.deps.db, { userId: parent.id, name }));
    return { parent, pupilIds };
  }

  const quote = (who: TestUser, body: Record<string, unknown>, termId = SPRING) =>
    api(t, `/api/terms/${termId}/quote`, {
      body: { classId: tuesdayClass, ...body },
      cookie: who.cookie,
      ip: who.ip,
    });
  const enrol = (who: TestUser, body: Record<string, unknown>, termId = SPRING) =>
    api(t, '/api/checkout/term', {
      body: { termId, classId: tuesdayClass, ...body },
      cookie: who.cookie,
      ip: who.ip,
    });

  const invitesTo = async (who: TestUser) =>
    (await mailTo(t, who.email)).filter((m) => m.subject === 'Keep your place for Spring 2027');

  it('quotes the term: closed days listed and skipped, the rest at the term price', async () => {
    setNow(t, PUBLIC_OPEN);
    const { parent, pupilIds } = await family(['Maya']);
    const res = await quote(parent, { pupilIds });
    expect(res.status).toBe(200);
    const body = await contractBody(res, TermQuoteSchema);
    expect(body.sessions).toHaveLength(12);
    expect(body.sessions[0]).toEqual({ startsAt: '2027-01-05T19:00:00.000Z', status: 'ok' });
    expect(body.sessions.find((s) => s.startsAt === HALF_TERM_TUESDAY)?.status).toBe('closed');
    expect(body.sessionsCount).toBe(11);
    expect(body.amountPence).toBe(11_000);
    expect(body.price).toMatchObject({ subtotalPence: 11_000, discountPence: 0, discount: null });

    // Joining mid-term pays only for what is left: from 1 February, 7 Tuesdays (16th closed).
    setNow(t, '2027-02-01T09:00:00Z');
    const later = await contractBody(await quote(parent, { pupilIds }), TermQuoteSchema);
    expect(later.sessionsCount).toBe(7);
    expect(later.amountPence).toBe(7_000);
    setNow(t, PUBLIC_OPEN);
  });

  it('enrols two siblings in one step: every session booked, one e-mail, grouped', async () => {
    setNow(t, PUBLIC_OPEN);
    const { parent, pupilIds } = await family(['Leo', 'Maya']);
    const res = await enrol(parent, { pupilIds });
    expect(res.status).toBe(201);
    const started = await contractBody(res, TermCheckoutSchema);
    expect(started).toMatchObject({ status: 'pending', amountPence: 22_000, sessionCount: 22 });
    expect(started.waitlisted).toEqual([]);
    const before = (await mailTo(t, parent.email)).length;
    expect((await pressPay(t, started.checkoutId, parent)).status).toBe(303);

    const booked = await t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, parent.id), eq(bookings.status, 'confirmed')));
    expect(booked).toHaveLength(22);
    const mails = await mailTo(t, parent.email);
    const confirmations = mails.slice(0, mails.length - before);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.subject).toMatch(
      /^Enrolment confirmed: Spring 2027, 22 maths sessions/,
    );
    expect(confirmations[0]?.text).toContain('You are enrolled for Spring 2027');

    const enrolments = await contractBody(
      await api(t, '/api/me/enrolments', { cookie: parent.cookie }),
      EnrolmentListSchema,
    );
    expect(enrolments.map((e) => [e.pupil.name, e.sessionsLeft, e.status])).toEqual([
      ['Leo', 11, 'paid'],
      ['Maya', 11, 'paid'],
    ]);
    expect(enrolments[0]?.label).toBe('GCSE Higher, Tuesdays 7:00 PM');
    expect(enrolments[0]?.termName).toBe('Spring 2027');
    const upcoming = await contractBody(
      await api(t, '/api/me/bookings?scope=upcoming', { cookie: parent.cookie }),
      BookingListSchema,
    );
    const ids = new Set(enrolments.map((e) => e.id));
    expect(upcoming.filter((b) => b.enrolmentId && ids.has(b.enrolmentId))).toHaveLength(22);

    // The family's export names the enrolments with their payment.
    const exported = await contractBody(
      await api(t, '/api/me/export', { cookie: parent.cookie }),
      DataExportSchema,
    );
    expect(exported.termEnrolments.map((e) => [e.termName, e.paymentId])).toEqual([
      ['Spring 2027', started.checkoutId],
      ['Spring 2027', started.checkoutId],
    ]);

    // The same pupils again: every week is already theirs.
    const again = await contractBody(await quote(parent, { pupilIds }), TermQuoteSchema);
    expect(again.sessions.filter((s) => s.status === 'duplicate')).toHaveLength(11);
    expect(again.amountPence).toBe(0);
  });

  it('refuses a term with a full week, and with skipFull books the rest and wait-lists it', async () => {
    setNow(t, PUBLIC_OPEN);
    const fullWeek = '2027-03-02T19:00:00.000Z';
    await fillSeats(t, 'gcse-higher', fullWeek, 10);
    const { parent, pupilIds } = await family(['Arjun']);
    const refused = await enrol(parent, { pupilIds });
    expect(refused.status).toBe(409);
    expect(await contractBody(refused, ProblemSchema)).toMatchObject({
      code: 'full',
      slots: [fullWeek],
    });

    const res = await enrol(parent, { pupilIds, skipFull: true });
    expect(res.status).toBe(201);
    const started = await contractBody(res, TermCheckoutSchema);
    expect(started.sessionCount).toBe(10);
    expect(started.amountPence).toBe(10_000);
    expect(started.waitlisted).toEqual([fullWeek]);
    const waiting = await contractBody(
      await api(t, '/api/me/waitlist', { cookie: parent.cookie }),
      WaitlistEntryListSchema,
    );
    expect(waiting.map((w) => w.startsAt)).toContain(fullWeek);
  });

  it('opens to pupils already in the class from the priority date, to others later', async () => {
    const { parent, pupilIds } = await family(['Zara']);
    // Enrolled in the class for the autumn term (public since August).
    setNow(t, '2026-11-02T09:00:00Z');
    const autumn = await contractBody(
      await enrol(parent, { pupilIds }, AUTUMN),
      TermCheckoutSchema,
    );
    expect((await pressPay(t, autumn.checkoutId, parent)).status).toBe(303);
    const newcomer = await family(['Sam']);

    setNow(t, '2026-11-20T09:00:00Z');
    const early = await enrol(parent, { pupilIds });
    expect(early.status).toBe(409);
    expect(await contractBody(early, ProblemSchema)).toMatchObject({
      code: 'not-open',
      opensOn: '2026-11-30',
    });

    setNow(t, '2026-12-01T09:00:00Z');
    expect((await quote(parent, { pupilIds })).status).toBe(200);
    const others = await quote(newcomer.parent, { pupilIds: newcomer.pupilIds });
    expect(others.status).toBe(409);
    expect(await contractBody(others, ProblemSchema)).toMatchObject({
      code: 'not-open',
      opensOn: '2026-12-14',
    });
    // A returning pupil with a newcomer sibling waits for the public date.
    const sibling = await insertPupil(t.deps.db, { userId: parent.id, name: 'Noor' });
    const mixed = await quote(parent, { pupilIds: [...pupilIds, sibling] });
    expect(await contractBody(mixed, ProblemSchema)).toMatchObject({ opensOn: '2026-12-14' });

    setNow(t, PUBLIC_OPEN);
  });

  it('invites returning families on the priority date, never once enrolment is public', async () => {
    // Spring's priority date is Monday 30 November; public, Monday 14 December (decision 107).
    const { parent, pupilIds } = await family(['Zara']);
    setNow(t, '2026-11-02T09:00:00Z');
    const autumn = await contractBody(
      await enrol(parent, { pupilIds }, AUTUMN),
      TermCheckoutSchema,
    );
    expect((await pressPay(t, autumn.checkoutId, parent)).status).toBe(303);

    // 11:59 pm on Sunday 29 November in London: not yet.
    setNow(t, '2026-11-29T23:59:00Z');
    expect(await sendReenrolmentInvites(t.deps)).toEqual({ sent: 0 });
    // Just after midnight on the priority date: one invitation with a link ready to pay, once.
    setNow(t, '2026-11-30T00:01:00Z');
    await sendReenrolmentInvites(t.deps);
    expect(await sendReenrolmentInvites(t.deps)).toEqual({ sent: 0 });
    const [invite, ...more] = await invitesTo(parent);
    expect(more).toEqual([]);
    expect(invite?.subject).toBe('Keep your place for Spring 2027');
    expect(invite?.text).toContain(
      `/enrol?term=${SPRING}&class=${tuesdayClass}&pupil=${pupilIds[0]}`,
    );
    expect(invite?.text).toContain('Zara: GCSE Higher, Tuesdays 7:00 PM');
    // The dates the enrolment page gives and the service enforces.
    expect(invite?.text).toContain(
      'Re-enrolment is open now for pupils already in a class, before places open to everyone on Monday 14 December 2026.',
    );
    expect((await quote(parent, { pupilIds })).status).toBe(200);

    // A family that joined the class later is not invited once places are open to everyone.
    const late = await family(['Omar']);
    setNow(t, '2026-12-01T09:00:00Z');
    const lateAutumn = await contractBody(
      await enrol(late.parent, { pupilIds: late.pupilIds }, AUTUMN),
      TermCheckoutSchema,
    );
    expect((await pressPay(t, lateAutumn.checkoutId, late.parent)).status).toBe(303);
    setNow(t, '2026-12-14T00:01:00Z');
    expect(await sendReenrolmentInvites(t.deps)).toEqual({ sent: 0 });
    expect(await invitesTo(late.parent)).toEqual([]);
    setNow(t, PUBLIC_OPEN);
  });

  it('invites the number of days before the priority date the CMS sets', async () => {
    const { parent, pupilIds } = await family(['Ada']);
    setNow(t, '2026-11-02T09:00:00Z');
    const autumn = await contractBody(
      await enrol(parent, { pupilIds }, AUTUMN),
      TermCheckoutSchema,
    );
    expect((await pressPay(t, autumn.checkoutId, parent)).status).toBe(303);
    const seed = t.deps.content;
    const weekBefore = {
      ...t.deps,
      content: {
        ...seed,
        siteSettings: async () => ({ ...(await seed.siteSettings()), reenrolInviteDaysBefore: 7 }),
      },
    };
    setNow(t, '2026-11-22T09:00:00Z');
    expect(await sendReenrolmentInvites(weekBefore)).toEqual({ sent: 0 });
    setNow(t, '2026-11-23T09:00:00Z');
    await sendReenrolmentInvites(weekBefore);
    const [invite] = await invitesTo(parent);
    // Before the priority date the e-mail says when re-enrolment opens, as /enrol's 409 does.
    expect(invite?.text).toContain(
      'Re-enrolment opens on Monday 30 November 2026 for pupils already in a class, before places open to everyone on Monday 14 December 2026.',
    );
    setNow(t, PUBLIC_OPEN);
  });

  it('refuses a past term, an unknown term and class, and another account’s pupil', async () => {
    setNow(t, PUBLIC_OPEN);
    const { parent, pupilIds } = await family(['Ada']);
    const stranger = await family(['Bea']);
    // After Autumn 2026's last day (18 December) it is over: 400 naming the term.
    setNow(t, '2026-12-19T09:00:00Z');
    const past = await quote(parent, { pupilIds }, AUTUMN);
    expect(past.status).toBe(400);
    expect((await contractBody(past, ProblemSchema)).errors).toEqual([
      { field: 'termId', message: 'Autumn 2026 has ended.' },
    ]);
    setNow(t, PUBLIC_OPEN);
    expect((await quote(parent, { pupilIds }, 'no-such-term')).status).toBe(404);
    expect((await quote(parent, { pupilIds, classId: crypto.randomUUID() })).status).toBe(404);
    expect((await quote(parent, { pupilIds: stranger.pupilIds })).status).toBe(404);
    expect(
      (await api(t, `/api/terms/${SPRING}/quote`, { body: { classId: tuesdayClass, pupilIds } }))
        .status,
    ).toBe(401);
  });

  it('lets an admin list enrolments per class and per family', async () => {
    setNow(t, PUBLIC_OPEN);
    const admin = await signedInUser(t, { role: 'admin' });
    const { parent, pupilIds } = await family(['Kit']);
    // An earlier case filled a March week: the rest of the term, that week wait-listed.
    const started = await contractBody(
      await enrol(parent, { pupilIds, skipFull: true }),
      StartedCheckoutSchema,
    );
    expect((await pressPay(t, started.checkoutId, parent)).status).toBe(303);
    const byFamily = await api(t, `/api/admin/enrolments?userId=${parent.id}`, {
      cookie: admin.cookie,
    });
    const rows = (await byFamily.json()) as {
      pupil: { name: string };
      family: { email: string };
    }[];
    expect(rows.map((r) => [r.pupil.name, r.family.email])).toEqual([['Kit', parent.email]]);
    const byClass = (await (
      await api(t, `/api/admin/enrolments?classId=${tuesdayClass}&termId=${SPRING}`, {
        cookie: admin.cookie,
      })
    ).json()) as { pupil: { name: string } }[];
    expect(byClass.map((r) => r.pupil.name)).toContain('Kit');
    const [paid] = await t.deps.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, started.checkoutId));
    expect(paid?.status).toBe('paid');
  });

  it('gives the last seat of a week to exactly one of five families enrolling at once', async () => {
    // The summer term, which no earlier case touched: its first week has one seat left.
    setNow(t, '2027-03-23T09:00:00Z');
    const first = await family(['Scout']);
    const summer = await contractBody(
      await quote(first.parent, { pupilIds: first.pupilIds }, SUMMER),
      TermQuoteSchema,
    );
    const week = summer.sessions[0]!.startsAt;
    await fillSeats(t, 'gcse-higher', week, 9);
    const families = await Promise.all([1, 2, 3, 4, 5].map((i) => family([`Racer ${i}`])));
    const answers = await Promise.all(
      families.map(({ parent, pupilIds }) => enrol(parent, { pupilIds }, SUMMER)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(await contractBody(res, ProblemSchema)).toMatchObject({ code: 'full' });
    }
    // One checkout holds the week's last seat; no seat was made or lost.
    const [row] = await t.deps.db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(
        and(eq(classSessions.service, 'gcse-higher'), eq(classSessions.startsAt, new Date(week))),
      );
    const held = await t.deps.db
      .select({ checkoutId: checkoutItems.checkoutId })
      .from(checkoutItems)
      .innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId))
      .where(and(eq(checkoutItems.sessionId, row!.id), eq(checkouts.status, 'pending')));
    expect(held).toHaveLength(1);
    setNow(t, PUBLIC_OPEN);
  });
});
