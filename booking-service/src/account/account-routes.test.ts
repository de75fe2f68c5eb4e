import { ProblemSchema } from '@tuition/api-contract';
import { PHONE_INVALID_TEXT } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { user } from '../db/schema.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe.each(TEST_DB_KINDS)('account on %s', (dbKind) => {
  let t: TestApp;
  let ada: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
    ada = await signedInUser(t, { email: 'ada@example.com', name: 'Ada' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 with a problem body when signed out', async () => {
    for (const method of ['GET', 'PATCH']) {
      const response = await api(t, '/api/me', {
        method,
        ...(method === 'PATCH' ? { body: { name: 'X' } } : {}),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    }
  });

  it("shows the signed-in user's details", async () => {
    const response = await api(t, '/api/me', { cookie: ada.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: ada.id,
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      role: 'user',
      emailVerified: true,
    });
  });

  it('saves name and phone, the phone in E.164 (decision 069)', async () => {
    const response = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: '  Ada Lovelace ', phone: '07700 900123' },
      cookie: ada.cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'Ada Lovelace',
      phone: '+447700900123',
    });
    const [row] = await t.deps.db
      .select({ phone: user.phone })
      .from(user)
      .where(eq(user.id, ada.id));
    expect(row?.phone).toBe('+447700900123');
    const again = await api(t, '/api/me', { cookie: ada.cookie });
    expect(await again.json()).toMatchObject({ phone: '+447700900123' });
  });

  it('stores a number abroad, typed with its country code, in E.164', async () => {
    const response = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Ada', phone: '0033 1 23 45 67 89' },
      cookie: ada.cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ phone: '+33123456789' });
  });

  it('refuses a phone no country has given out with a 400 naming the field, and keeps the old one', async () => {
    await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Ada', phone: '020 7946 0958' },
      cookie: ada.cookie,
    });
    const response = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Ada', phone: '0000 000000' },
      cookie: ada.cookie,
    });
    expect(response.status).toBe(400);
    const body = await contractBody(response, ProblemSchema);
    expect(body.errors).toContainEqual({ field: 'phone', message: PHONE_INVALID_TEXT });
    const again = await api(t, '/api/me', { cookie: ada.cookie });
    expect(await again.json()).toMatchObject({ phone: '+442079460958' });
  });

  it('refuses a phone with too few digits, naming the field', async () => {
    const response = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Ada', phone: '0123 456' },
      cookie: ada.cookie,
    });
    expect(response.status).toBe(400);
    const body = await contractBody(response, ProblemSchema);
    expect(body.errors).toContainEqual({
      field: 'phone',
      message: 'Phone number must contain 10-15 digits',
    });
  });

  it('refuses an empty name', async () => {
    const response = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: '   ' },
      cookie: ada.cookie,
    });
    expect(response.status).toBe(400);
    const body = await contractBody(response, ProblemSchema);
    expect(body.errors?.map((e) => e.field)).toContain('name');
  });

  it('saves an empty phone as none', async () => {
    const response = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Ada', phone: '' },
      cookie: ada.cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ phone: null });
  });

  it("never shows or changes another user's details", async () => {
    const grace = await signedInUser(t, { email: 'grace@example.com', name: 'Grace' });
    await api(t, '/api/me', { method: 'PATCH', body: { name: 'Grace H' }, cookie: grace.cookie });
    const mine = await api(t, '/api/me', { cookie: ada.cookie });
    expect(await mine.json()).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
  });
});
