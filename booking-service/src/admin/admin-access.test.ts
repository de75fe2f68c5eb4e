import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertBooking, insertCustomer, insertSession } from '../testing/admin-fixtures.ts';
import { leadClass, signedInTutor } from '../testing/tutor-fixtures.ts';
import { promoCodes } from '../db/schema.ts';

const NOW = '2026-11-03T09:00:00Z';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the admin gets. */
  adminStatus: number;
}

describe.each(TEST_DB_KINDS)('admin API access on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let endpoints: Endpoint[];

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Admin', role: 'admin' });
    customer = await signedInUser(t, { name: 'Customer' });
    const db = t.deps.db;
    const someone = await insertCustomer(db, { name: 'Someone', email: 'someone@example.com' });
    const session = await insertSession(db, { service: 'gcse', date: '2026-11-03', time: '17:00' });
    const toCancel = await insertBooking(db, { userId: someone, sessionId: session.id });
    const sibling = await insertCustomer(db, { name: 'Sibling', email: 'sibling@example.com' });
    // Attendance is taken only once a session has started (docs/product-rules.md#delivering-the-lesson).
    const started = await insertSession(db, { service: 'gcse', date: '2026-11-02', time: '17:00' });
    const toMark = await insertBooking(db, { userId: sibling, sessionId: started.id });
    const other = await insertSession(db, { service: 'ks3', date: '2026-11-03', time: '18:00' });
    const toMove = await insertBooking(db, { userId: someone, sessionId: other.id });
    const leaver = await insertCustomer(db, { name: 'Leaver', email: 'leaver@example.com' });
    const spare = await insertSession(db, { service: 'ks3', date: '2026-11-10', time: '18:00' });
    const tutor = await signedInTutor(t, { name: 'Mr Tutor' });
    const leaving = await signedInTutor(t, { name: 'Mr Leaving' });
    const classId = await leadClass(t, tutor.tutorId, {
      service: 'gcse',
      day: 'tue',
      startTime: '17:00',
    });
    const [promo] = await db
      .insert(promoCodes)
      .values({ code: 'ACCESS10', kind: 'percent', value: 10 })
      .returning({ id: promoCodes.id });
    endpoints = [
      { method: 'GET', path: '/api/admin/summary', adminStatus: 200 },
      { method: 'GET', path: '/api/admin/stats', adminStatus: 200 },
      { method: 'GET', path: '/api/admin/sessions?filter=upcoming&sort=date', adminStatus: 200 },
      { method: 'GET', path: `/api/admin/sessions/${session.id}/attendees`, adminStatus: 200 },
      { method: 'GET', path: `/api/admin/sessions/${session.id}/attendees.csv`, adminStatus: 200 },
      { method: 'GET', path: `/api/admin/sessions/${session.id}/waitlist`, adminStatus: 200 },
      { method: 'GET', path: '/api/admin/users?search=some', adminStatus: 200 },
      { method: 'GET', path: `/api/admin/users/${someone}`, adminStatus: 200 },
      { method: 'GET', path: `/api/admin/users/${someone}/bookings`, adminStatus: 200 },
      { method: 'POST', path: `/api/admin/users/${someone}/password-reset`, adminStatus: 202 },
      { method: 'POST', path: `/api/admin/bookings/${toCancel}/cancel`, adminStatus: 200 },
      {
        method: 'POST',
        path: `/api/admin/bookings/${toMove}/reschedule`,
        // Thursday 5pm KS3, the same class two days later.
        body: { startsAt: '2026-11-05T17:00:00.000Z' },
        adminStatus: 200,
      },
      { method: 'GET', path: '/api/admin/classes', adminStatus: 200 },
      {
        method: 'PUT',
        path: '/api/admin/classes/00000000-0000-4000-8000-000000000000/meeting',
        body: { url: 'https://meet.example.org/room' },
        adminStatus: 404,
      },
      {
        method: 'PUT',
        path: `/api/admin/sessions/${session.id}/meeting`,
        body: { url: 'https://meet.example.org/room' },
        adminStatus: 200,
      },
      { method: 'GET', path: `/api/admin/sessions/${session.id}/meeting`, adminStatus: 200 },
      {
        method: 'PUT',
        path: `/api/admin/classes/${classId}/recording`,
        body: { record: false },
        adminStatus: 200,
      },
      // No recording of the session: as if there were none (docs/decisions/099).
      { method: 'GET', path: `/api/admin/sessions/${session.id}/recording`, adminStatus: 404 },
      {
        method: 'PUT',
        path: `/api/admin/classes/${classId}/minimum`,
        body: { minPupils: null, decisionHoursBefore: 48 },
        adminStatus: 200,
      },
      // No minimum, so nothing to decide (docs/decisions/100).
      {
        method: 'POST',
        path: `/api/admin/sessions/${spare.id}/decision`,
        body: { outcome: 'runs' },
        adminStatus: 409,
      },
      {
        method: 'POST',
        path: `/api/admin/sessions/${spare.id}/merge`,
        body: { targetSessionId: session.id },
        adminStatus: 400,
      },
      {
        method: 'PUT',
        path: `/api/admin/sessions/${started.id}/attendance`,
        body: { bookingId: toMark, status: 'present' },
        adminStatus: 200,
      },
      { method: 'GET', path: `/api/admin/users/${someone}/export`, adminStatus: 200 },
      { method: 'GET', path: `/api/admin/users/${someone}/wallet`, adminStatus: 200 },
      {
        method: 'POST',
        path: `/api/admin/users/${someone}/credit`,
        body: { sessions: 1, reason: 'Goodwill' },
        adminStatus: 201,
      },
      {
        method: 'POST',
        path: `/api/admin/sessions/${spare.id}/cancel`,
        body: { remedy: 'credit', reason: 'Our tutor is ill' },
        adminStatus: 200,
      },
      { method: 'GET', path: `/api/admin/audit?userId=${someone}`, adminStatus: 200 },
      { method: 'DELETE', path: `/api/admin/users/${leaver}`, adminStatus: 204 },
      // Tutors (docs/decisions/079).
      { method: 'GET', path: '/api/admin/tutors', adminStatus: 200 },
      {
        method: 'POST',
        path: '/api/admin/tutors',
        body: { name: 'Ms New', email: 'new-tutor@example.com' },
        adminStatus: 201,
      },
      {
        method: 'PUT',
        path: `/api/admin/tutors/${tutor.tutorId}/rates`,
        body: { perSessionPence: 2500, perPupilPence: 100 },
        adminStatus: 200,
      },
      {
        method: 'GET',
        path: `/api/admin/tutors/${tutor.tutorId}/hours?month=2026-11`,
        adminStatus: 200,
      },
      // 1-to-1 hours (docs/decisions/104).
      {
        method: 'PUT',
        path: `/api/admin/tutors/${tutor.tutorId}/one-to-one`,
        body: { services: ['gcse'], ratePencePerHour: 3000 },
        adminStatus: 200,
      },
      { method: 'GET', path: `/api/admin/tutors/${tutor.tutorId}/one-to-one`, adminStatus: 200 },
      {
        method: 'PUT',
        path: `/api/admin/classes/${classId}/tutor`,
        body: { tutorId: tutor.tutorId },
        adminStatus: 200,
      },
      {
        method: 'PUT',
        path: `/api/admin/sessions/${other.id}/tutor`,
        body: { tutorId: tutor.tutorId },
        adminStatus: 200,
      },
      { method: 'DELETE', path: `/api/admin/tutors/${leaving.tutorId}`, adminStatus: 200 },
      // Promotions (docs/decisions/082).
      { method: 'GET', path: '/api/admin/promo-codes', adminStatus: 200 },
      {
        method: 'POST',
        path: '/api/admin/promo-codes',
        body: { code: 'NEWCODE', kind: 'free-session' },
        adminStatus: 201,
      },
      {
        method: 'PATCH',
        path: `/api/admin/promo-codes/${promo!.id}`,
        body: { active: false },
        adminStatus: 200,
      },
      { method: 'GET', path: `/api/admin/promo-codes/${promo!.id}/redemptions`, adminStatus: 200 },
      { method: 'GET', path: '/api/admin/discounts/sibling', adminStatus: 200 },
      // Term enrolments (docs/decisions/083).
      { method: 'GET', path: '/api/admin/enrolments', adminStatus: 200 },
      {
        method: 'PUT',
        path: '/api/admin/discounts/sibling',
        body: { percent: 10 },
        adminStatus: 200,
      },
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (endpoint: Endpoint, cookie?: string, origin?: string) =>
    api(t, endpoint.path, {
      method: endpoint.method,
      ...(endpoint.body !== undefined ? { body: endpoint.body } : {}),
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    });

  it('covers every admin route of the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const tested = endpoints
      .map((e) => `${e.method} ${e.path.split('?')[0]}`)
      .map((line) =>
        line.replace(/\/(sessions|users|bookings|classes|tutors|promo-codes)\/[^/]+/, '/$1/{id}'),
      )
      .sort();
    expect(tested).toEqual(documented);
  });

  it('answers 401 to a signed-out visitor on every admin route', async () => {
    for (const endpoint of endpoints) {
      const response = await call(endpoint);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('answers 403 "Access denied" to a signed-in customer on every admin route', async () => {
    for (const endpoint of endpoints) {
      const response = await call(endpoint, customer.cookie);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(await response.json()).toMatchObject({ status: 403, detail: 'Access denied' });
    }
  });

  it("refuses an admin's POST sent from another site", async () => {
    for (const endpoint of endpoints.filter((e) => e.method !== 'GET')) {
      const response = await call(endpoint, admin.cookie, 'https://evil.example');
      expect(response.status, endpoint.path).toBe(403);
    }
  });

  it('serves every admin route to an admin', async () => {
    for (const endpoint of endpoints) {
      const response = await call(endpoint, admin.cookie);
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(endpoint.adminStatus);
    }
  });
});
