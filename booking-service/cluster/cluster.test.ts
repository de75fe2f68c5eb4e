import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client.ts';
import {
  account,
  bookings,
  checkoutItems,
  mailMessages,
  scheduledRuns,
  user,
} from '../src/db/schema.ts';
import { quickPasswordHashing } from '../src/auth/quick-password-hashing.ts';
import { createLogger } from '../src/logging/logger.ts';
import { LocalMailboxMailer } from '../src/mail/local-mailbox.ts';
import { MAIL_BATCH_SIZE, MailOutbox } from '../src/mail/outbox.ts';
import { LocalPaymentProvider } from '../src/payments/local-provider.ts';
import { WEBHOOK_PATH } from '../src/checkout/webhook-routes.ts';
import { PGBOUNCER_UNAVAILABLE, TEST_DB_KINDS_WITH_POOLER } from '../src/testing/database-kinds.ts';
import { type Cluster, startCluster } from './cluster.ts';

/*
 * The proofs on the cluster (docs/decisions/096, docs/capacity.md "Three instances through a
 * pooler"): three real service processes on one PostgreSQL through PgBouncer in transaction
 * mode, behind the round-robin balancer. Runs where the pooler suites run.
 */
const RUNS = TEST_DB_KINDS_WITH_POOLER.includes('pgbouncer');
/** The mail rate the three instances share in these proofs (messages a second). */
const MAIL_RATE = 40;

describe.skipIf(RUNS)('the cluster proofs', () => {
  it.skip(`are skipped: ${PGBOUNCER_UNAVAILABLE ?? 'TEST_DB_KINDS leaves PgBouncer out'}`, () => {});
});

describe.runIf(RUNS)('three instances through PgBouncer behind a balancer', () => {
  let cluster: Cluster;
  let direct: DbHandle;
  beforeAll(async () => {
    // The test is the outer hop that names each client (X-Forwarded-For), the balancer the inner.
    // Its 200 buyers' passwords are hashed cheaply, as every test account's (decision 120): at
    // better-auth's cost their sign-ins alone took 46 s of CPU.
    cluster = await startCluster({
      instances: 3,
      env: {
        TRUSTED_PROXIES: '2',
        MAIL_RATE_PER_SECOND: String(MAIL_RATE),
        PASSWORD_HASHING: 'quick',
      },
    });
    direct = await createDb({ databaseUrl: cluster.directUrl, driver: 'pg' });
  }, 120_000);
  afterAll(async () => {
    await direct?.close();
    await cluster?.stop();
  });

  let nextIp = 1;
  /** A request through the balancer as the site sends it, from a client address of its own. */
  const call = (
    path: string,
    init: { body?: unknown; cookie?: string; ip?: string; method?: string } = {},
  ) =>
    fetch(`${cluster.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        origin: cluster.url,
        'x-forwarded-for': init.ip ?? `203.0.113.${(nextIp++ % 250) + 1}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      redirect: 'manual',
    });

  /** `count` customers signed in through the balancer (one password hash, copied). */
  async function signedInCustomers(count: number) {
    const password = 'correct-horse-battery';
    const hash = await quickPasswordHashing.hash(password);
    const users = Array.from({ length: count }, (_, i) => {
      const id = randomUUID();
      return { id, name: `Load ${i}`, email: `load-${id}@example.com`, emailVerified: true };
    });
    await direct.db.insert(user).values(users);
    await direct.db.insert(account).values(
      users.map((u) => ({
        id: randomUUID(),
        accountId: u.id,
        providerId: 'credential',
        userId: u.id,
        password: hash,
      })),
    );
    const signedIn: Array<{ id: string; email: string; cookie: string; ip: string }> = [];
    for (let i = 0; i < users.length; i += 20) {
      signedIn.push(
        ...(await Promise.all(
          users.slice(i, i + 20).map(async (u, j) => {
            const ip = `198.18.${Math.floor((i + j) / 250)}.${((i + j) % 250) + 1}`;
            const res = await call('/api/auth/sign-in/email', {
              body: { email: u.email, password },
              ip,
            });
            if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
            const cookie = res.headers
              .getSetCookie()
              .map((line) => line.split(';')[0])
              .join('; ');
            return { id: u.id, email: u.email, cookie, ip };
          }),
        )),
      );
    }
    return signedIn;
  }

  const winners: Array<{ checkoutId: string; amountPence: number; userId: string }> = [];

  /** This run's 600 mails, as the instances stored them, oldest first. */
  const mailRun = randomUUID().slice(0, 8);
  const delivered = async () =>
    (
      await direct.db
        .select({ to: mailMessages.to, at: mailMessages.createdAt })
        .from(mailMessages)
        .where(like(mailMessages.to, `rate-${mailRun}-%`))
    ).sort((a, b) => a.at.getTime() - b.at.getTime());
  /** This run's mail jobs still to settle: claimed by a worker, and not yet stored. */
  const queue = async () =>
    (
      (await direct.db.execute(
        sql`select count(*) filter (where j.state = 'active')::int as active,
            count(*) filter (where not exists
              (select 1 from mail_messages m where m.to = j.data->>'to'))::int as undelivered
          from pgboss.job j
          where j.name = 'mail' and j.data->>'to' like ${`rate-${mailRun}-%`}
            and j.state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: Array<{ active: number; undelivered: number }> }
    ).rows[0]!;

  it('delivers 600 queued mails at the shared rate across the three, and a kill -9 duplicates none', async () => {
    const outbox = await MailOutbox.start({
      dbHandle: direct,
      mailer: new LocalMailboxMailer(direct.db),
      logger: createLogger({ level: 'silent' }),
      maintenance: false,
    });
    const to = (i: number) => `rate-${mailRun}-${i}@example.com`;
    for (let i = 0; i < 600; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          outbox.enqueue(
            {
              to: to(i + j),
              subject: 'Reminder',
              text: 'Your lesson is tomorrow.',
              html: '<p>Your lesson is tomorrow.</p>',
            },
            { priority: 'bulk' },
          ),
        ),
      );
    }
    // This process only queues; the instances deliver.
    await outbox.stop();
    // A third of the way in, one instance dies mid-delivery and comes back.
    await expect
      .poll(async () => (await delivered()).length, { timeout: 60_000 })
      .toBeGreaterThan(200);
    const killed = cluster.instances[2]!;
    expect(await killed.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await killed.start();

    // What the dead worker held stays claimed until its heartbeat lapses (the last test);
    // everything else goes now.
    await expect
      .poll(
        async () => {
          const { active, undelivered } = await queue();
          return (await delivered()).length + undelivered === 600 && active <= MAIL_BATCH_SIZE;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(true);
    const sent = await delivered();
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(sent.length);
    const held = await queue();

    /** The most messages stored within any `ms` window. */
    const busiest = (ms: number) => {
      let most = 0;
      for (let first = 0, last = 0; last < sent.length; last++) {
        while (sent[last]!.at.getTime() - sent[first]!.at.getTime() >= ms) first++;
        most = Math.max(most, last - first + 1);
      }
      return most;
    };
    const seconds = (sent.at(-1)!.at.getTime() - sent[0]!.at.getTime()) / 1000;
    console.log(
      `mail: ${sent.length} delivered in ${seconds.toFixed(1)} s at ${MAIL_RATE}/s, busiest second ${busiest(1_000)}, busiest 5 s ${busiest(5_000)}; the killed worker holds ${held.active}, ${held.undelivered} of them undelivered`,
    );
    // Never faster than the rate across the three instances. The bucket spaces the takes of
    // tokens 25 ms apart, and each sender sleeps until its token is due; on a busy machine an
    // instance's timers can fire a few hundred ms late, together, which pulls that many sends
    // into one window. So: any 5 s holds at most 5 s of the rate, the one token a quiet bucket
    // starts with, and half a second of the rate for late timers. The run as a whole is never
    // faster than the rate (the next line), so the allowance cannot hide a faster bucket.
    expect(busiest(5_000)).toBeLessThanOrEqual(MAIL_RATE * 5 + 1 + MAIL_RATE / 2);
    expect(seconds).toBeGreaterThanOrEqual(((sent.length - 1) / MAIL_RATE) * 0.97);
  }, 240_000);

  it('sells the last 10 seats to exactly 10 of 200 buyers at once; every other answer is a 409', async () => {
    const availability = await call('/api/availability?service=gcse-higher');
    const { slots } = (await availability.json()) as {
      slots: Array<{ startsAt: string; sessionId: string; seatsLeft?: number }>;
    };
    const slot = slots.at(-1)!;
    const buyers = await signedInCustomers(200);

    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('/api/checkout', {
          body: { service: 'gcse-higher', startsAt: [slot.startsAt] },
          cookie: buyer.cookie,
          ip: buyer.ip,
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(190);
    for (const [index, res] of answers.entries()) {
      const body = (await res.json()) as { checkoutId?: string; amountPence?: number };
      if (res.status === 201) {
        winners.push({
          checkoutId: body.checkoutId!,
          amountPence: body.amountPence!,
          userId: buyers[index]!.id,
        });
      }
    }
    const held = await direct.db
      .select({ count: sql<number>`count(*)::int` })
      .from(checkoutItems)
      .where(
        inArray(
          checkoutItems.checkoutId,
          winners.map((w) => w.checkoutId),
        ),
      );
    expect(held[0]?.count).toBe(10);
  }, 180_000);

  it('confirms a checkout once when its webhook reaches another instance, and a replay to a third changes nothing', async () => {
    const winner = winners[0]!;
    const { payload, signature } = await new LocalPaymentProvider().signedEvent(
      'checkout.session.completed',
      { id: winner.checkoutId, amountPence: winner.amountPence },
    );
    const deliverTo = (index: number) =>
      fetch(`http://127.0.0.1:${cluster.instances[index]!.port}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const first = await deliverTo(1);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { outcome: string }).outcome).toBe('booked');
    const replay = await deliverTo(2);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { outcome: string }).outcome).not.toBe('booked');
    const booked = await direct.db
      .select()
      .from(bookings)
      .where(eq(bookings.checkoutId, winner.checkoutId));
    expect(booked).toHaveLength(1);
  });

  it('restarts all three one at a time under load with no 5xx, and runs each schedule once a tick', async () => {
    const claims = async () =>
      new Map((await direct.db.select().from(scheduledRuns)).map((row) => [row.job, row.claims]));
    /** Waits until `seconds` past the next 30-second mark, so every instance had its turn. */
    const afterNextHalfMinute = async (seconds: number) => {
      const ms = 30_000 - (Date.now() % 30_000) + seconds * 1000;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return Date.now();
    };
    const startedAt = await afterNextHalfMinute(3);
    const before = await claims();

    // 10 connections asking for a calendar's availability, each again 200 ms after its last
    // answer: about 50 requests a second, so every stop and start meets requests in flight,
    // without the CPU of a saturating load the proof does not need (docs/decisions/128). (Not
    // the health check: a draining instance answers it 503 on purpose, so the balancer drops it.)
    const statuses = new Map<number, number>();
    let loading = true;
    const loaders = Array.from({ length: 10 }, async () => {
      while (loading) {
        const res = await call('/api/availability?service=gcse-higher');
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    const loadStart = Date.now();
    const exits: Array<{ code: number | null; signal: string | null }> = [];
    for (const instance of cluster.instances) {
      exits.push(await instance.stop('SIGTERM'));
      await instance.start();
      // Back in the rotation before the next one goes.
      await expect
        .poll(() => cluster.balancer.healthy().includes(instance.port), { timeout: 5_000 })
        .toBe(true);
    }
    while (Date.now() - loadStart < 30_000) await new Promise((r) => setTimeout(r, 250));
    loading = false;
    await Promise.all(loaders);
    const loadSeconds = Math.round((Date.now() - loadStart) / 1000);

    const endedAt = await afterNextHalfMinute(3);
    const after = await claims();
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500);
    console.log(
      `rolling restart: ${total} requests in ${loadSeconds} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(exits).toEqual(Array(3).fill({ code: 0, signal: null }));
    expect(fiveHundreds, cluster.balancer.failures().join('\n')).toEqual([]);
    expect(total).toBeGreaterThan(200);

    // Each 30 s and each minute boundary crossed was run exactly once, across restarts.
    const crossed = (intervalMs: number) =>
      Math.floor(endedAt / intervalMs) - Math.floor(startedAt / intervalMs);
    const ran = (job: string) => (after.get(job) ?? 0) - (before.get(job) ?? 0);
    expect(ran('waitlist-offers')).toBe(crossed(30_000));
    expect(ran('checkout-lapses')).toBe(crossed(60_000));
    expect(ran('session-reminders')).toBe(crossed(60_000));
  }, 240_000);

  it("retries the killed worker's mail on another instance once its heartbeat stops, each once", async () => {
    // The heartbeat lapses after MAIL_HEARTBEAT_SECONDS, a supervisor fails the jobs within a
    // minute, and the retry waits its backoff: two minutes at most, spent by the tests between.
    await expect
      .poll(async () => (await delivered()).length, { timeout: 180_000, interval: 1_000 })
      .toBe(600);
    const sent = await delivered();
    expect(new Set(sent.map((mail) => mail.to)).size).toBe(600);
    await expect.poll(queue, { timeout: 10_000 }).toEqual({ active: 0, undelivered: 0 });
  }, 200_000);
});
