import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TUTOR_EMAIL, DEMO_USERS, seedDemoUsers } from '../auth/demo-users.ts';
import { api, cookieFrom, freshIp } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { seedDemoTutor } from './demo-tutor.ts';

// The local start's demo tutor (docs/decisions/079): signs in and has GCSE Higher to teach.
describe('the demo tutor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-03T09:00:00Z' });
    await seedDemoUsers(t.deps);
    await seedDemoTutor(t.deps, DEMO_TUTOR_EMAIL);
    // A second start changes nothing.
    await seedDemoUsers(t.deps);
    await seedDemoTutor(t.deps, DEMO_TUTOR_EMAIL);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with the printed password and sees the GCSE Higher classes it leads', async () => {
    const demo = DEMO_USERS.find((u) => u.email === DEMO_TUTOR_EMAIL);
    expect(demo?.role).toBe('tutor');
    const signIn = await api(t, '/api/auth/sign-in/email', {
      body: { email: DEMO_TUTOR_EMAIL, password: demo?.password },
      ip: freshIp(),
    });
    expect(signIn.status).toBe(200);
    const list = await api(t, '/api/tutor/sessions', { cookie: cookieFrom(signIn) });
    expect(list.status).toBe(200);
    const { sessions } = (await list.json()) as { sessions: { label: string; role: string }[] };
    expect(sessions.length).toBeGreaterThan(0);
    expect(new Set(sessions.map((s) => `${s.label} ${s.role}`))).toEqual(
      new Set(['GCSE Higher lead']),
    );
  });
});
