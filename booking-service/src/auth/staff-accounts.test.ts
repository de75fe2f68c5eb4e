import { ClassListSchema, PupilListSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, pupils, waitlistEntries } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signedInTutor } from '../testing/tutor-fixtures.ts';
import { STAFF_ACCOUNT_DETAIL } from './middleware.ts';

/*
 * Staff accounts are not customer accounts (docs/decisions/079, 088): a tutor's account adds no
 * children, books nothing, buys no pack, enrols nobody and joins no waiting list, while a
 * customer and an admin making the same calls are let through as before.
 */

// Public term enrolment is open (Spring 2027, decision 083's seed).
const NOW = '2026-12-15T09:00:00Z';
const SPRING = 'term-2027-spring';

/** Pupils are named only when there are some (without, the account's only pupil is meant). */
const named = (pupilIds: string[]) => (pupilIds.length > 0 ? { pupilIds } : {});

interface Call {
  name: string;
  method: string;
  path: string;
  body: (pupilIds: string[]) => Record<string, unknown> | undefined;
}

describe.each(TEST_DB_KINDS)('staff accounts on %s', (dbKind) => {
  let t: TestApp;
  let tutor: TestUser;
  let customer: TestUser;
  let admin: TestUser;
  let customerPupil: string;
  let calls: Call[];

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    tutor = await signedInTutor(t, { name: 'Ms Lovelace' });
    customer = await signedInUser(t, { name: 'Carl Customer' });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    customerPupil = await insertPupil(t.deps.db, { userId: customer.id, name: 'Maya' });
    const [startsAt] = await bookableStarts(t, 'gcse-higher', 1);
    const classes = await contractBody(await api(t, '/api/classes'), ClassListSchema);
    const classId = classes.find((c) => c.service === 'gcse-higher' && c.day === 'tue')?.id;
    if (!startsAt || !classId) throw new Error('no GCSE Higher session or class in the seed');
    const slot = { service: 'gcse-higher', startsAt: [startsAt] };
    calls = [
      {
        name: 'add a child',
        method: 'POST',
        path: '/api/me/pupils',
        body: () => ({ name: 'Leo', yearGroup: 'y12' }),
      },
      { name: 'list children', method: 'GET', path: '/api/me/pupils', body: () => undefined },
      {
        name: 'check a basket',
        method: 'POST',
        path: '/api/bookability',
        body: (pupilIds) => ({ ...slot, ...named(pupilIds) }),
      },
      {
        name: 'book',
        method: 'POST',
        path: '/api/checkout',
        body: (pupilIds) => ({ ...slot, ...named(pupilIds) }),
      },
      {
        name: 'buy a pack',
        method: 'POST',
        path: '/api/checkout/pack',
        body: () => ({ packId: 'ten-session-pack' }),
      },
      {
        name: 'price a term',
        method: 'POST',
        path: `/api/terms/${SPRING}/quote`,
        body: (pupilIds) => ({ classId, ...named(pupilIds) }),
      },
      {
        name: 'enrol',
        method: 'POST',
        path: '/api/checkout/term',
        body: (pupilIds) => ({ termId: SPRING, classId, ...named(pupilIds) }),
      },
      {
        name: 'join a waiting list',
        method: 'POST',
        path: '/api/waitlist',
        body: (pupilIds) => ({ service: 'gcse-higher', startsAt, ...named(pupilIds) }),
      },
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: TestUser, c: Call, pupilIds: string[]) =>
    api(t, c.path, {
      method: c.method,
      body: c.body(pupilIds),
      cookie: who.cookie,
      ip: who.ip,
    });

  it('refuses a tutor every customer action (403, saying why), writing nothing', async () => {
    const answers: Record<string, string> = {};
    for (const c of calls) {
      const answer = await call(tutor, c, []);
      const { code, detail } = (await answer.json()) as { code?: string; detail?: string };
      answers[c.name] = `${answer.status} ${code}: ${detail}`;
    }
    const refused = `403 staff-account: ${STAFF_ACCOUNT_DETAIL}`;
    expect(answers).toEqual(Object.fromEntries(calls.map((c) => [c.name, refused])));
    const db = t.deps.db;
    expect(await db.select().from(pupils).where(eq(pupils.userId, tutor.id))).toEqual([]);
    expect(await db.select().from(checkouts).where(eq(checkouts.userId, tutor.id))).toEqual([]);
    expect(
      await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, tutor.id)),
    ).toEqual([]);
  });

  it('lets a customer make the same calls', async () => {
    // Let through: the booking rules may still answer (joining the list of a session just
    // booked is a duplicate), but not for the kind of account.
    for (const c of calls) {
      const answer = await call(customer, c, [customerPupil]);
      expect(answer.status, `${c.name}: ${await answer.clone().text()}`).not.toBe(403);
      expect(answer.status, c.name).toBeLessThan(500);
    }
  });

  it('lets an admin book as before', async () => {
    const book = calls.find((c) => c.path === '/api/checkout');
    if (!book) throw new Error('no booking call');
    const started = await call(admin, book, []);
    expect(started.status, await started.clone().text()).toBe(201);
    const list = await api(t, '/api/me/pupils', { cookie: admin.cookie, ip: admin.ip });
    expect((await contractBody(list, PupilListSchema)).pupils).toHaveLength(1);
  });

  it('still shows a tutor the timetable and their own sessions', async () => {
    const [startsAt] = await bookableStarts(t, 'gcse-higher', 1);
    const week = await api(t, '/api/availability?service=gcse-higher', { cookie: tutor.cookie });
    expect(week.status).toBe(200);
    expect((await api(t, '/api/tutor/sessions', { cookie: tutor.cookie })).status).toBe(200);
    // Signed out, the basket check answers everyone.
    const anonymous = await api(t, '/api/bookability', {
      body: { service: 'gcse-higher', startsAt: [startsAt] },
    });
    expect(anonymous.status).toBe(200);
  });
});
