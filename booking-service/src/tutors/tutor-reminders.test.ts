import { fixedClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SettableClock, settableClock } from '../clock.ts';
import {
  bookings,
  classSessions,
  lessonReports,
  tutorReminders,
  tutors,
  user,
  weeklyClasses,
} from '../db/schema.ts';
import { mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { sendTutorReminders } from './tutor-reminders.ts';

/*
 * The tutors' daily reminder (docs/decisions/079): from 8 am London, once per tutor and London
 * date, the sessions they taught in the last 7 days whose report is not sent.
 */

// GMT from 25 October 2026: these UTC instants are the London times.
const TUE = new Date('2026-11-03T19:00:00Z'); // Mr Patel's Tuesday class
const SUN = new Date('2026-11-01T12:00:00Z'); // his Sunday class, covered by Ms Khan
const WED = new Date('2026-11-04T19:00:00Z'); // his Wednesday class, nobody booked
const MON = new Date('2026-11-02T17:00:00Z'); // his Monday class, cancelled by the business
const OLD = new Date('2026-10-23T16:00:00Z'); // his Friday class (5pm BST), over 7 days ago
const THU_0759 = '2026-11-05T07:59:00Z';
const THU_0800 = '2026-11-05T08:00:00Z';
const THU_1500 = '2026-11-05T15:00:00Z';
const FRI_0900 = '2026-11-06T09:00:00Z';
const HOUR = 60 * 60_000;

async function insertTutor(t: TestApp, name: string) {
  const account = await signedInUser(t, { name });
  await t.deps.db.update(user).set({ role: 'tutor' }).where(eq(user.id, account.id));
  const [row] = await t.deps.db
    .insert(tutors)
    .values({ userId: account.id, invitedAt: TUE })
    .returning({ id: tutors.id });
  return { account, tutorId: row!.id };
}

async function insertSession(t: TestApp, startsAt: Date, extra: { coverTutorId?: string } = {}) {
  const [row] = await t.deps.db
    .insert(classSessions)
    .values({
      subject: 'mathematics',
      service: 'gcse-higher',
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      pricePence: 1500,
      ...extra,
    })
    .returning({ id: classSessions.id });
  return row!.id;
}

describe.each(TEST_DB_KINDS)('tutor reminders on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  let family: TestUser;
  let pupilId: string;
  let lead: { account: TestUser; tutorId: string };
  let cover: { account: TestUser; tutorId: string };
  let taught: string;
  let covered: string;

  const run = async (at: string) => {
    clock.set(new Date(at));
    return sendTutorReminders(t.deps);
  };
  // The mailbox keeps every test's mail: each test reads only what it sent.
  let seen = new Set<string>();
  const mailOf = async (who: TestUser) =>
    (await mailTo(t, who.email)).filter((m) => !seen.has(m.id) && m.subject.includes('to send'));

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: THU_0800 });
    clock = settableClock(fixedClock(THU_0800));
    t.deps.clock = clock;
    lead = await insertTutor(t, 'Mr Patel');
    cover = await insertTutor(t, 'Ms Khan');
    family = await signedInUser(t, { name: 'Ada Lovelace' });
    pupilId = await insertPupil(t.deps.db, { userId: family.id, name: 'Maya', yearGroup: 'y10' });
    await t.deps.db.insert(weeklyClasses).values(
      (
        [
          ['tue', '19:00'],
          ['sun', '12:00'],
          ['wed', '19:00'],
          ['mon', '17:00'],
          ['fri', '17:00'],
        ] as const
      ).map(([day, startTime]) => ({
        service: 'gcse-higher' as const,
        day,
        startTime,
        leadTutorId: lead.tutorId,
      })),
    );
    taught = await insertSession(t, TUE);
    covered = await insertSession(t, SUN, { coverTutorId: cover.tutorId });
    await insertSession(t, WED);
    const cancelled = await insertSession(t, MON);
    await t.deps.db
      .update(classSessions)
      .set({ cancelledAt: SUN })
      .where(eq(classSessions.id, cancelled));
    const old = await insertSession(t, OLD);
    await t.deps.db.insert(bookings).values(
      [taught, covered, cancelled, old].map((sessionId) => ({
        userId: family.id,
        sessionId,
        pupilId,
      })),
    );
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.deps.db.delete(tutorReminders);
    await t.deps.db.delete(lessonReports);
    await t.deps.db.update(tutors).set({ deactivatedAt: null });
    const earlier = [
      ...(await mailTo(t, lead.account.email)),
      ...(await mailTo(t, cover.account.email)),
    ];
    seen = new Set(earlier.map((m) => m.id));
  });

  it('sends nothing before 8 am London, then one mail a tutor listing what they taught', async () => {
    expect(await run(THU_0759)).toEqual({ sent: 0 });
    expect(await run(THU_0800)).toEqual({ sent: 2 });
    const [mail, ...more] = await mailOf(lead.account);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Reminder: a lesson report to send');
    expect(mail!.text).toContain(
      `GCSE Higher, Tuesday 3 November 2026, 7:00 PM: ${t.deps.config.publicUrl}/teach`,
    );
    expect(mail!.html).toContain(`href="${t.deps.config.publicUrl}/teach"`);
    // Not the covered, unbooked, cancelled or too old lessons of his classes.
    for (const day of ['1 November', '4 November', '2 November', '23 October']) {
      expect(mail!.text).not.toContain(day);
    }
    const [coverMail, ...moreCover] = await mailOf(cover.account);
    expect(moreCover).toEqual([]);
    expect(coverMail!.text).toContain('GCSE Higher, Sunday 1 November 2026, 12:00 PM');
    expect(coverMail!.text).not.toContain('3 November');
  });

  it('sends once a day, however often and on however many instances it runs', async () => {
    const runs = await Promise.all([run(THU_0800), run(THU_0800), run(THU_0800)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(await run(THU_1500)).toEqual({ sent: 0 });
    expect(await mailOf(lead.account)).toHaveLength(1);
    // The next day, the reports still open: again.
    expect(await run(FRI_0900)).toEqual({ sent: 2 });
    expect(await mailOf(lead.account)).toHaveLength(2);
  });

  it('asks for nothing once the reports are sent; a draft still counts as open', async () => {
    const report = {
      topic: 'Vectors',
      homework: 'Ex 3',
      version: 1,
      updatedAt: TUE,
      sentAt: new Date(TUE.getTime() + 2 * HOUR),
    };
    await t.deps.db.insert(lessonReports).values([
      { sessionId: taught, tutorId: lead.tutorId, ...report },
      { sessionId: covered, tutorId: cover.tutorId, ...report, sentAt: null, version: 0 },
    ]);
    expect(await run(THU_0800)).toEqual({ sent: 1 });
    expect(await mailOf(lead.account)).toEqual([]);
    expect(await mailOf(cover.account)).toHaveLength(1);
    await t.deps.db
      .update(lessonReports)
      .set({ sentAt: TUE, version: 1 })
      .where(eq(lessonReports.sessionId, covered));
    expect(await run(FRI_0900)).toEqual({ sent: 0 });
  });

  it('sends nothing to a deactivated tutor', async () => {
    await t.deps.db.update(tutors).set({ deactivatedAt: TUE }).where(eq(tutors.id, lead.tutorId));
    expect(await run(THU_0800)).toEqual({ sent: 1 });
    expect(await mailOf(lead.account)).toEqual([]);
    const rows = await t.deps.db.select().from(tutorReminders);
    expect(rows.map((r) => [r.tutorId, r.onDate])).toEqual([[cover.tutorId, '2026-11-05']]);
  });
});
