import { listSessions } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classSessions } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ensureSessionRows } from './session-rows.ts';

const NOW = '2026-11-03T09:00:00Z';

describe.each(TEST_DB_KINDS)('ensureSessionRows on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sessionsOf(service: 'ks3' | 'gcse' | 'alevel', from: string, to: string) {
    return listSessions(await t.deps.content.timetable(), service, from, to);
  }

  it('only reads when every row exists already: no INSERT at all', async () => {
    const sessions = await sessionsOf('ks3', '2026-11-10', '2026-11-30');
    expect(sessions.length).toBeGreaterThan(3);
    const first = await ensureSessionRows(t.deps.db, sessions, 1500);

    const insert = vi.spyOn(t.deps.db, 'insert');
    try {
      const again = await ensureSessionRows(t.deps.db, sessions, 1500);
      expect(insert).not.toHaveBeenCalled();
      expect([...again.entries()].map(([at, row]) => [at, row.id]).sort()).toEqual(
        [...first.entries()].map(([at, row]) => [at, row.id]).sort(),
      );
    } finally {
      insert.mockRestore();
    }
  });

  it('creates only the missing rows; existing ones keep their price', async () => {
    const sessions = await sessionsOf('gcse', '2026-11-10', '2026-11-30');
    expect(sessions.length).toBeGreaterThan(3);
    const early = sessions.slice(0, 2);
    await ensureSessionRows(t.deps.db, early, 1500);

    const insert = vi.spyOn(t.deps.db, 'insert');
    let rows: Awaited<ReturnType<typeof ensureSessionRows>>;
    try {
      rows = await ensureSessionRows(t.deps.db, sessions, 2000);
      expect(insert).toHaveBeenCalledTimes(1);
    } finally {
      insert.mockRestore();
    }
    expect(sessions.map((s) => rows.get(s.startsAt.getTime())?.pricePence)).toEqual(
      sessions.map((_, i) => (i < early.length ? 1500 : 2000)),
    );
    const stored = await t.deps.db
      .select()
      .from(classSessions)
      .where(eq(classSessions.service, 'gcse'));
    expect(stored).toHaveLength(sessions.length);
  });

  it('gives simultaneous callers the same single row per session', async () => {
    const sessions = await sessionsOf('alevel', '2026-11-10', '2026-12-20');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => ensureSessionRows(t.deps.db, sessions, 1500)),
    );
    const idsOf = (rows: (typeof results)[number]) =>
      sessions.map((s) => rows.get(s.startsAt.getTime())?.id);
    const expected = idsOf(results[0]!);
    expect(expected.every(Boolean)).toBe(true);
    for (const rows of results) expect(idsOf(rows)).toEqual(expected);
    const stored = await t.deps.db
      .select()
      .from(classSessions)
      .where(eq(classSessions.service, 'alevel'));
    expect(stored).toHaveLength(sessions.length);
  });
});
