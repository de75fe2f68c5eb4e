import { type AdminUserPage, AdminUserPageSchema } from '@tuition/api-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pupils, user } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCheckout, insertCustomer } from '../testing/admin-fixtures.ts';
import { likeContaining } from '../db/like-pattern.ts';
import { stripeCustomerUrl, WALK_FROM_MATCHES } from './user-directory.ts';

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

  /** Every page of a listing, following nextCursor. */
  const allPages = async (query: string) => {
    const pages = [await page(query)];
    for (let next = pages[0]?.nextCursor; next; next = pages.at(-1)?.nextCursor) {
      const joiner = query ? '&' : '?';
      pages.push(await page(`${query}${joiner}cursor=${encodeURIComponent(next)}`));
    }
    return pages;
  };

  it('finds nobody when no user matches, and pages 25 at a time at 25, 26 and 51 users', async () => {
    admin = await signedInUser(t, { name: 'Admin', email: 'admin@office.example', role: 'admin' });

    expect(await page('?search=nobody-like-this')).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
      totalIsCapped: false,
    });

    await fillTo(25);
    const full = await allPages('');
    expect(full).toHaveLength(1);
    expect(full[0]?.total).toBe(25);
    expect(full[0]?.items).toHaveLength(25);
    expect(full[0]?.nextCursor).toBeNull();

    await fillTo(26);
    const [first, second, ...rest] = await allPages('');
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ total: 26, totalIsCapped: false });
    expect(first?.items).toHaveLength(25);
    expect(second?.items).toHaveLength(1);
    expect(second?.nextCursor).toBeNull();
    // Newest first: the admin signed up just now, the pupils earlier in 2026.
    expect(first?.items[0]?.email).toBe('admin@office.example');
    expect(first?.items[1]?.name).toBe('Pupil 025');
    expect(second?.items[0]?.name).toBe('Pupil 001');

    await fillTo(51);
    const pages = await allPages('');
    expect(pages.map((p) => p.items.length)).toEqual([25, 25, 1]);
    expect(pages.every((p) => p.total === 51)).toBe(true);
    const everyone = new Set(pages.flatMap((p) => p.items.map((u) => u.id)));
    expect(everyone.size).toBe(51);
    // A search pages the same way.
    const searched = await allPages('?search=pupil');
    expect(searched.map((p) => p.items.length)).toEqual([25, 25]);
  });

  it('counts matches up to 1,000 and says when there are more', async () => {
    await t.deps.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'many-' || g, 'Many Smith ' || g, 'many-' || g || '@example.com', true
      from generate_series(1, 1001) g`);
    const many = await page('?search=smith');
    expect(many).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(many.items).toHaveLength(25);
    await t.deps.db.execute(sql`delete from "user" where id = 'many-1'`);
    expect(await page('?search=smith')).toMatchObject({ total: 1000, totalIsCapped: false });
    await t.deps.db.execute(sql`delete from "user" where id like 'many-%'`);
  });

  it('searches names and e-mails by any part, in any case', async () => {
    await insertCustomer(t.deps.db, { name: 'Zoë McAllister', email: 'zm@family.example' });
    const byName = await page(`?search=${encodeURIComponent('mcALL')}`);
    expect(byName.items.map((u) => u.name)).toEqual(['Zoë McAllister']);
    const byEmail = await page('?search=FAMILY.EX');
    expect(byEmail.items.map((u) => u.email)).toEqual(['zm@family.example']);
    const pupils = await page('?search=pupil');
    expect(pupils.total).toBe(50);
    expect(pupils.items).toHaveLength(25);
    // Surrounding spaces are ignored, as a pasted name would have them.
    expect((await page('?search=%20%20zoë%20')).total).toBe(1);
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    await insertCustomer(t.deps.db, { name: '100% Maths_Fan', email: 'fan@example.com' });
    expect((await page('?search=%25')).items.map((u) => u.name)).toEqual(['100% Maths_Fan']);
    expect((await page('?search=_')).items.map((u) => u.name)).toEqual(['100% Maths_Fan']);
    expect((await page('?search=Maths_F')).total).toBe(1);
    expect((await page('?search=Maths%25F')).total).toBe(0);
  });

  it('refuses a cursor it did not hand out, naming the parameter', async () => {
    for (const bad of ['2', "2026-01-01T00:00:00Z_x' or 1=1", '_cust', 'x'.repeat(300)]) {
      const response = await api(t, `/api/admin/users?cursor=${encodeURIComponent(bad)}`, {
        cookie: admin.cookie,
      });
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ field: 'cursor' }] });
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
    expect(local.items[0]?.stripeCustomerUrl).toBeUndefined();
  });

  it('pages a search with many matches, walked newest first, exactly like one with few', async () => {
    // WALK_FROM_MATCHES + 20 matches (by name, e-mail or a pupil's name) among accounts that do
    // not match, three accounts a minute so ties fall to the id; 1 in 5 names say "Quillox".
    const matching = WALK_FROM_MATCHES + 20;
    const rows = Array.from({ length: Math.ceil((matching * 4) / 3) }, (_, i) => {
      const n = String(i).padStart(4, '0');
      const kind = i % 4;
      return {
        id: `walk-${n}`,
        name: kind === 0 ? `Quill${i % 20 === 0 ? 'ox' : 'on'} ${n}` : `Other ${n}`,
        email: kind === 1 ? `quillon-${n}@example.com` : `walk-${n}@example.com`,
        pupil: kind === 2 ? `Quillon Junior ${n}` : `Pupil Walk ${n}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, Math.floor(i / 3))),
      };
    });
    await t.deps.db
      .insert(user)
      .values(rows.map((r) => ({ ...r, emailVerified: true, updatedAt: r.createdAt })));
    await t.deps.db.insert(pupils).values(rows.map((r) => ({ userId: r.id, name: r.pupil })));
    const newestFirst = (term: RegExp) =>
      rows
        .filter((r) => [r.name, r.email, r.pupil].some((text) => term.test(text)))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((r) => r.id);

    const many = await allPages('?search=quill');
    const manyIds = newestFirst(/quill/i);
    expect(manyIds.length).toBeGreaterThanOrEqual(WALK_FROM_MATCHES);
    expect(many.flatMap((p) => p.items.map((u) => u.id))).toEqual(manyIds);
    expect(many.slice(0, -1).every((p) => p.items.length === 25)).toBe(true);
    expect(many.every((p) => p.total === manyIds.length && !p.totalIsCapped)).toBe(true);

    const few = await allPages('?search=quillox');
    const fewIds = newestFirst(/quillox/i);
    expect(fewIds.length).toBeLessThan(WALK_FROM_MATCHES);
    expect(few.flatMap((p) => p.items.map((u) => u.id))).toEqual(fewIds);
    expect(few[0]?.total).toBe(fewIds.length);

    await t.deps.db.execute(sql`delete from "user" where id like 'walk-%'`);
  });
});
