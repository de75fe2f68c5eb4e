import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { openEmptyTestDb } from '../testing/test-database.ts';
import type { DbHandle } from './client.ts';
import { MIGRATIONS_FOLDER, migrate } from './migrate.ts';

/**
 * 0003_pupils on a database holding accounts, bookings and checkouts from before pupils: every
 * account gets one pupil named after its holder, and every booking and checkout item points at
 * it (docs/decisions/048).
 */

/** The committed migrations before `tag`, as a folder drizzle's migrator can apply. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-before-'));
  await cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

const rowsOf = async <T>(handle: DbHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

describe.each(TEST_DB_KINDS)('migration 0003_pupils on %s', (kind) => {
  let handle: DbHandle;
  let dropDatabase: () => Promise<void>;
  let before: string;

  beforeAll(async () => {
    before = await migrationsBefore('0003_pupils');
    ({ dbHandle: handle, dropDatabase } = await openEmptyTestDb(kind));
    await migrate(handle, before);
    // Two customers as the old schema held them: Ada booked two sessions through one paid
    // checkout and holds a pending one; Bo has an account and nothing else.
    for (const statement of [
      sql`insert into "user" (id, name, email) values
          ('u-ada', 'Ada Lovelace', 'ada@example.com'), ('u-bo', 'Bo Peep', 'bo@example.com')`,
      sql`insert into sessions (id, subject, service, starts_at, ends_at, price_pence) values
          ('00000000-0000-4000-8000-000000000001', 'maths', 'gcse', '2026-11-03T17:00:00Z', '2026-11-03T18:00:00Z', 1500),
          ('00000000-0000-4000-8000-000000000002', 'maths', 'gcse', '2026-11-10T17:00:00Z', '2026-11-10T18:00:00Z', 1500)`,
      sql`insert into checkouts (id, user_id, status, provider, amount_pence, session_count, expires_at) values
          ('00000000-0000-4000-8000-0000000000c1', 'u-ada', 'paid', 'local', 3000, 2, '2026-11-01T00:00:00Z'),
          ('00000000-0000-4000-8000-0000000000c2', 'u-ada', 'pending', 'local', 1500, 1, '2026-11-01T00:30:00Z')`,
      sql`insert into checkout_items (checkout_id, session_id) values
          ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001'),
          ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000002'),
          ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-000000000002')`,
      sql`insert into bookings (user_id, session_id, status, checkout_id) values
          ('u-ada', '00000000-0000-4000-8000-000000000001', 'confirmed', '00000000-0000-4000-8000-0000000000c1'),
          ('u-ada', '00000000-0000-4000-8000-000000000002', 'cancelled', '00000000-0000-4000-8000-0000000000c1')`,
    ]) {
      await handle.db.execute(statement);
    }
    await migrate(handle);
  });

  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
    await rm(before, { recursive: true, force: true });
  });

  it('gives every account one pupil named after the holder, year group unknown, as a parent', async () => {
    const pupils = await rowsOf<{ user_id: string; name: string; year_group: string | null }>(
      handle,
      sql`select user_id, name, year_group from pupils order by user_id`,
    );
    expect(pupils).toEqual([
      { user_id: 'u-ada', name: 'Ada Lovelace', year_group: null },
      { user_id: 'u-bo', name: 'Bo Peep', year_group: null },
    ]);
    const types = await rowsOf<{ account_type: string }>(
      handle,
      sql`select distinct account_type from "user"`,
    );
    expect(types).toEqual([{ account_type: 'parent' }]);
  });

  it("points every booking and checkout item at its account's pupil", async () => {
    const unmatched = await rowsOf<{ n: number }>(
      handle,
      sql`select count(*)::int as n from bookings b join pupils p on p.id = b.pupil_id
          where p.user_id <> b.user_id`,
    );
    expect(unmatched).toEqual([{ n: 0 }]);
    const items = await rowsOf<{ name: string; n: number }>(
      handle,
      sql`select p.name, count(*)::int as n from checkout_items i join pupils p on p.id = i.pupil_id
          group by p.name`,
    );
    expect(items).toEqual([{ name: 'Ada Lovelace', n: 3 }]);
    const bookings = await rowsOf<{ n: number }>(
      handle,
      sql`select count(*)::int as n from bookings where pupil_id is not null`,
    );
    expect(bookings).toEqual([{ n: 2 }]);
  });

  it('keeps one confirmed booking per pupil and session, and lets a sibling take the same session', async () => {
    const [ada] = await rowsOf<{ id: string }>(
      handle,
      sql`select id from pupils where user_id = 'u-ada'`,
    );
    const again = handle.db.execute(sql`
      insert into bookings (user_id, pupil_id, session_id, status)
      values ('u-ada', ${ada?.id}, '00000000-0000-4000-8000-000000000001', 'confirmed')`);
    await expect(again).rejects.toThrow();
    await handle.db.execute(sql`
      with sibling as (
        insert into pupils (user_id, name, year_group) values ('u-ada', 'Byron', 'y10') returning id
      )
      insert into bookings (user_id, pupil_id, session_id, status)
      select 'u-ada', id, '00000000-0000-4000-8000-000000000001', 'confirmed' from sibling`);
    const seats = await rowsOf<{ n: number }>(
      handle,
      sql`select count(*)::int as n from bookings
          where session_id = '00000000-0000-4000-8000-000000000001' and status = 'confirmed'`,
    );
    expect(seats).toEqual([{ n: 2 }]);
  });
});
