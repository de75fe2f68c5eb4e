import {
  AdminAttendeeListSchema,
  AdminSessionListSchema,
  AdminUserDetailSchema,
} from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signedInTutor } from '../testing/tutor-fixtures.ts';
import { insertBooking, insertCustomer, insertSession } from '../testing/admin-fixtures.ts';

/*
 * The admin pages and 1-to-1 lessons and texts (docs/decisions/106, 103, 112): the sessions list
 * marks a lesson with its tutor and filters by kind; a family's page marks its lessons as the
 * family's own list does and lists its texts with status, the number masked and never the body.
 * "Now" is Tuesday 3 November 2026, 09:00 London.
 */
const NOW = '2026-11-03T09:00:00Z';

describe.each(TEST_DB_KINDS)('1-to-1 lessons and texts on the admin pages on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    const tutor = await signedInTutor(t, { name: 'Sam Okafor' });
    const db = t.deps.db;
    ids.family = await insertCustomer(db, { name: 'Priya Shah', email: 'priya@example.com' });
    ids.other = await insertCustomer(db, { name: 'Omar Ali', email: 'omar@example.com' });
    // A class and a lesson of the same course at the same hour: the lesson is not the class.
    const group = await insertSession(db, { service: 'gcse', date: '2026-11-03', time: '17:00' });
    const lesson = await insertSession(db, {
      service: 'gcse',
      date: '2026-11-03',
      time: '17:00',
      tutorId: tutor.tutorId,
    });
    ids.group = group.id;
    ids.lesson = lesson.id;
    await insertBooking(db, { userId: ids.other, sessionId: group.id });
    ids.lessonBooking = await insertBooking(db, { userId: ids.family, sessionId: lesson.id });
    ids.groupBooking = await insertBooking(db, { userId: ids.family, sessionId: group.id });
    const at = new Date('2026-11-02T16:00:00Z');
    await db.insert(smsMessages).values([
      {
        key: 'reminder:a',
        userId: ids.family,
        to: '+447700900123',
        kind: 'reminders',
        body: 'Arjun has maths at 5pm. Join: https://example.com/join/secret-token',
        status: 'delivered',
        notBefore: at,
        createdAt: at,
        statusAt: at,
      },
      {
        key: 'reminder:b',
        userId: ids.family,
        to: '+447700900999',
        kind: 'reminders',
        body: 'Arjun has maths at 5pm. Join: https://example.com/join/other-token',
        status: 'undelivered',
        errorCode: '30005',
        notBefore: new Date(at.getTime() + 60_000),
        createdAt: new Date(at.getTime() + 60_000),
        statusAt: new Date(at.getTime() + 90_000),
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string) => {
    const response = await api(t, path, { cookie: admin.cookie });
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return response;
  };
  const sessions = async (query: string) =>
    (await contractBody(await get(`/api/admin/sessions?${query}`), AdminSessionListSchema)).items;

  it('lists a 1-to-1 lesson as one, with its tutor, apart from the class at its hour', async () => {
    const items = await sessions('filter=upcoming');
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: ids.lesson,
          kind: 'one-to-one',
          tutorName: 'Sam Okafor',
          label: 'GCSE Foundation',
          bookedCount: 1,
          capacity: 1,
        }),
        expect.objectContaining({ id: ids.group, kind: 'group', bookedCount: 2 }),
      ]),
    );
  });

  it('filters the list to 1-to-1 lessons or to group sessions', async () => {
    expect((await sessions('filter=upcoming&kind=one-to-one')).map((s) => s.id)).toEqual([
      ids.lesson,
    ]);
    expect((await sessions('filter=today&kind=group')).map((s) => s.id)).toEqual([ids.group]);
    expect(await sessions('filter=previous&kind=one-to-one')).toEqual([]);
    expect(await sessions('filter=at-risk&kind=one-to-one')).toEqual([]);
    const refused = await api(t, '/api/admin/sessions?kind=private', { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: [{ field: 'kind' }] });
  });

  it("shows a lesson's attendee like any session's", async () => {
    const attendees = await contractBody(
      await get(`/api/admin/sessions/${ids.lesson}/attendees`),
      AdminAttendeeListSchema,
    );
    expect(attendees).toEqual([
      expect.objectContaining({ bookingId: ids.lessonBooking, name: 'Priya Shah' }),
    ]);
  });

  it('refuses a cover tutor for a 1-to-1 lesson, which is its own tutor’s hour', async () => {
    const cover = await signedInTutor(t, { name: 'Ada Byron' });
    const response = await api(t, `/api/admin/sessions/${ids.lesson}/tutor`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { tutorId: cover.tutorId },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'tutorId' }] });
    const [listed] = await sessions('filter=upcoming&kind=one-to-one');
    expect(listed).toMatchObject({ tutorName: 'Sam Okafor' });
    expect(listed).not.toHaveProperty('coverTutorId');
  });

  it("marks the family's 1-to-1 bookings with the tutor's first name", async () => {
    const detail = await contractBody(
      await get(`/api/admin/users/${ids.family}`),
      AdminUserDetailSchema,
    );
    expect(detail.bookings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ids.lessonBooking, kind: 'one-to-one', tutorName: 'Sam' }),
        expect.objectContaining({ id: ids.groupBooking, kind: 'group' }),
      ]),
    );
    expect(detail.bookings.find((b) => b.id === ids.groupBooking)).not.toHaveProperty('tutorName');
  });

  it("lists the family's texts with status, the number masked and never the body", async () => {
    const response = await get(`/api/admin/users/${ids.family}`);
    const raw = await response.clone().text();
    const detail = await contractBody(response, AdminUserDetailSchema);
    expect(detail.texts).toEqual([
      expect.objectContaining({
        kind: 'reminders',
        to: '+•••••••••999',
        status: 'undelivered',
        errorCode: '30005',
      }),
      expect.objectContaining({ kind: 'reminders', to: '+•••••••••123', status: 'delivered' }),
    ]);
    // The link in a text is the family's own: it never reaches the admin's browser.
    expect(raw).not.toContain('token');
    expect(raw).not.toContain('7700900');
  });
});
