import {
  type AdminSessionList,
  AdminSessionListSchema,
  AdminUserBookingPageSchema,
  AdminUserDetailSchema,
} from '@tuition/api-contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertCustomer } from '../testing/admin-fixtures.ts';
import { holderPupilId } from '../testing/pupil-fixtures.ts';

/*
 * The admin lists at more history than one page holds (docs/decisions/075): 130 past sessions,
 * with 1 to 10 seats each, and one family with 120 bookings. Every row appears once, in order,
 * however many pages it takes.
 */

const NOW = '2026-11-03T09:00:00Z';
const PAST_SESSIONS = 130;

describe.each(TEST_DB_KINDS)('admin keyset pages on %s', (dbKind) => {
  let t: TestApp;
  let admin: TestUser;
  let family: string;

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    admin = await signedInUser(t, { name: 'Grace Admin', role: 'admin' });
    family = await insertCustomer(t.deps.db, { name: 'Long History', email: 'long@example.com' });
    const pupilId = await holderPupilId(t.deps.db, family);
    // Daily at 17:07 going back from yesterday (no timetable slot starts at :07).
    await t.deps.db.execute(sql`
      insert into sessions (subject, service, starts_at, ends_at, price_pence)
      select 'mathematics', 'ks3', at, at + interval '1 hour', 1500
      from (select timestamptz '2026-11-02 17:07Z' - g * interval '1 day' as at
            from generate_series(0, ${PAST_SESSIONS - 1}) g) s`);
    // The family books the latest 120; 1 + (day of month mod 9) others book each one.
    await t.deps.db.execute(sql`
      insert into bookings (user_id, pupil_id, session_id)
      select ${family}, ${pupilId}::uuid, id from sessions
      order by starts_at desc limit 120`);
    await t.deps.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'filler-' || g, 'Filler ' || g, 'filler-' || g || '@example.com', true
      from generate_series(1, 9) g`);
    await t.deps.db.execute(sql`
      insert into pupils (user_id, name) select id, name from "user" where id like 'filler-%'`);
    await t.deps.db.execute(sql`
      insert into bookings (user_id, pupil_id, session_id)
      select p.user_id, p.id, s.id
      from sessions s
      join pupils p on p.user_id like 'filler-%'
        and substr(p.user_id, 8)::int <= 1 + (extract(day from s.starts_at)::int % 9)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) => api(t, path, { cookie: admin.cookie });

  async function everyPage(query: string): Promise<AdminSessionList[]> {
    const pages: AdminSessionList[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/admin/sessions?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: AdminSessionList = await contractBody(await get(path), AdminSessionListSchema);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    return pages;
  }

  it('pages previous sessions 50 at a time, latest first, each once', async () => {
    const pages = await everyPage('filter=previous&sort=date');
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 30]);
    const starts = pages.flatMap((p) => p.items.map((s) => s.startsAt));
    expect(new Set(starts).size).toBe(PAST_SESSIONS);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts[0]).toBe('2026-11-02T17:07:00.000Z');
  });

  it('pages by bookings, fullest first, ties latest first, each once', async () => {
    const pages = await everyPage('filter=previous&sort=bookings');
    const rows = pages.flatMap((p) => p.items);
    expect(rows).toHaveLength(PAST_SESSIONS);
    expect(new Set(rows.map((s) => s.id)).size).toBe(PAST_SESSIONS);
    for (const [i, row] of rows.entries()) {
      const before = rows[i - 1];
      if (!before) continue;
      expect(before.bookedCount).toBeGreaterThanOrEqual(row.bookedCount);
      if (before.bookedCount === row.bookedCount) expect(before.startsAt > row.startsAt).toBe(true);
    }
    // The seats shown are the confirmed seats: the family's one plus the fillers'.
    const sessionDay = (iso: string) => new Date(iso).getUTCDate();
    const newest = rows.find((s) => s.startsAt === '2026-11-02T17:07:00.000Z');
    expect(newest?.bookedCount).toBe(1 + 1 + (sessionDay('2026-11-02T17:07:00.000Z') % 9));
  });

  it('refuses a cursor of the other order, naming the parameter', async () => {
    const [first] = await everyPage('filter=previous&sort=date');
    const response = await get(
      `/api/admin/sessions?filter=previous&sort=bookings&cursor=${encodeURIComponent(first!.nextCursor!)}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ field: 'cursor' }] });
  });

  it("pages a user's 120 bookings 50 at a time, latest session first", async () => {
    const detail = await contractBody(
      await get(`/api/admin/users/${family}`),
      AdminUserDetailSchema,
    );
    expect(detail.bookings).toHaveLength(50);
    expect(detail.statistics.total).toBe(120);
    const seen = detail.bookings.map((b) => b.sessionStartsAt);
    let cursor = detail.bookingsNextCursor;
    while (cursor) {
      const page = await contractBody(
        await get(`/api/admin/users/${family}/bookings?cursor=${cursor}`),
        AdminUserBookingPageSchema,
      );
      seen.push(...page.items.map((b) => b.sessionStartsAt));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it("answers 404 for another user's history and 400 for a cursor that is not a booking id", async () => {
    expect((await get('/api/admin/users/nobody-here/bookings')).status).toBe(404);
    const bad = await get(
      `/api/admin/users/${family}/bookings?cursor=${encodeURIComponent("1' or '1'='1")}`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'cursor' }] });
  });
});
