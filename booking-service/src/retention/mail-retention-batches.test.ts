import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../db/client.ts';
import { mailMessages, mailRecipients } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { eraseExpiredMailBodies, type RunBatch } from '../your-data/mail-bodies.ts';
import { runRetention } from './retention.ts';

/*
 * A backlog of expired mail (the first run after an outage) is erased in batches, each its own
 * short transaction, until none is left (docs/decisions/076).
 */
const NOW = new Date('2026-11-03T09:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const BATCH = 3;

describe.each(TEST_DB_KINDS)('mail retention in batches on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW.toISOString() });
  });
  afterAll(() => t?.close());

  /** Expired mail: `bodies` plain messages, `about` messages and records naming someone. */
  async function backlog(bodies: number, about: number) {
    const db = t.deps.db;
    await db.delete(mailMessages);
    await db.delete(mailRecipients);
    await db.execute(sql`delete from pgboss.job where name = 'mail'`);
    for (let i = 0; i < bodies; i++) {
      await db.insert(mailMessages).values({
        to: `parent-${i}@example.com`,
        subject: `Old ${i}`,
        text: 'old body',
        html: '<p>old</p>',
        createdAt: ago(91),
      });
    }
    for (let i = 0; i < about; i++) {
      await t.deps.mail.enqueue({
        to: 'business@example.com',
        subject: `Enquiry from sender ${i}`,
        text: 'enquiry body',
        html: '<p>enquiry body</p>',
        about: [`sender-${i}@example.com`],
      });
    }
    await t.deps.mail.deliverPending();
    await db.update(mailMessages).set({ createdAt: ago(91) });
    await db.update(mailRecipients).set({ queuedAt: ago(91) });
    await db.execute(sql`update pgboss.job set created_on = ${ago(91)} where name = 'mail'`);
  }

  const remaining = async () => ({
    bodies: (await t.deps.db.select().from(mailMessages).where(sql`${mailMessages.text} <> ''`))
      .length,
    about: (await t.deps.db.select().from(mailMessages).where(sql`${mailMessages.about} <> '{}'`))
      .length,
    records: (
      await t.deps.db.select().from(mailRecipients).where(sql`${mailRecipients.about} <> '{}'`)
    ).length,
    jobsAbout: (
      (await t.deps.db.execute(
        sql`select id from pgboss.job where name = 'mail' and data->'about' <> '[]'::jsonb`,
      )) as unknown as { rows: unknown[] }
    ).rows.length,
  });

  it('erases a backlog larger than one batch in several batches, each its own transaction', async () => {
    await backlog(7, 4);
    const batches: number[] = [];
    const runBatch: RunBatch = (work) =>
      t.deps.db.transaction(async (tx) => {
        const changed = await work(tx);
        if (typeof changed === 'number') batches.push(changed);
        return changed;
      });

    const counts = await eraseExpiredMailBodies(t.deps.db, ago(90), {
      batchSize: BATCH,
      runBatch,
    });

    expect(counts).toEqual({ mailbox: 11, outbox: 4, records: 4 });
    expect(Math.max(...batches)).toBe(BATCH);
    // Mailbox: about 3+1, bodies 3+3+1; records 3+1; outbox: about 3+1, bodies none left
    // (delivered jobs were emptied as they completed).
    expect(batches).toEqual([3, 1, 3, 3, 1, 3, 1, 3, 1, 0]);
    expect(await remaining()).toEqual({ bodies: 0, about: 0, records: 0, jobsAbout: 0 });
  });

  it('a real retention run takes the same backlog down in batches of the size it is given', async () => {
    await backlog(5, 2);
    const dry = await runRetention(t.deps, { dryRun: true, batchSize: 2 });
    expect(dry).toMatchObject({ mailBodies: 7, outboxBodies: 2, mailRecords: 2 });
    expect(await remaining()).toEqual({ bodies: 7, about: 2, records: 2, jobsAbout: 2 });

    const counts = await runRetention(t.deps, { dryRun: false, batchSize: 2 });
    expect(counts).toMatchObject({ mailBodies: 7, outboxBodies: 2, mailRecords: 2 });
    expect(await remaining()).toEqual({ bodies: 0, about: 0, records: 0, jobsAbout: 0 });
  });

  it('works straight on a database or transaction when no batch runner is given', async () => {
    await backlog(2, 0);
    const db: DbExecutor = t.deps.db;
    expect(await eraseExpiredMailBodies(db, ago(90), { batchSize: 1 })).toMatchObject({
      mailbox: 2,
    });
  });
});
