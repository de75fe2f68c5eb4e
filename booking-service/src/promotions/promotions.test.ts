import {
  type AdminPromoCode,
  type AdminPromoCodePage,
  type AuditList,
  PROMO_CODES_PAGE_SIZE,
  PROMO_REDEMPTIONS_PAGE_SIZE,
  type PromoRedemptionPage,
} from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, promoCodes, promoRedemptions } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { insertCustomer } from '../testing/admin-fixtures.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * The admin's promotions (docs/decisions/082): codes created upper-case and checked as a whole
 * (a change merged with what is stored), listed with their live uses, each use with its account
 * and pupils; the sibling percentage from 0 to 50; every change in the audit trail, in words.
 */

const NOW = '2026-11-03T09:00:00Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

interface Problem {
  status: number;
  errors?: { field: string; message: string }[];
}

describe.each(TEST_DB_KINDS)('promotions on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: unknown) =>
    api(t, '/api/admin/promo-codes', { cookie: admin.cookie, body });
  const patch = (id: string, body: unknown) =>
    api(t, `/api/admin/promo-codes/${id}`, { method: 'PATCH', cookie: admin.cookie, body });
  const created = async (body: unknown) => {
    const response = await create(body);
    expect(response.status, await response.clone().text()).toBe(201);
    return json<AdminPromoCode>(response);
  };
  /** The fields a 400 names, with their messages. */
  const refused = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await json<Problem>(response)).errors ?? [];
  };
  const summaries = async (action: string) => {
    const response = await api(t, `/api/admin/audit?action=${action}`, { cookie: admin.cookie });
    return (await json<AuditList>(response)).entries.map((e) => e.summary);
  };

  it('creates a code upper-case and answers it as stored', async () => {
    const code = await created({
      code: 'leaflet10',
      kind: 'percent',
      value: 10,
      validTo: '2027-01-31T00:00:00Z',
      maxRedemptions: 100,
      services: ['gcse-higher', 'gcse-higher', 'ks3'],
    });
    expect(code).toMatchObject({
      code: 'LEAFLET10',
      kind: 'percent',
      value: 10,
      validFrom: null,
      validTo: '2027-01-31T00:00:00.000Z',
      maxRedemptions: 100,
      perAccountLimit: null,
      firstTimePupilsOnly: false,
      services: ['gcse-higher', 'ks3'],
      active: true,
      redemptions: 0,
    });
    expect(await summaries('promo.create')).toContain(
      'Promo code LEAFLET10 created by Grace Admin: 10% off',
    );
  });

  it('refuses a code that exists already, in any case, naming code', async () => {
    await created({ code: 'TWICE', kind: 'fixed', value: 500 });
    expect(await refused(await create({ code: 'twice', kind: 'percent', value: 5 }))).toEqual([
      { field: 'code', message: 'A code TWICE already exists.' },
    ]);
  });

  it('stores a free session as value 0, and needs a value for the other kinds', async () => {
    expect((await created({ code: 'TRYUS', kind: 'free-session', value: 7 })).value).toBe(0);
    const noPercent = await refused(await create({ code: 'NOVALUE', kind: 'percent' }));
    expect(noPercent.map((e) => e.field)).toEqual(['value']);
    const noAmount = await refused(await create({ code: 'NOVALUE', kind: 'fixed' }));
    expect(noAmount.map((e) => e.field)).toEqual(['value']);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a percentage over 100', { kind: 'percent', value: 150 }, 'value'],
    ['a fixed amount of 0p', { kind: 'fixed', value: 0 }, 'value'],
    [
      'a window ending before it starts',
      {
        kind: 'percent',
        value: 5,
        validFrom: '2027-01-04T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z',
      },
      'validTo',
    ],
    ['an unknown kind', { kind: 'half-price', value: 50 }, 'kind'],
    ['an unknown course', { kind: 'percent', value: 5, services: ['latin'] }, 'services.0'],
  ])('refuses %s, naming the field', async (_what, fields, field) => {
    const errors = await refused(await create({ code: 'BADCODE', ...fields }));
    expect(errors.map((e) => e.field)).toContain(field);
  });

  it('refuses a code that is not 3 to 40 letters, digits or hyphens', async () => {
    for (const code of ['AB', 'TEN PERCENT', 'X'.repeat(41), '£10OFF']) {
      const errors = await refused(await create({ code, kind: 'percent', value: 10 }));
      expect(errors.map((e) => e.field)).toEqual(['code']);
    }
  });

  it('changes a code, checked again as stored plus the change, and audits it', async () => {
    const code = await created({ code: 'SPRING', kind: 'fixed', value: 500 });
    const renamed = await patch(code.id, { code: 'spring-2027', value: 750, active: false });
    expect(renamed.status).toBe(200);
    expect(await json<AdminPromoCode>(renamed)).toMatchObject({
      id: code.id,
      code: 'SPRING-2027',
      kind: 'fixed',
      value: 750,
      active: false,
    });
    // 750 was pence; as a percentage it does not fit.
    expect(await refused(await patch(code.id, { kind: 'percent' }))).toEqual([
      { field: 'value', message: 'A percentage is from 1 to 100.' },
    ]);
    const windowed = await patch(code.id, { validFrom: '2027-03-01T00:00:00Z' });
    expect(windowed.status).toBe(200);
    expect(await refused(await patch(code.id, { validTo: '2027-02-01T00:00:00Z' }))).toEqual([
      { field: 'validTo', message: 'validTo must be after validFrom.' },
    ]);
    expect(await refused(await patch(code.id, { code: 'leaflet10' }))).toEqual([
      { field: 'code', message: 'A code LEAFLET10 already exists.' },
    ]);
    const free = await json<AdminPromoCode>(await patch(code.id, { kind: 'free-session' }));
    expect(free).toMatchObject({ kind: 'free-session', value: 0 });
    expect(await summaries('promo.update')).toEqual([
      'Promo code SPRING-2027 changed by Grace Admin: now a free session',
      'Promo code SPRING-2027 changed by Grace Admin: usable from Monday 1 March 2027, ' +
        '12:00 AM, midnight',
      'Promo code SPRING-2027 changed by Grace Admin: renamed from SPRING; now £7.50 off; ' +
        'switched off',
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [unknown, 'not-an-id']) {
      expect((await patch(id, { active: false })).status).toBe(404);
      const uses = await api(t, `/api/admin/promo-codes/${id}/redemptions`, {
        cookie: admin.cookie,
      });
      expect(uses.status).toBe(404);
    }
  });

  it('lists codes newest first with their live uses, and each use with its family', async () => {
    const code = await created({ code: 'COUNTED', kind: 'percent', value: 20 });
    const db = t.deps.db;
    const priya = await insertCustomer(db, { name: 'Priya Patel', email: 'priya@example.com' });
    const maya = await insertPupil(db, { userId: priya, name: 'Maya' });
    const leo = await insertPupil(db, { userId: priya, name: 'Leo' });
    const checkout = async (expiresAt: Date, status: 'pending' | 'paid' = 'pending') => {
      const [row] = await db
        .insert(checkouts)
        .values({
          userId: priya,
          provider: 'local',
          amountPence: 1200,
          sessionCount: 1,
          expiresAt,
          status,
        })
        .returning({ id: checkouts.id });
      return row!.id;
    };
    const use = (
      status: 'held' | 'redeemed' | 'released',
      checkoutId: string | null,
      minute: number,
      pupilIds: string[] = [maya],
    ) => ({
      promoCodeId: code.id,
      checkoutId,
      userId: checkoutId ? priya : null,
      pupilIds,
      status,
      discountPence: 300,
      createdAt: at(minute),
    });
    await db.insert(promoRedemptions).values([
      use('redeemed', await checkout(at(-60), 'paid'), -60, [maya, leo]),
      use('held', await checkout(at(20)), -5),
      use('held', await checkout(at(-1)), -30),
      use('released', await checkout(at(-10)), -40),
      // The account was deleted, and a pupil id no longer kept.
      use('redeemed', null, -90, [crypto.randomUUID()]),
    ]);

    const { items: list } = await json<AdminPromoCodePage>(
      await api(t, '/api/admin/promo-codes', { cookie: admin.cookie }),
    );
    expect(list[0]).toMatchObject({ code: 'COUNTED', redemptions: 3 });
    const times = list.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const response = await api(t, `/api/admin/promo-codes/${code.id}/redemptions`, {
      cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    const { items: uses, nextCursor } = await json<PromoRedemptionPage>(response);
    expect(nextCursor).toBeNull();
    expect(uses.map((u) => [u.status, u.at])).toEqual([
      ['held', at(-5).toISOString()],
      ['held', at(-30).toISOString()],
      ['released', at(-40).toISOString()],
      ['redeemed', at(-60).toISOString()],
      ['redeemed', at(-90).toISOString()],
    ]);
    expect(uses[3]).toMatchObject({
      discountPence: 300,
      account: { id: priya, name: 'Priya Patel', email: 'priya@example.com' },
      pupils: [
        { id: maya, name: 'Maya' },
        { id: leo, name: 'Leo' },
      ],
    });
    expect(uses[4]).toMatchObject({ account: null, checkoutId: null, pupils: [] });
  });

  it("pages a popular code's uses, newest first, each once, and refuses a made-up cursor", async () => {
    const code = await created({ code: 'POPULAR', kind: 'percent', value: 10 });
    const total = PROMO_REDEMPTIONS_PAGE_SIZE + 5;
    // Two uses at each minute: the id breaks the tie, and no use is skipped or shown twice.
    await t.deps.db.insert(promoRedemptions).values(
      Array.from({ length: total }, (_, i) => ({
        promoCodeId: code.id,
        status: 'released' as const,
        discountPence: 100 + i,
        createdAt: at(-Math.floor(i / 2)),
      })),
    );
    const page = async (cursor?: string) => {
      const query = cursor ? `?cursor=${cursor}` : '';
      const response = await api(t, `/api/admin/promo-codes/${code.id}/redemptions${query}`, {
        cookie: admin.cookie,
      });
      expect(response.status).toBe(200);
      return json<PromoRedemptionPage>(response);
    };
    const first = await page();
    expect(first.items).toHaveLength(PROMO_REDEMPTIONS_PAGE_SIZE);
    expect(first.nextCursor).toBe(first.items.at(-1)?.id);
    const second = await page(first.nextCursor ?? undefined);
    expect(second).toMatchObject({ nextCursor: null });
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((u) => u.id)).size).toBe(total);
    const times = all.map((u) => Date.parse(u.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const bad = await api(t, `/api/admin/promo-codes/${code.id}/redemptions?cursor=page-2`, {
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('cursor');
  });

  it('pages the codes, newest first, each once, and refuses a made-up cursor', async () => {
    const total = PROMO_CODES_PAGE_SIZE + 5;
    // Years of leaflets, two made in each minute: the id breaks the tie.
    const old = Date.parse('2024-01-01T00:00:00Z');
    const codes = Array.from({ length: total }, (_, i) => `PAGED${String(i).padStart(3, '0')}`);
    await t.deps.db.insert(promoCodes).values(
      codes.map((code, i) => ({
        code,
        kind: 'percent' as const,
        value: 5,
        createdAt: new Date(old - Math.floor(i / 2) * 60_000),
      })),
    );
    const page = async (cursor?: string) => {
      const query = cursor ? `?cursor=${cursor}` : '';
      const response = await api(t, `/api/admin/promo-codes${query}`, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      return json<AdminPromoCodePage>(response);
    };
    const pages = [await page()];
    for (let next = pages[0]?.nextCursor; next; next = pages.at(-1)?.nextCursor) {
      pages.push(await page(next));
      expect(pages.length).toBeLessThan(10);
    }
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]?.items).toHaveLength(PROMO_CODES_PAGE_SIZE);
    expect(pages[0]?.nextCursor).toBe(pages[0]?.items.at(-1)?.id);
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(
      all
        .filter((c) => c.code.startsWith('PAGED'))
        .map((c) => c.code)
        .sort(),
    ).toEqual(codes);
    const times = all.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const bad = await api(t, '/api/admin/promo-codes?cursor=page-2', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('cursor');
  });

  it('sets the sibling discount from 0 to 50, and audits it', async () => {
    const sibling = '/api/admin/discounts/sibling';
    const read = async () =>
      json<{ percent: number }>(await api(t, sibling, { cookie: admin.cookie }));
    expect(await read()).toEqual({ percent: 0 });
    const set = await api(t, sibling, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { percent: 10 },
    });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({ percent: 10 });
    expect(await read()).toEqual({ percent: 10 });
    for (const percent of [51, -1, 2.5, '10', null]) {
      const response = await api(t, sibling, {
        method: 'PUT',
        cookie: admin.cookie,
        body: { percent },
      });
      expect((await refused(response)).map((e) => e.field)).toEqual(['percent']);
    }
    expect(await read()).toEqual({ percent: 10 });
    const off = await api(t, sibling, {
      method: 'PUT',
      cookie: admin.cookie,
      body: { percent: 0 },
    });
    expect(off.status).toBe(200);
    expect(await summaries('discount.sibling')).toEqual([
      'Sibling discount turned off by Grace Admin',
      'Sibling discount set to 10% by Grace Admin',
    ]);
  });
});
