import {
  AdminAttendeeListSchema,
  AdminUserPageSchema,
  AvailabilitySchema,
  BookabilitySchema,
  BookingListSchema,
  CheckoutSummarySchema,
  type Pupil,
  PupilListSchema,
  PupilRemovedSchema,
  ProblemSchema,
  PupilSchema,
  StartedCheckoutSchema,
} from '@tuition/api-contract';
import { PUPILS_PER_ACCOUNT_MAX } from '@tuition/domain';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { classSessions, pupils as pupilsTable, user } from '../db/schema.ts';
import { bookableStarts, fillSeats, pressPay, setNow } from '../testing/checkout-test-kit.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { removePupil } from './pupils.ts';

const NOW = '2026-11-03T09:00:00Z'; // a Tuesday, London on GMT

/*
 * Decision 048: an account books for its pupils. Every start × pupil is one seat, priced per seat;
 * uniqueness is per (pupil, session); registers and e-mails name the pupil.
 */
describe.each(TEST_DB_KINDS)('pupils on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  const addPupil = (who: TestUser, body: unknown) =>
    api(t, '/api/me/pupils', { body, cookie: who.cookie, ip: who.ip });

  async function child(who: TestUser, name: string, yearGroup = 'y10'): Promise<Pupil> {
    const res = await addPupil(who, { name, yearGroup, consent: true });
    expect(res.status).toBe(201);
    return contractBody(res, PupilSchema);
  }

  const checkout = (who: TestUser, startsAt: string[], pupilIds?: string[], service = 'gcse') =>
    api(t, '/api/checkout', {
      body: { service, startsAt, ...(pupilIds ? { pupilIds } : {}) },
      cookie: who.cookie,
      ip: who.ip,
    });

  const bookability = (who: TestUser, startsAt: string[], pupilIds?: string[]) =>
    api(t, '/api/bookability', {
      body: { service: 'gcse', startsAt, ...(pupilIds ? { pupilIds } : {}) },
      cookie: who.cookie,
      ip: who.ip,
    });

  it('asks consent for a child under 16 (400 naming consent) and not at 16 or over', async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t);
    const refused = await addPupil(parent, { name: 'Ada', yearGroup: 'y9' });
    expect(refused.status).toBe(400);
    expect((await contractBody(refused, ProblemSchema)).errors).toEqual([
      expect.objectContaining({ field: 'consent' }),
    ]);
    const ada = await contractBody(
      await addPupil(parent, { name: 'Ada', yearGroup: 'y9', consent: true }),
      PupilSchema,
    );
    expect(ada.consentRecordedAt).toBe(NOW.replace('Z', '.000Z'));
    expect(ada.consentPolicyVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const older = await addPupil(parent, { name: 'Bea', yearGroup: 'y12' });
    expect(older.status).toBe(201);
    expect((await contractBody(older, PupilSchema)).consentRecordedAt).toBeNull();

    const list = await contractBody(
      await api(t, '/api/me/pupils', { cookie: parent.cookie }),
      PupilListSchema,
    );
    expect(list.accountType).toBe('parent');
    expect(list.pupils.map((p) => p.name)).toEqual(['Ada', 'Bea']);

    // Moving Bea into Year 11 needs consent too.
    const moved = await api(t, `/api/me/pupils/${list.pupils[1]!.id}`, {
      method: 'PATCH',
      body: { yearGroup: 'y11' },
      cookie: parent.cookie,
    });
    expect(moved.status).toBe(400);
    expect((await contractBody(moved, ProblemSchema)).errors?.[0]?.field).toBe('consent');
  });

  it('gives a student account exactly one pupil, itself, in Year 12 or 13', async () => {
    const ip = '203.0.113.77';
    const email = `student-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const bad = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Sam', email, password: 'correct-horse-battery', accountType: 'teacher' },
      ip,
    });
    expect(bad.status).toBe(400);
    const student = await signedInUser(t, { name: 'Sam Student' });
    await t.deps.db.update(user).set({ accountType: 'student' }).where(eq(user.id, student.id));

    const list = await contractBody(
      await api(t, '/api/me/pupils', { cookie: student.cookie }),
      PupilListSchema,
    );
    expect(list).toMatchObject({ accountType: 'student', pupils: [{ name: 'Sam Student' }] });
    const self = list.pupils[0]!;
    const second = await addPupil(student, { name: 'Sibling', yearGroup: 'y12' });
    expect(second.status).toBe(409);
    expect((await contractBody(second, ProblemSchema)).code).toBe('student-account');
    const tooYoung = await api(t, `/api/me/pupils/${self.id}`, {
      method: 'PATCH',
      body: { yearGroup: 'y10', consent: true },
      cookie: student.cookie,
    });
    expect(tooYoung.status).toBe(400);
    expect((await contractBody(tooYoung, ProblemSchema)).errors?.[0]?.field).toBe('yearGroup');
    const ok = await api(t, `/api/me/pupils/${self.id}`, {
      method: 'PATCH',
      body: { yearGroup: 'y13' },
      cookie: student.cookie,
    });
    expect((await contractBody(ok, PupilSchema)).yearGroup).toBe('y13');
    const removed = await api(t, `/api/me/pupils/${self.id}`, {
      method: 'DELETE',
      cookie: student.cookie,
    });
    expect(removed.status).toBe(409);
  });

  it('holds an account to 12 pupils, removed ones of the last 12 months counted (decision 094)', async () => {
    const parent = await signedInUser(t);
    // Straight into the table: twelve adds through the API would spend the client's rate limit.
    await t.deps.db.insert(pupilsTable).values(
      Array.from({ length: PUPILS_PER_ACCOUNT_MAX }, (_, i) => ({
        userId: parent.id,
        name: `Child ${i + 1}`,
        yearGroup: 'y12' as const,
      })),
    );
    const thirteenth = await addPupil(parent, { name: 'One more', yearGroup: 'y12' });
    expect(thirteenth.status).toBe(400);
    const problem = await contractBody(thirteenth, ProblemSchema);
    expect(problem.code).toBe('too-many-pupils');
    expect(problem.detail).toContain(`at most ${PUPILS_PER_ACCOUNT_MAX} pupils`);
    const list = await contractBody(
      await api(t, '/api/me/pupils', { cookie: parent.cookie }),
      PupilListSchema,
    );
    expect(list.pupils).toHaveLength(PUPILS_PER_ACCOUNT_MAX);

    // A child removed after lessons is kept archived, and counts for a year: removing one does
    // not make room for an invented one while the removal is recent.
    await t.deps.db
      .update(pupilsTable)
      .set({ archivedAt: new Date(Date.parse(NOW) - 30 * 24 * 3600_000) })
      .where(eq(pupilsTable.id, list.pupils[0]!.id));
    const again = await addPupil(parent, { name: 'One more', yearGroup: 'y12' });
    expect(again.status).toBe(400);
    expect((await contractBody(again, ProblemSchema)).detail).toContain(
      'counting any removed in the last 12 months',
    );
    // A removal from over a year ago no longer counts.
    const yearAndADayAgo = new Date(Date.parse(NOW) - 367 * 24 * 3600_000);
    await t.deps.db
      .update(pupilsTable)
      .set({ archivedAt: yearAndADayAgo })
      .where(eq(pupilsTable.id, list.pupils[0]!.id));
    expect((await addPupil(parent, { name: 'One more', yearGroup: 'y12' })).status).toBe(201);
  });

  it('signs up a student when asked, and a parent by default', async () => {
    const signUp = async (accountType?: string) => {
      const email = `acct-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const res = await api(t, '/api/auth/sign-up/email', {
        body: {
          name: 'New Person',
          email,
          password: 'correct-horse-battery',
          ...(accountType ? { accountType } : {}),
        },
        ip: `203.0.113.${Math.floor(Math.random() * 200) + 20}`,
      });
      expect(res.ok).toBe(true);
      const [row] = await t.deps.db
        .select({ accountType: user.accountType })
        .from(user)
        .where(eq(user.email, email));
      return row?.accountType;
    };
    expect(await signUp('student')).toBe('student');
    expect(await signUp()).toBe('parent');
  });

  it("answers 404 for another account's pupil, in checkout, bookability and the pupil routes", async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t);
    const stranger = await signedInUser(t);
    const theirs = await child(stranger, 'Not Yours');
    const starts = await bookableStarts(t, 'gcse', 1);
    expect((await checkout(parent, starts, [theirs.id])).status).toBe(404);
    expect((await bookability(parent, starts, [theirs.id])).status).toBe(404);
    expect((await checkout(parent, starts, ['not-a-uuid'])).status).toBe(404);
    const patch = await api(t, `/api/me/pupils/${theirs.id}`, {
      method: 'PATCH',
      body: { name: 'Mine now' },
      cookie: parent.cookie,
    });
    expect(patch.status).toBe(404);
    const del = await api(t, `/api/me/pupils/${theirs.id}`, {
      method: 'DELETE',
      cookie: parent.cookie,
    });
    expect(del.status).toBe(404);
  });

  it('seats siblings in one session: two seats, £30, each booking and register line names its pupil', async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t, { name: 'Pat Parent' });
    const ada = await child(parent, 'Ada', 'y10');
    const byron = await child(parent, 'Byron', 'y10');
    const starts = await bookableStarts(t, 'gcse', 1, { skip: 3 });

    // Several pupils and none named: a guess would be wrong.
    const unnamed = await checkout(parent, starts);
    expect(unnamed.status).toBe(400);
    expect((await contractBody(unnamed, ProblemSchema)).errors?.[0]?.field).toBe('pupilIds');

    const res = await checkout(parent, starts, [ada.id, byron.id]);
    expect(res.status).toBe(201);
    const started = await contractBody(res, StartedCheckoutSchema);
    expect(started).toMatchObject({ amountPence: 3000, sessionCount: 2 });
    const summary = await contractBody(
      await api(t, `/api/checkout/${started.checkoutId}`, { cookie: parent.cookie }),
      CheckoutSummarySchema,
    );
    expect(summary.sessions.map((s) => s.pupil.name)).toEqual(['Ada', 'Byron']);
    expect((await pressPay(t, started.checkoutId, parent)).status).toBe(303);

    const upcoming = await contractBody(
      await api(t, '/api/me/bookings', { cookie: parent.cookie }),
      BookingListSchema,
    );
    expect(upcoming.map((b) => b.pupil.name).sort()).toEqual(['Ada', 'Byron']);

    const mail = await mailTo(t, parent.email);
    const confirmation = mail.find((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmation?.text).toContain(', for Ada');
    expect(confirmation?.text).toContain(', for Byron');

    const admin = await signedInUser(t, { role: 'admin' });
    const [row] = await t.deps.db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(eq(classSessions.startsAt, new Date(starts[0]!)));
    const attendees = await contractBody(
      await api(t, `/api/admin/sessions/${row!.id}/attendees`, { cookie: admin.cookie }),
      AdminAttendeeListSchema,
    );
    expect(attendees.map((a) => [a.pupil.name, a.pupil.yearGroup, a.name])).toEqual([
      ['Ada', 'y10', 'Pat Parent'],
      ['Byron', 'y10', 'Pat Parent'],
    ]);
    const csv = await (
      await api(t, `/api/admin/sessions/${row!.id}/attendees.csv`, { cookie: admin.cookie })
    ).text();
    expect(csv).toContain('"Pupil","Year group","Account holder","Email","Phone"');
    expect(csv).toContain(`"Ada","Year 10","Pat Parent","${parent.email}"`);
    expect(csv).toContain(`"Byron","Year 10","Pat Parent","${parent.email}"`);

    const found = await contractBody(
      await api(t, '/api/admin/users?search=byron', { cookie: admin.cookie }),
      AdminUserPageSchema,
    );
    expect(found.items.map((u) => u.id)).toEqual([parent.id]);
    expect(found.items[0]?.pupilNames).toEqual(['Ada', 'Byron']);

    // Archived, not deleted: Byron has a booking.
    const removed = await api(t, `/api/me/pupils/${byron.id}`, {
      method: 'DELETE',
      cookie: parent.cookie,
    });
    expect((await contractBody(removed, PupilRemovedSchema)).outcome).toBe('archived');
  });

  it('refuses two pupils for the last seat (full) and accepts one', async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t);
    const ada = await child(parent, 'Ada');
    const byron = await child(parent, 'Byron');
    const starts = await bookableStarts(t, 'gcse', 1, { skip: 5 });
    await fillSeats(t, 'gcse', starts[0]!, 9);

    const both = await contractBody(
      await bookability(parent, starts, [ada.id, byron.id]),
      BookabilitySchema,
    );
    expect(both.results[0]?.status).toBe('full');
    const refused = await checkout(parent, starts, [ada.id, byron.id]);
    expect(refused.status).toBe(409);
    expect((await contractBody(refused, ProblemSchema)).code).toBe('full');

    const one = await contractBody(await bookability(parent, starts, [ada.id]), BookabilitySchema);
    expect(one.results[0]?.status).toBe('ok');
    expect((await checkout(parent, starts, [ada.id])).status).toBe(201);
  });

  it('counts a duplicate per pupil, not per account', async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t);
    const ada = await child(parent, 'Ada');
    const byron = await child(parent, 'Byron');
    const starts = await bookableStarts(t, 'gcse', 1, { skip: 7 });
    const first = await contractBody(
      await checkout(parent, starts, [ada.id]),
      StartedCheckoutSchema,
    );
    await pressPay(t, first.checkoutId, parent);

    const again = await checkout(parent, starts, [ada.id, byron.id]);
    expect(again.status).toBe(409);
    expect((await contractBody(again, ProblemSchema)).code).toBe('duplicate');
    const check = await contractBody(
      await bookability(parent, starts, [ada.id, byron.id]),
      BookabilitySchema,
    );
    expect(check.results[0]).toMatchObject({ status: 'duplicate', pupilIds: [ada.id] });

    const sibling = await checkout(parent, starts, [byron.id]);
    expect(sibling.status).toBe(201);
    const slots = await api(
      t,
      `/api/availability?service=gcse&from=${starts[0]!.slice(0, 10)}&to=${starts[0]!.slice(0, 10)}`,
      { cookie: parent.cookie },
    );
    const [slot] = (await contractBody(slots, AvailabilitySchema)).slots;
    expect(slot?.heldBy).toEqual([ada.id]);
    expect(slot?.state).not.toBe('booked');
  });

  it('prices two children × 5 sessions as 10 seats, £100', async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t);
    const ada = await child(parent, 'Ada');
    const byron = await child(parent, 'Byron');
    const starts = await bookableStarts(t, 'gcse-higher', 5, { skip: 2 });
    const res = await checkout(parent, starts, [ada.id, byron.id], 'gcse-higher');
    expect(await contractBody(res, StartedCheckoutSchema)).toMatchObject({
      amountPence: 10000,
      sessionCount: 10,
      isSpecialOffer: true,
    });
  });

  it('books an account with no pupil yet for a pupil named after the holder (old clients)', async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t, { name: 'Olive Oldclient' });
    const starts = await bookableStarts(t, 'gcse', 1, { skip: 9 });
    const started = await contractBody(await checkout(parent, starts), StartedCheckoutSchema);
    await pressPay(t, started.checkoutId, parent);
    const [booking] = await contractBody(
      await api(t, '/api/me/bookings', { cookie: parent.cookie }),
      BookingListSchema,
    );
    expect(booking?.pupil).toMatchObject({ name: 'Olive Oldclient', yearGroup: null });
    const rows = await t.deps.db
      .select()
      .from(pupilsTable)
      .where(eq(pupilsTable.userId, parent.id));
    expect(rows).toHaveLength(1);
  });

  it("copies a 16+ pupil's own address on their booking mails, and not an under-16's", async () => {
    setNow(t, NOW);
    const parent = await signedInUser(t);
    const older = await contractBody(
      await addPupil(parent, { name: 'Cleo', yearGroup: 'y12', email: 'cleo@example.com' }),
      PupilSchema,
    );
    const younger = await contractBody(
      await addPupil(parent, {
        name: 'Dan',
        yearGroup: 'y8',
        email: 'dan@example.com',
        consent: true,
      }),
      PupilSchema,
    );
    const starts = await bookableStarts(t, 'gcse', 1, { skip: 11 });
    const started = await contractBody(
      await checkout(parent, starts, [older.id, younger.id]),
      StartedCheckoutSchema,
    );
    await pressPay(t, started.checkoutId, parent);
    const cleo = await mailTo(t, 'cleo@example.com');
    expect(cleo.map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking confirmed/)]);
    expect(await mailTo(t, 'dan@example.com')).toEqual([]);
  });
});

/** The app's database, except that every delete fails with `error`. */
function deletesFailWith(db: Database, error: unknown): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'delete') {
        return () => {
          throw error;
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

const refused = (code: string) =>
  new DrizzleQueryError(
    'delete from "pupils" where "id" = $1',
    [],
    Object.assign(new Error('refused'), { code }),
  );

describe.each(TEST_DB_KINDS)('removing a pupil when the delete fails on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pupilOf(who: TestUser, name: string) {
    const res = await api(t, '/api/me/pupils', {
      body: { name, yearGroup: 'y10', consent: true },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(res.status).toBe(201);
    return contractBody(res, PupilSchema);
  }

  it('archives the pupil when a seat was taken for it meanwhile (foreign key, 23503)', async () => {
    const parent = await signedInUser(t);
    const ada = await pupilOf(parent, 'Ada');
    const deps = { ...t.deps, db: deletesFailWith(t.deps.db, refused('23503')) };
    expect(await removePupil(deps, parent.id, ada.id)).toEqual({
      id: ada.id,
      outcome: 'archived',
    });
  });

  it('lets any other failure through, with the pupil untouched', async () => {
    const parent = await signedInUser(t);
    const ada = await pupilOf(parent, 'Ada');
    const outage = new Error('Connection terminated unexpectedly');
    for (const error of [outage, refused('42501')]) {
      const deps = { ...t.deps, db: deletesFailWith(t.deps.db, error) };
      await expect(removePupil(deps, parent.id, ada.id)).rejects.toBe(error);
    }
    const [row] = await t.deps.db.select().from(pupilsTable).where(eq(pupilsTable.id, ada.id));
    expect(row?.archivedAt).toBeNull();
  });
});
