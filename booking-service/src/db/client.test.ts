import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_TEST_DB_KIND } from '../testing/database-kinds.ts';
import { openTestDb } from '../testing/test-database.ts';
import {
  chooseDbKind,
  createDb,
  type DbHandle,
  isTransactionPoolerUrl,
  preparedStatementName,
} from './client.ts';
import { migrate } from './migrate.ts';
import { bookings, classSessions, pupils, user } from './schema.ts';

describe('chooseDbKind', () => {
  it('picks PGlite without a URL, pg for a postgres URL and neon for a Neon host', () => {
    expect(chooseDbKind({})).toBe('pglite');
    expect(chooseDbKind({ databaseUrl: 'postgres://u:p@localhost:5432/db' })).toBe('pg');
    expect(
      chooseDbKind({ databaseUrl: 'postgresql://u:p@ep-cool-1.eu-west-2.aws.neon.tech/db' }),
    ).toBe('neon');
    expect(chooseDbKind({ databaseUrl: 'postgres://u:p@localhost/db', driver: 'neon' })).toBe(
      'neon',
    );
  });
});

describe('through a transaction pooler (decision 091)', () => {
  it("tells Neon's pooled host and a pgbouncer=true URL from a direct connection", () => {
    const neon = 'ep-cool-1.eu-west-2.aws.neon.tech/db';
    expect(
      isTransactionPoolerUrl(`postgresql://u:p@${neon.replace('ep-cool-1', 'ep-cool-1-pooler')}`),
    ).toBe(true);
    expect(isTransactionPoolerUrl(`postgresql://u:p@${neon}`)).toBe(false);
    expect(isTransactionPoolerUrl('postgres://u:p@db.internal:6432/app?pgbouncer=true')).toBe(true);
    expect(isTransactionPoolerUrl('postgres://u:p@db.internal:6432/app?pgbouncer=false')).toBe(
      false,
    );
    expect(isTransactionPoolerUrl('postgres://u:p@my-pooler.internal:5432/app')).toBe(false);
  });

  it('names prepared statements on a direct connection and leaves them unnamed through a pooler', async () => {
    // A pool connects on its first query: these never do.
    const url = 'postgres://u:p@127.0.0.1:9/app';
    const direct = await createDb({ databaseUrl: url });
    const declared = await createDb({ databaseUrl: url, pooled: true });
    const marked = await createDb({ databaseUrl: `${url}?pgbouncer=true` });
    const overridden = await createDb({ databaseUrl: `${url}?pgbouncer=true`, pooled: false });
    try {
      expect(preparedStatementName(direct.db, 'seat_read')).toBe('seat_read');
      expect(preparedStatementName(declared.db, 'seat_read')).toBe('');
      expect(preparedStatementName(marked.db, 'seat_read')).toBe('');
      expect(preparedStatementName(overridden.db, 'seat_read')).toBe('seat_read');
    } finally {
      await Promise.all([direct, declared, marked, overridden].map((handle) => handle.close()));
    }
  });
});

describe('PGlite on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-dir-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates missing parent folders and keeps data across a reopen', async () => {
    const dataDir = path.join(dir, 'nested', '.data', 'pglite');
    const first = await createDb({ dataDir });
    // A table of its own: the folder and the data in it are what is proved here; the
    // migrations (many seconds of PGlite on the busy machine) are proved in migrate.test.ts.
    await first.executeSql('create table notes (body text not null)');
    await first.executeSql('insert into notes (body) values ($1)', ['kept']);
    await first.close();
    expect(existsSync(dataDir)).toBe(true);

    const second = await createDb({ dataDir });
    const { rows } = await second.executeSql('select body from notes');
    expect(rows).toEqual([{ body: 'kept' }]);
    await second.close();
  });
});

describe.each(EVERY_TEST_DB_KIND)('database on %s', (kind) => {
  let handle: DbHandle;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    ({ dbHandle: handle, dropDatabase } = await openTestDb(kind));
    await migrate(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
  });

  it('answers a ping and raw SQL with parameters', async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
    const { rows } = await handle.executeSql('select $1::int + 1 as n', [41]);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('runs a multi-statement script through executeSql (what pg-boss sends)', async () => {
    const { rows } = await handle.executeSql(
      'create temporary table t_script (n int); insert into t_script values (7); select n from t_script',
    );
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('migrates twice without error', async () => {
    expect(await migrate(handle)).toEqual([]);
  });

  it('stores instants as timestamptz and reads them back as the same instant', async () => {
    const startsAt = new Date('2026-03-29T16:00:00Z');
    const [row] = await handle.db
      .insert(classSessions)
      .values({
        subject: 'mathematics',
        service: 'gcse',
        startsAt,
        endsAt: new Date('2026-03-29T17:00:00Z'),
        pricePence: 1500,
      })
      .returning();
    expect(row?.startsAt.toISOString()).toBe(startsAt.toISOString());
    expect(row?.capacity).toBe(10);
  });

  it('refuses a second session of one service at one instant', async () => {
    const values = {
      subject: 'mathematics',
      service: 'ks3' as const,
      startsAt: new Date('2026-04-01T16:00:00Z'),
      endsAt: new Date('2026-04-01T17:00:00Z'),
      pricePence: 1500,
    };
    await handle.db.insert(classSessions).values(values);
    await expect(handle.db.insert(classSessions).values(values)).rejects.toThrow();
  });

  it('keeps one confirmed booking per user and session, but any number of past ones', async () => {
    await handle.db.insert(user).values({ id: 'b1', name: 'Ben', email: 'ben@example.com' });
    const [session] = await handle.db
      .insert(classSessions)
      .values({
        subject: 'mathematics',
        service: 'alevel',
        startsAt: new Date('2026-05-01T16:00:00Z'),
        endsAt: new Date('2026-05-01T17:00:00Z'),
        pricePence: 1500,
      })
      .returning();
    const [pupil] = await handle.db
      .insert(pupils)
      .values({ userId: 'b1', name: 'Ben' })
      .returning();
    const booking = { userId: 'b1', sessionId: session!.id, pupilId: pupil!.id };
    await handle.db.insert(bookings).values({ ...booking, status: 'cancelled' });
    await handle.db.insert(bookings).values({ ...booking, status: 'confirmed' });
    await expect(
      handle.db.insert(bookings).values({ ...booking, status: 'confirmed' }),
    ).rejects.toThrow();
    const confirmed = await handle.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, 'b1'), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(1);
  });
});
