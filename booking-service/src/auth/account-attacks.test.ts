import { NAME_MAX_LENGTH } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import {
  api,
  cookieFrom,
  freshIp,
  mailTo,
  type MailboxEntry,
  tokenFromLink,
} from '../testing/auth-helpers.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ACCOUNT_SIGN_IN_THROTTLE } from './sign-in-throttle.ts';

/*
 * Decision 039 (the per-account pause, reset links, sign-ups of an address one does not hold,
 * the name cap at sign-up), played the way an attacker and the account's owner would: through
 * the API and the owner's inbox.
 */

const OWNER = 'owner@tuition.example.co.uk';

/** A sign-in from a fresh client each time, so only per-account rules can refuse it. */
const signIn = (t: TestApp, email: string, password: string) =>
  api(t, '/api/auth/sign-in/email', { body: { email, password }, ip: freshIp() });

const signUp = (t: TestApp, body: { name: string; email: string; password: string }) =>
  api(t, '/api/auth/sign-up/email', { body, ip: freshIp() });

const newest = (mails: MailboxEntry[], subject: string) =>
  mails.find((mail) => mail.subject.includes(subject));

async function verifiedAccount(t: TestApp, email: string, password: string): Promise<string> {
  expect((await signUp(t, { name: 'Customer', email, password })).status).toBe(200);
  const [row] = await t.deps.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  return row!.id;
}

async function requestReset(t: TestApp, email: string): Promise<string> {
  const response = await api(t, '/api/auth/request-password-reset', {
    body: { email },
    ip: freshIp(),
  });
  expect(response.status).toBe(200);
  const mail = newest(await mailTo(t, email), 'Reset');
  return tokenFromLink(mail!.text, '/reset-password-token');
}

const resetWith = (t: TestApp, token: string, newPassword: string) =>
  api(t, '/api/auth/reset-password', { body: { token, newPassword }, ip: freshIp() });

describe.each(TEST_DB_KINDS)('account attacks on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, env: { ADMIN_EMAILS: OWNER } });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('per-account sign-in pause', () => {
    it('pauses an address after 5 failures from anywhere, says so, and a reset lifts it', async () => {
      const email = 'guessed@example.com';
      const password = 'the-real-password';
      await verifiedAccount(t, email, password);

      const failures: number[] = [];
      for (let i = 0; i < ACCOUNT_SIGN_IN_THROTTLE.failures; i++) {
        failures.push((await signIn(t, email, `wrong-guess-${i}`)).status);
      }
      expect(failures).toEqual([401, 401, 401, 401, 401]);

      // Even the right password, from yet another client, waits out the pause.
      const paused = await signIn(t, email, password);
      expect(paused.status).toBe(429);
      const retryAfter = Number(paused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(ACCOUNT_SIGN_IN_THROTTLE.pauseSeconds - 60);
      expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_SIGN_IN_THROTTLE.pauseSeconds);
      expect(await paused.json()).toMatchObject({
        code: 'SIGN_IN_PAUSED',
        message:
          'Too many failed sign-in attempts for this e-mail address. Please try again in 15 minutes, or reset your password.',
      });

      // Other accounts are untouched.
      await verifiedAccount(t, 'bystander@example.com', 'bystander-password');
      expect((await signIn(t, 'bystander@example.com', 'bystander-password')).status).toBe(200);

      // The owner resets the password by mail and can sign in at once.
      const token = await requestReset(t, email);
      expect((await resetWith(t, token, 'a-fresh-password')).status).toBe(200);
      expect((await signIn(t, email, 'a-fresh-password')).status).toBe(200);
    });

    it('pauses an address with no account exactly the same way', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= ACCOUNT_SIGN_IN_THROTTLE.failures; i++) {
        statuses.push((await signIn(t, 'nobody-here@example.com', `guess-${i}`)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('a successful sign-in clears the count', async () => {
      const email = 'forgetful-typist@example.com';
      await verifiedAccount(t, email, 'typed-right-password');
      for (let i = 0; i < ACCOUNT_SIGN_IN_THROTTLE.failures - 1; i++) {
        await signIn(t, email, `typo-${i}`);
      }
      expect((await signIn(t, email, 'typed-right-password')).status).toBe(200);
      for (let i = 0; i < ACCOUNT_SIGN_IN_THROTTLE.failures - 1; i++) {
        expect((await signIn(t, email, `typo-again-${i}`)).status).toBe(401);
      }
      expect((await signIn(t, email, 'typed-right-password')).status).toBe(200);
    });
  });

  describe('reset links die together', () => {
    it('refuses the older link once the newer one has reset the password', async () => {
      const email = 'two-links@example.com';
      await verifiedAccount(t, email, 'original-password');
      const older = await requestReset(t, email);
      const newer = await requestReset(t, email);
      expect(older).not.toBe(newer);
      expect((await api(t, `/api/auth-tokens/reset/${older}`)).status).toBe(200);

      expect((await resetWith(t, newer, 'newer-link-password')).status).toBe(200);

      expect((await api(t, `/api/auth-tokens/reset/${older}`)).status).toBe(404);
      const stale = await resetWith(t, older, 'older-link-password');
      expect(stale.status).toBe(400);
      expect((await signIn(t, email, 'older-link-password')).status).toBe(401);
      expect((await signIn(t, email, 'newer-link-password')).status).toBe(200);
    });

    it('refuses every outstanding link once the password is changed', async () => {
      const email = 'changer@example.com';
      await verifiedAccount(t, email, 'changer-password-1');
      const link = await requestReset(t, email);
      const session = cookieFrom(await signIn(t, email, 'changer-password-1'));
      const change = await api(t, '/api/auth/change-password', {
        body: { currentPassword: 'changer-password-1', newPassword: 'changer-password-2' },
        cookie: session,
        ip: freshIp(),
      });
      expect(change.status).toBe(200);
      expect((await api(t, `/api/auth-tokens/reset/${link}`)).status).toBe(404);
      expect((await resetWith(t, link, 'attacker-choice-1')).status).toBe(400);
    });
  });

  describe('signing up an address you do not control', () => {
    const attackerPassword = 'attacker-password-1';
    const ownerPassword = 'owner-password-1';

    it('the pre-registration takeover of an admin address fails', async () => {
      // The attacker signs up the admin's address first, with their own password.
      expect(
        (await signUp(t, { name: 'Attacker', email: OWNER, password: attackerPassword })).status,
      ).toBe(200);
      const [attackerRow] = await t.deps.db.select().from(user).where(eq(user.email, OWNER));
      expect(attackerRow?.role).toBe('user');
      const attackerLink = tokenFromLink(
        newest(await mailTo(t, OWNER), 'Verify')!.text,
        '/verify-email',
      );

      // The owner signs up later with their own password; it does not silently do nothing.
      expect(
        (await signUp(t, { name: 'Owner', email: OWNER, password: ownerPassword })).status,
      ).toBe(200);
      const ownerLink = tokenFromLink(
        newest(await mailTo(t, OWNER), 'Verify')!.text,
        '/verify-email',
      );
      expect(ownerLink).not.toBe(attackerLink);

      // The attacker's sign-up (and its link, sitting in the owner's inbox) is gone.
      const oldLink = await api(
        t,
        `/api/auth/verify-email?token=${encodeURIComponent(attackerLink)}`,
      );
      expect(oldLink.status).not.toBe(200);
      expect((await signIn(t, OWNER, attackerPassword)).status).toBe(401);

      // The owner clicks the link from their inbox.
      const verified = await api(
        t,
        `/api/auth/verify-email?token=${encodeURIComponent(ownerLink)}`,
      );
      expect(verified.status).toBe(200);

      const attacker = await signIn(t, OWNER, attackerPassword);
      expect(attacker.status).toBe(401);
      expect(cookieFrom(attacker)).not.toContain('session_token');
      const summary = await api(t, '/api/admin/summary', { cookie: cookieFrom(attacker) });
      expect(summary.status).toBe(401);

      // Two sign-ups used the address, so no password is kept: the inbox's owner chooses it.
      const choose = newest(await mailTo(t, OWNER), 'Reset');
      expect(choose).toBeDefined();
      const token = tokenFromLink(choose!.text, '/reset-password-token');
      expect((await resetWith(t, token, 'owner-final-password')).status).toBe(200);

      const owner = await signIn(t, OWNER, 'owner-final-password');
      expect(owner.status).toBe(200);
      const ownerSummary = await api(t, '/api/admin/summary', { cookie: cookieFrom(owner) });
      expect(ownerSummary.status).toBe(200);
      const [row] = await t.deps.db.select().from(user).where(eq(user.email, OWNER));
      expect(row).toMatchObject({ role: 'admin', emailVerified: true });
      expect((await signIn(t, OWNER, attackerPassword)).status).toBe(401);
    });

    it('a later sign-up cannot hand the owner its password either', async () => {
      const email = 'late-attacker@example.com';
      await signUp(t, { name: 'Owner', email, password: ownerPassword });
      const ownersMail = await mailTo(t, email);
      await signUp(t, { name: 'Attacker', email, password: attackerPassword });
      // The newest link in the inbox is now the attacker's sign-up; the owner clicks it.
      const attackersMail = (await mailTo(t, email)).find(
        (mail) => !ownersMail.some((seen) => seen.id === mail.id),
      );
      const link = tokenFromLink(attackersMail!.text, '/verify-email');
      expect(
        (await api(t, `/api/auth/verify-email?token=${encodeURIComponent(link)}`)).status,
      ).toBe(200);
      expect((await signIn(t, email, attackerPassword)).status).toBe(401);
      expect(newest(await mailTo(t, email), 'Reset')).toBeDefined();
    });

    it("never replaces a verified account's address", async () => {
      const email = 'settled@example.com';
      const id = await verifiedAccount(t, email, 'settled-password');
      const again = await signUp(t, { name: 'Intruder', email, password: attackerPassword });
      expect(again.status).toBe(200);
      const rows = await t.deps.db.select().from(user).where(eq(user.email, email));
      expect(rows.map((r) => r.id)).toEqual([id]);
      expect((await signIn(t, email, 'settled-password')).status).toBe(200);
      expect((await signIn(t, email, attackerPassword)).status).toBe(401);
    });
  });

  describe('names at sign-up', () => {
    it(`caps the name at ${NAME_MAX_LENGTH} characters like the account form, with a clear 400`, async () => {
      const tooLong = await signUp(t, {
        name: 'x'.repeat(NAME_MAX_LENGTH + 1),
        email: 'long-name@example.com',
        password: 'long-name-password',
      });
      expect(tooLong.status).toBe(400);
      expect(await tooLong.json()).toMatchObject({
        code: 'INVALID_NAME',
        message: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
      });
      const huge = await signUp(t, {
        name: 'x'.repeat(50_000),
        email: 'huge-name@example.com',
        password: 'huge-name-password',
      });
      expect(huge.status).toBe(400);
      expect(
        await t.deps.db.select().from(user).where(eq(user.email, 'huge-name@example.com')),
      ).toEqual([]);

      const blank = await signUp(t, {
        name: '   ',
        email: 'blank@example.com',
        password: 'blank-password',
      });
      expect(blank.status).toBe(400);

      const longest = await signUp(t, {
        name: ` ${'y'.repeat(NAME_MAX_LENGTH)} `,
        email: 'longest-name@example.com',
        password: 'longest-name-password',
      });
      expect(longest.status).toBe(200);
      const [row] = await t.deps.db
        .select({ name: user.name })
        .from(user)
        .where(eq(user.email, 'longest-name@example.com'));
      expect(row?.name).toBe('y'.repeat(NAME_MAX_LENGTH));
    });
  });
});
