import { WalletSchema } from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { api, mailTo, signedInUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { setNow } from '../testing/checkout-test-kit.ts';
import { addLot } from '../credit/credit-ledger.ts';
import { expireDueCredit, warnOfLapsingCredit } from './credit-expiry.ts';

const NOW = '2026-11-03T09:00:00Z';
const DAY = 24 * 60 * 60_000;
const at = (ms: number) => new Date(new Date(NOW).getTime() + ms);

describe.each(TEST_DB_KINDS)('credit that lapses on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('warns 14 and 3 days before, once each, then expires what is left, once', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t, { name: 'Priya Shah' });
    const expiresAt = at(20 * DAY);
    await t.deps.db.transaction((tx) =>
      addLot(tx, {
        userId: customer.id,
        name: '10-session pack',
        packId: 'ten-session-pack',
        checkoutId: null,
        sessions: 10,
        pricePaidPence: 10_000,
        purchasedAt: new Date(NOW),
        expiresAt,
        reason: 'purchase',
      }),
    );
    const warnings = async () =>
      (await mailTo(t, customer.email)).filter((m) => m.subject.includes('of credit'));

    expect(await warnOfLapsingCredit(t.deps)).toBe(0);
    setNow(t, at(6 * DAY + 60_000)); // 13 days 23 hours before
    expect(await warnOfLapsingCredit(t.deps)).toBe(1);
    expect(await warnOfLapsingCredit(t.deps)).toBe(0);
    const [first] = await warnings();
    expect(first?.subject).toMatch(
      /^10 sessions of credit with .+ lapse on Monday 23 November 2026$/,
    );
    expect(first?.text).toContain('You have 10 sessions of credit left from your 10-session pack.');

    setNow(t, at(17 * DAY + 60_000));
    // Two instances at once still warn once.
    const both = await Promise.all([warnOfLapsingCredit(t.deps), warnOfLapsingCredit(t.deps)]);
    expect(both[0]! + both[1]!).toBe(1);
    expect(await warnings()).toHaveLength(2);

    setNow(t, at(20 * DAY - 1000));
    expect(await expireDueCredit(t.deps)).toBe(0);
    setNow(t, expiresAt);
    const lapsed = await Promise.all([expireDueCredit(t.deps), expireDueCredit(t.deps)]);
    expect(lapsed[0]! + lapsed[1]!).toBe(10);
    expect(await expireDueCredit(t.deps)).toBe(0);

    const wallet = await contractBody(
      await api(t, '/api/me/wallet', { cookie: customer.cookie }),
      WalletSchema,
    );
    expect(wallet.balance).toBe(0);
    expect(wallet.lots[0]).toMatchObject({ remaining: 0, refundableUntil: null });
    expect(wallet.history[0]).toMatchObject({ change: -10, reason: 'expire' });
    setNow(t, NOW);
  });

  it('warns once, not twice, about credit first found three days from lapsing', async () => {
    setNow(t, NOW);
    const customer = await signedInUser(t);
    await t.deps.db.transaction((tx) =>
      addLot(tx, {
        userId: customer.id,
        name: 'Credit from us',
        packId: null,
        checkoutId: null,
        sessions: 1,
        pricePaidPence: 0,
        purchasedAt: new Date(NOW),
        expiresAt: at(2 * DAY),
        reason: 'grant',
      }),
    );
    await warnOfLapsingCredit(t.deps);
    await warnOfLapsingCredit(t.deps);
    const mine = (await mailTo(t, customer.email)).filter((m) => m.subject.includes('of credit'));
    expect(mine.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^1 session of credit with .+ lapse on Thursday 5 November 2026$/),
    ]);
  });
});
