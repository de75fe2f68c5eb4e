import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundRate } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { waitUntil } from '../testing/wait-until.ts';
import { createMailOutbox, mailRateLimit, stopMailWorker } from './mail-setup.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { msUntilTokenIsDue, type OutboundRateLimit, takeOutboundToken } from './outbound-rate.ts';
import type { MailOutbox } from './outbox.ts';

/**
 * Runs `run` and answers, with its result, the longest the event loop stalled meanwhile (ms):
 * how late any timer of this process, a sleep until a token is due among them, can have fired.
 */
async function withLongestStall<T>(run: () => Promise<T>): Promise<[T, number]> {
  const TICK_MS = 5;
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  try {
    return [await run(), longest];
  } finally {
    clearInterval(timer);
  }
}

describe('the wait for a token', () => {
  it('is nothing while the bucket is at 0 or above, else the shortfall at the rate', () => {
    expect(msUntilTokenIsDue(2, 2)).toBe(0);
    expect(msUntilTokenIsDue(0, 2)).toBe(0);
    expect(msUntilTokenIsDue(-1, 2)).toBe(500);
    expect(msUntilTokenIsDue(-3, 20)).toBe(150);
  });
});

describe('the mail rate from config', () => {
  it("is Resend's default for Resend, none for the local mailbox, MAIL_RATE_PER_SECOND for either", () => {
    expect(mailRateLimit({ mailRatePerSecond: undefined }, { kind: 'resend' })).toEqual({
      key: 'mail:resend',
      perSecond: 2,
      burst: 1,
    });
    expect(mailRateLimit({ mailRatePerSecond: undefined }, { kind: 'local' })).toBeUndefined();
    expect(mailRateLimit({ mailRatePerSecond: 10 }, { kind: 'local' })?.perSecond).toBe(10);
    expect(mailRateLimit({ mailRatePerSecond: 10 }, { kind: 'resend' })?.perSecond).toBe(10);
  });
});

describe.each(TEST_DB_KINDS)('one outbound rate on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A bucket at `tokens`, last refilled `msAgo` by the database's clock. */
  const setBucket = (key: string, tokens: number, msAgo: number) =>
    t.deps.db.insert(outboundRate).values({
      key,
      tokens,
      refilledAt: sql`clock_timestamp() - make_interval(secs => ${msAgo / 1000}::float8)`,
    });
  const tokensIn = async (key: string) =>
    (await t.deps.db.select().from(outboundRate).where(eq(outboundRate.key, key)))[0]?.tokens;

  // Slow rates, so the few ms each statement takes (hundreds on a busy machine) move the
  // answers by little: at 1 token in 2 s, 500 ms of slack is a quarter of a token.
  describe('the bucket arithmetic', () => {
    it('starts full, then spaces takes 1/perSecond apart', async () => {
      const limit: OutboundRateLimit = { key: 'spaced', perSecond: 0.5, burst: 1 };
      expect(await takeOutboundToken(t.deps.db, limit)).toBe(0);
      const second = await takeOutboundToken(t.deps.db, limit);
      const third = await takeOutboundToken(t.deps.db, limit);
      expect(second).toBeGreaterThan(1500);
      expect(second).toBeLessThanOrEqual(2000);
      expect(third).toBeGreaterThan(3500);
      expect(third).toBeLessThanOrEqual(4000);
    });

    it('refills at the rate for the time since it was last touched', async () => {
      await setBucket('refill', -3, 10_000);
      // -3 plus 10 s at 0.2/s is -1; taking one leaves -2, due in 10 s.
      const wait = await takeOutboundToken(t.deps.db, { key: 'refill', perSecond: 0.2, burst: 1 });
      expect(wait).toBeGreaterThan(9500);
      expect(wait).toBeLessThanOrEqual(10_000);
      expect(await tokensIn('refill')).toBeGreaterThanOrEqual(-2);
      expect(await tokensIn('refill')).toBeLessThan(-1.9);
    });

    it('never holds more than its burst, however long it was idle', async () => {
      await setBucket('burst', 0, 3_600_000);
      const limit: OutboundRateLimit = { key: 'burst', perSecond: 0.5, burst: 3 };
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) waits.push(await takeOutboundToken(t.deps.db, limit));
      expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
      expect(waits[3]).toBeGreaterThan(1500);
      expect(waits[3]).toBeLessThanOrEqual(2000);
    });

    it('keeps one bucket per key, so another provider is not slowed', async () => {
      const mail: OutboundRateLimit = { key: 'mail:busy', perSecond: 0.5, burst: 1 };
      await takeOutboundToken(t.deps.db, mail);
      expect(await takeOutboundToken(t.deps.db, mail)).toBeGreaterThan(1500);
      expect(
        await takeOutboundToken(t.deps.db, { key: 'sms:idle', perSecond: 0.5, burst: 1 }),
      ).toBe(0);
    });
  });

  describe('three mail workers on one database', () => {
    const RATE = 20;
    const COUNT = 24;
    /** Every send of every worker: the recipient, which worker, and when (ms, this process). */
    const sends: Array<{ to: string; worker: number; at: number }> = [];
    const timedMailer = (worker: number): Mailer => ({
      kind: 'local',
      async deliver(mail: OutgoingMail) {
        sends.push({ to: mail.to, worker, at: performance.now() });
      },
    });
    let rated: TestApp;
    let workers: MailOutbox[] = [];

    beforeAll(async () => {
      rated = await createTestApp({
        dbKind,
        env: { MAIL_RATE_PER_SECOND: String(RATE) },
        mailer: timedMailer(0),
      });
      // Two more outboxes, each with its own pg-boss and its own door to the bucket, as two
      // more instances would have.
      const more = await Promise.all(
        [1, 2].map((worker) =>
          createMailOutbox({
            config: rated.deps.config,
            dbHandle: rated.deps.dbHandle,
            logger: rated.deps.logger,
            mailer: timedMailer(worker),
            maintenance: false,
          }),
        ),
      );
      workers = [rated.deps.mail, ...more];
    });
    afterAll(async () => {
      for (const worker of workers.slice(1)) await stopMailWorker({ mail: worker });
      await rated?.close();
    });

    it('send every message once and together never faster than the configured rate', async () => {
      const recipients = Array.from({ length: COUNT }, (_, i) => `pupil-${i}@example.com`);
      for (const to of recipients) {
        await rated.deps.mail.enqueue({ to, subject: 'Hello', text: 'hi', html: '<p>hi</p>' });
      }
      const [, stallMs] = await withLongestStall(async () => {
        await Promise.all(workers.map((worker) => worker.startWorker()));
        await waitUntil(`all ${COUNT} messages are sent`, () => sends.length >= COUNT);
      });
      await Promise.all(workers.map((worker) => worker.stopWorker()));

      expect(sends.map((send) => send.to).sort()).toEqual([...recipients].sort());
      expect(await rated.deps.mail.pendingCount()).toBe(0);
      // More than one worker sent, so the rate held across them, not inside one.
      expect(new Set(sends.map((send) => send.worker)).size).toBeGreaterThan(1);
      // In any stretch of time, at most one send plus the rate times its length (burst 1). The
      // tokens fall due exactly that far apart, but a send goes once its process has the
      // database's answer and gets round to it: late by the round trip and commit (one
      // interval allowed) and by as long as the event loop stalled (PGlite runs on this very
      // thread), so it may bunch with the next. Workers that each spaced only themselves
      // would send three times as fast, and fail this even so.
      const at = sends.map((send) => send.at).sort((a, b) => a - b);
      const SLACK_MS = stallMs + 1000 / RATE;
      for (let i = 0; i < at.length; i++) {
        for (let j = i + 1; j < at.length; j++) {
          const allowed = 1 + ((at[j]! - at[i]! + SLACK_MS) / 1000) * RATE;
          expect(j - i + 1, `sends ${i}..${j} in ${at[j]! - at[i]!} ms`).toBeLessThanOrEqual(
            allowed,
          );
        }
      }
    });
  });
});
