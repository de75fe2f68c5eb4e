import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit, session, user } from '../db/schema.ts';
import { betterAuthRateLimitKey } from '../http/rate-limit.ts';
import { api, cookieFrom, freshIp, mailTo, tokenFromLink } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe.each(TEST_DB_KINDS)('auth on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, verifies by the mailed link, signs in, resets the password and ends old sessions', async () => {
    const ip = freshIp();
    const email = 'ada@example.com';
    const password = 'first-password-1';

    const signUp = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Ada Lovelace', email, password },
      ip,
    });
    expect(signUp.status).toBe(200);
    // Sign-up alone gives no session: the address must be verified first.
    expect(cookieFrom(signUp)).not.toContain('session_token');

    const refused = await api(t, '/api/auth/sign-in/email', { body: { email, password }, ip });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');

    const [verifyMail] = await mailTo(t, email);
    expect(verifyMail?.subject).toMatch(/Verify your e-mail address/);
    expect(verifyMail?.text).toContain(`${t.deps.config.publicUrl}/verify-email?token=`);
    expect(verifyMail?.text).toContain('24 hours');
    const verifyToken = tokenFromLink(verifyMail!.text, '/verify-email');

    const verified = await api(
      t,
      `/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}`,
    );
    expect(verified.status).toBe(200);

    const signIn = await api(t, '/api/auth/sign-in/email', { body: { email, password }, ip });
    expect(signIn.status).toBe(200);
    const firstSession = cookieFrom(signIn);
    expect(firstSession).toContain('session_token');
    // HttpOnly, SameSite=Lax; Secure only in production (this is a test run over http).
    const setCookie = signIn.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/;\s*Secure/i);

    // The session row keeps neither the client's address nor its browser (decision 058).
    const [signedInUser] = await t.deps.db.select().from(user).where(eq(user.email, email));
    const sessions = await t.deps.db
      .select()
      .from(session)
      .where(eq(session.userId, signedInUser!.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ ipAddress: null, userAgent: null });

    const me = await api(t, '/api/me', { cookie: firstSession });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: true });

    const resetRequest = await api(t, '/api/auth/request-password-reset', {
      body: { email },
      ip,
    });
    expect(resetRequest.status).toBe(200);
    const resetMail = (await mailTo(t, email)).find((m) => m.subject.includes('Reset'));
    expect(resetMail?.text).toContain('valid for 1 hour');
    const resetToken = tokenFromLink(resetMail!.text, '/reset-password-token');

    const tooShort = await api(t, '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'short' },
      ip,
    });
    expect(tooShort.status).toBe(400);

    const reset = await api(t, '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'second-password-2' },
      ip,
    });
    expect(reset.status).toBe(200);

    // The session from before the reset is gone (revokeSessionsOnPasswordReset).
    const stale = await api(t, '/api/me', { cookie: firstSession });
    expect(stale.status).toBe(401);

    const oldPassword = await api(t, '/api/auth/sign-in/email', {
      body: { email, password },
      ip: freshIp(),
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await api(t, '/api/auth/sign-in/email', {
      body: { email, password: 'second-password-2' },
      ip: freshIp(),
    });
    expect(newPassword.status).toBe(200);
  });

  it('refuses a sign-up whose password is shorter than 8 characters', async () => {
    const response = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Short', email: 'short@example.com', password: 'seven77' },
      ip: freshIp(),
    });
    expect(response.status).toBe(400);
  });

  it('changes the password only with the current one', async () => {
    const ip = freshIp();
    const email = 'grace@example.com';
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Grace', email, password: 'grace-password-1' },
      ip,
    });
    await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signIn = await api(t, '/api/auth/sign-in/email', {
      body: { email, password: 'grace-password-1' },
      ip,
    });
    const cookie = cookieFrom(signIn);

    const wrong = await api(t, '/api/auth/change-password', {
      body: { currentPassword: 'not-my-password', newPassword: 'grace-password-2' },
      cookie,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(400);

    const right = await api(t, '/api/auth/change-password', {
      body: { currentPassword: 'grace-password-1', newPassword: 'grace-password-2' },
      cookie,
      ip: freshIp(),
    });
    expect(right.status).toBe(200);
    const again = await api(t, '/api/auth/sign-in/email', {
      body: { email, password: 'grace-password-2' },
      ip: freshIp(),
    });
    expect(again.status).toBe(200);
  });

  it('refuses a cross-site POST that carries the session cookie', async () => {
    const ip = freshIp();
    const email = 'cross@example.com';
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Cross', email, password: 'cross-password-1' },
      ip,
    });
    await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const cookie = cookieFrom(
      await api(t, '/api/auth/sign-in/email', {
        body: { email, password: 'cross-password-1' },
        ip,
      }),
    );

    const forged = await api(t, '/api/auth/sign-out', {
      body: {},
      cookie,
      origin: 'https://evil.example',
      ip,
    });
    expect(forged.status).toBe(403);
    // Still signed in: the forged sign-out did nothing.
    expect((await api(t, '/api/me', { cookie })).status).toBe(200);

    const forgedProfile = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Hacked' },
      cookie,
      origin: 'https://evil.example',
    });
    expect(forgedProfile.status).toBe(403);

    const signOut = await api(t, '/api/auth/sign-out', { body: {}, cookie, ip });
    expect(signOut.status).toBe(200);
    expect((await api(t, '/api/me', { cookie })).status).toBe(401);
  });

  it('limits repeated sign-in attempts per client, counted in the database', async () => {
    const ip = freshIp();
    const attempt = () =>
      api(t, '/api/auth/sign-in/email', {
        body: { email: 'nobody@example.com', password: 'wrong-password' },
        ip,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[3]).toBe(429);
    const rows = await t.deps.db.select().from(rateLimit);
    const bucket = betterAuthRateLimitKey(t.deps.config.auth.secret, `${ip}|/sign-in/email`);
    expect(rows.some((row) => row.key === bucket)).toBe(true);
    expect(rows.some((row) => row.key.includes(ip))).toBe(false);
  });
});

describe.each(TEST_DB_KINDS)('TRUSTED_ORIGINS on %s', (dbKind) => {
  const WWW = 'https://www.tuition.example.co.uk';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, env: { TRUSTED_ORIGINS: `${WWW}, http://localhost:4322` } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets pages on a listed origin sign up, sign in and edit the profile, as from PUBLIC_URL; others stay refused', async () => {
    const ip = freshIp();
    const email = 'www@example.com';
    const password = 'www-password-1';
    const signUp = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Www', email, password },
      origin: WWW,
      ip,
    });
    expect(signUp.status).toBe(200);
    await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signIn = await api(t, '/api/auth/sign-in/email', {
      body: { email, password },
      origin: WWW,
      ip,
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn);
    expect(cookie).toContain('session_token');

    // Our own cross-site guard trusts the same list as better-auth.
    const rename = (origin: string) =>
      api(t, '/api/me', { method: 'PATCH', body: { name: 'Renamed' }, cookie, origin });
    expect((await rename(WWW)).status).toBe(200);
    expect((await rename(t.deps.config.publicUrl)).status).toBe(200);
    expect((await rename('https://evil.example')).status).toBe(403);
    const evilSignIn = await api(t, '/api/auth/sign-in/email', {
      body: { email, password },
      origin: 'https://evil.example',
      ip,
    });
    expect(evilSignIn.status).toBe(403);
  });
});
