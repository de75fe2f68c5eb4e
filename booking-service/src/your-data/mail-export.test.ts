import { DataExportSchema } from '@tuition/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRecipients } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MAIL_QUEUE } from '../mail/outbox.ts';
import { ResendMailer } from '../mail/resend-mailer.ts';
import { api, signedInUser } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * The export lists a person's mail from the recipient records the outbox writes as it queues
 * each message (docs/decisions/076), in either mail mode: not from the local mailbox, which
 * holds only what was delivered, nor from pg-boss's job table, which keeps a job for days.
 */

/** Resend's SDK, answered offline: every send succeeds. */
function offlineResend(): { mailer: Mailer; sent: string[] } {
  const sent: string[] = [];
  const client = {
    emails: {
      async send(payload: { subject: string }) {
        sent.push(payload.subject);
        return { data: { id: `email_${sent.length}` }, error: null, headers: null };
      },
    },
  } as unknown as Resend;
  return { mailer: new ResendMailer({ apiKey: 're_test', from: 'hi@example.com', client }), sent };
}

const MODES = ['local', 'resend'] as const;
const CASES = TEST_DB_KINDS.flatMap((dbKind) => MODES.map((mode) => [dbKind, mode] as const));

describe.each(CASES)('the mail in a data export on %s with the %s mailer', (dbKind, mode) => {
  let t: TestApp;
  let resend: ReturnType<typeof offlineResend> | undefined;
  beforeAll(async () => {
    resend = mode === 'resend' ? offlineResend() : undefined;
    t = await createTestApp({ dbKind, ...(resend ? { mailer: resend.mailer } : {}) });
  });
  afterAll(() => t?.close());

  it('lists the mail queued to the person, delivered or not, after pg-boss dropped the jobs', async () => {
    const ada = await signedInUser(t, { name: 'Ada Export' });
    const delivered = await t.deps.mail.enqueue({
      to: `  ${ada.email.toUpperCase()} `,
      subject: 'Lesson moved',
      text: 'moved',
      html: '<p>moved</p>',
    });
    await t.deps.mail.enqueue({
      to: 'business@example.com',
      subject: 'Enquiry naming Ada',
      text: 'about her',
      html: '<p>about her</p>',
      about: [ada.email],
    });
    await t.deps.mail.deliverPending();
    const waiting = await t.deps.mail.enqueue({
      to: ada.email,
      subject: 'Reminder still queued',
      text: 'soon',
      html: '<p>soon</p>',
    });
    if (resend) expect(resend.sent).toContain('Lesson moved');
    // pg-boss deletes completed jobs after its retention period; the export must not need them.
    await t.deps.db.execute(
      sql`delete from pgboss.job where name = ${MAIL_QUEUE} and state = 'completed'`,
    );

    const res = await api(t, '/api/me/export', { cookie: ada.cookie });
    expect(res.status).toBe(200);
    const { emails } = await contractBody(res, DataExportSchema);
    const subjects = emails.map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Lesson moved', 'Reminder still queued']));
    expect(subjects).not.toContain('Enquiry naming Ada');
    expect(emails.every((m) => m.to === ada.email.toLowerCase())).toBe(true);

    // One record per queued job, written with it.
    for (const jobId of [delivered, waiting]) {
      const [record] = await t.deps.db
        .select()
        .from(mailRecipients)
        .where(eq(mailRecipients.jobId, jobId));
      expect(record?.recipient).toBe(ada.email.toLowerCase());
    }
  });

  it('writes no record for a mail whose transaction rolls back', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        await t.deps.mail.enqueue(
          { to: 'rolled-back@example.com', subject: 'Never sent', text: 'x', html: '<p>x</p>' },
          { tx },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const records = await t.deps.db
      .select()
      .from(mailRecipients)
      .where(eq(mailRecipients.recipient, 'rolled-back@example.com'));
    expect(records).toEqual([]);
  });
});
