import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freshIp, mailTo, tokenFromLink } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe.each(TEST_DB_KINDS)('reset token check on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the owner of a mailed reset link until the link is used', async () => {
    const email = 'reset-owner@example.com';
    const ip = freshIp();
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Reset Owner', email, password: 'first-password-1' },
      ip,
    });
    await api(t, '/api/auth/request-password-reset', { body: { email }, ip });
    const mail = (await mailTo(t, email)).find((m) => m.subject.includes('Reset'));
    const token = tokenFromLink(mail!.text, '/reset-password-token');

    const valid = await api(t, `/api/auth-tokens/reset/${encodeURIComponent(token)}`);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ valid: true, email, firstPassword: false, role: 'user' });

    const reset = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'second-password-2' },
      ip,
    });
    expect(reset.status).toBe(200);
    const used = await api(t, `/api/auth-tokens/reset/${encodeURIComponent(token)}`);
    expect(used.status).toBe(404);
  });

  it('answers 404 with a problem body for a made-up token', async () => {
    const response = await api(t, '/api/auth-tokens/reset/not-a-real-token');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
