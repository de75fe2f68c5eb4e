import {
  BookabilitySchema,
  ProblemSchema,
  StartedCheckoutSchema,
  TermCheckoutSchema,
} from '@tuition/api-contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, promoRedemptions } from '../db/schema.ts';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, checkoutStatus, setNow } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { expireLapsedCheckouts } from './lapsed-checkout-sweep.ts';

/*
 * Checkout priced by the one pricing engine (docs/decisions/080, 082): the sibling discount an
 * admin turns on, promo codes typed at checkout, never both, and a code's uses counted under
 * its lock so neither a race nor a lapse spends one twice.
 */
const NOW = '2026-12-15T09:00:00Z';

describe.each(TEST_DB_KINDS)('promotions at checkout on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { role: 'admin', name: 'Grace Admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newCode(body: Record<string, unknown>) {
    const res = await api(t, '/api/admin/promo-codes', {
      body,
      cookie: admin.cookie,
      ip: admin.ip,
    });
    if (res.status !== 201) throw new Error(`promo: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  }
  const setSibling = async (percent: number) => {
    const res = await api(t, '/api/admin/discounts/sibling', {
      method: 'PUT',
      body: { percent },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(res.status).toBe(200);
  };
  async function family(children: string[]) {
    const parent = await signedInUser(t, { name: 'Priya Shah' });
    const pupilIds: string[] = [];
    for (const name of children) {
      pupilIds.push(await insertPupil(t.deps.db, { userId: parent.id, name }));
    }
    return { parent, pupilIds };
  }
  const checkout = (who: TestUser, body: Record<string, unknown>) =>
    api(t, '/api/checkout', {
      body: { service: 'gcse-higher', ...body },
      cookie: who.cookie,
      ip: who.ip,
    });
  const promoMessage = async (res: Response) => {
    expect(res.status).toBe(400);
    const problem = await contractBody(res, ProblemSchema);
    return problem.errors?.find((e) => e.field === 'promoCode')?.message;
  };

  it('keeps the spec prices while the sibling discount is off, and applies it once on', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1);
    const { parent, pupilIds } = await family(['Leo', 'Maya']);
    const off = await contractBody(
      await checkout(parent, { startsAt: [start], pupilIds }),
      StartedCheckoutSchema,
    );
    expect(off).toMatchObject({ amountPence: 3000, discountPence: 0, discountLabel: null });

    await setSibling(10);
    try {
      const quoted = await contractBody(
        await api(t, '/api/bookability', {
          body: { service: 'gcse-higher', startsAt: [start], pupilIds },
          cookie: parent.cookie,
          ip: parent.ip,
        }),
        BookabilitySchema,
      );
      expect(quoted.price).toMatchObject({ totalPence: 2850, discountPence: 150 });
      const on = await contractBody(
        await checkout(parent, { startsAt: [start], pupilIds }),
        StartedCheckoutSchema,
      );
      // The first child pays £15, the second £13.50.
      expect(on).toMatchObject({
        amountPence: 2850,
        discountPence: 150,
        discountLabel: 'Sibling discount 10%',
      });
    } finally {
      await setSibling(0);
    }
  });

  it('tells the basket what the card pays once credit has paid for the earliest seats', async () => {
    setNow(t, NOW);
    const [start, next] = await bookableStarts(t, 'gcse-higher', 2, { skip: 14 });
    const { parent, pupilIds } = await family(['Ivy', 'Jon']);
    const granted = await api(t, `/api/admin/users/${parent.id}/credit`, {
      body: { sessions: 1, reason: 'Goodwill' },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(granted.status).toBe(201);
    await setSibling(10);
    try {
      const basket = { service: 'gcse-higher', startsAt: [start, next], pupilIds };
      const quoted = await contractBody(
        await api(t, '/api/bookability', { body: basket, cookie: parent.cookie, ip: parent.ip }),
        BookabilitySchema,
      );
      // Four seats: credit pays Ivy's first; the card pays Jon's first (alone in it now, £15)
      // and both in the second (£15 + £13.50).
      expect(quoted.creditAvailable).toBe(1);
      expect(quoted.cardPrice).toMatchObject({ totalPence: 4350, discountPence: 150 });
      const paid = await contractBody(
        await checkout(parent, { startsAt: [start, next], pupilIds }),
        StartedCheckoutSchema,
      );
      expect(paid).toMatchObject({ creditUsed: 1, amountPence: quoted.cardPrice?.totalPence });
    } finally {
      await setSibling(0);
    }
  });

  it('never stacks a code on the sibling discount: the better one alone applies', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 1 });
    await newCode({ code: 'BIG20', kind: 'percent', value: 20 });
    const small = await newCode({ code: 'SMALL5', kind: 'percent', value: 5 });
    await setSibling(10);
    try {
      const a = await family(['Ann', 'Ben']);
      const big = await contractBody(
        await checkout(a.parent, { startsAt: [start], pupilIds: a.pupilIds, promoCode: 'big20' }),
        StartedCheckoutSchema,
      );
      expect(big).toMatchObject({ amountPence: 2400, discountLabel: 'BIG20: 20% off' });

      const b = await family(['Cal', 'Dee']);
      const sibling = await contractBody(
        await checkout(b.parent, {
          startsAt: [start],
          pupilIds: b.pupilIds,
          promoCode: 'SMALL5',
        }),
        StartedCheckoutSchema,
      );
      expect(sibling).toMatchObject({ amountPence: 2850, discountLabel: 'Sibling discount 10%' });
      // The weaker code was not used up on a basket where it did nothing.
      const uses = await t.deps.db
        .select()
        .from(promoRedemptions)
        .where(eq(promoRedemptions.promoCodeId, small.id));
      expect(uses).toHaveLength(0);
    } finally {
      await setSibling(0);
    }
  });

  it('refuses codes that cannot apply, naming promoCode with the reason', async () => {
    setNow(t, NOW);
    const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 2 });
    await newCode({ code: 'KS3ONLY', kind: 'fixed', value: 500, services: ['ks3'] });
    await newCode({ code: 'OLDCODE', kind: 'percent', value: 10, validTo: '2026-12-01T00:00:00Z' });
    const { parent, pupilIds } = await family(['Eve']);
    expect(
      await promoMessage(
        await checkout(parent, { startsAt: [start], pupilIds, promoCode: 'NOPE' }),
      ),
    ).toBe("We don't recognise this promo code.");
    expect(
      await promoMessage(
        await checkout(parent, { startsAt: [start], pupilIds, promoCode: 'KS3ONLY' }),
      ),
    ).toBe('This code is not for this course.');
    expect(
      await promoMessage(
        await checkout(parent, { startsAt: [start], pupilIds, promoCode: 'OLDCODE' }),
      ),
    ).toBe('This code has expired.');
  });

  it('gives a family one free lesson, once, and books it with nothing to pay (decision 094)', async () => {
    setNow(t, NOW);
    const [first, second] = await bookableStarts(t, 'gcse-higher', 2, { skip: 3 });
    await newCode({ code: 'TASTER', kind: 'free-session', firstTimePupilsOnly: true });
    const { parent, pupilIds } = await family(['Finn', 'Gus']);
    const [finn, gus] = pupilIds;
    const free = await contractBody(
      await checkout(parent, { startsAt: [first], pupilIds: [finn], promoCode: 'TASTER' }),
      StartedCheckoutSchema,
    );
    expect(free).toMatchObject({ status: 'paid', amountPence: 0, discountPence: 1500 });
    const booked = await t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.pupilId, finn!), eq(bookings.status, 'confirmed')));
    expect(booked).toHaveLength(1);

    // The family has had its taster: not again for Finn, nor for Gus, nor for a child added
    // now (one account once took 14 by removing a child and adding another each time).
    for (const pupilId of [finn, gus]) {
      const again = await checkout(parent, {
        startsAt: [second],
        pupilIds: [pupilId],
        promoCode: 'TASTER',
      });
      expect(await promoMessage(again)).toBe('You have already used this code.');
    }
    const invented = await insertPupil(t.deps.db, { userId: parent.id, name: 'Invented' });
    const forInvented = await checkout(parent, {
      startsAt: [second],
      pupilIds: [invented],
      promoCode: 'TASTER',
    });
    expect(await promoMessage(forInvented)).toBe('You have already used this code.');

    // A first-lesson code of any kind: the family is no longer new, whoever the child.
    await newCode({ code: 'NEWFAMILY', kind: 'percent', value: 50, firstTimePupilsOnly: true });
    const notNew = await checkout(parent, {
      startsAt: [second],
      pupilIds: [invented],
      promoCode: 'NEWFAMILY',
    });
    expect(await promoMessage(notNew)).toMatch(/first lesson/);
  });

  it('books with nothing to pay when a code leaves less than a card takes', async () => {
    setNow(t, NOW);
    const [start, later] = await bookableStarts(t, 'gcse-higher', 2, { skip: 5 });
    await newCode({ code: 'ALMOST', kind: 'fixed', value: 1495 });
    const { parent, pupilIds } = await family(['Ivy']);
    // Stripe refuses a page under 30p; the 5p left is waived instead, and the seat is booked.
    const started = await contractBody(
      await checkout(parent, { startsAt: [start], pupilIds, promoCode: 'almost' }),
      StartedCheckoutSchema,
    );
    expect(started).toMatchObject({ status: 'paid', amountPence: 0, discountPence: 1500 });
    const booked = await t.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.pupilId, pupilIds[0]!), eq(bookings.status, 'confirmed')));
    expect(booked).toHaveLength(1);

    // 35p left is charged as it is.
    await newCode({ code: 'NEARLY', kind: 'fixed', value: 1465 });
    const charged = await contractBody(
      await checkout(parent, { startsAt: [later], pupilIds, promoCode: 'NEARLY' }),
      StartedCheckoutSchema,
    );
    expect(charged).toMatchObject({ status: 'pending', amountPence: 35 });
  });

  it('takes a code off a term enrolment', async () => {
    setNow(t, NOW);
    await newCode({ code: 'TERM10', kind: 'percent', value: 10 });
    const classes = (await (await api(t, '/api/classes')).json()) as {
      id: string;
      service: string;
      day: string;
    }[];
    const tuesday = classes.find((c) => c.service === 'gcse-higher' && c.day === 'tue');
    const { parent, pupilIds } = await family(['Hal']);
    const res = await api(t, '/api/checkout/term', {
      body: { termId: 'term-2027-spring', classId: tuesday?.id, pupilIds, promoCode: 'TERM10' },
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(res.status).toBe(201);
    // Eleven sessions at £10, 10% off each.
    expect(await contractBody(res, TermCheckoutSchema)).toMatchObject({
      amountPence: 9900,
      discountPence: 1100,
    });
  });

  it('lets exactly one of 20 concurrent checkouts use a one-use code; a lapse frees it', async () => {
    setNow(t, NOW);
    const code = await newCode({ code: 'ONEUSE', kind: 'percent', value: 50, maxRedemptions: 1 });
    // Two families to a session: seats are never short, only the code is.
    const sessions = await bookableStarts(t, 'gcse-higher', 10, { skip: 4 });
    const starts = Array.from({ length: 20 }, (_, i) => sessions[i % sessions.length]!);
    const families = await Promise.all(starts.map(() => family(['Child'])));
    const answers = await Promise.all(
      families.map(({ parent, pupilIds }, i) =>
        checkout(parent, { startsAt: [starts[i]], pupilIds, promoCode: 'ONEUSE' }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const refused = answers.find((res) => res.status === 400);
    expect(await promoMessage(refused!)).toBe('This code has been used up.');
    const winner = await contractBody(
      answers.find((res) => res.status === 201)!,
      StartedCheckoutSchema,
    );
    expect(winner.amountPence).toBe(750);

    // The winner never pays: the hold lapses and the use goes back.
    const later = new Date(Date.parse(NOW) + 31 * 60_000);
    setNow(t, later);
    await expireLapsedCheckouts(t.deps, later);
    expect((await checkoutStatus(t, winner.checkoutId))?.status).toBe('expired');
    const next = families[1]!;
    const retry = await checkout(next.parent, {
      startsAt: [starts[1]],
      pupilIds: next.pupilIds,
      promoCode: 'ONEUSE',
    });
    expect(retry.status).toBe(201);
    const live = await t.deps.db
      .select({ status: promoRedemptions.status })
      .from(promoRedemptions)
      .where(eq(promoRedemptions.promoCodeId, code.id));
    expect(live.map((r) => r.status).sort()).toEqual(['held', 'released']);
    setNow(t, NOW);
  });
});
