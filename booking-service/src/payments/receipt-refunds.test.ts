import { ReceiptListSchema, ReceiptSchema } from '@tuition/api-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCheckout } from '../testing/admin-fixtures.ts';
import { api, signedInUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { recordRefund } from './payment-refunds.ts';

/*
 * Refunds where families look (docs/product-rules.md, "Admin figures"): the payments on
 * /payments-invoices (GET /api/me/receipts) carry each refund with its amount and when it was
 * made, oldest first, and their sum as refundedPence.
 */
describe.each(TEST_DB_KINDS)('refunds on the payments list on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: '2026-12-10T12:00:00Z' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists each refund of a payment with its amount and date', async () => {
    const family = await signedInUser(t, { name: 'Pat Parent' });
    const db = t.deps.db;
    const pack = await insertCheckout(db, {
      userId: family.id,
      status: 'paid',
      amountPence: 10_000,
      paidAt: new Date('2026-11-28T10:00:00Z'),
    });
    const seats = await insertCheckout(db, {
      userId: family.id,
      status: 'paid',
      amountPence: 3000,
      paidAt: new Date('2026-11-27T10:00:00Z'),
    });
    const refund = (amountPence: number, at: string) =>
      db.transaction((tx) =>
        recordRefund(tx, {
          checkoutId: pack,
          amountPence,
          reason: 'cooling-off',
          now: new Date(at),
        }),
      );
    await refund(2000, '2026-12-05T09:00:00Z');
    await refund(5000, '2026-12-03T09:00:00Z');

    const res = await api(t, '/api/me/receipts', { cookie: family.cookie });
    const list = await contractBody(res, ReceiptListSchema);
    expect(list.map((r) => r.paymentId)).toEqual([pack, seats]);
    expect(list[0]).toMatchObject({
      refundedPence: 7000,
      refunds: [
        { amountPence: 5000, refundedAt: '2026-12-03T09:00:00.000Z' },
        { amountPence: 2000, refundedAt: '2026-12-05T09:00:00.000Z' },
      ],
    });
    expect(list[1]).toMatchObject({ refundedPence: 0, refunds: [] });

    const one = await contractBody(
      await api(t, `/api/me/receipts/${pack}`, { cookie: family.cookie }),
      ReceiptSchema,
    );
    expect(one.refunds).toEqual(list[0]?.refunds);
  });
});
