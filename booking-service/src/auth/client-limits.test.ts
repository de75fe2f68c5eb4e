import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit, user } from '../db/schema.ts';
import { CLIENT_ADDRESS_HEADER } from '../http/client-address.ts';
import { betterAuthRateLimitKey, RATE_LIMIT_SCOPES } from '../http/rate-limit.ts';
import { api, cookieFrom, freshIp, mailTo, peerEnv } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { MAIL_PER_ADDRESS_LIMIT } from './client-limits.ts';

/*
 * Decision 038: every better-auth limit keys on the one resolved client address
 * (src/http/client-address.ts), never on a header the client wrote, and never on one bucket
 * shared by everybody.
 */

/** The stored key of one client's bucket of a better-auth endpoint (the address as its HMAC). */
const bucket = (t: TestApp, client: string, path = '/sign-in/email') =>
  betterAuthRateLimitKey(t.deps.config.auth.secret, `${client}|${path}`);

/** A request as it reaches the service: from socket `peer`, with whatever headers it carries. */
function send(
  t: TestApp,
  path: string,
  options: { peer: string; body?: unknown; headers?: Record<string, string> },
): Promise<Response> {
  return Promise.resolve(
    t.app.request(
      path,
      {
        method: options.body === undefined ? 'GET' : 'POST',
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          origin: t.deps.config.publicUrl,
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      peerEnv(options.peer),
    ),
  );
}

const wrongSignIn = (n: number) => ({ email: `guess-${n}@example.com`, password: 'wrong-guess-1' });

async function verifiedAccount(t: TestApp, email: string, password: string): Promise<void> {
  const signUp = await api(t, '/api/auth/sign-up/email', {
    body: { name: 'Customer', email, password },
    ip: freshIp(),
  });
  expect(signUp.status).toBe(200);
  await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
}

describe.each(TEST_DB_KINDS)('client address without a trusted proxy on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a rotated X-Forwarded-For (or our own header, forged) never dodges the sign-in limit', async () => {
    const peer = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await send(t, '/api/auth/sign-in/email', {
        peer,
        body: wrongSignIn(i),
        headers: {
          'x-forwarded-for': `203.0.113.${i + 1}`,
          [CLIENT_ADDRESS_HEADER]: `192.0.2.${i + 1}`,
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    const refused = await send(t, '/api/auth/sign-in/email', { peer, body: wrongSignIn(9) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The bucket is the socket peer's; nothing the client wrote made a bucket of its own.
    const keys = (await t.deps.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key);
    expect(keys).toContain(bucket(t, peer));
    for (let i = 1; i <= 6; i++) {
      expect(keys).not.toContain(bucket(t, `203.0.113.${i}`));
      expect(keys).not.toContain(bucket(t, `192.0.2.${i}`));
    }
    expect(keys).not.toContain(bucket(t, 'no-trusted-ip'));
    // The address itself is never stored: only its HMAC under the auth secret.
    expect(keys.join(' ')).not.toContain(peer);
  });

  it('a rotated X-Forwarded-For never dodges the sign-up limit', async () => {
    const peer = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await send(t, '/api/auth/sign-up/email', {
        peer,
        body: { name: 'Bot', email: `bot-${i}@example.com`, password: 'bot-password-1' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('one inbox gets at most 5 reset mails an hour however many clients ask', async () => {
    const victim = 'inbox-victim@example.com';
    await verifiedAccount(t, victim, 'victim-password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A different real client each time: the per-client limit never comes into play.
      const response = await send(t, '/api/auth/request-password-reset', {
        peer: freshIp(),
        body: { email: victim },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, MAIL_PER_ADDRESS_LIMIT.max)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(MAIL_PER_ADDRESS_LIMIT.max).every((s) => s === 429)).toBe(true);
    const resets = (await mailTo(t, victim)).filter((m) => m.subject.includes('Reset'));
    expect(resets).toHaveLength(MAIL_PER_ADDRESS_LIMIT.max);

    // The same answer for an address with no account: the limit reveals nothing.
    const ghostStatuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await send(t, '/api/auth/request-password-reset', {
        peer: freshIp(),
        body: { email: 'no-such-account@example.com' },
      });
      ghostStatuses.push(response.status);
    }
    expect(ghostStatuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('repeated sign-ups of one unverified address mail it at most 5 times an hour', async () => {
    const victim = 'signup-victim@example.com';
    for (let i = 0; i < 7; i++) {
      const response = await send(t, '/api/auth/sign-up/email', {
        peer: freshIp(),
        body: { name: 'Someone', email: victim, password: `password-number-${i}` },
      });
      expect(response.status).toBe(200);
    }
    expect(await mailTo(t, victim)).toHaveLength(MAIL_PER_ADDRESS_LIMIT.max);
  });

  it('never rate-limits session reads a page makes on load, while writes stay limited', async () => {
    const email = 'busy-family@example.com';
    const password = 'family-password-1';
    await verifiedAccount(t, email, password);
    const school = freshIp();
    const signIn = await send(t, '/api/auth/sign-in/email', {
      peer: school,
      body: { email, password },
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn);

    // Well past better-auth's global 100 a minute, from one address (a school, an office).
    const statuses = new Set<number>();
    for (let i = 0; i < 130; i++) {
      const read = await send(t, '/api/auth/get-session', { peer: school, headers: { cookie } });
      statuses.add(read.status);
    }
    expect([...statuses]).toEqual([200]);

    // Writes from the same address are still limited (sign-in: 3 per 10 seconds).
    const writes: number[] = [];
    for (let i = 0; i < 4; i++) {
      writes.push(
        (await send(t, '/api/auth/sign-in/email', { peer: school, body: wrongSignIn(100 + i) }))
          .status,
      );
    }
    expect(writes).toContain(429);
  });
});

describe.each(TEST_DB_KINDS)('client address behind one trusted proxy on %s', (dbKind) => {
  const PROXY = '10.0.0.2';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, env: { TRUSTED_PROXIES: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("uses the address the proxy appended: two real clients get separate buckets, and a client's own claims change nothing", async () => {
    const clientA = '198.51.100.10';
    const clientB = '198.51.100.20';
    const fromA: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await send(t, '/api/auth/sign-in/email', {
        peer: PROXY,
        body: wrongSignIn(200 + i),
        // What A claimed, then what the proxy saw.
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${clientA}` },
      });
      fromA.push(response.status);
    }
    expect(fromA).toEqual([401, 401, 401, 429, 429]);

    const fromB = await send(t, '/api/auth/sign-in/email', {
      peer: PROXY,
      body: wrongSignIn(300),
      headers: { 'x-forwarded-for': clientB },
    });
    expect(fromB.status).toBe(401);

    const keys = (await t.deps.db.select({ key: rateLimit.key }).from(rateLimit)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([bucket(t, clientA), bucket(t, clientB)]));
    expect(keys).not.toContain(bucket(t, PROXY));
  });
});

/*
 * Under NODE_ENV=production. The service refuses its local adapters in production, so the
 * config carries production's required settings with unused values (no Stripe or Resend call
 * is made: nothing here pays or delivers mail) on a test database. better-auth's own
 * "no address found" fallback is fixed at import time from the runner's NODE_ENV=test, so the
 * test also checks the stored buckets: each is a client's address, none a shared one.
 */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://tuition.example.co.uk',
  DATABASE_URL: 'postgres://unused@127.0.0.1:9/unused',
  BETTER_AUTH_SECRET: 'production-test-secret-0123456789abcdef',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  RESEND_API_KEY: 're_unused',
  MAIL_FROM: 'Tuition <bookings@tuition.example.co.uk>',
  MEETING_PROVIDER: 'link',
  LOG_LEVEL: 'silent',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_MESSAGING_SERVICE_SID: `MG${'0'.repeat(32)}`,
};

describe.each(TEST_DB_KINDS)('under NODE_ENV=production on %s', (dbKind) => {
  for (const deployment of [
    { name: 'no proxy', env: {}, route: (client: string) => ({ peer: client, headers: {} }) },
    {
      name: 'one appending proxy',
      env: { TRUSTED_PROXIES: '1' },
      route: (client: string) => ({
        peer: '10.0.0.2',
        // Whatever the client claimed, then the address the proxy appended.
        headers: { 'x-forwarded-for': `198.18.0.1, ${client}` },
      }),
    },
  ]) {
    describe(deployment.name, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ dbKind, env: { ...PRODUCTION_ENV, ...deployment.env } });
      });
      afterAll(async () => {
        await t?.close();
      });

      it("one client's failed sign-ins never throttle another client's sign-in", async () => {
        expect(t.deps.config.isProduction).toBe(true);
        const email = 'prod-customer@example.com';
        const password = 'prod-customer-password';
        await verifiedAccount(t, email, password);

        const attacker = deployment.route('203.0.113.66');
        for (let i = 0; i < 4; i++) {
          await send(t, '/api/auth/sign-in/email', { ...attacker, body: wrongSignIn(400 + i) });
        }
        const attackerAgain = await send(t, '/api/auth/sign-in/email', {
          ...attacker,
          body: wrongSignIn(499),
        });
        expect(attackerAgain.status).toBe(429);

        const customer = deployment.route('198.51.100.77');
        const signIn = await send(t, '/api/auth/sign-in/email', {
          ...customer,
          body: { email, password },
        });
        expect(signIn.status).toBe(200);

        const keys = (
          await t.deps.db
            .select({ key: rateLimit.key })
            .from(rateLimit)
            .where(like(rateLimit.key, `${RATE_LIMIT_SCOPES.authClient}:/sign-in/email:%`))
        ).map((r) => r.key);
        expect(keys.sort()).toEqual([bucket(t, '198.51.100.77'), bucket(t, '203.0.113.66')].sort());
      });
    });
  }
});
