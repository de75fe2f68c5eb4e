import { DataExportSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  classSessions,
  lessonReportNotes,
  lessonReports,
  tutors,
  user,
} from '../db/schema.ts';
import { api, cookieFrom, freshIp, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * Lesson reports and the family's data rights (docs/decisions/079): the export carries the sent
 * report of each of its children's lessons with the note about that child only; deleting the
 * account deletes the notes about its children and keeps the report; a tutor cannot delete
 * their own account.
 */

const NOW = '2026-11-05T09:00:00Z';
const STARTS = new Date('2026-11-03T19:00:00Z'); // Tuesday 7pm London, two days before
const SENT_AT = new Date('2026-11-03T20:30:00Z');

/** A tutor: an account with the tutor role and a tutors row, written directly. */
async function insertTutor(t: TestApp, name: string) {
  const account = await signedInUser(t, { name });
  await t.deps.db.update(user).set({ role: 'tutor' }).where(eq(user.id, account.id));
  const [row] = await t.deps.db
    .insert(tutors)
    .values({ userId: account.id, invitedAt: new Date(NOW) })
    .returning({ id: tutors.id });
  return { account, tutorId: row!.id };
}

/** The tutor's session cookie, signed in again now the account has the tutor role. */
async function signInAgain(t: TestApp, who: TestUser): Promise<string> {
  const res = await api(t, '/api/auth/sign-in/email', {
    body: { email: who.email, password: who.password },
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

async function exportOf(t: TestApp, who: TestUser) {
  const res = await api(t, '/api/me/export', { cookie: who.cookie });
  expect(res.status).toBe(200);
  const text = await res.clone().text();
  return { text, document: await contractBody(res, DataExportSchema) };
}

describe.each(TEST_DB_KINDS)('lesson reports in a family’s data on %s', (dbKind) => {
  let t: TestApp;
  let ada: TestUser;
  let bo: TestUser;
  let tutor: TestUser;
  let sessionId: string;
  let maya: string;
  let byron: string;
  let theo: string;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    const db = t.deps.db;
    const made = await insertTutor(t, 'Mr Patel');
    tutor = made.account;
    ada = await signedInUser(t, { name: 'Ada Lovelace' });
    bo = await signedInUser(t, { name: 'Bo Peep' });
    maya = await insertPupil(db, { userId: ada.id, name: 'Maya', yearGroup: 'y10' });
    // Ada's second child, not in the class: no report of it reaches her export.
    byron = await insertPupil(db, { userId: ada.id, name: 'Byron', yearGroup: 'y8' });
    theo = await insertPupil(db, { userId: bo.id, name: 'Theo', yearGroup: 'y10' });
    const [session] = await db
      .insert(classSessions)
      .values({
        subject: 'mathematics',
        service: 'gcse-higher',
        startsAt: STARTS,
        endsAt: new Date(STARTS.getTime() + 60 * 60_000),
        pricePence: 1500,
      })
      .returning({ id: classSessions.id });
    sessionId = session!.id;
    await db.insert(bookings).values([
      { userId: ada.id, sessionId, pupilId: maya, attendance: 'present' },
      { userId: bo.id, sessionId, pupilId: theo, attendance: 'late' },
    ]);
    await db.insert(lessonReports).values({
      sessionId,
      tutorId: made.tutorId,
      topic: 'Working topic, not yet sent',
      homework: 'Working homework',
      staffNote: 'STAFF ONLY: chase the late arrivals',
      sentTopic: 'Simultaneous equations',
      sentHomework: 'Exercise 4B',
      sentResources: 'https://example.com/worksheet.pdf',
      sentAt: SENT_AT,
      version: 1,
      updatedAt: SENT_AT,
    });
    await db.insert(lessonReportNotes).values([
      { sessionId, pupilId: maya, note: 'Maya draft', sentNote: 'Maya solved every question.' },
      { sessionId, pupilId: theo, note: 'Theo draft', sentNote: 'THEO-NOTE: missed the start.' },
    ]);
  });
  afterAll(() => t.close());

  it("exports the sent report with the note about the family's own child only", async () => {
    const { text, document } = await exportOf(t, ada);
    expect(document.lessonReports).toEqual([
      {
        sessionId,
        pupilId: maya,
        service: 'gcse-higher',
        subject: 'mathematics',
        startsAt: STARTS.toISOString(),
        tutorName: 'Mr Patel',
        topic: 'Simultaneous equations',
        homework: 'Exercise 4B',
        resources: 'https://example.com/worksheet.pdf',
        sentAt: SENT_AT.toISOString(),
        note: 'Maya solved every question.',
      },
    ]);
    expect(document.lessonReports.some((r) => r.pupilId === byron)).toBe(false);
    for (const secret of ['STAFF ONLY', 'THEO-NOTE', 'Theo', 'Working topic', 'Maya draft', theo]) {
      expect(text).not.toContain(secret);
    }
    const other = await exportOf(t, bo);
    expect(other.document.lessonReports.map((r) => [r.pupilId, r.note])).toEqual([
      [theo, 'THEO-NOTE: missed the start.'],
    ]);
    expect(other.text).not.toContain('Maya solved');
  });

  it('exports nothing of a report that was never sent', async () => {
    await t.deps.db
      .update(lessonReports)
      .set({ sentAt: null })
      .where(eq(lessonReports.sessionId, sessionId));
    try {
      const { text, document } = await exportOf(t, ada);
      expect(document.lessonReports).toEqual([]);
      expect(text).not.toContain('Simultaneous equations');
    } finally {
      await t.deps.db
        .update(lessonReports)
        .set({ sentAt: SENT_AT })
        .where(eq(lessonReports.sessionId, sessionId));
    }
  });

  it('refuses deleting a tutor account: by its holder, whatever the password, or by an admin', async () => {
    const cookie = await signInAgain(t, tutor);
    for (const password of [tutor.password, 'not-the-password']) {
      const res = await api(t, '/api/me', { method: 'DELETE', body: { password }, cookie });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'staff-account',
        detail: 'Staff accounts are closed by an admin. Please ask the office.',
      });
    }
    // Nor does an admin delete one: the tutor is deactivated instead, keeping their name.
    const admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const byAdmin = await api(t, `/api/admin/users/${tutor.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(byAdmin.status).toBe(409);
    expect(await byAdmin.json()).toMatchObject({ code: 'staff-account' });
    const [still] = await t.deps.db.select().from(user).where(eq(user.id, tutor.id));
    expect(still).toMatchObject({ name: 'Mr Patel', deletedAt: null });
  });

  it("deletes the notes about the account's children and keeps the report", async () => {
    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: ada.password },
      cookie: ada.cookie,
    });
    expect(res.status).toBe(204);
    const notes = await t.deps.db
      .select({ pupilId: lessonReportNotes.pupilId, sentNote: lessonReportNotes.sentNote })
      .from(lessonReportNotes)
      .where(eq(lessonReportNotes.sessionId, sessionId));
    expect(notes).toEqual([{ pupilId: theo, sentNote: 'THEO-NOTE: missed the start.' }]);
    const [report] = await t.deps.db
      .select()
      .from(lessonReports)
      .where(eq(lessonReports.sessionId, sessionId));
    expect(report).toMatchObject({ sentTopic: 'Simultaneous equations', version: 1 });
    // The other family still reads its own child's report.
    expect((await exportOf(t, bo)).document.lessonReports).toHaveLength(1);
  });
});
