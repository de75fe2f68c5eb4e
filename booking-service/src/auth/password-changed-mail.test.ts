import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import {
  api,
  cookieFrom,
  freshIp,
  type MailboxEntry,
  mailTo,
  tokenFromLink,
} from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** 17:05 UTC on a July day is 6:05 PM in London (BST), so the mail must not print UTC. */
const NOW = '2026-07-14T17:05:00.000Z';
const WHEN = 'Tuesday 14 July 2026 at 6:05 PM (London time)';

const changedMails = (mails: MailboxEntry[]) =>
  mails.filter((m) => m.subject.includes('password was changed'));

describe.each(TEST_DB_KINDS)('"Your password was changed" mail on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, env: { TEST_CLOCK: NOW } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedInCustomer(email: string, password: string): Promise<string> {
    const ip = freshIp();
    await api(t, '/api/auth/sign-up/email', {
      body: { name: 'Mary Somerville', email, password },
      ip,
    });
    await t.deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signIn = await api(t, '/api/auth/sign-in/email', { body: { email, password }, ip });
    expect(signIn.status).toBe(200);
    return cookieFrom(signIn);
  }

  it('is sent after a change on the account page, and not after a refused one', async () => {
    const email = 'mary.change@example.com';
    const cookie = await signedInCustomer(email, 'mary-password-1');

    const wrong = await api(t, '/api/auth/change-password', {
      body: { currentPassword: 'not-my-password', newPassword: 'mary-password-2' },
      cookie,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(400);
    expect(changedMails(await mailTo(t, email))).toHaveLength(0);

    const right = await api(t, '/api/auth/change-password', {
      body: { currentPassword: 'mary-password-1', newPassword: 'mary-password-2' },
      cookie,
      ip: freshIp(),
    });
    expect(right.status).toBe(200);
    const [mail, ...more] = changedMails(await mailTo(t, email));
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Hello Mary Somerville,');
    expect(mail?.text).toContain(`changed from your account page on ${WHEN}`);
    expect(mail?.text).toContain('If you did not change it, reset your password now');
    expect(mail?.text).toContain(`${t.deps.config.publicUrl}/reset-password`);
    for (const body of [mail!.text, mail!.html ?? '']) {
      expect(body).not.toContain('mary-password');
      expect(body).not.toContain('token=');
    }
  });

  it('is sent after a reset by the mailed link, without the token or the password', async () => {
    const email = 'mary.reset@example.com';
    await signedInCustomer(email, 'mary-password-1');
    const ip = freshIp();
    expect((await api(t, '/api/auth/request-password-reset', { body: { email }, ip })).status).toBe(
      200,
    );
    const resetMail = (await mailTo(t, email)).find((m) => m.subject.includes('Reset'));
    const token = tokenFromLink(resetMail!.text, '/reset-password-token');
    expect(changedMails(await mailTo(t, email))).toHaveLength(0);

    const reset = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'mary-password-3' },
      ip,
    });
    expect(reset.status).toBe(200);
    const [mail, ...more] = changedMails(await mailTo(t, email));
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(`changed with a password reset link on ${WHEN}`);
    expect(mail?.text).toContain('signed out everywhere');
    for (const body of [mail!.text, mail!.html ?? '']) {
      expect(body).not.toContain(token);
      expect(body).not.toContain('mary-password');
    }
  });

  it('is not sent when a reset is refused (a used link)', async () => {
    const email = 'mary.reuse@example.com';
    await signedInCustomer(email, 'mary-password-1');
    const ip = freshIp();
    await api(t, '/api/auth/request-password-reset', { body: { email }, ip });
    const resetMail = (await mailTo(t, email)).find((m) => m.subject.includes('Reset'));
    const token = tokenFromLink(resetMail!.text, '/reset-password-token');
    const first = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'mary-password-4' },
      ip,
    });
    expect(first.status).toBe(200);
    const again = await api(t, '/api/auth/reset-password', {
      body: { token, newPassword: 'mary-password-5' },
      ip,
    });
    expect(again.status).toBe(400);
    expect(changedMails(await mailTo(t, email))).toHaveLength(1);
  });
});
