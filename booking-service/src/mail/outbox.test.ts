import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries } from '../db/schema.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { listMailbox, LocalMailboxMailer } from './local-mailbox.ts';
import { deliverPendingMail } from './mail-setup.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

const message = (to: string, subject = 'Hello'): OutgoingMail => ({
  to,
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
});

/** Fails the first `failures` deliveries (a provider outage), then stores like the local mailbox. */
class FlakyMailer implements Mailer {
  readonly kind = 'local' as const;
  attempts = 0;
  idempotencyKeys: string[] = [];
  inner: LocalMailboxMailer | undefined;
  constructor(private failures: number) {}
  async deliver(mail: OutgoingMail, options: { idempotencyKey: string }) {
    this.attempts++;
    this.idempotencyKeys.push(options.idempotencyKey);
    if (this.failures > 0) {
      this.failures--;
      throw new Error('provider unavailable (503)');
    }
    await this.inner!.deliver(mail);
  }
}

describe.each(TEST_DB_KINDS)('mail outbox on %s', (dbKind) => {
  describe('with a provider that fails twice', () => {
    const mailer = new FlakyMailer(2);
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ dbKind, mailer });
      mailer.inner = new LocalMailboxMailer(t.deps.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('delivers the message on the third attempt, waiting out the backoff in between', async () => {
      await t.deps.mail.enqueue(message('parent@example.com', 'Booking confirmed'));

      expect(await deliverPendingMail(t.deps)).toEqual({ delivered: 0, failed: 1 });
      // The retry is scheduled with a backoff delay, so an ordinary pass does not try it yet.
      expect(await deliverPendingMail(t.deps)).toEqual({ delivered: 0, failed: 0 });
      expect(await deliverPendingMail(t.deps, { includeDelayed: true })).toEqual({
        delivered: 0,
        failed: 1,
      });
      expect(await deliverPendingMail(t.deps, { includeDelayed: true })).toEqual({
        delivered: 1,
        failed: 0,
      });

      const inbox = await listMailbox(t.deps.db, 'parent@example.com');
      expect(inbox.map((m) => m.subject)).toEqual(['Booking confirmed']);
      expect(mailer.attempts).toBe(3);
      // Every attempt of one message carries the same idempotency key: a provider never sends twice.
      expect(new Set(mailer.idempotencyKeys).size).toBe(1);
      expect(await t.deps.mail.pendingCount()).toBe(0);
    });
  });

  describe('with the local mailbox', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ dbKind });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('sends nothing for a change that rolled back, and sends what a committed change queued', async () => {
      await expect(
        app.deps.db.transaction(async (tx) => {
          await tx
            .insert(enquiries)
            .values({ parentName: 'A', email: 'a@example.com', message: 'x' });
          await app.deps.mail.enqueue(message('rolled-back@example.com'), { tx });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await app.deps.db.transaction(async (tx) => {
        await app.deps.mail.enqueue(message('committed@example.com'), { tx });
      });

      expect(await deliverPendingMail(app.deps, { includeDelayed: true })).toEqual({
        delivered: 1,
        failed: 0,
      });
      expect(await listMailbox(app.deps.db, 'rolled-back@example.com')).toEqual([]);
      expect(await listMailbox(app.deps.db, 'committed@example.com')).toHaveLength(1);
    });

    it('the background worker delivers queued mail by itself', async () => {
      await app.deps.mail.startWorker();
      await app.deps.mail.enqueue(message('worker@example.com', 'From the worker'));
      const deadline = Date.now() + 15_000;
      let inbox = await listMailbox(app.deps.db, 'worker@example.com');
      while (inbox.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        inbox = await listMailbox(app.deps.db, 'worker@example.com');
      }
      expect(inbox.map((m) => m.subject)).toEqual(['From the worker']);
      await app.deps.mail.stopWorker();
    });
  });
});
