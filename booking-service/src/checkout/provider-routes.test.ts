import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookableStarts,
  checkoutOk,
  checkoutStatus,
  pressPay,
  setNow,
} from '../testing/checkout-test-kit.ts';
import { api, signedInUser } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const NOW = '2026-11-03T09:00:00Z';

describe('local checkout page: pay and cancel are the owner’s alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers another customer or a signed-out visitor with the unknown-checkout 404, and changes nothing', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const started = await checkoutOk(t, owner, await bookableStarts(t, 'ks3', 1), 'ks3');

    for (const action of ['pay', 'cancel']) {
      for (const cookie of [stranger.cookie, undefined]) {
        const res = await api(t, `/dev/checkout/${started.checkoutId}/${action}`, {
          method: 'POST',
          ...(cookie ? { cookie } : {}),
        });
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('There is no such checkout.');
      }
    }
    const unknown = await api(t, `/dev/checkout/${crypto.randomUUID()}/cancel`, {
      method: 'POST',
      cookie: stranger.cookie,
    });
    expect(unknown.status).toBe(404);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('pending');
    const strangersBookings = await api(t, '/api/me/bookings?scope=upcoming', {
      cookie: stranger.cookie,
    });
    expect(await strangersBookings.json()).toEqual([]);

    // The owner's own browser pays as before.
    const paid = await pressPay(t, started.checkoutId, owner);
    expect(paid.status).toBe(303);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('paid');
  });

  it('lets the owner cancel, and keeps the page out of caches', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    const started = await checkoutOk(t, owner, await bookableStarts(t, 'sats', 1), 'sats');
    const page = await t.app.request(started.url, { headers: { cookie: owner.cookie } });
    expect(page.headers.get('cache-control')).toBe('no-store');
    const cancel = await api(t, `/dev/checkout/${started.checkoutId}/cancel`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(303);
    expect((await checkoutStatus(t, started.checkoutId))?.status).toBe('cancelled');
  });

  it('lists each seat with its pupil and the price it is charged: £10 inside the bundle', async () => {
    setNow(t, NOW);
    const owner = await signedInUser(t);
    // A student's own account: the seats are for the account holder.
    const me = await api(t, '/api/me', { cookie: owner.cookie });
    const self = (await me.json()) as { name: string };
    const started = await checkoutOk(t, owner, await bookableStarts(t, 'gcse', 11), 'gcse');
    const page = await (
      await t.app.request(started.url, { headers: { cookie: owner.cookie } })
    ).text();
    const lines = [...page.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1] ?? '');
    expect(lines).toHaveLength(11);
    expect(lines.every((line) => line.includes(`for ${self.name}`))).toBe(true);
    expect(lines.filter((line) => line.endsWith('(£10.00)'))).toHaveLength(10);
    expect(lines.filter((line) => line.endsWith('(£15.00)'))).toHaveLength(1);
    expect(page).toContain('£115.00');
  });
});
