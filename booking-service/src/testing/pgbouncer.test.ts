import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, JOB_QUEUE_APPLICATION_NAME, preparedStatementName } from '../db/client.ts';
import { listMailbox } from '../mail/local-mailbox.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import { PGBOUNCER_UNAVAILABLE, TEST_DB_KINDS_WITH_POOLER } from './database-kinds.ts';
import { createTestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase, throughPgBouncer } from './test-database.ts';

const RUNS = TEST_DB_KINDS_WITH_POOLER.includes('pgbouncer');

describe.skipIf(RUNS)('the pgbouncer kind', () => {
  it.skip(`is skipped: ${PGBOUNCER_UNAVAILABLE ?? 'TEST_DB_KINDS leaves it out'}`, () => {});
});

/*
 * What makes the pgbouncer kind worth running: a transaction pooler that really shares server
 * connections between clients, and has no protocol-level prepared statements (decision 091).
 */
describe.runIf(RUNS)('the pgbouncer kind', () => {
  let database: TestDatabase;
  let url: string;
  const clients: pg.Client[] = [];
  const connect = async (connectionString = url) => {
    const client = new pg.Client({ connectionString });
    clients.push(client);
    await client.connect();
    return client;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    url = throughPgBouncer(database.url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await database?.drop();
  });

  it("hands one client's server connection to the next: a named statement collides (42P05)", async () => {
    const first = await connect();
    const second = await connect();
    const named = { name: 'seat_probe', text: 'select $1::int as n', values: [1] };
    await first.query(named);
    // The bouncer gives the second client the server connection the first just released.
    await expect(second.query(named)).rejects.toMatchObject({ code: '42P05' });
    // An unnamed statement lives only until the next one: any server connection will do.
    const unnamed = await second.query({ text: 'select $1::int as n', values: [2] });
    expect(unnamed.rows).toEqual([{ n: 2 }]);
  });

  it('accepts a pgbouncer=true URL, which also marks the handle pooled', async () => {
    const marked = new URL(url);
    marked.searchParams.set('pgbouncer', 'true');
    const client = await connect(marked.toString());
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const handle = await createDb({ databaseUrl: marked.toString() });
    try {
      await handle.ping();
      expect(preparedStatementName(handle.db, 'seat_probe')).toBe('');
    } finally {
      await handle.close();
    }
  });

  it('works the mail queue on the direct URL while the app and its jobs go through the pooler', async () => {
    const t = await createTestApp({ dbKind: 'pgbouncer', jobQueueOnDirectUrl: true });
    const direct = await connect(database.url);
    try {
      const mail = { to: 'bo@example.com', subject: 'Queued', text: 'Hi', html: '<p>Hi</p>' };
      await t.deps.db.transaction((tx) => t.deps.mail.enqueue(mail, { tx }));
      await t.deps.mail.enqueue({ ...mail, subject: 'Alone' });
      expect(await deliverPendingMail(t.deps)).toEqual({ delivered: 2, failed: 0 });
      const subjects = (await listMailbox(t.deps.db, 'bo@example.com')).map((m) => m.subject);
      expect(subjects.sort()).toEqual(['Alone', 'Queued']);
      // pg-boss's own connections are the direct ones, named for pg_stat_activity.
      const queueConnections = await direct.query(
        'select count(*)::int as n from pg_stat_activity where application_name = $1',
        [JOB_QUEUE_APPLICATION_NAME],
      );
      expect(queueConnections.rows[0].n).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('carries the mail queue: pg-boss keeps no session state of its own', async () => {
    const t = await createTestApp({ dbKind: 'pgbouncer' });
    try {
      const mail = {
        to: 'ada@example.com',
        subject: 'Queued',
        text: 'Hello',
        html: '<p>Hello</p>',
      };
      await t.deps.mail.enqueue(mail);
      await t.deps.db.transaction((tx) =>
        t.deps.mail.enqueue({ ...mail, subject: 'In a tx' }, { tx }),
      );
      expect(await deliverPendingMail(t.deps)).toEqual({ delivered: 2, failed: 0 });
      const subjects = (await listMailbox(t.deps.db, 'ada@example.com')).map((m) => m.subject);
      expect(subjects.sort()).toEqual(['In a tx', 'Queued']);
    } finally {
      await t.close();
    }
  });
});
