import { MeSchema, type Problem, ProblemSchema } from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freshIp, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CONTROL_CHARACTER_MESSAGE, jsonErrors, MAX_JSON_DEPTH } from './input-hygiene.ts';

async function expectFieldProblem(response: Response, field: string): Promise<Problem> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = await contractBody(response, ProblemSchema);
  expect(body.errors?.map((e) => e.field)).toContain(field);
  return body;
}

describe('jsonErrors', () => {
  it('allows tab, newline and carriage return in text, and refuses every other control character', () => {
    expect(jsonErrors({ message: 'Line one\r\nLine two\tindented' })).toEqual([]);
    expect(jsonErrors({ name: 'A\u0000B' })).toEqual([
      { field: 'name', message: CONTROL_CHARACTER_MESSAGE },
    ]);
    expect(jsonErrors({ list: ['ok', 'bell\u0007'] })).toEqual([
      { field: 'list.1', message: CONTROL_CHARACTER_MESSAGE },
    ]);
    expect(jsonErrors({ a: 'del\u007f' })).toHaveLength(1);
    expect(jsonErrors({ a: 'half \ud800 pair' })[0]?.message).toBe('Is not valid Unicode text.');
    expect(jsonErrors({ a: 'whole pair 😀' })).toEqual([]);
    expect(jsonErrors({ 'k\u0000': 1 })).toHaveLength(1);
  });

  it('refuses nesting deeper than any form sends, without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonErrors(deep)[0]?.message).toContain(`${MAX_JSON_DEPTH} levels`);
  });
});

describe('bad bytes in requests', () => {
  let t: TestApp;
  let customer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signedInUser(t);
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a NUL in PATCH /api/me with 400 naming the field, and changes nothing', async () => {
    const res = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Evil\u0000Name' },
      cookie: customer.cookie,
    });
    const body = await expectFieldProblem(res, 'name');
    expect(body.detail).toContain('name');
    const me = await api(t, '/api/me', { cookie: customer.cookie });
    expect((await contractBody(me, MeSchema)).name).toBe('Test User');
  });

  it('answers a NUL or malformed encoding in the admin user search with 400', async () => {
    for (const search of ['%00', 'a%ZZ', '%E0%A4%A', 'tab%09']) {
      const res = await api(t, `/api/admin/users?search=${search}`, { cookie: admin.cookie });
      await expectFieldProblem(res, 'search');
    }
    const fine = await api(t, '/api/admin/users?search=%25test%25', { cookie: admin.cookie });
    expect(fine.status).toBe(200);
  });

  it('answers a control character in a path with 400', async () => {
    const res = await api(t, '/api/admin/users/abc%00def', { cookie: admin.cookie });
    await expectFieldProblem(res, 'path');
    expect((await api(t, '/api/me/bookings/%ZZ/cancel', { method: 'POST' })).status).toBe(400);
  });

  it("refuses a NUL in better-auth's sign-up before an account is made", async () => {
    const email = `nul-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Nul\u0000Name', email, password: 'correct-horse-battery' },
      ip: freshIp(),
    });
    await expectFieldProblem(res, 'name');
    const again = await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Fine Name', email, password: 'correct-horse-battery' },
      ip: freshIp(),
    });
    expect(again.status).toBe(200);
  });

  it('keeps multi-line text: a contact message with newlines is not refused for them', async () => {
    const res = await api(t, '/api/contact', {
      body: {
        parentName: 'Parent',
        email: 'parent@example.com',
        message: 'Hello,\r\nIs there a Saturday group?\n\tThanks',
      },
      ip: freshIp(),
    });
    expect(res.status).toBeLessThan(300);
  });

  it('answers malformed JSON, the wrong content type and deep nesting with 400', async () => {
    const raw = (body: string, contentType: string) =>
      t.app.request('/api/me', {
        method: 'PATCH',
        headers: {
          'content-type': contentType,
          cookie: customer.cookie,
          origin: t.deps.config.publicUrl,
        },
        body,
      });
    await expectFieldProblem(await raw('{"name": "unterminated', 'application/json'), 'body');
    // Hono's validator answers a body that is not JSON with 415, the status made for it.
    for (const wrongType of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await raw('{"name":"Wrong Type"}', wrongType);
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const deep = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;
    expect((await raw(deep, 'application/json')).status).toBe(400);
    const signUpDeep = await t.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.deps.config.publicUrl },
      body: `{"name":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    });
    expect(signUpDeep.status).toBe(400);
  });
});

describe('private answers are never cached', () => {
  let t: TestApp;
  let customer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signedInUser(t);
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends Cache-Control: no-store on signed-in, admin and session answers, errors included', async () => {
    const answers = [
      await api(t, '/api/me', { cookie: customer.cookie }),
      await api(t, '/api/me/bookings?scope=upcoming', { cookie: customer.cookie }),
      await api(t, '/api/me/payments', { cookie: customer.cookie }),
      await api(t, '/api/admin/users', { cookie: admin.cookie }),
      await api(t, '/api/auth/get-session', { cookie: customer.cookie }),
      // Problem bodies: signed out, wrong role, bad input.
      await api(t, '/api/me'),
      await api(t, '/api/admin/users', { cookie: customer.cookie }),
      await api(t, '/api/admin/users?cursor=0', { cookie: admin.cookie }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 401, 403, 400]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
