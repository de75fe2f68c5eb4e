import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, mailRecipients } from '../db/schema.ts';
import { deliverPendingMail } from '../mail/mail-setup.ts';
import { MAIL_QUEUE } from '../mail/outbox.ts';
import { api, freshIp, mailTo, signedInUser, tokenFromLink } from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { waitUntil } from '../testing/wait-until.ts';

/*
 * Mail that names a person, whoever it is addressed to (docs/decisions/058, addendum
 * 2026-11-26): the enquiry notification to the business names the customer, and a delivered
 * job keeps no body in the outbox.
 */

/** The mail jobs as stored, without those whose subject matches `except`. */
async function mailJobRows(t: TestApp, except?: RegExp): Promise<string> {
  const result = (await t.deps.db.execute(
    sql`select data, output from pgboss.job where name like 'mail%'`,
  )) as unknown as { rows: { data: { subject?: string } }[] };
  return JSON.stringify(result.rows.filter((row) => !except?.test(row.data.subject ?? '')));
}

/** The local mailbox as stored, without the messages whose subject matches `except`. */
async function mailboxRows(t: TestApp, except?: RegExp): Promise<string> {
  const rows = await t.deps.db.select().from(mailMessages);
  return JSON.stringify(rows.filter((row) => !except?.test(row.subject)));
}

/** The recipient records (docs/decisions/076), without those whose subject matches `except`. */
async function recipientRows(t: TestApp, except?: RegExp): Promise<string> {
  const rows = await t.deps.db.select().from(mailRecipients);
  return JSON.stringify(rows.filter((row) => !except?.test(row.subject)));
}

async function enquire(t: TestApp, parentName: string, email: string, message: string) {
  const res = await api(t, '/api/contact', {
    body: { parentName, email, message, preference: 'online' },
    ip: freshIp(),
  });
  expect(res.status).toBe(201);
}

describe.each(TEST_DB_KINDS)('mail about a deleted customer on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(() => t?.close());

  it('leaves no mailbox row or outbox job naming them after the account is deleted', async () => {
    const zelda = await signedInUser(t, { name: 'Zelda Account' });
    const other = await signedInUser(t, { name: 'Otto Account' });
    await enquire(t, 'Zelda Quixote', zelda.email, 'Zelda asks about quadratic surds');
    await enquire(t, 'Otto Quill', other.email, 'Otto asks about vectors');
    await deliverPendingMail(t.deps);
    // A second enquiry still waiting in the outbox when the account goes.
    await enquire(t, 'Zelda Quixote', zelda.email.toUpperCase(), 'Zelda again, about surds');
    const named = ['Zelda Quixote', zelda.email, 'quadratic surds', 'about surds'];
    const before = (await mailboxRows(t)) + (await mailJobRows(t)) + (await recipientRows(t));
    expect((await recipientRows(t)).toLowerCase()).toContain(zelda.email.toLowerCase());
    for (const text of named.slice(0, 3))
      expect(before.toLowerCase()).toContain(text.toLowerCase());

    const res = await api(t, '/api/me', {
      method: 'DELETE',
      body: { password: zelda.password },
      cookie: zelda.cookie,
    });
    expect(res.status).toBe(204);

    // What stays is the deletion's own confirmation to her address (docs/decisions/074), which
    // names none of it; nothing else reaches or names her.
    const confirmation = /account has been deleted/;
    const after =
      (await mailboxRows(t, confirmation)) +
      (await mailJobRows(t, confirmation)) +
      (await recipientRows(t, confirmation));
    for (const text of named) expect(after.toLowerCase()).not.toContain(text.toLowerCase());
    const kept = (await mailboxRows(t)) + (await mailJobRows(t)) + (await recipientRows(t));
    expect(kept).toMatch(confirmation);
    for (const text of named.filter((n) => n !== zelda.email)) {
      expect(kept.toLowerCase()).not.toContain(text.toLowerCase());
    }
    // Another customer's enquiry and its notification stay.
    expect(after).toContain('Otto asks about vectors');
  });
});

describe.each(TEST_DB_KINDS)('a delivered mail in the outbox on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
  });
  afterAll(() => t?.close());

  it('keeps no reset link once delivered, by a delivery pass or by the worker', async () => {
    const ip = freshIp();
    const email = 'reset-body@example.com';
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Reset Body', email, password: 'first-password-1' },
      ip,
    });
    await api(t, '/api/auth/request-password-reset', { body: { email }, ip });
    const mail = (await mailTo(t, email)).find((m) => m.subject.includes('Reset'));
    const token = tokenFromLink(mail!.text, '/reset-password-token');
    const jobs = await mailJobRows(t);
    expect(jobs).toContain('Reset');
    expect(jobs).not.toContain(token);
    expect(jobs).not.toContain(encodeURIComponent(token));

    // The worker settles the jobs itself; the same holds for what it delivers.
    await t.deps.mail.enqueue({
      to: email,
      subject: 'Worker mail',
      text: 'secret-worker-link',
      html: '<p>secret-worker-link</p>',
    });
    await t.deps.mail.startWorker();
    await waitUntil('the worker completed the job', async () => {
      const result = (await t.deps.db.execute(
        sql`select 1 from pgboss.job where name = ${MAIL_QUEUE} and state = 'completed'
          and data->>'subject' = 'Worker mail'`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length === 1;
    });
    await t.deps.mail.stopWorker();
    expect((await mailTo(t, email)).some((m) => m.subject === 'Worker mail')).toBe(true);
    const settled = await mailJobRows(t);
    expect(settled).toContain('Worker mail');
    expect(settled).not.toContain('secret-worker-link');
  });
});
