import { fixedClock } from '@tuition/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { type SettableClock, settableClock } from '../clock.ts';
import { api } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * The local clock answers only the site itself (docs/decisions/056, 088): no session guards a
 * move, so a move must name the site's own origin; one naming none is refused like another
 * site's. Reading the clock stays open.
 */

const NOW = '2026-11-03T09:00:00.000Z';
const TARGET = '2026-12-01T18:50:00.000Z';

describe.each(TEST_DB_KINDS)('/dev/clock on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
    t.app = createApp(t.deps);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a move that names no Origin (403), the clock unchanged', async () => {
    clock.set(new Date(NOW));
    const refused = await api(t, '/dev/clock', { body: { now: TARGET }, origin: null });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(clock.now().toISOString()).toBe(NOW);
  });

  it('refuses a move from another site (403), the clock unchanged', async () => {
    clock.set(new Date(NOW));
    const refused = await api(t, '/dev/clock', {
      body: { now: TARGET },
      origin: 'https://evil.example',
    });
    expect(refused.status).toBe(403);
    expect(clock.now().toISOString()).toBe(NOW);
  });

  it("moves the clock for the site's own origin, and reads it without one", async () => {
    clock.set(new Date(NOW));
    const moved = await api(t, '/dev/clock', { body: { now: TARGET } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: TARGET });
    const read = await api(t, '/dev/clock', { origin: null });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { now: string }).now).toBe(TARGET);
    clock.set(new Date(NOW));
  });
});
