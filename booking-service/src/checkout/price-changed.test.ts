import {
  BookabilitySchema,
  ProblemSchema,
  StartedCheckoutSchema,
  TermCheckoutSchema,
  TermQuoteSchema,
} from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * The price a family is quoted is the price it is told it pays (docs/decisions/102): a checkout
 * naming the total its page showed is refused with 409 price-changed, both totals named and
 * nothing held, when the admin changed a discount or switched a code off in between.
 */
const NOW = '2026-12-15T09:00:00Z';

describe.each(TEST_DB_KINDS)('a quoted price at checkout on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { role: 'admin', name: 'Grace Admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const adminCall = (path: string, method: string, body: Record<string, unknown>) =>
    api(t, path, { method, body, cookie: admin.cookie, ip: admin.ip });
  const setSibling = async (percent: number) =>
    expect((await adminCall('/api/admin/discounts/sibling', 'PUT', { percent })).status).toBe(200);
  async function family(children: string[]) {
    const parent = await signedInUser(t, { name: 'Priya Shah' });
    const pupilIds: string[] = [];
    for (const name of children) {
      pupilIds.push(await insertPupil(t.deps.db, { userId: parent.id, name }));
    }
    return { parent, pupilIds };
  }
  const quote = async (who: TestUser, body: Record<string, unknown>) =>
    contractBody(
      await api(t, '/api/bookability', {
        body: { service: 'gcse-higher', ...body },
        cookie: who.cookie,
        ip: who.ip,
      }),
      BookabilitySchema,
    );
  const checkout = (who: TestUser, body: Record<string, unknown>) =>
    api(t, '/api/checkout', {
      body: { service: 'gcse-higher', ...body },
      cookie: who.cookie,
      ip: who.ip,
    });
  const held = async (who: TestUser) =>
    t.deps.db.select().from(checkouts).where(eq(checkouts.userId, who.id));

  it('refuses a total the sibling discount no longer gives, holding nothing, and takes the new one', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1);
    const { parent, pupilIds } = await family(['Leo', 'Maya']);
    await setSibling(50);
    try {
      const shown = (await quote(parent, { startsAt: [start], pupilIds })).price?.totalPence;
      expect(shown).toBe(2250); // £15 and £7.50
      await setSibling(0);
      const refused = await checkout(parent, { startsAt: [start], pupilIds, expectedPence: shown });
      expect(refused.status).toBe(409);
      const problem = await contractBody(refused, ProblemSchema);
      expect(problem).toMatchObject({
        code: 'price-changed',
        expectedPence: 2250,
        amountPence: 3000,
        detail:
          'The price has changed: the total is now £30.00, not £22.50. Please check the new total and confirm again.',
      });
      expect(await held(parent)).toEqual([]);
      const paid = await contractBody(
        await checkout(parent, { startsAt: [start], pupilIds, expectedPence: 3000 }),
        StartedCheckoutSchema,
      );
      expect(paid).toMatchObject({ status: 'pending', amountPence: 3000 });
    } finally {
      await setSibling(0);
    }
  });

  it('names a code switched off since the quote, and the price without it', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 1 });
    const created = await adminCall('/api/admin/promo-codes', 'POST', {
      code: 'WINTER20',
      kind: 'percent',
      value: 20,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { parent, pupilIds } = await family(['Ada']);
    const shown = (await quote(parent, { startsAt: [start], pupilIds, promoCode: 'WINTER20' }))
      .price?.totalPence;
    expect(shown).toBe(1200);
    expect(
      (await adminCall(`/api/admin/promo-codes/${id}`, 'PATCH', { active: false })).status,
    ).toBe(200);
    const refused = await checkout(parent, {
      startsAt: [start],
      pupilIds,
      promoCode: 'WINTER20',
      expectedPence: shown,
    });
    expect(await contractBody(refused, ProblemSchema)).toMatchObject({
      status: 409,
      code: 'price-changed',
      expectedPence: 1200,
      amountPence: 1500,
      detail:
        'The code WINTER20 can no longer be used, so the total is now £15.00, not £12.00. Please check the new total and confirm again.',
    });
    expect(await held(parent)).toEqual([]);
    // Without a total named, the code is refused as before; an unknown code always is.
    const old = await checkout(parent, { startsAt: [start], pupilIds, promoCode: 'WINTER20' });
    expect(old.status).toBe(400);
    const unknown = await checkout(parent, {
      startsAt: [start],
      pupilIds,
      promoCode: 'NOSUCHCODE',
      expectedPence: 1500,
    });
    expect(unknown.status).toBe(400);
  });

  it('holds the basket when the total is the one shown, and says which field is wrong', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 2 });
    const { parent, pupilIds } = await family(['Sol']);
    const ok = await checkout(parent, { startsAt: [start], pupilIds, expectedPence: 1500 });
    expect((await contractBody(ok, StartedCheckoutSchema)).amountPence).toBe(1500);
    const bad = await checkout(parent, { startsAt: [start], pupilIds, expectedPence: -5 });
    expect(bad.status).toBe(400);
    expect((await contractBody(bad, ProblemSchema)).errors?.map((e) => e.field)).toEqual([
      'expectedPence',
    ]);
  });

  it('refuses a term checkout whose quote no longer stands', async () => {
    setNow(t, NOW);
    const classes = (await (await api(t, '/api/classes')).json()) as {
      id: string;
      service: string;
      day: string;
    }[];
    const wednesday = classes.find((c) => c.service === 'gcse-higher' && c.day === 'wed');
    const { parent, pupilIds } = await family(['Hal', 'Ivy']);
    const body = { termId: 'term-2027-spring', classId: wednesday?.id, pupilIds };
    await setSibling(50);
    try {
      const quoted = await contractBody(
        await api(t, '/api/terms/term-2027-spring/quote', {
          body: { classId: wednesday?.id, pupilIds },
          cookie: parent.cookie,
          ip: parent.ip,
        }),
        TermQuoteSchema,
      );
      await setSibling(25);
      const refused = await api(t, '/api/checkout/term', {
        body: { ...body, expectedPence: quoted.amountPence },
        cookie: parent.cookie,
        ip: parent.ip,
      });
      const problem = await contractBody(refused, ProblemSchema);
      expect(problem).toMatchObject({ code: 'price-changed', expectedPence: quoted.amountPence });
      expect(problem.amountPence).toBeGreaterThan(quoted.amountPence);
      expect(await held(parent)).toEqual([]);
      const taken = await api(t, '/api/checkout/term', {
        body: { ...body, expectedPence: problem.amountPence },
        cookie: parent.cookie,
        ip: parent.ip,
      });
      expect((await contractBody(taken, TermCheckoutSchema)).amountPence).toBe(problem.amountPence);
    } finally {
      await setSibling(0);
    }
  });
});
