import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, freshIp, mailTo, tokenFromLink } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const HOUR = 60 * 60 * 1000;

/** Moves only Date forward (better-auth checks expiry with it); timers and the database stay real. */
function advanceClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

describe.each(TEST_DB_KINDS)('e-mailed links expire on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signUp(email: string) {
    const ip = freshIp();
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Expiry', email, password: 'expiry-password-1' },
      ip,
    });
    return ip;
  }

  it('refuses a verification link after 24 hours with TOKEN_EXPIRED, accepts it before', async () => {
    await signUp('late@example.com');
    const [mail] = await mailTo(t, 'late@example.com');
    const token = tokenFromLink(mail!.text, '/verify-email');

    advanceClock(24 * HOUR + 60_000);
    const late = await api(t, `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    vi.useRealTimers();

    advanceClock(23 * HOUR);
    const inTime = await api(t, `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(inTime.status).toBe(200);
  });

  it('refuses a tampered verification link as INVALID_TOKEN', async () => {
    const response = await api(t, '/api/auth/verify-email?token=not-a-real-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a password-reset link after 1 hour', async () => {
    const ip = await signUp('slow@example.com');
    await api(t, '/api/auth/request-password-reset', { body: { email: 'slow@example.com' }, ip });
    const mail = (await mailTo(t, 'slow@example.com')).find((m) => m.subject.includes('Reset'));
    const token = tokenFromLink(mail!.text, '/reset-password-token');

    advanceClock(HOUR + 60_000);
    const late = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'too-late-password' },
      ip,
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
