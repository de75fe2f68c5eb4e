import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertBooking,
  insertCheckout,
  insertCustomer,
  insertSession,
} from '../testing/admin-fixtures.ts';
import {
  bookings,
  checkouts,
  enquiries,
  mailMessages,
  mailRecipients,
  rateLimit,
  user,
} from '../db/schema.ts';
import { MAIL_PER_ADDRESS_LIMIT, MAIL_SENDING_RATE_LIMIT } from '../auth/client-limits.ts';
import { ACCOUNT_SIGN_IN_THROTTLE } from '../auth/sign-in-throttle.ts';
import { CONTACT_RATE_LIMIT } from '../contact/contact-rate-limit.ts';
import { LONGEST_RATE_LIMIT_WINDOW_SECONDS } from '../http/rate-limit.ts';
import { ACCOUNT_DELETION_ATTEMPTS } from '../your-data/data-routes.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { runRetention } from './retention.ts';

/*
 * Each rule gets a row just past its period (removed) and one just inside it (kept), with the
 * clock fixed; the seed's enquiry period is the default 24 months.
 */
const NOW = new Date('2026-11-03T09:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const yearsAgo = (years: number, plusDays = 0) => {
  const at = new Date(NOW);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return new Date(at.getTime() + plusDays * DAY);
};

describe.each(TEST_DB_KINDS)('retention on %s', (dbKind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function snapshot() {
    const db = t.deps.db;
    return {
      enquiries: (await db.select({ id: enquiries.id }).from(enquiries)).length,
      users: (await db.select({ id: user.id }).from(user)).map((u) => u.id).sort(),
      bookings: (await db.select({ id: bookings.id }).from(bookings)).length,
      checkouts: (await db.select({ id: checkouts.id }).from(checkouts)).length,
      bodies: (await db.select({ text: mailMessages.text }).from(mailMessages))
        .map((m) => m.text)
        .sort(),
      rateLimits: (await db.select({ key: rateLimit.key }).from(rateLimit))
        .map((r) => r.key)
        .sort(),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW.toISOString() });
    const db = t.deps.db;
    const enquiry = (createdAt: Date, message: string) => ({
      parentName: 'Sam Parent',
      email: 'sam@example.com',
      message,
      createdAt,
    });
    await db
      .insert(enquiries)
      .values([enquiry(yearsAgo(2, -1), 'expired'), enquiry(yearsAgo(2, 1), 'kept')]);

    const account = async (id: string, verified: boolean, createdAt: Date) => {
      await db.insert(user).values({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: verified,
        createdAt,
      });
    };
    await account('unverified-old', false, ago(31));
    await account('unverified-new', false, ago(29));
    await account('verified-old', true, ago(400));
    await account('unverified-paid', false, ago(31));
    await insertCheckout(db, { userId: 'unverified-paid', status: 'paid', amountPence: 1500 });

    await db.insert(mailMessages).values([
      {
        to: 'a@example.com',
        subject: 'Old',
        text: 'old body',
        html: '<p>old</p>',
        createdAt: ago(91),
      },
      { to: 'a@example.com', subject: 'New', text: 'new body', createdAt: ago(89) },
    ]);

    // Deleted customers: one paid just over 7 years ago, one just under; a live customer's old
    // payment stays whatever its age.
    const session = await insertSession(db, { service: 'gcse', date: '2019-10-01', time: '17:00' });
    for (const [key, paidAt] of [
      ['goneOld', yearsAgo(7, -1)],
      ['goneRecent', yearsAgo(7, 1)],
      ['live', yearsAgo(8)],
    ] as const) {
      ids[key] = await insertCustomer(db, { name: key, email: `${key}@example.com` });
      const checkoutId = await insertCheckout(db, {
        userId: ids[key]!,
        status: 'paid',
        amountPence: 1500,
        paidAt,
      });
      await insertBooking(db, { userId: ids[key]!, sessionId: session.id, checkoutId });
    }
    await db
      .update(user)
      .set({ deletedAt: ago(10), name: 'Deleted customer' })
      .where(inArray(user.id, [ids.goneOld!, ids.goneRecent!]));

    // Rate-limit counts live by the wall clock: one idle just past the longest window, one not.
    const windowMs = LONGEST_RATE_LIMIT_WINDOW_SECONDS * 1000;
    await db.insert(rateLimit).values([
      { id: 'idle', key: 'contact:ip:idle', count: 5, lastRequest: Date.now() - windowMs - 60_000 },
      { id: 'live', key: 'contact:ip:live', count: 5, lastRequest: Date.now() - windowMs + 60_000 },
    ]);
  });
  afterAll(() => t.close());

  it('a dry run counts what would go and changes nothing', async () => {
    const before = await snapshot();
    const counts = await runRetention(t.deps, { dryRun: true });
    expect(counts).toMatchObject({
      enquiries: 1,
      unverifiedAccounts: 1,
      mailBodies: 1,
      bookingRecords: 1,
      paymentRecords: 1,
      deletedAccounts: 1,
      rateLimitRows: 1,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('removes exactly the expired rows, and a second run finds nothing', async () => {
    const counts = await runRetention(t.deps, { dryRun: false });
    expect(counts).toMatchObject({
      enquiries: 1,
      unverifiedAccounts: 1,
      mailBodies: 1,
      bookingRecords: 1,
      paymentRecords: 1,
      deletedAccounts: 1,
      rateLimitRows: 1,
    });
    const db = t.deps.db;
    expect((await db.select().from(enquiries)).map((e) => e.message)).toEqual(['kept']);
    const users = (await db.select({ id: user.id }).from(user)).map((u) => u.id);
    expect(users).not.toContain('unverified-old');
    expect(users).not.toContain(ids.goneOld);
    for (const kept of [
      'unverified-new',
      'verified-old',
      'unverified-paid',
      ids.goneRecent,
      ids.live,
    ]) {
      expect(users).toContain(kept);
    }
    const mail = await db.select().from(mailMessages);
    expect(mail.find((m) => m.subject === 'Old')).toMatchObject({ text: '', html: null });
    expect(mail.find((m) => m.subject === 'New')).toMatchObject({ text: 'new body' });
    expect((await db.select().from(rateLimit)).map((r) => r.key)).toEqual(['contact:ip:live']);
    expect(await db.select().from(checkouts).where(eq(checkouts.userId, ids.live!))).toHaveLength(
      1,
    );
    expect(
      await db.select().from(bookings).where(eq(bookings.userId, ids.goneRecent!)),
    ).toHaveLength(1);

    expect(await runRetention(t.deps, { dryRun: false })).toEqual({
      enquiries: 0,
      unverifiedAccounts: 0,
      mailBodies: 0,
      outboxBodies: 0,
      mailRecords: 0,
      bookingRecords: 0,
      paymentRecords: 0,
      deletedAccounts: 0,
      rateLimitRows: 0,
    });
  });
});

describe.each(TEST_DB_KINDS)('retention of mail about someone on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW.toISOString() });
  });
  afterAll(() => t?.close());

  it('deletes an enquiry notification past 90 days whole, its subject naming the sender', async () => {
    const db = t.deps.db;
    const notification = (subject: string, createdAt: Date) => ({
      to: 'business@example.com',
      subject,
      text: `${subject} body`,
      about: ['sam@example.com'],
      createdAt,
    });
    await db
      .insert(mailMessages)
      .values([
        notification('New enquiry from Old Sam', ago(91)),
        notification('New enquiry from New Sam', ago(89)),
      ]);
    for (const subject of ['Job about Old Sam', 'Job about New Sam']) {
      await t.deps.mail.enqueue({
        to: 'business@example.com',
        subject,
        text: 'body',
        html: '<p>body</p>',
        about: ['sam@example.com'],
      });
    }
    await t.deps.mail.deliverPending();
    await db.execute(
      sql`update pgboss.job set created_on = ${ago(91)} where data->>'subject' = 'Job about Old Sam'`,
    );
    await db
      .update(mailRecipients)
      .set({ queuedAt: ago(91) })
      .where(eq(mailRecipients.subject, 'Job about Old Sam'));

    const counts = await runRetention(t.deps, { dryRun: false });
    expect(counts).toMatchObject({ mailBodies: 1, outboxBodies: 1, mailRecords: 1 });
    const records = await db.select({ subject: mailRecipients.subject }).from(mailRecipients);
    expect(records.map((r) => r.subject)).toEqual(['Job about New Sam']);
    const subjects = (await db.select({ subject: mailMessages.subject }).from(mailMessages)).map(
      (m) => m.subject,
    );
    expect(subjects).toContain('New enquiry from New Sam');
    expect(subjects).not.toContain('New enquiry from Old Sam');
    const jobs = JSON.stringify(
      (await db.execute(sql`select data from pgboss.job where name = 'mail'`)) as unknown,
    );
    expect(jobs).toContain('Job about New Sam');
    expect(jobs).not.toContain('Job about Old Sam');
  });
});

describe('rate-limit retention', () => {
  it('removes no count a limit still looks at: every window is within the longest', () => {
    const windows = [
      MAIL_SENDING_RATE_LIMIT.window,
      MAIL_PER_ADDRESS_LIMIT.window,
      CONTACT_RATE_LIMIT.window,
      ACCOUNT_SIGN_IN_THROTTLE.windowSeconds,
      ACCOUNT_SIGN_IN_THROTTLE.pauseSeconds,
      ACCOUNT_DELETION_ATTEMPTS.window,
      60, // better-auth's default window (auth/client-limits.ts)
    ];
    for (const window of windows)
      expect(window).toBeLessThanOrEqual(LONGEST_RATE_LIMIT_WINDOW_SECONDS);
  });
});
