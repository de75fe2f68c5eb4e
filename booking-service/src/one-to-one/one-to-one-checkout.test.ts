import {
  AdminCancelledBookingSchema,
  OneToOneCheckoutSchema,
  ProblemSchema,
  TutorRoomSchema,
} from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  checkouts,
  classSessions,
  paymentRefunds,
  promoCodes,
  pupils,
  tutorAvailability,
  tutorPayLines,
  tutorOneToOneSettings,
} from '../db/schema.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signedInTutor } from '../testing/tutor-fixtures.ts';

/*
 * Booking a tutor's free hour (docs/decisions/106): checked against the tutor's hours under the
 * tutor's lock, priced from the CMS hourly price, held and paid like any checkout, weekly with
 * all-or-nothing or skipUnavailable; a lapsed hold gives the hour back.
 */
const NOW = '2027-01-11T09:00:00Z'; // a Monday in the spring term
const MON_5PM = '2027-01-18T17:00:00.000Z'; // London is on GMT in January
// Later in the term, for lessons after Easter: the booking window reaches the end of April.
const SPRING = '2027-03-01T09:00:00Z';
const week = (n: number) => new Date(Date.parse(MON_5PM) + n * 7 * 86_400_000).toISOString();

describe.each(TEST_DB_KINDS)("booking a tutor's hour on %s", (dbKind) => {
  let t: TestApp;
  let tutorId: string;
  let tutor: TestUser;
  // The CMS's "Always record 1-to-1 lessons" (docs/decisions/115), switched by a test.
  let recordingCompulsory = false;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    const seed = t.deps.content;
    t.deps.content = {
      ...seed,
      pricing: async () => ({
        ...(await seed.pricing()),
        oneToOneRecordingCompulsory: recordingCompulsory,
      }),
    } satisfies ContentLoader;
    t.app = createApp(t.deps);
    tutor = await signedInTutor(t, { name: 'Sam Okafor' });
    tutorId = (tutor as TestUser & { tutorId: string }).tutorId;
    await t.deps.db.insert(tutorOneToOneSettings).values({
      tutorId,
      services: ['gcse-higher'],
      ratePencePerHour: 3000,
    });
    await t.deps.db.insert(tutorAvailability).values({
      tutorId,
      windows: [{ day: 'mon', from: '16:00', to: '20:00' }],
      exceptions: [],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A parent and child; the child has recording consent unless `consent` is false. */
  async function family(child = 'Arjun', consent = true) {
    const parent = await signedInUser(t, { name: 'Priya Shah' });
    const pupilId = await insertPupil(t.deps.db, { userId: parent.id, name: `${child} Shah` });
    if (consent) {
      await t.deps.db
        .update(pupils)
        .set({ recordingConsentAt: new Date(NOW) })
        .where(eq(pupils.id, pupilId));
    }
    return { parent, pupilId };
  }
  /** Books and pays one lesson; its session row. */
  async function bookedLesson(
    who: { parent: TestUser; pupilId: string },
    startsAt: string,
    body = {},
  ) {
    const started = await contractBody(
      await book(who.parent, { startsAt, pupilId: who.pupilId, ...body }),
      OneToOneCheckoutSchema,
    );
    expect((await pressPay(t, started.checkoutId, who.parent)).status).toBe(303);
    const [seat] = await t.deps.db
      .select({ id: bookings.id, sessionId: bookings.sessionId })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(
        and(
          eq(bookings.userId, who.parent.id),
          eq(bookings.status, 'confirmed'),
          eq(classSessions.startsAt, new Date(startsAt)),
        ),
      );
    if (!seat) throw new Error('no seat');
    return { ...seat, checkoutId: started.checkoutId };
  }
  /** What the tutor's lesson page says of the lesson's recording. */
  async function recordingOf(sessionId: string) {
    const room = await api(t, `/api/tutor/sessions/${sessionId}/room`, { cookie: tutor.cookie });
    return (await contractBody(room, TutorRoomSchema)).recording;
  }
  const book = (who: TestUser, body: Record<string, unknown>) =>
    api(t, '/api/checkout/one-to-one', {
      body: { service: 'gcse-higher', tutorId, lengthMinutes: 60, ...body },
      cookie: who.cookie,
      ip: who.ip,
    });
  const problemOf = async (response: Response) => contractBody(response, ProblemSchema);

  it('holds one hour at the hourly price, books it when paid, and no other family gets it', async () => {
    setNow(t, NOW);
    const { parent, pupilId } = await family();
    const started = await contractBody(
      await book(parent, { startsAt: MON_5PM, pupilId, adultNearby: true, expectedPence: 5000 }),
      OneToOneCheckoutSchema,
    );
    expect(started).toMatchObject({ status: 'pending', amountPence: 5000, lessons: [MON_5PM] });
    expect(started.skipped).toEqual([]);
    expect((await pressPay(t, started.checkoutId, parent)).status).toBe(303);
    const [booked] = await t.deps.db
      .select({
        status: bookings.status,
        adultNearby: bookings.adultNearby,
        kind: classSessions.kind,
      })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(eq(bookings.userId, parent.id));
    expect(booked).toEqual({ status: 'confirmed', adultNearby: true, kind: 'one-to-one' });
    const listed = await api(t, '/api/me/bookings?scope=upcoming', { cookie: parent.cookie });
    expect(await listed.json()).toMatchObject([
      { kind: 'one-to-one', tutorName: 'Sam', tutorId, startsAt: MON_5PM },
    ]);
    const mail = await mailTo(t, parent.email);
    expect(mail.some((m) => m.subject.includes('confirmed'))).toBe(true);

    const other = await family('Maya');
    const refused = await book(other.parent, { startsAt: MON_5PM, pupilId: other.pupilId });
    expect(refused.status).toBe(409);
    expect(await problemOf(refused)).toMatchObject({ code: 'unavailable', slots: [MON_5PM] });
    // Nor the 15 minutes after it: lessons keep a gap.
    const late = await book(other.parent, {
      startsAt: '2027-01-18T18:00:00.000Z',
      pupilId: other.pupilId,
      lengthMinutes: 60,
    });
    expect(late.status).toBe(409);
    const after = await book(other.parent, {
      startsAt: '2027-01-18T18:15:00.000Z',
      pupilId: other.pupilId,
    });
    expect(after.status).toBe(201);
  });

  it('refuses a weekly series with an unavailable week whole, or skips that week when asked', async () => {
    setNow(t, NOW);
    const { parent, pupilId } = await family();
    const start = week(1); // three Mondays from 25 January; the tutor is away on 1 February
    await t.deps.db
      .update(tutorAvailability)
      .set({ exceptions: [{ date: '2027-02-01', available: false }] })
      .where(eq(tutorAvailability.tutorId, tutorId));
    const refused = await book(parent, { startsAt: start, pupilId, weeks: 3 });
    expect(await problemOf(refused)).toMatchObject({ code: 'unavailable', slots: [week(2)] });
    const mine = () => t.deps.db.select().from(checkouts).where(eq(checkouts.userId, parent.id));
    expect(await mine()).toEqual([]);
    const held = await contractBody(
      await book(parent, { startsAt: start, pupilId, weeks: 3, skipUnavailable: true }),
      OneToOneCheckoutSchema,
    );
    expect(held).toMatchObject({
      lessons: [week(1), week(3)],
      skipped: [week(2)],
      amountPence: 10_000,
      sessionCount: 2,
    });
  });

  it('keeps a series to the term and the lengths and courses sold', async () => {
    setNow(t, NOW);
    const { parent, pupilId } = await family();
    const long = await book(parent, { startsAt: week(1), pupilId, weeks: 12 });
    expect(long.status).toBe(400);
    expect((await problemOf(long)).errors?.[0]?.field).toBe('weeks');
    const odd = await book(parent, { startsAt: week(1), pupilId, lengthMinutes: 50 });
    expect((await problemOf(odd)).errors?.[0]?.field).toBe('lengthMinutes');
    const notTaught = await book(parent, { startsAt: week(1), pupilId, service: 'alevel' });
    expect(notTaught.status).toBe(404);
    // Outside the tutor's window: Monday's hours end at 20:00.
    const outside = await book(parent, { startsAt: '2027-01-18T19:30:00.000Z', pupilId });
    expect((await problemOf(outside)).code).toBe('unavailable');
  });

  it('takes a percent code, never a free-session code, and gives the hour back when the hold lapses', async () => {
    setNow(t, NOW);
    await t.deps.db.insert(promoCodes).values([
      { code: 'TUTOR20', kind: 'percent', value: 20 },
      { code: 'TASTER', kind: 'free-session', value: 0 },
    ]);
    const { parent, pupilId } = await family();
    const free = await book(parent, { startsAt: week(6), pupilId, promoCode: 'TASTER' });
    expect(free.status).toBe(400);
    expect((await problemOf(free)).errors?.[0]?.message).toBe(
      'This code is for a group session, not a 1-to-1 lesson.',
    );
    const coded = await contractBody(
      await book(parent, { startsAt: week(6), pupilId, promoCode: 'TUTOR20' }),
      OneToOneCheckoutSchema,
    );
    expect(coded.amountPence).toBe(4000);
    const other = await family('Maya');
    expect((await book(other.parent, { startsAt: week(6), pupilId: other.pupilId })).status).toBe(
      409,
    );
    setNow(t, new Date(Date.parse(NOW) + 31 * 60_000));
    expect((await book(other.parent, { startsAt: week(6), pupilId: other.pupilId })).status).toBe(
      201,
    );
    // The first family's late payment does not book over the second: it is refunded.
    expect((await pressPay(t, coded.checkoutId, parent)).status).toBe(303);
    const seats = await t.deps.db
      .select({ userId: bookings.userId })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(and(eq(classSessions.startsAt, new Date(week(6))), eq(bookings.status, 'confirmed')));
    expect(seats.every((s) => s.userId !== parent.id)).toBe(true);
  });

  it('moves a lesson only to another free hour of its tutor, and refunds a cancel 24 hours ahead', async () => {
    setNow(t, NOW);
    const { parent, pupilId } = await family();
    const started = await contractBody(
      await book(parent, { startsAt: week(7), pupilId, weeks: 1 }),
      OneToOneCheckoutSchema,
    );
    expect((await pressPay(t, started.checkoutId, parent)).status).toBe(303);
    const [seat] = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, parent.id), eq(bookings.status, 'confirmed')));
    if (!seat) throw new Error('no seat');
    const call = (path: string, body: Record<string, unknown> = {}) =>
      api(t, `/api/me/bookings/${seat.id}/${path}`, { body, cookie: parent.cookie, ip: parent.ip });
    // A Tuesday: the tutor only teaches on Mondays.
    const tuesday = new Date(Date.parse(week(7)) + 86_400_000).toISOString();
    const refused = await call('reschedule', { startsAt: tuesday });
    expect(await problemOf(refused)).toMatchObject({ code: 'unavailable', slots: [tuesday] });
    const later = '2027-03-01T18:30:00.000Z';
    const moved = await call('reschedule', { startsAt: later });
    expect(moved.status).toBe(200);
    const [now] = await t.deps.db
      .select({ id: bookings.id, startsAt: classSessions.startsAt, kind: classSessions.kind })
      .from(bookings)
      .innerJoin(classSessions, eq(classSessions.id, bookings.sessionId))
      .where(and(eq(bookings.userId, parent.id), eq(bookings.status, 'confirmed')));
    expect(now).toMatchObject({ startsAt: new Date(later), kind: 'one-to-one' });
    // The first hour is free again for another family.
    const other = await family('Maya');
    expect((await book(other.parent, { startsAt: week(7), pupilId: other.pupilId })).status).toBe(
      201,
    );
    const cancelled = await api(t, `/api/me/bookings/${now?.id}/cancel`, {
      body: {},
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(cancelled.status).toBe(200);
    const refunds = await t.deps.db
      .select({ amountPence: paymentRefunds.amountPence, reason: paymentRefunds.reason })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.checkoutId, started.checkoutId));
    expect(refunds).toEqual([{ amountPence: 5000, reason: 'lesson-cancel' }]);
  });

  it('records a lesson unless an adult will be nearby, always when the CMS says, never without consent', async () => {
    setNow(t, SPRING);
    // No consent and nobody nearby: neither a recording nor an adult, so refused, saying why.
    const unconsented = await family('Zara', false);
    const refused = await book(unconsented.parent, {
      startsAt: '2027-03-15T17:00:00.000Z',
      pupilId: unconsented.pupilId,
    });
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).errors).toEqual([
      expect.objectContaining({
        field: 'adultNearby',
        message: expect.stringContaining('turn on recording consent for Zara'),
      }),
    ]);
    const nearby = await bookedLesson(unconsented, '2027-03-15T17:00:00.000Z', {
      adultNearby: true,
    });
    expect(await recordingOf(nearby.sessionId)).toEqual({ state: 'off', missingConsents: 0 });

    const consenting = await family('Leo');
    const recorded = await bookedLesson(consenting, '2027-03-22T17:00:00.000Z');
    expect(await recordingOf(recorded.sessionId)).toEqual({ state: 'on', missingConsents: 0 });
    // Consent withdrawn after booking: the lesson is not recorded, and the tutor sees why.
    await t.deps.db
      .update(pupils)
      .set({ recordingConsentAt: null })
      .where(eq(pupils.id, consenting.pupilId));
    expect(await recordingOf(recorded.sessionId)).toEqual({ state: 'blocked', missingConsents: 1 });

    recordingCompulsory = true;
    try {
      // An adult nearby no longer opts out, so a child without consent cannot be booked.
      const compulsory = await book(unconsented.parent, {
        startsAt: '2027-04-12T17:00:00.000Z',
        pupilId: unconsented.pupilId,
        adultNearby: true,
      });
      expect((await problemOf(compulsory)).errors).toEqual([
        expect.objectContaining({
          field: 'pupilId',
          message: expect.stringContaining('always recorded'),
        }),
      ]);
      expect(await recordingOf(nearby.sessionId)).toEqual({ state: 'blocked', missingConsents: 1 });
      const withAdult = await bookedLesson(await family('Ravi'), '2027-04-12T17:00:00.000Z', {
        adultNearby: true,
      });
      expect(await recordingOf(withAdult.sessionId)).toEqual({ state: 'on', missingConsents: 0 });
    } finally {
      recordingCompulsory = false;
    }
  });

  it("keeps the card payment of a family's cancel inside 24 hours; an admin's credit is a refund", async () => {
    setNow(t, SPRING);
    const refundsOf = (checkoutId: string) =>
      t.deps.db
        .select({ amountPence: paymentRefunds.amountPence, reason: paymentRefunds.reason })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.checkoutId, checkoutId));
    const ines = await family('Ines');
    const late = await bookedLesson(ines, '2027-04-19T17:00:00.000Z');
    const business = await bookedLesson(await family('Omar'), '2027-04-26T17:00:00.000Z');

    // 23 hours before: the family may still cancel, as the spec allows, but gets nothing back.
    setNow(t, new Date(Date.parse('2027-04-19T17:00:00.000Z') - 23 * 3_600_000));
    const cancelled = await api(t, `/api/me/bookings/${late.id}/cancel`, {
      body: {},
      cookie: ines.parent.cookie,
      ip: ines.parent.ip,
    });
    expect(cancelled.status).toBe(200);
    expect(await refundsOf(late.checkoutId)).toEqual([]);

    // The business cancels: credit is a group seat, so the "credit" remedy refunds the card.
    const admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const byUs = await api(t, `/api/admin/bookings/${business.id}/cancel`, {
      body: { remedy: 'credit', reason: 'Tutor unwell' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(byUs.status).toBe(200);
    expect((await contractBody(byUs, AdminCancelledBookingSchema)).remedy).toMatchObject({
      remedy: 'refund',
      refundedPence: 5000,
    });
    expect(await refundsOf(business.checkoutId)).toEqual([
      { amountPence: 5000, reason: 'lesson-cancel' },
    ]);
  });

  it("lists a paid lesson on the tutor's register and pays it at the 1-to-1 hourly rate", async () => {
    setNow(t, NOW);
    const { parent, pupilId } = await family();
    const startsAt = '2027-02-08T19:00:00.000Z';
    const started = await contractBody(
      await book(parent, { startsAt, pupilId }),
      OneToOneCheckoutSchema,
    );
    expect((await pressPay(t, started.checkoutId, parent)).status).toBe(303);
    const [lesson] = await t.deps.db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(
        and(eq(classSessions.tutorId, tutorId), eq(classSessions.startsAt, new Date(startsAt))),
      );
    if (!lesson) throw new Error('no lesson row');
    const teach = (path: string, method: string, body?: Record<string, unknown>) =>
      api(t, `/api/tutor/sessions/${lesson.id}${path}`, {
        method,
        cookie: tutor.cookie,
        ...(body ? { body } : {}),
      });
    setNow(t, new Date(Date.parse(startsAt) + 70 * 60_000));
    expect((await teach('', 'GET')).status).toBe(200);
    expect((await teach('/attendance', 'PUT', { pupilId, status: 'present' })).status).toBe(200);
    const report = { topic: 'Quadratic inequalities', homework: 'Exercise 7C' };
    expect((await teach('/report', 'PUT', report)).status).toBe(200);
    expect((await teach('/report/submit', 'POST', {})).status).toBe(200);
    const [line] = await t.deps.db
      .select({ amountPence: tutorPayLines.amountPence, role: tutorPayLines.role })
      .from(tutorPayLines)
      .where(eq(tutorPayLines.sessionId, lesson.id));
    expect(line).toEqual({ amountPence: 3000, role: 'lead' });
  });
});
