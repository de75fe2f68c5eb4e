import { ProblemSchema } from '@tuition/api-contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, user } from '../db/schema.ts';
import { signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loggablePath, safeError } from './logger.ts';

describe('error logs of failing queries', () => {
  let t: TestApp;
  let logs: ReturnType<typeof captureLogs>;
  let customer: TestUser;
  const SECRET_TOKEN = 'tok_live_5e3c7a1f9b2d4e6a8c0f';

  beforeAll(async () => {
    logs = captureLogs();
    t = await createTestApp({ logger: logs.logger });
    // Routes that fail the way a bug would: a unique violation whose parameters hold an
    // e-mail address, and a query whose driver message quotes the (token) value it refused.
    // (Added before the first request: Hono builds its matcher then.)
    t.app.get('/api/test/duplicate-user', async () => {
      await t.deps.db.insert(user).values({
        id: crypto.randomUUID(),
        name: 'Copy',
        email: customer.email,
        emailVerified: false,
      });
      return new Response('unreachable');
    });
    t.app.get('/api/test/bad-uuid', async () => {
      await t.deps.db.select().from(checkouts).where(eq(checkouts.id, SECRET_TOKEN));
      return new Response('unreachable');
    });
    customer = await signedInUser(t, { email: 'victim.parent@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs the kind, SQLSTATE and request id, and never the SQL, its parameters or the values', async () => {
    for (const path of ['/api/test/duplicate-user', '/api/test/bad-uuid']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(500);
      const requestId = res.headers.get('x-request-id');
      const [line] = logs.lines().filter((l) => l.msg === 'unhandled error' && l.path === path);
      expect(line).toMatchObject({ level: 50, requestId });
      const err = line?.err as { type: string; cause?: { code?: string } };
      expect(err.type).toBe('DrizzleQueryError');
      expect(err.cause?.code).toBe(path.includes('duplicate') ? '23505' : '22P02');
    }
    const raw = logs.raw();
    expect(raw).not.toContain(customer.email);
    expect(raw).not.toContain(SECRET_TOKEN);
    expect(raw.toLowerCase()).not.toMatch(/insert into|select .* from|"params"|\$1/);
  });
});

describe('safeError', () => {
  it("keeps a driver error's code and constraint, and drops its message and detail", () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(someone@example.com) already exists.',
      constraint: 'user_email_unique',
    });
    const safe = safeError(pgError);
    expect(safe).toMatchObject({ code: '23505', constraint: 'user_email_unique' });
    expect(JSON.stringify(safe)).not.toContain('someone@example.com');
  });

  it('scrubs e-mail addresses from other errors and strings', () => {
    const safe = safeError(new Error('Resend refused to: someone@example.com'));
    expect(JSON.stringify(safe)).not.toContain('someone@example.com');
    expect(safeError('bounced for a.b@example.co.uk')).toBe('bounced for [email]');
  });

  it('keeps SQL, values and addresses out of log messages too', () => {
    const logs = captureLogs();
    logs.logger.error(
      'better-auth: Failed query: update "user" set "name" = $1\nparams: ,someone@example.com',
    );
    logs.logger.warn({ err: 'bounce for someone@example.com' }, 'mail to someone@example.com');
    expect(logs.raw()).not.toContain('someone@example.com');
    expect(logs.raw()).not.toContain('update "user"');
    expect(logs.lines()[0]?.msg).toBe('better-auth: Failed query: [SQL and values not logged]');
  });

  it('masks the reset token in logged paths', () => {
    expect(loggablePath('/api/auth-tokens/reset/abc123')).toBe('/api/auth-tokens/reset/[redacted]');
    expect(loggablePath('/api/auth/reset-password/abc123')).toBe(
      '/api/auth/reset-password/[redacted]',
    );
    expect(loggablePath('/api/me')).toBe('/api/me');
  });
});

describe('an unexpected failure inside a better-auth endpoint', () => {
  it('reaches the app error handler: a problem body with the request id, a redacted log', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ logger: logs.logger });
    try {
      const customer = await signedInUser(t, { email: 'reset.victim@example.com' });
      // Reset links live in the verification table: without it, the request fails the way a
      // bug or a lost table would, inside better-auth, with the address among its parameters.
      await t.deps.db.execute(sql`drop table "verification" cascade`);
      const res = await t.app.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.deps.config.publicUrl },
        body: JSON.stringify({ email: customer.email, redirectTo: '/reset-password-token' }),
      });
      expect(res.status).toBe(500);
      const body = await contractBody(res, ProblemSchema);
      const requestId = res.headers.get('x-request-id');
      expect(body.detail).toContain(`request id ${requestId}`);
      const [line] = logs.lines().filter((l) => l.msg === 'unhandled error');
      expect(line).toMatchObject({
        level: 50,
        requestId,
        path: '/api/auth/request-password-reset',
      });
      expect(logs.raw()).not.toContain(customer.email);
      expect(logs.raw().toLowerCase()).not.toMatch(/insert into|"verification" \(|params/);
    } finally {
      await t.close();
    }
  });
});
