import { StartedCheckoutSchema, WebhookReceiptSchema } from '@tuition/api-contract';
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookableStarts,
  fillSeats,
  insertUsers,
  type StartedCheckoutBody,
  setNow,
} from './testing/checkout-test-kit.ts';
import { expireLapsedCheckouts } from './checkout/lapsed-checkout-sweep.ts';
import { account, bookings, mailMessages } from './db/schema.ts';
import { deliverPendingMail } from './mail/mail-setup.ts';
import type { LocalPaymentProvider } from './payments/local-provider.ts';
import { WEBHOOK_PATH } from './checkout/webhook-routes.ts';
import { seatsTaken } from './sessions/seats.ts';
import { findSessionRows } from './sessions/session-rows.ts';
import { api, cookieFrom, freshIp, signedInUser } from './testing/auth-helpers.ts';
import { contractBody } from './testing/contract-body.ts';
import { TEST_DB_KINDS } from './testing/database-kinds.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { waitUntil } from './testing/wait-until.ts';

/*
 * Two service instances (each with its own pool, pg-boss, auth and clock, as two processes
 * would have) on one PostgreSQL database, requests dealt round-robin between them: they must
 * behave as one service. PGlite is one in-process database and cannot be shared, so this runs
 * on a real server only.
 */
const NOW = '2026-11-03T09:00:00Z';
const SERVER_KINDS = TEST_DB_KINDS.filter((kind) => kind === 'postgres');

describe.skipIf(SERVER_KINDS.length > 0)('two instances on one database', () => {
  it.skip('runs on postgres only (TEST_DB_KINDS has no postgres)', () => {});
});

describe.each(SERVER_KINDS)('two service instances on one %s database', (dbKind) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  /** The round-robin: request i goes to instance i mod 2. */
  const instance = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({ dbKind, databaseUrl: database.url, now: NOW });
    b = await createTestApp({ dbKind, databaseUrl: database.url, now: NOW });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /**
   * Signed-in customers, each signed in through the round-robin. One signs up through the API;
   * the others get copies of its password hash (hashing 100 passwords would only measure
   * scrypt) and sign in for real, so their sessions are the service's own.
   */
  async function signedInBuyers(count: number) {
    const first = await signedInUser(a, { password: 'correct-horse-battery' });
    const [credential] = await a.deps.db.select().from(account).where(eq(account.userId, first.id));
    const others = await insertUsers(a, count - 1);
    await a.deps.db.insert(account).values(
      others.map((u) => ({
        id: randomUUID(),
        accountId: u.id,
        providerId: 'credential',
        userId: u.id,
        password: credential!.password,
      })),
    );
    const buyers = [{ cookie: first.cookie, ip: first.ip, email: first.email }];
    for (let i = 0; i < others.length; i += 10) {
      buyers.push(
        ...(await Promise.all(
          others.slice(i, i + 10).map(async (u, j) => {
            const ip = freshIp();
            const res = await api(instance(i + j), '/api/auth/sign-in/email', {
              body: { email: u.email, password: 'correct-horse-battery' },
              ip,
            });
            if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
            return { cookie: cookieFrom(res), ip, email: u.email };
          }),
        )),
      );
    }
    return buyers;
  }

  const winners: Array<{ buyer: { email: string }; checkout: StartedCheckoutBody }> = [];

  it('sells the last 3 seats to exactly 3 of 100 buyers racing through both instances', async () => {
    const [start] = await bookableStarts(a, 'gcse-higher', 1);
    await fillSeats(a, 'gcse-higher', start!, 7);
    const buyers = await signedInBuyers(100);

    const responses = await Promise.all(
      buyers.map((buyer, i) =>
        api(instance(i), '/api/checkout', {
          body: { service: 'gcse-higher', startsAt: [start!] },
          cookie: buyer.cookie,
          ip: buyer.ip,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(97);
    for (const [i, res] of responses.entries()) {
      if (res.status === 201) {
        winners.push({
          buyer: buyers[i]!,
          checkout: await contractBody(res, StartedCheckoutSchema),
        });
      }
    }
    // Both instances sold seats (the race really went through both).
    const [row] = await findSessionRows(a.deps.db, [
      { service: 'gcse-higher', startsAt: new Date(start!) },
    ]);
    expect((await seatsTaken(b.deps.db, [row!.id], new Date(NOW))).get(row!.id)).toBe(10);
  }, 60_000);

  it('books once and mails one confirmation when the webhook reaches both at the same moment', async () => {
    const { buyer, checkout } = winners[0]!;
    const { payload, signature } = await (a.deps.payments as LocalPaymentProvider).signedEvent(
      'checkout.session.completed',
      { id: checkout.checkoutId, amountPence: checkout.amountPence },
    );
    const deliver = (t: TestApp) =>
      t.app.request(WEBHOOK_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const answers = await Promise.all([deliver(a), deliver(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const outcomes = await Promise.all(
      answers.map(async (r) => (await contractBody(r, WebhookReceiptSchema)).outcome),
    );
    expect(outcomes.filter((o) => o === 'booked')).toHaveLength(1);

    const booked = await a.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.checkoutId, checkout.checkoutId));
    expect(booked).toHaveLength(1);
    // Both instances deliver mail at once; the confirmation still arrives once.
    await Promise.all([deliverPendingMail(a.deps), deliverPendingMail(b.deps)]);
    const inbox = await a.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, buyer.email));
    // The one buyer who signed up through the API also has a verification mail: count only
    // confirmations (which buyer won the race differs from run to run).
    const confirmations = inbox.filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmations).toHaveLength(1);
  }, 30_000);

  it('expires each lapsed hold once when both instances sweep together', async () => {
    const later = new Date(new Date(NOW).getTime() + 2 * 60 * 60 * 1000);
    setNow(a, later);
    setNow(b, later);
    const expired = await Promise.all([
      expireLapsedCheckouts(a.deps, later).then((rows) => rows.length),
      expireLapsedCheckouts(b.deps, later).then((rows) => rows.length),
    ]);
    // The two unpaid winners' holds, counted once between the two sweeps.
    expect(expired[0] + expired[1]).toBe(2);
    setNow(a, NOW);
    setNow(b, NOW);
  });

  it('delivers every queued message exactly once with both workers running', async () => {
    for (let i = 0; i < 40; i++) {
      await instance(i).deps.mail.enqueue({
        to: `both-workers-${i}@example.com`,
        subject: 'Once',
        text: 'Once',
        html: '<p>Once</p>',
      });
    }
    await Promise.all([a.deps.mail.startWorker(), b.deps.mail.startWorker()]);
    const delivered = () =>
      a.deps.db
        .select({ to: mailMessages.to })
        .from(mailMessages)
        .where(and(like(mailMessages.to, 'both-workers-%'), eq(mailMessages.subject, 'Once')));
    await waitUntil('all 40 messages are delivered', async () => (await delivered()).length >= 40, {
      timeoutMs: 20_000,
    });
    // Once nothing is left queued and each worker has finished its batch in hand (stopWorker
    // waits for it), nothing can be delivered again: any second delivery is in the count below.
    await waitUntil(
      'no message is left queued',
      async () => (await a.deps.mail.pendingCount()) === 0,
    );
    await Promise.all([a.deps.mail.stopWorker(), b.deps.mail.stopWorker()]);
    const recipients = (await delivered()).map((m) => m.to);
    expect(recipients).toHaveLength(40);
    expect(new Set(recipients).size).toBe(40);
  }, 30_000);

  it('shares rate limits: the 6th enquiry of the hour is refused whichever instance gets it', async () => {
    const ip = freshIp();
    const enquiry = (i: number) => ({
      parentName: 'Sam Parent',
      email: `limit-${i}@example.com`,
      phone: '07700 900123',
      yearGroup: 'y10',
      subject: 'maths',
      preference: 'online',
      message: 'My daughter would like help with GCSE algebra.',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await api(instance(i), '/api/contact', { body: enquiry(i), ip })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
