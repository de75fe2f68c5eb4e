import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, user } from '../db/schema.ts';
import { api, freshIp, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * better-auth's admin plugin held to the product's rules (docs/decisions/039 and 058, addenda):
 * roles are a closed list, an unverified account's role does not change, and no call hands out
 * a customer's session tokens.
 */

describe.each(TEST_DB_KINDS)('the admin plugin on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;

  const roleOf = async (id: string) =>
    (await t.deps.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
  const entriesAbout = (id: string) =>
    t.deps.db.select().from(auditEntries).where(eq(auditEntries.subjectUserId, id));
  const setRole = (userId: string, role: unknown) =>
    api(t, '/api/auth/admin/set-role', { body: { userId, role }, cookie: admin.cookie });

  beforeAll(async () => {
    t = await createTestApp({ dbKind });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a role that is not one of the product's, with a 400 naming the roles", async () => {
    const customer = await signedInUser(t);
    for (const role of ['superuser', 'admin,user', ['admin', 'user']]) {
      const res = await setRole(customer.id, role);
      expect(res.status, JSON.stringify(role)).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'INVALID_ROLE',
        message: 'This role does not exist. Choose one of these roles: user, admin.',
      });
    }
    expect(await roleOf(customer.id)).toBe('user');
    expect(await entriesAbout(customer.id)).toEqual([]);
  });

  it('refuses to change the role of an account whose address is not verified', async () => {
    const email = 'unverified-target@example.com';
    const signUp = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Not Yet', email, password: 'not-yet-password' },
      ip: freshIp(),
    });
    expect(signUp.status).toBe(200);
    const [row] = await t.deps.db.select().from(user).where(eq(user.email, email));
    const res = await setRole(row!.id, 'admin');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED' });
    expect(await roleOf(row!.id)).toBe('user');
    expect(await entriesAbout(row!.id)).toEqual([]);
  });

  it('changes a verified account to a product role, with one audit entry', async () => {
    const customer = await signedInUser(t);
    const res = await setRole(customer.id, 'admin');
    expect(res.status).toBe(200);
    expect(await roleOf(customer.id)).toBe('admin');
    expect(await entriesAbout(customer.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'user.role-change',
        before: { role: 'user' },
        after: { role: 'admin' },
      }),
    ]);
  });

  it('tells a customer nothing about the target: the plugin refuses them first', async () => {
    const customer = await signedInUser(t);
    const other = await signedInUser(t);
    const res = await api(t, '/api/auth/admin/set-role', {
      body: { userId: other.id, role: 'superuser' },
      cookie: customer.cookie,
    });
    expect(res.status).toBe(403);
    expect(await roleOf(other.id)).toBe('user');
  });

  it("refuses to list a customer's sessions, which would hand out their tokens", async () => {
    const customer = await signedInUser(t);
    const res = await api(t, '/api/auth/admin/list-user-sessions', {
      body: { userId: customer.id },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ code: 'ADMIN_ACTION_NOT_AVAILABLE' });
    const token = decodeURIComponent(customer.cookie.split('=')[1]!.split('.')[0]!);
    expect(body).not.toContain(token);
  });
});
