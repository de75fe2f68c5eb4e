import { fixedClock } from '@tuition/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../clock.ts';
import { localSmsMessages, smsMessages, smsSettings } from '../db/schema.ts';
import { sendDueReminders } from '../reminders/reminders.ts';
import { insertBooking, insertCustomer, insertSession } from '../testing/admin-fixtures.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { textOffer } from './family-texts.ts';
import { sendDueTexts } from './texting.ts';

/*
 * Two service instances on one PostgreSQL database (docs/decisions/103): a reminder and a
 * waiting-list offer written and sent by both at once reach the phone once, and the business's
 * daily limit holds when both count at the same moment. PGlite is one in-process database and
 * cannot be shared, so this runs on a real server only.
 */
const NOW = '2026-11-03T09:00:00Z';
const SERVER_KINDS = TEST_DB_KINDS.filter((kind) => kind === 'postgres');

describe.skipIf(SERVER_KINDS.length > 0)('texts across two instances', () => {
  it.skip('runs on postgres only (TEST_DB_KINDS has no postgres)', () => {});
});

describe.each(SERVER_KINDS)('texts across two instances on %s', (dbKind) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { SMS_DAILY_LIMIT: '25' };
    a = await createTestApp({ dbKind, databaseUrl: database.url, now: NOW, env });
    b = await createTestApp({ dbKind, databaseUrl: database.url, now: NOW, env });
    for (const t of [a, b]) t.deps.clock = settableClock(fixedClock(NOW));
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  let numbers = 200;
  /** An account with a verified number that chose every kind by text. */
  async function textingFamily(): Promise<{ id: string; phone: string }> {
    const phone = `+447700900${numbers++}`;
    const id = await insertCustomer(a.deps.db, {
      name: 'Pat Parent',
      email: `pat-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone,
    });
    await a.deps.db.insert(smsSettings).values({
      userId: id,
      verifiedPhone: phone,
      verifiedAt: new Date(NOW),
      reminders: true,
      changes: true,
      waitingListOffers: true,
      lessonReports: true,
    });
    return { id, phone };
  }
  const twinTexts = (to: string) =>
    a.deps.db.select().from(localSmsMessages).where(eq(localSmsMessages.to, to));

  it('texts a due reminder once when both instances sweep at the same moment', async () => {
    const family = await textingFamily();
    const session = await insertSession(a.deps.db, {
      service: 'gcse-higher',
      date: '2026-11-03',
      time: '10:00',
    });
    await insertBooking(a.deps.db, { userId: family.id, sessionId: session.id });
    for (let round = 0; round < 3; round++) {
      await Promise.all([sendDueReminders(a.deps), sendDueReminders(b.deps)]);
      await Promise.all([sendDueTexts(a.deps), sendDueTexts(b.deps)]);
    }
    const sent = await twinTexts(family.phone);
    expect(sent.filter((m) => m.body.includes('/join/'))).toHaveLength(1);
  });

  it('texts a waiting-list offer once when both instances write and send it', async () => {
    const family = await textingFamily();
    const offer = {
      userId: family.id,
      offerId: crypto.randomUUID(),
      startsAt: new Date('2026-11-05T18:00:00Z'),
      expiresAt: new Date('2026-11-04T09:00:00Z'),
      pupilNames: ['Maya'],
      sessionLabel: 'GCSE Higher',
      link: 'http://localhost/booking?offer=x',
    };
    await Promise.all(
      [a, b].map((t) => t.deps.db.transaction((tx) => textOffer(t.deps, tx, offer))),
    );
    await Promise.all([sendDueTexts(a.deps), sendDueTexts(b.deps), sendDueTexts(a.deps)]);
    expect(await twinTexts(family.phone)).toHaveLength(1);
  });

  it("keeps the business's daily limit when both instances count at once", async () => {
    const families = await Promise.all(Array.from({ length: 30 }, () => textingFamily()));
    const ids: string[] = [];
    for (const family of families) {
      const [row] = await a.deps.db
        .insert(smsMessages)
        .values({
          key: `limit-test:${family.id}`,
          userId: family.id,
          to: family.phone,
          kind: 'lessonReports',
          body: 'A report is ready',
          status: 'pending',
          notBefore: new Date(NOW),
          createdAt: new Date(NOW),
          statusAt: new Date(NOW),
        })
        .returning({ id: smsMessages.id });
      ids.push(row!.id);
    }
    // Two texts went earlier today (the tests above): 23 of the 25 are left.
    await Promise.all([
      sendDueTexts(a.deps, { ids: ids.filter((_, i) => i % 2 === 0) }),
      sendDueTexts(b.deps, { ids: ids.filter((_, i) => i % 2 === 1) }),
    ]);
    const rows = await a.deps.db.select().from(smsMessages).where(inArray(smsMessages.id, ids));
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(23);
    expect(rows.filter((r) => r.status === 'limited')).toHaveLength(7);
  });
});
