import { ProblemSchema } from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { insertPupil } from '../testing/pupil-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CODE_GUESSES, CODE_GUESSES_MESSAGE } from './code-guesses.ts';

/*
 * Codes cannot be guessed (docs/product-rules.md#prices, decision 093): ten unknown codes from one
 * account or one address within ten minutes, then every code look-up answers 429 with
 * Retry-After, at bookability, checkout and a term's quote alike; known codes never count.
 */
const NOW = '2026-12-15T09:00:00Z';

describe.each(TEST_DB_KINDS)('guessing promo codes on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let start: string;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { role: 'admin', name: 'Grace Admin' });
    const created = await api(t, '/api/admin/promo-codes', {
      body: { code: 'WELCOME10', kind: 'percent', value: 10 },
      cookie: admin.cookie,
      ip: admin.ip,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const [first] = await bookableStarts(t, 'gcse-higher', 1);
    start = first ?? '';
    expect(start).not.toBe('');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function parent(name: string) {
    const who = await signedInUser(t, { name });
    const pupilId = await insertPupil(t.deps.db, { userId: who.id, name: `${name} Jr` });
    return { who, pupilId };
  }
  const bookability = (who: TestUser, pupilId: string, code: string, ip = who.ip) =>
    api(t, '/api/bookability', {
      body: { service: 'gcse-higher', startsAt: [start], pupilIds: [pupilId], promoCode: code },
      cookie: who.cookie,
      ip,
    });

  it('answers the tenth unknown code with 400 and the eleventh, even a real one, with 429', async () => {
    const { who, pupilId } = await parent('Guesser One');
    // Known codes do not count: five uses of the real one first.
    for (let i = 0; i < 5; i += 1) {
      expect((await bookability(who, pupilId, 'WELCOME10')).status).toBe(200);
    }
    for (let i = 1; i <= CODE_GUESSES.max; i += 1) {
      const res = await bookability(who, pupilId, `GUESS${i}`);
      expect(res.status, `guess ${i}`).toBe(400);
    }
    const refused = await bookability(who, pupilId, 'WELCOME10');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CODE_GUESSES.window);
    expect((await contractBody(refused, ProblemSchema)).detail).toBe(CODE_GUESSES_MESSAGE);

    // Checkout refuses it too; a basket with no code is still priced.
    const checkout = await api(t, '/api/checkout', {
      body: { service: 'gcse-higher', startsAt: [start], pupilIds: [pupilId], promoCode: 'X' },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(checkout.status).toBe(429);
    // So do a term's quote and a term's checkout, before they look at the term or class.
    const termBody = { classId: 'any-class', pupilIds: [pupilId], promoCode: 'WELCOME10' };
    const termQuote = await api(t, '/api/terms/term-2027-spring/quote', {
      body: termBody,
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(termQuote.status).toBe(429);
    const termCheckout = await api(t, '/api/checkout/term', {
      body: { termId: 'term-2027-spring', ...termBody },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(termCheckout.status).toBe(429);
    const noCode = await api(t, '/api/bookability', {
      body: { service: 'gcse-higher', startsAt: [start], pupilIds: [pupilId] },
      cookie: who.cookie,
      ip: who.ip,
    });
    expect(noCode.status).toBe(200);
  });

  it('limits the account from a new address and the address for a new account', async () => {
    const first = await parent('Guesser Two');
    for (let i = 1; i <= CODE_GUESSES.max; i += 1) {
      expect((await bookability(first.who, first.pupilId, `NOPE${i}`)).status).toBe(400);
    }
    // The same account from another address: still refused.
    expect((await bookability(first.who, first.pupilId, 'WELCOME10', '198.51.100.77')).status).toBe(
      429,
    );
    // Another account from the first one's address: refused (one client, many accounts).
    const second = await parent('Guesser Three');
    expect((await bookability(second.who, second.pupilId, 'WELCOME10', first.who.ip)).status).toBe(
      429,
    );
    // Another account from its own address is not touched.
    expect((await bookability(second.who, second.pupilId, 'WELCOME10')).status).toBe(200);
  });
});
