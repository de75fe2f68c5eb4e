import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessions, tutors, user, weeklyClasses } from '../db/schema.ts';
import { signedInUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { listAuditEntries, recordAudit } from './audit.ts';

/*
 * The tutor entries of the trail read with the names the records hold now (docs/decisions/079):
 * the tutor's name from the account behind the tutor row, the class and session from theirs.
 */

describe.each(TEST_DB_KINDS)('tutor entries of the audit trail on %s', (dbKind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: '2026-11-05T09:00:00Z' });
  });
  afterAll(() => t.close());

  it('names the tutor, the class and the session', async () => {
    const db = t.deps.db;
    const admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const account = await signedInUser(t, { name: 'Mr Patel' });
    await db.update(user).set({ role: 'tutor' }).where(eq(user.id, account.id));
    const [tutor] = await db
      .insert(tutors)
      .values({ userId: account.id, invitedAt: new Date('2026-11-01T10:00:00Z') })
      .returning({ id: tutors.id });
    const [weekly] = await db
      .insert(weeklyClasses)
      .values({ service: 'gcse-higher', day: 'tue', startTime: '19:00', leadTutorId: tutor!.id })
      .returning({ id: weeklyClasses.id });
    const [session] = await db
      .insert(classSessions)
      .values({
        subject: 'mathematics',
        service: 'gcse-higher',
        startsAt: new Date('2026-11-03T19:00:00Z'),
        endsAt: new Date('2026-11-03T20:00:00Z'),
        pricePence: 1500,
      })
      .returning({ id: classSessions.id });
    const byAdmin = { actorId: admin.id, actorRole: 'admin' as const };
    let minute = 0;
    const at = () => new Date(Date.UTC(2026, 10, 4, 9, minute++));
    await recordAudit(db, {
      ...byAdmin,
      subjectUserId: account.id,
      action: 'tutor.invite',
      target: `tutor:${tutor!.id}`,
      after: { role: 'tutor' },
      at: at(),
    });
    await recordAudit(db, {
      ...byAdmin,
      subjectUserId: null,
      action: 'tutor.assign',
      target: `class:${weekly!.id}`,
      before: { tutorId: null },
      after: { tutorId: tutor!.id },
      at: at(),
    });
    await recordAudit(db, {
      ...byAdmin,
      subjectUserId: null,
      action: 'tutor.assign',
      target: `session:${session!.id}`,
      before: { tutorId: null },
      after: { tutorId: tutor!.id },
      at: at(),
    });
    await recordAudit(db, {
      actorId: account.id,
      actorRole: 'tutor',
      subjectUserId: null,
      action: 'report.send',
      target: `session:${session!.id}`,
      after: { version: 2 },
      at: at(),
    });
    const timetable = await t.deps.content.timetable();
    const page = await listAuditEntries(db, timetable, {});
    expect(page.entries.map((e) => e.summary).reverse()).toEqual([
      'Mr Patel invited as a tutor by Grace Admin',
      'Lead tutor of GCSE Higher, Tuesdays at 7:00 PM set to Mr Patel by Grace Admin',
      'Cover tutor for GCSE Higher, Tuesday 3 November 2026, 7:00 PM set to Mr Patel by ' +
        'Grace Admin',
      'Lesson report for GCSE Higher, Tuesday 3 November 2026, 7:00 PM correction sent by ' +
        'Mr Patel',
    ]);
    const byTutors = await listAuditEntries(db, timetable, { actorRole: 'tutor' });
    expect(byTutors.entries.map((e) => e.action)).toEqual(['report.send']);
  });
});
