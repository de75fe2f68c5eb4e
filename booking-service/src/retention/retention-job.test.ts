import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { RETENTION_CRON, RETENTION_QUEUE, scheduleRetention } from './retention-job.ts';

describe.each(TEST_DB_KINDS)('daily retention schedule on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(() => t.close());

  it('is one schedule in the database however many instances start it', async () => {
    const first = await scheduleRetention(t.deps);
    const second = await scheduleRetention(t.deps);
    try {
      const result = (await t.deps.db.execute(
        sql`select name, cron, timezone from pgboss.schedule where name = ${RETENTION_QUEUE}`,
      )) as unknown as { rows: { name: string; cron: string; timezone: string }[] };
      expect(result.rows).toEqual([
        { name: RETENTION_QUEUE, cron: RETENTION_CRON, timezone: 'Europe/London' },
      ]);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
