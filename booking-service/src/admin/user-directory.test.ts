import { type AdminUserPage, AdminUserPageSchema } from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCheckout, insertCustomer } from '../testing/admin-fixtures.ts';
import { likeContaining } from '../db/like-pattern.ts';
import { stripeCustomerUrl, USERS_PAGE_SIZE } from './user-directory.ts';

describe('likeContaining', () => {
  it('makes wildcards typed in the search box literal', () => {
    expect(likeContaining('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('stripeCustomerUrl', () => {
  it('opens the live or test dashboard search for the e-mail, and nothing without Stripe', () => {
    expect(stripeCustomerUrl({ secretKey: 'sk_live_x' }, 'a+b@example.com')).toBe(
      'https://dashboard.stripe.com/search?query=a%2Bb%40example.com',
    );
    expect(stripeCustomerUrl({ secretKey: 'sk_test_x' }, 'a@example.com')).toBe(
      'https://dashboard.stripe.com/test/search?query=a%40example.com',
    );
    expect(stripeCustomerUrl(undefined, 'a@example.com')).toBeUndefined();
  });
});

describe.each(TEST_DB_KINDS)('admin user search and paging on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string): Promise<AdminUserPage> => {
    const response = await api(t, `/api/admin/users${query}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    return contractBody(response, AdminUserPageSchema);
  };

  /** Adds customers until the directory holds `count` users in all (the admin included). */
  const fillTo = async (count: number) => {
    const existing = await t.deps.db.$count(user);
    for (let n = existing; n < count; n++) {
      await insertCustomer(t.deps.db, {
        name: `Pupil ${String(n).padStart(3, '0')}`,
        email: `pupil${n}@school.example`,
        // One a minute, so "newest first" has a known order.
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
      });
    }
  };

  it('finds nobody when no user matches, and pages 25 at a time at 25, 26 and 51 users', async () => {
    admin = await signedInUser(t, { name: 'Admin', email: 'admin@office.example', role: 'admin' });

    expect(await page('?search=nobody-like-this')).toEqual({
      users: [],
      total: 0,
      page: 1,
      pageSize: USERS_PAGE_SIZE,
    });

    await fillTo(25);
    const full = await page('');
    expect(full.total).toBe(25);
    expect(full.users).toHaveLength(25);
    expect((await page('?page=2')).users).toHaveLength(0);

    await fillTo(26);
    const first = await page('?page=1');
    const second = await page('?page=2');
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.users).toHaveLength(25);
    expect(second.users).toHaveLength(1);
    // Newest first: the admin signed up just now, the pupils earlier in 2026.
    expect(first.users[0]?.email).toBe('admin@office.example');
    expect(first.users[1]?.name).toBe('Pupil 025');
    expect(second.users[0]?.name).toBe('Pupil 001');

    await fillTo(51);
    const pages = await Promise.all([1, 2, 3, 4].map((p) => page(`?page=${p}`)));
    expect(pages.map((p) => p.users.length)).toEqual([25, 25, 1, 0]);
    expect(pages.every((p) => p.total === 51)).toBe(true);
    const everyone = new Set(pages.flatMap((p) => p.users.map((u) => u.id)));
    expect(everyone.size).toBe(51);
  });

  it('searches names and e-mails by any part, in any case', async () => {
    await insertCustomer(t.deps.db, { name: 'Zoë McAllister', email: 'zm@family.example' });
    const byName = await page(`?search=${encodeURIComponent('mcALL')}`);
    expect(byName.users.map((u) => u.name)).toEqual(['Zoë McAllister']);
    const byEmail = await page('?search=FAMILY.EX');
    expect(byEmail.users.map((u) => u.email)).toEqual(['zm@family.example']);
    const pupils = await page('?search=pupil');
    expect(pupils.total).toBe(50);
    expect(pupils.users).toHaveLength(25);
    // Surrounding spaces are ignored, as a pasted name would have them.
    expect((await page('?search=%20%20zoë%20')).total).toBe(1);
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    await insertCustomer(t.deps.db, { name: '100% Maths_Fan', email: 'fan@example.com' });
    expect((await page('?search=%25')).users.map((u) => u.name)).toEqual(['100% Maths_Fan']);
    expect((await page('?search=_')).users.map((u) => u.name)).toEqual(['100% Maths_Fan']);
    expect((await page('?search=Maths_F')).total).toBe(1);
    expect((await page('?search=Maths%25F')).total).toBe(0);
  });

  it('refuses a page below 1 or not a number, naming the parameter', async () => {
    for (const bad of ['0', '-1', 'two', '1.5']) {
      const response = await api(t, `/api/admin/users?page=${bad}`, { cookie: admin.cookie });
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ field: 'page' }] });
    }
  });

  it('links a paying customer to Stripe only when Stripe takes the payments', async () => {
    const payer = await insertCustomer(t.deps.db, { name: 'Payer', email: 'payer@example.com' });
    await insertCheckout(t.deps.db, {
      userId: payer,
      status: 'paid',
      amountPence: 1500,
      paidAt: new Date(),
    });
    const local = await page('?search=payer');
    expect(local.users[0]?.stripeCustomerUrl).toBeUndefined();
  });
});
