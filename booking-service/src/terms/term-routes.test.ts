import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// The public lists a term enrolment starts from (decisions 079 and 081).
describe('terms and classes, public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-03T09:00:00Z' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the school terms by first day with their openings and price', async () => {
    const response = await api(t, '/api/terms');
    expect(response.status).toBe(200);
    const terms = (await response.json()) as {
      name: string;
      firstDay: string;
      priorityOpensOn: string;
      publicOpensOn: string;
      pricePencePerSession: number;
    }[];
    expect(terms.map((term) => term.name)).toContain('Spring 2027');
    const days = terms.map((term) => term.firstDay);
    expect(days).toEqual([...days].sort());
    for (const term of terms) {
      expect(term.firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(term.priorityOpensOn <= term.publicOpensOn).toBe(true);
      expect(term.pricePencePerSession).toBe(1000);
    }
  });

  it("lists the timetable's weekly classes under the admin's ids, without meeting links", async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const adminList = (await (
      await api(t, '/api/admin/classes', { cookie: admin.cookie })
    ).json()) as {
      classes: { id: string; service: string; day: string; startTime: string }[];
    };
    const first = adminList.classes[0];
    await api(t, `/api/admin/classes/${first?.id}/meeting`, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { url: 'https://meet.example.org/secret-room' },
    });
    const response = await api(t, '/api/classes');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('secret-room');
    const classes = JSON.parse(text) as { id: string; label: string; day: string }[];
    expect(classes.map((c) => c.id)).toEqual(adminList.classes.map((c) => c.id));
    expect(classes.find((c) => c.label === 'GCSE Higher' && c.day === 'tue')).toMatchObject({
      service: 'gcse-higher',
      startTime: '19:00',
    });
  });
});
