import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import { createRouter } from '../http/router.ts';
import {
  api,
  cookieFrom,
  freshIp,
  mailTo,
  signedInUser,
  tokenFromLink,
} from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { grantAdminRole } from './admin-roles.ts';
import { DEMO_USERS, seedDemoUsers } from './demo-users.ts';
import { currentUser, requireAdmin, requireVerifiedUser } from './middleware.ts';
import { sendAdminPasswordReset } from './password-reset.ts';
import { startAuth } from './start-auth.ts';

function probeRoutes(t: TestApp) {
  const router = createRouter();
  router.use('/api/test-admin/*', requireAdmin(t.deps.auth));
  router.get('/api/test-admin/ping', (c) => c.json({ admin: currentUser(c).email }));
  router.use('/api/test-verified/*', requireVerifiedUser(t.deps.auth));
  router.get('/api/test-verified/ping', (c) => c.json({ ok: true }));
  return router;
}

const roleOf = async (t: TestApp, email: string) =>
  (await t.deps.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

describe.each(TEST_DB_KINDS)('roles and admin accounts on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dbKind,
      env: { ADMIN_EMAILS: 'Boss@Example.com, chief@example.com' },
    });
    t.app.route('/', probeRoutes(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 signed out and 403 "Access denied" to a customer on an admin route', async () => {
    const anonymous = await api(t, '/api/test-admin/ping');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/problem+json');

    const customer = await signedInUser(t);
    const refused = await api(t, '/api/test-admin/ping', { cookie: customer.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 403, detail: 'Access denied' });

    const admin = await signedInUser(t, { role: 'admin' });
    const allowed = await api(t, '/api/test-admin/ping', { cookie: admin.cookie });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ admin: admin.email });
  });

  it('answers 403 to a session whose address is no longer verified', async () => {
    const customer = await signedInUser(t);
    expect((await api(t, '/api/test-verified/ping', { cookie: customer.cookie })).status).toBe(200);
    await t.deps.db.update(user).set({ emailVerified: false }).where(eq(user.id, customer.id));
    expect((await api(t, '/api/test-verified/ping', { cookie: customer.cookie })).status).toBe(403);
  });

  it('makes an ADMIN_EMAILS address an admin only once it is verified, and no one else', async () => {
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Boss', email: 'boss@example.com', password: 'boss-password-1' },
      ip: freshIp(),
    });
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Pat', email: 'pat@example.com', password: 'pat-password-1' },
      ip: freshIp(),
    });
    // Anyone can sign up any address: signing up proves nothing yet.
    expect(await roleOf(t, 'boss@example.com')).toBe('user');

    const [verifyMail] = await mailTo(t, 'boss@example.com');
    const token = tokenFromLink(verifyMail!.text, '/verify-email');
    const verified = await api(t, `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);
    expect(await roleOf(t, 'boss@example.com')).toBe('admin');
    expect(await roleOf(t, 'pat@example.com')).toBe('user');
  });

  it('keeps no sign-up password when an ADMIN_EMAILS address is verified: the owner chooses one from a link', async () => {
    const signIn = (password: string) =>
      api(t, '/api/auth/sign-in/email', {
        body: { email: 'chief@example.com', password },
        ip: freshIp(),
      });
    // A stranger signs up the admin address nobody has registered yet...
    const signUp = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Stranger', email: 'chief@example.com', password: 'stranger-password-1' },
      ip: freshIp(),
    });
    expect(signUp.status).toBe(200);
    // ...and the owner clicks the link that arrives in their inbox.
    const [verifyMail] = await mailTo(t, 'chief@example.com');
    const token = tokenFromLink(verifyMail!.text, '/verify-email');
    expect((await api(t, `/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(
      200,
    );
    expect((await signIn('stranger-password-1')).status).toBe(401);

    const resetMail = (await mailTo(t, 'chief@example.com')).find((m) =>
      m.subject.includes('Reset'),
    );
    const resetToken = tokenFromLink(resetMail!.text, '/reset-password-token');
    const reset = await api(t, '/api/auth/reset-password', {
      body: { token: resetToken, newPassword: 'owners-own-password' },
      ip: freshIp(),
    });
    expect(reset.status).toBe(200);
    const owner = await signIn('owners-own-password');
    expect(owner.status).toBe(200);
    const ping = await api(t, '/api/test-admin/ping', { cookie: cookieFrom(owner) });
    expect(ping.status).toBe(200);
    expect((await signIn('stranger-password-1')).status).toBe(401);
  });

  it('grants the admin role by hand to existing accounts and names the unknown ones', async () => {
    const customer = await signedInUser(t, { email: 'promote@example.com' });
    const result = await grantAdminRole(t.deps.db, [' PROMOTE@example.com ', 'ghost@example.com']);
    expect(result).toEqual({
      granted: ['promote@example.com'],
      unverified: [],
      missing: ['ghost@example.com'],
    });
    const now = await api(t, '/api/test-admin/ping', { cookie: customer.cookie });
    expect(now.status).toBe(200);
  });

  it('seeds a verified demo customer and demo admin who can sign in with the printed passwords', async () => {
    await seedDemoUsers(t.deps);
    // Running again (each start) keeps one account each and puts the known password back.
    const [demoCustomer] = DEMO_USERS;
    await t.deps.db
      .update(user)
      .set({ emailVerified: false })
      .where(eq(user.email, demoCustomer!.email));
    await seedDemoUsers(t.deps);

    for (const demo of DEMO_USERS) {
      const rows = await t.deps.db.select().from(user).where(eq(user.email, demo.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ role: demo.role, emailVerified: true });
      const signIn = await api(t, '/api/auth/sign-in/email', {
        body: { email: demo.email, password: demo.password },
        ip: freshIp(),
      });
      expect(signIn.status).toBe(200);
    }
  });

  it("sends an admin-triggered reset mail that names the admin and resets the customer's password", async () => {
    const customer = await signedInUser(t, { email: 'forgetful@example.com', name: 'Forgetful' });
    await sendAdminPasswordReset(t.deps, { email: customer.email, adminName: 'Grace Admin' });
    const mail = (await mailTo(t, customer.email)).find((m) => m.subject.includes('Reset'));
    expect(mail?.text).toContain('Grace Admin from the');
    const token = tokenFromLink(mail!.text, '/reset-password-token');
    const reset = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'brand-new-password' },
      ip: freshIp(),
    });
    expect(reset.status).toBe(200);
    const signIn = await api(t, '/api/auth/sign-in/email', {
      body: { email: customer.email, password: 'brand-new-password' },
      ip: freshIp(),
    });
    expect(signIn.status).toBe(200);
  });
});

describe('ADMIN_EMAILS at start', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(async () => {
    await first?.close();
  });

  it('promotes verified accounts that already exist when the service starts, not unverified ones', async () => {
    await signedInUser(first, { email: 'later-admin@example.com' });
    await api(first, '/api/auth/sign-up/email', {
      body: { name: 'Squatter', email: 'squatted@example.com', password: 'squatter-password' },
      ip: freshIp(),
    });
    const config = first.deps.config;
    await startAuth({
      config: {
        ...config,
        auth: {
          ...config.auth,
          adminEmails: ['later-admin@example.com', 'squatted@example.com'],
        },
      },
      db: first.deps.db,
      mail: first.deps.mail,
      content: first.deps.content,
      logger: first.deps.logger,
    });
    expect(await roleOf(first, 'later-admin@example.com')).toBe('admin');
    expect(await roleOf(first, 'squatted@example.com')).toBe('user');
  });
});
