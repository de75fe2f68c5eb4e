import { fixedClock, formatPounds, londonWallClockToUtc, SERVICES } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '../audit/audit.ts';
import { settableClock, type SettableClock } from '../clock.ts';
import { auditEntries, classSessions, user } from '../db/schema.ts';
import { insertBooking, insertCustomer, insertSession } from '../testing/admin-fixtures.ts';
import { api, type TestUser } from '../testing/auth-helpers.ts';
import { signedInUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { leadClass, signedInTutor } from '../testing/tutor-fixtures.ts';

/*
 * Tutors are paid what their rates say (docs/decisions/113): the invitation takes the rates, an
 * admin is warned when a tutor has none, a rate change re-prices the lines of months not yet
 * closed and never a closed month's, and the hours CSV adds up to what the admin's page shows.
 */

// Thursday 3 December 2026: November is still open (it closes on 8 December), October closed.
const NOW = '2026-12-03T09:00:00Z';
const GCSE_HIGHER_TUE = { service: 'gcse-higher', day: 'tue', startTime: '19:00' } as const;

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

interface Hours {
  lines: { sessionId: string; amountPence: number; pupilsAttended: number }[];
  amountPence: number;
  closed: boolean;
  closesAt: string;
}

/** The money cells of the CSV, in pence: each line's, then the total row's. */
function csvAmounts(csv: string): { lines: number[]; total: number } {
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((row) => row.split(','));
  const pence = (cell: string | undefined) => {
    const match = /^"(\d+)\.(\d\d)"$/.exec(cell ?? '');
    if (!match) throw new Error(`not an amount: ${cell}`);
    return Number(match[1]) * 100 + Number(match[2]);
  };
  const total = rows.at(-1);
  if (total?.[0] !== '"Total"') throw new Error('no total row');
  return { lines: rows.slice(0, -1).map((r) => pence(r.at(-1))), total: pence(total.at(-1)) };
}

describe.each(TEST_DB_KINDS)('tutor pay rates on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let admin: TestUser;
  let sam: TestUser & { tutorId: string };
  let familyId: string;
  const pupilIds: string[] = [];
  const lessons: Record<string, string> = {};

  const hours = async (tutorId: string, month: string) =>
    json<Hours>(
      await api(t, `/api/admin/tutors/${tutorId}/hours?month=${month}`, { cookie: admin.cookie }),
    );

  /** Sam marks the register after the lesson and sends the report: the pay line is made. */
  async function submitRegister(sessionId: string, startsAt: Date, marks: string[]) {
    clock.set(new Date(startsAt.getTime() + 2 * 60 * 60_000));
    const path = `/api/tutor/sessions/${sessionId}`;
    for (const [i, status] of marks.entries()) {
      const marked = await api(t, `${path}/attendance`, {
        method: 'PUT',
        cookie: sam.cookie,
        body: { pupilId: pupilIds[i], status },
      });
      expect(marked.status).toBe(200);
    }
    const saved = await api(t, `${path}/report`, {
      method: 'PUT',
      cookie: sam.cookie,
      body: { topic: 'Fractions', homework: '' },
    });
    expect(saved.status).toBe(200);
    const sent = await api(t, `${path}/report/submit`, { cookie: sam.cookie, body: {} });
    expect(sent.status).toBe(200);
    clock.set(new Date(NOW));
  }

  async function groupLesson(date: string, marks: string[]) {
    const session = await insertSession(t.deps.db, { service: 'gcse-higher', date, time: '19:00' });
    for (const pupilId of pupilIds.slice(0, marks.length)) {
      await insertBooking(t.deps.db, { userId: familyId, sessionId: session.id, pupilId });
    }
    await submitRegister(session.id, session.startsAt, marks);
    return session.id;
  }

  async function oneToOneLesson(date: string, minutes: number) {
    const startsAt = londonWallClockToUtc(date, '16:00');
    const [row] = await t.deps.db
      .insert(classSessions)
      .values({
        subject: SERVICES.gcse.subject,
        service: 'gcse',
        kind: 'one-to-one',
        tutorId: sam.tutorId,
        capacity: 1,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
        pricePence: 5000,
      })
      .returning({ id: classSessions.id });
    if (!row) throw new Error('lesson not inserted');
    await insertBooking(t.deps.db, { userId: familyId, sessionId: row.id, pupilId: pupilIds[0] });
    await submitRegister(row.id, startsAt, ['present']);
    return row.id;
  }

  const setRates = (tutorId: string, perSessionPence: number, perPupilPence: number) =>
    api(t, `/api/admin/tutors/${tutorId}/rates`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { perSessionPence, perPupilPence },
    });

  const setHourly = (tutorId: string, ratePencePerHour: number) =>
    api(t, `/api/admin/tutors/${tutorId}/one-to-one`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { services: ['gcse'], ratePencePerHour },
    });

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    sam = await signedInTutor(t, { name: 'Sam Rivers' });
    await leadClass(t, sam.tutorId, GCSE_HIGHER_TUE);
    familyId = await insertCustomer(t.deps.db, { name: 'Priya Patel', email: 'priya@example.com' });
    for (const name of ['Maya Patel', 'Leo Patel', 'Ava Patel']) {
      pupilIds.push(await insertPupil(t.deps.db, { userId: familyId, name, yearGroup: 'y10' }));
    }
    // Sam's first rates: £20.50 a class and £1.75 a pupil; £33.33 an hour 1-to-1.
    expect((await setRates(sam.tutorId, 2050, 175)).status).toBe(200);
    expect((await setHourly(sam.tutorId, 3333)).status).toBe(200);
    lessons.october = await groupLesson('2026-10-27', ['present', 'late', 'absent']);
    lessons.novemberA = await groupLesson('2026-11-10', ['present', 'late', 'present']);
    lessons.novemberB = await groupLesson('2026-11-24', ['present']);
    lessons.half = await oneToOneLesson('2026-11-02', 30);
    lessons.threeQuarters = await oneToOneLesson('2026-11-04', 45);
    lessons.hour = await oneToOneLesson('2026-11-11', 60);
    lessons.hourAndHalf = await oneToOneLesson('2026-11-18', 90);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('invites a tutor with their rates, and warns of none when there are none', async () => {
    const withRates = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        perSessionPence: 2500,
        perPupilPence: 150,
      },
    });
    expect(withRates.status).toBe(201);
    const ada = await json<{ id: string; warnings: string[] }>(withRates);
    expect(ada.warnings).toEqual([]);
    const list = await json<{ tutors: { id: string; perSessionPence: number }[] }>(
      await api(t, '/api/admin/tutors', { cookie: admin.cookie }),
    );
    expect(list.tutors.find((x) => x.id === ada.id)).toMatchObject({
      perSessionPence: 2500,
      perPupilPence: 150,
    });

    const without = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: { name: 'Ben Day', email: 'ben@example.com' },
    });
    expect(without.status).toBe(201);
    expect(await json(without)).toMatchObject({ warnings: ['no-rates'] });
    const zero = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: { name: 'Cat Hay', email: 'cat@example.com', perSessionPence: 0, perPupilPence: 0 },
    });
    expect(await json(zero)).toMatchObject({ warnings: ['no-rates'] });
  });

  it('refuses a rate that is not whole pence at invitation, naming the field, and makes no account', async () => {
    const refused = await api(t, '/api/admin/tutors', {
      cookie: admin.cookie,
      body: { name: 'Dan Fox', email: 'dan@example.com', perSessionPence: 20, perPupilPence: 1.5 },
    });
    expect(refused.status).toBe(400);
    const problem = await json<{ errors: { field: string; message: string }[] }>(refused);
    expect(problem.errors).toEqual([
      { field: 'perPupilPence', message: 'perPupilPence must be a whole number of pence.' },
    ]);
    const rows = await t.deps.db.select().from(user).where(eq(user.email, 'dan@example.com'));
    expect(rows).toEqual([]);
  });

  it('assigns a lead or cover tutor with no rates, and warns the admin', async () => {
    const unpaid = await signedInTutor(t, { name: 'Eve Stone' });
    const classId = await leadClass(t, sam.tutorId, {
      service: 'ks3',
      day: 'wed',
      startTime: '18:00',
    });
    const lead = await api(t, `/api/admin/classes/${classId}/tutor`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { tutorId: unpaid.tutorId },
    });
    expect(lead.status).toBe(200);
    expect(await json(lead)).toMatchObject({ tutorId: unpaid.tutorId, warnings: ['no-rates'] });
    const paid = await api(t, `/api/admin/classes/${classId}/tutor`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { tutorId: sam.tutorId },
    });
    expect(await json(paid)).toMatchObject({ tutorId: sam.tutorId, warnings: [] });

    const session = await insertSession(t.deps.db, {
      service: 'gcse-higher',
      date: '2026-12-15',
      time: '19:00',
    });
    const cover = await api(t, `/api/admin/sessions/${session.id}/tutor`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { tutorId: unpaid.tutorId },
    });
    expect(cover.status).toBe(200);
    expect(await json(cover)).toMatchObject({
      coverTutorId: unpaid.tutorId,
      warnings: ['no-rates'],
    });
  });

  it('pays at the first rates: 1-to-1 lessons by length, classes by pupils', async () => {
    const november = await hours(sam.tutorId, '2026-11');
    const amountOf = (id: string | undefined) =>
      november.lines.find((l) => l.sessionId === id)?.amountPence;
    expect(amountOf(lessons.novemberA)).toBe(2050 + 3 * 175);
    expect(amountOf(lessons.novemberB)).toBe(2050 + 175);
    // £33.33 an hour, to the nearest penny: 30, 45, 60 and 90 minutes.
    expect(amountOf(lessons.half)).toBe(1667);
    expect(amountOf(lessons.threeQuarters)).toBe(2500);
    expect(amountOf(lessons.hour)).toBe(3333);
    expect(amountOf(lessons.hourAndHalf)).toBe(5000);
    expect(november.amountPence).toBe(17_300);
    expect(november).toMatchObject({ closed: false, closesAt: '2026-12-08T00:00:00.000Z' });
    expect(await hours(sam.tutorId, '2026-10')).toMatchObject({ amountPence: 2050 + 2 * 175 });
  });

  it('re-prices the open month when the rates change, and never the closed one', async () => {
    expect((await setRates(sam.tutorId, 3000, 250)).status).toBe(200);
    expect((await setHourly(sam.tutorId, 4000)).status).toBe(200);
    const november = await hours(sam.tutorId, '2026-11');
    const amountOf = (id: string | undefined) =>
      november.lines.find((l) => l.sessionId === id)?.amountPence;
    expect(amountOf(lessons.novemberA)).toBe(3000 + 3 * 250);
    expect(amountOf(lessons.novemberB)).toBe(3000 + 250);
    expect(amountOf(lessons.half)).toBe(2000);
    expect(amountOf(lessons.hourAndHalf)).toBe(6000);
    expect(november.amountPence).toBe(3750 + 3250 + 2000 + 3000 + 4000 + 6000);
    // October closed on 8 November: what it paid stays.
    const october = await hours(sam.tutorId, '2026-10');
    expect(october).toMatchObject({ amountPence: 2050 + 2 * 175, closed: true });

    // The trail says what the change did to the lines.
    const [entry] = await t.deps.db
      .select({ after: auditEntries.after })
      .from(auditEntries)
      .where(eq(auditEntries.action, 'tutor.rates'))
      .orderBy(auditEntries.at)
      .then((rows) => rows.slice(-1));
    expect(entry?.after).toMatchObject({
      repriced: { fromMonth: '2026-11', lines: 2, beforePence: 4800, afterPence: 7000 },
    });
    const page = await listAuditEntries(t.deps.db, await t.deps.content.timetable(), {
      action: 'tutor.rates',
    });
    expect(page.entries[0]?.summary).toBe(
      'Pay rates of Sam Rivers set to £30.00 a session and £2.50 a pupil by Grace Admin; ' +
        '2 pay lines from November 2026 re-priced, £48.00 to £70.00 in all',
    );

    // From 8 December November is closed too: a later change leaves it as it was paid.
    clock.set(new Date('2026-12-08T00:00:00Z'));
    try {
      expect((await setRates(sam.tutorId, 1000, 0)).status).toBe(200);
      expect((await setHourly(sam.tutorId, 1000)).status).toBe(200);
      const closed = await hours(sam.tutorId, '2026-11');
      expect(closed.closed).toBe(true);
      expect(closed.amountPence).toBe(november.amountPence);
    } finally {
      clock.set(new Date(NOW));
    }
  });

  it('totals the hours CSV as the sum of its lines and as the admin page shows it', async () => {
    const november = await hours(sam.tutorId, '2026-11');
    const response = await api(
      t,
      `/api/admin/tutors/${sam.tutorId}/hours?month=2026-11&format=csv`,
      {
        cookie: admin.cookie,
      },
    );
    const csv = csvAmounts(await response.text());
    expect(csv.lines).toEqual(november.lines.map((l) => l.amountPence));
    expect(csv.lines).toHaveLength(6);
    expect(csv.total).toBe(csv.lines.reduce((a, b) => a + b, 0));
    expect(csv.total).toBe(november.amountPence);
    // The admin's page writes the JSON total with formatPounds: the same pounds as the CSV.
    expect(formatPounds(november.amountPence)).toBe(`£${(csv.total / 100).toFixed(2)}`);
  });
});
