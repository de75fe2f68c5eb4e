import {
  DevSmsMessageListSchema,
  NotificationsSchema,
  PhoneVerificationSentSchema,
} from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SettableClock, settableClock } from '../clock.ts';
import { smsConsents, smsMessages } from '../db/schema.ts';
import { sendDueReminders } from '../reminders/reminders.ts';
import { insertBooking, insertSession } from '../testing/admin-fixtures.ts';
import { api, mailTo, signedInUser, type TestUser } from '../testing/auth-helpers.ts';
import { bookableStarts, bookPaid, fillSeats } from '../testing/checkout-test-kit.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LOCAL_SMS_AUTH_TOKEN, LocalSmsTwin } from './local-sms-twin.ts';
import { SMS_INBOUND_PATH, type SmsProvider } from './sms-provider.ts';
import { queueFamilyText, sendDueTexts } from './texting.ts';
import { TwilioSms } from './twilio-sms.ts';

/*
 * Texts end to end on the local twin (docs/decisions/103): verification, choices, the four
 * kinds through the outbox, quiet hours on the app clock, STOP/START/HELP through the signed
 * webhook, receipts with e-mail fallback, and the daily limits.
 */

const NOW = '2026-11-03T09:00:00Z';
let numbers = 100;
/** A fresh number in Ofcom's drama range (never ending 999 unless asked). */
const freshNumber = () => `+447700900${String(numbers++).padStart(3, '0')}`;

describe.each(TEST_DB_KINDS)('text messages on %s', (dbKind) => {
  let t: TestApp;
  let clock: SettableClock;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW, env: { SMS_DAILY_LIMIT: '40' } });
    clock = settableClock(fixedClock(NOW));
    t.deps.clock = clock;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const texts = async (to: string) =>
    (
      await contractBody(
        await t.app.request(`/dev/sms/messages?to=${encodeURIComponent(to)}`),
        DevSmsMessageListSchema,
      )
    ).messages.filter((m) => m.direction === 'outbound');

  async function setPhone(parent: TestUser, phone: string) {
    const res = await api(t, '/api/me', {
      method: 'PATCH',
      body: { name: 'Pat Parent', phone },
      cookie: parent.cookie,
      ip: parent.ip,
    });
    expect(res.status).toBe(200);
  }
  const askCode = (parent: TestUser) =>
    api(t, '/api/me/phone/verification', { method: 'POST', cookie: parent.cookie, ip: parent.ip });
  const confirm = (parent: TestUser, code: string) =>
    api(t, '/api/me/phone/verification/confirm', {
      body: { code },
      cookie: parent.cookie,
      ip: parent.ip,
    });
  const codeIn = (body: string | undefined) => /code is (\d{6})/.exec(body ?? '')?.[1] ?? '';
  const putPrefs = (parent: TestUser, body: unknown) =>
    api(t, '/api/me/notifications', { method: 'PUT', body, cookie: parent.cookie, ip: parent.ip });

  /** A signed-in parent whose number is verified and who chose `kinds` by text. */
  async function textingParent(kinds: Record<string, boolean>, phone = freshNumber()) {
    const parent = await signedInUser(t, { name: 'Pat Parent' });
    await setPhone(parent, phone);
    expect((await askCode(parent)).status).toBe(202);
    const [code] = await texts(phone);
    expect((await confirm(parent, codeIn(code?.body))).status).toBe(200);
    expect((await putPrefs(parent, { sms: kinds })).status).toBe(200);
    return { ...parent, phone };
  }

  /** Moves the app clock, then runs the text sweep (and the twin's receipts) as the scheduler would. */
  async function advance(ms: number) {
    clock.set(new Date(clock.now().getTime() + ms));
    await sendDueTexts(t.deps);
    await t.deps.smsTwin?.advanceReceipts();
  }
  const rowsOf = (userId: string) =>
    t.deps.db.select().from(smsMessages).where(eq(smsMessages.userId, userId));

  describe('verifying a number', () => {
    it('texts a 6-digit code, keeps only its hash, and verifies the number with it', async () => {
      clock.set(new Date(NOW));
      const parent = await signedInUser(t);
      const phone = freshNumber();
      // No phone yet: 400 naming phone.
      const none = await askCode(parent);
      expect(none.status).toBe(400);
      expect(JSON.stringify(await none.json())).toContain('"field":"phone"');
      await setPhone(parent, phone);
      const sent = await contractBody(await askCode(parent), PhoneVerificationSentSchema);
      expect(sent).toMatchObject({ number: phone, expiresAt: '2026-11-03T09:10:00.000Z' });
      const [text] = await texts(phone);
      const code = codeIn(text?.body);
      expect(code).toMatch(/^\d{6}$/);
      const stored = await t.deps.db.select().from(smsMessages).where(eq(smsMessages.to, phone));
      expect(JSON.stringify(stored)).toContain(code); // the text itself, in the outbox
      const wrong = await confirm(parent, code === '000000' ? '111111' : '000000');
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(await wrong.json())).toContain('"field":"code"');
      expect((await confirm(parent, code)).status).toBe(200);
      const prefs = await contractBody(
        await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip }),
        NotificationsSchema,
      );
      expect(prefs.phone).toMatchObject({ number: phone, verified: true, stoppedByReply: false });
      // Changing the number un-verifies it.
      await setPhone(parent, freshNumber());
      const after = await contractBody(
        await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip }),
        NotificationsSchema,
      );
      expect(after.phone.verified).toBe(false);
    });

    it('refuses an expired code and a sixth try, and a fourth code in an hour per account and per number', async () => {
      clock.set(new Date(NOW));
      const parent = await signedInUser(t);
      const phone = freshNumber();
      await setPhone(parent, phone);
      expect((await askCode(parent)).status).toBe(202);
      clock.set(new Date(Date.parse(NOW) + 11 * 60_000));
      const code = codeIn((await texts(phone))[0]?.body);
      const expired = await confirm(parent, code);
      expect(expired.status).toBe(400);
      expect(JSON.stringify(await expired.json())).toMatch(/expired/);

      expect((await askCode(parent)).status).toBe(202);
      const fresh = codeIn((await texts(phone))[0]?.body);
      const wrongCode = fresh === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) expect((await confirm(parent, wrongCode)).status).toBe(400);
      const sixth = await confirm(parent, fresh);
      expect(sixth.status).toBe(400);
      expect(JSON.stringify(await sixth.json())).toMatch(/Too many wrong tries/);

      expect((await askCode(parent)).status).toBe(202);
      const fourth = await askCode(parent);
      expect(fourth.status).toBe(429);
      // Another account asking for the same number is held to the same three.
      const other = await signedInUser(t);
      await setPhone(other, phone);
      expect((await askCode(other)).status).toBe(429);
      // An hour later it may ask again.
      clock.set(new Date(Date.parse(NOW) + 75 * 60_000));
      expect((await askCode(other)).status).toBe(202);
    });
  });

  describe('choices', () => {
    it('starts all off with quiet hours 21:00–08:00, refuses a kind without a verified number, and records the wording shown', async () => {
      clock.set(new Date(NOW));
      const parent = await signedInUser(t);
      const res = await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip });
      const prefs = await contractBody(res, NotificationsSchema);
      expect(prefs.sms).toEqual({
        reminders: false,
        changes: false,
        waitingListOffers: false,
        lessonReports: false,
      });
      expect(prefs.quietHours).toEqual({ from: '21:00', to: '08:00' });
      const refused = await putPrefs(parent, { sms: { reminders: true } });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { code: string }).code).toBe('phone-not-verified');
      expect((await putPrefs(parent, { quietHours: { from: '25:00', to: '08:00' } })).status).toBe(
        400,
      );

      const texting = await textingParent({ reminders: true, lessonReports: true });
      const consents = await t.deps.db
        .select()
        .from(smsConsents)
        .where(eq(smsConsents.userId, texting.id));
      expect(consents.map((c) => [c.kind, c.granted]).sort()).toEqual([
        ['lessonReports', true],
        ['reminders', true],
      ]);
      expect(consents.find((c) => c.kind === 'reminders')?.wording).toBe(
        prefs.explanations.reminders,
      );
    });
  });

  describe('the texts themselves', () => {
    it('texts a due reminder once, with the join link, and receipts move it to delivered', async () => {
      clock.set(new Date(NOW));
      const parent = await textingParent({ reminders: true });
      const session = await insertSession(t.deps.db, {
        service: 'gcse-higher',
        date: '2026-11-03',
        time: '10:00',
      });
      const bookingId = await insertBooking(t.deps.db, {
        userId: parent.id,
        sessionId: session.id,
      });
      await sendDueReminders(t.deps);
      await sendDueReminders(t.deps);
      await sendDueTexts(t.deps);
      await sendDueTexts(t.deps);
      const sent = (await texts(parent.phone)).filter((m) => m.body.includes('/join/'));
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toContain(bookingId);
      expect(sent[0]?.status).toBe('queued');
      await advance(10_000);
      expect((await texts(parent.phone)).find((m) => m.body.includes('/join/'))?.status).toBe(
        'sent',
      );
      await advance(60_000);
      const [row] = (await rowsOf(parent.id)).filter((r) => r.kind === 'reminders');
      expect(row?.status).toBe('delivered');
    });

    it('holds a text due in quiet hours until they end, and drops one useless by then', async () => {
      // 22:00 London (GMT in November).
      const night = new Date('2026-11-03T22:00:00Z');
      clock.set(night);
      const parent = await textingParent({ reminders: true });
      const early = await insertSession(t.deps.db, {
        service: 'gcse-higher',
        date: '2026-11-03',
        time: '23:00',
      });
      const morning = await insertSession(t.deps.db, {
        service: 'gcse',
        date: '2026-11-04',
        time: '20:00',
      });
      await insertBooking(t.deps.db, { userId: parent.id, sessionId: early.id });
      await insertBooking(t.deps.db, { userId: parent.id, sessionId: morning.id });
      await sendDueReminders(t.deps);
      await sendDueTexts(t.deps);
      const rows = (await rowsOf(parent.id)).filter((r) => r.kind === 'reminders');
      expect(rows.map((r) => r.status).sort()).toEqual(['dropped', 'held']);
      expect(rows.find((r) => r.status === 'held')?.notBefore.toISOString()).toBe(
        '2026-11-04T08:00:00.000Z',
      );
      expect((await texts(parent.phone)).filter((m) => m.body.includes('/join/'))).toHaveLength(0);
      clock.set(new Date('2026-11-04T08:00:00Z'));
      await sendDueTexts(t.deps);
      expect((await texts(parent.phone)).filter((m) => m.body.includes('/join/'))).toHaveLength(1);
    });

    it('texts a waiting-list offer with its booking link', async () => {
      clock.set(new Date(NOW));
      const [start] = await bookableStarts(t, 'gcse-higher', 1, { skip: 3 });
      const holder = await signedInUser(t);
      await fillSeats(t, 'gcse-higher', start!, 9);
      await bookPaid(t, holder, [start!], 'gcse-higher');
      const waiter = await textingParent({ waitingListOffers: true });
      const joined = await api(t, '/api/waitlist', {
        body: { service: 'gcse-higher', startsAt: start },
        cookie: waiter.cookie,
        ip: waiter.ip,
      });
      expect(joined.status).toBe(201);
      const [booking] = await t.deps.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.userId, holder.id));
      expect(booking).toBeUndefined();
      const held = await api(t, '/api/me/bookings', { cookie: holder.cookie, ip: holder.ip });
      const list = (await held.json()) as { items?: { id: string }[] } | { id: string }[];
      const items = Array.isArray(list) ? list : (list.items ?? []);
      expect(
        (
          await api(t, `/api/me/bookings/${items[0]?.id}/cancel`, {
            method: 'POST',
            cookie: holder.cookie,
            ip: holder.ip,
          })
        ).status,
      ).toBe(200);
      await sendDueTexts(t.deps);
      const [offer] = await texts(waiter.phone).then((all) =>
        all.filter((m) => m.body.includes('/booking?offer=')),
      );
      expect(offer?.body).toContain('a seat is free');
    });
  });

  describe('replies', () => {
    const reply = (from: string, body: string) =>
      t.app.request('/dev/sms/inbound', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, body }),
      });

    it('STOP turns every kind off at once and is acknowledged once; START turns back what was on; HELP answers', async () => {
      clock.set(new Date(NOW));
      const parent = await textingParent({ reminders: true, changes: true });
      expect((await reply(parent.phone, 'Stop')).status).toBe(202);
      expect((await reply(parent.phone, 'STOP')).status).toBe(202);
      await sendDueTexts(t.deps);
      const acks = (await texts(parent.phone)).filter((m) => m.body.includes('no more texts'));
      expect(acks).toHaveLength(1);
      const stopped = await contractBody(
        await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip }),
        NotificationsSchema,
      );
      expect(stopped.sms).toMatchObject({ reminders: false, changes: false });
      expect(stopped.phone.stoppedByReply).toBe(true);

      expect((await reply(parent.phone, 'start')).status).toBe(202);
      const started = await contractBody(
        await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip }),
        NotificationsSchema,
      );
      expect(started.sms).toEqual({
        reminders: true,
        changes: true,
        waitingListOffers: false,
        lessonReports: false,
      });
      expect(started.phone.stoppedByReply).toBe(false);

      expect((await reply(parent.phone, 'HELP')).status).toBe(202);
      const help = (await texts(parent.phone)).filter((m) => m.body.includes('Help:'));
      expect(help).toHaveLength(1);
      expect(help[0]?.body).toMatch(/Help: .+@.+ Reply STOP/);
    });

    it('refuses an unsigned or wrongly signed inbound webhook (403) and changes nothing', async () => {
      const parent = await textingParent({ reminders: true });
      const params = { From: parent.phone, Body: 'STOP', MessageSid: 'SMforged' };
      const post = (signature?: string) =>
        t.app.request(SMS_INBOUND_PATH, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(signature ? { 'x-twilio-signature': signature } : {}),
          },
          body: new URLSearchParams(params).toString(),
        });
      expect((await post()).status).toBe(403);
      const forged = twilio.getExpectedTwilioSignature(
        'not-the-token',
        `${t.deps.config.publicUrl}${SMS_INBOUND_PATH}`,
        params,
      );
      expect((await post(forged)).status).toBe(403);
      const prefs = await contractBody(
        await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip }),
        NotificationsSchema,
      );
      expect(prefs.sms.reminders).toBe(true);
    });
  });

  describe('receipts and fallback', () => {
    it('e-mails a failed reminder whose e-mail did not go, and after three failures marks the number unreachable and tells the family', async () => {
      clock.set(new Date(NOW));
      const parent = await textingParent({ reminders: true }, '+447700900999');
      for (let i = 0; i < 3; i++) {
        await t.deps.db.transaction((tx) =>
          queueFamilyText(t.deps, tx, {
            userId: parent.id,
            kind: 'reminders',
            key: `test-reminder:${i}`,
            values: { child: 'Maya', session: 'GCSE', time: 'soon', link: 'x' },
            uselessAfter: null,
            fallbackMail: {
              to: parent.email,
              subject: `Reminder by e-mail ${i}`,
              text: 'Your lesson',
              html: '<p>Your lesson</p>',
            },
          }),
        );
      }
      await sendDueTexts(t.deps);
      await advance(60_000);
      const rows = (await rowsOf(parent.id)).filter((r) => r.kind === 'reminders');
      expect(rows.map((r) => [r.status, r.errorCode])).toEqual([
        ['undelivered', '30005'],
        ['undelivered', '30005'],
        ['undelivered', '30005'],
      ]);
      const mail = await mailTo(t, parent.email);
      expect(mail.filter((m) => m.subject.startsWith('Reminder by e-mail'))).toHaveLength(3);
      expect(mail.filter((m) => m.subject === 'We cannot reach your phone by text')).toHaveLength(
        1,
      );
      const prefs = await contractBody(
        await api(t, '/api/me/notifications', { cookie: parent.cookie, ip: parent.ip }),
        NotificationsSchema,
      );
      expect(prefs.phone.unreachable).toBe(true);
      // The admin's user page lists them with their status.
      const admin = await signedInUser(t, { role: 'admin' });
      const detail = await api(t, `/api/admin/users/${parent.id}`, {
        cookie: admin.cookie,
        ip: admin.ip,
      });
      const body = (await detail.json()) as {
        texts?: { kind: string; status: string; errorCode: string }[];
      };
      // The three reminders; the code that verified the number did not arrive either.
      expect(
        body.texts?.filter((x) => x.kind === 'reminders' && x.status === 'undelivered'),
      ).toHaveLength(3);
      expect(body.texts?.find((x) => x.kind === 'verification')?.status).toBe('undelivered');
    });
  });

  describe('deletion', () => {
    it("erases an account's texts, verified number and consents when it is deleted", async () => {
      clock.set(new Date(NOW));
      const parent = await textingParent({ reminders: true });
      expect((await rowsOf(parent.id)).length).toBeGreaterThan(0);
      const res = await api(t, '/api/me', {
        method: 'DELETE',
        body: { password: parent.password },
        cookie: parent.cookie,
        ip: parent.ip,
      });
      expect(res.status).toBe(204);
      expect(await rowsOf(parent.id)).toEqual([]);
      const consents = await t.deps.db
        .select()
        .from(smsConsents)
        .where(eq(smsConsents.userId, parent.id));
      expect(consents).toEqual([]);
    });
  });

  describe('limits', () => {
    it('sends at most 10 texts an account a day, then e-mail only, and alerts the admins once', async () => {
      clock.set(new Date('2026-11-05T10:00:00Z'));
      const admin = await signedInUser(t, { role: 'admin' });
      const parent = await textingParent({ lessonReports: true });
      // The verification code was the first of the day's ten.
      for (let i = 0; i < 11; i++) {
        await t.deps.db.transaction((tx) =>
          queueFamilyText(t.deps, tx, {
            userId: parent.id,
            kind: 'lessonReports',
            key: `test-report:${i}`,
            values: { child: 'Maya', session: 'GCSE', time: 'today', link: 'x' },
            uselessAfter: null,
          }),
        );
      }
      await sendDueTexts(t.deps);
      const rows = (await rowsOf(parent.id)).filter((r) => r.kind === 'lessonReports');
      expect(rows.filter((r) => r.status === 'queued')).toHaveLength(9);
      expect(rows.filter((r) => r.status === 'limited')).toHaveLength(2);
      const alerts = (await mailTo(t, admin.email)).filter(
        (m) => m.subject === 'Text limit reached today',
      );
      expect(alerts).toHaveLength(1);
    });
  });
});

describe('the providers behind one interface', () => {
  const ACCOUNT = `AC${'a'.repeat(32)}`;
  const TOKEN = 'test-auth-token';

  it('builds the Twilio request with the SDK: messaging service, body, status callback, no network', async () => {
    const requests: { method: string; uri: string; data: Record<string, string> }[] = [];
    const httpClient = {
      async request(opts: { method: string; uri: string; data: Record<string, string> }) {
        requests.push(opts);
        return {
          statusCode: 201,
          body: JSON.stringify({ sid: `SM${'1'.repeat(32)}`, status: 'accepted' }),
          headers: {},
        };
      },
    };
    const provider: SmsProvider = new TwilioSms(
      { accountSid: ACCOUNT, authToken: TOKEN, messagingServiceSid: `MG${'b'.repeat(32)}` },
      { httpClient: httpClient as never },
    );
    const accepted = await provider.send({
      to: '+447700900123',
      body: 'Hello',
      statusCallback: 'https://tuition.example.co.uk/api/sms/webhooks/status',
    });
    expect(accepted).toEqual({ providerId: `SM${'1'.repeat(32)}`, status: 'accepted' });
    expect(requests[0]?.method.toLowerCase()).toBe('post');
    expect(requests[0]?.uri).toBe(
      `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Messages.json`,
    );
    expect(requests[0]?.data).toMatchObject({
      To: '+447700900123',
      Body: 'Hello',
      MessagingServiceSid: `MG${'b'.repeat(32)}`,
      StatusCallback: 'https://tuition.example.co.uk/api/sms/webhooks/status',
    });
  });

  it('checks webhook signatures the same way in both providers', () => {
    const url = 'https://tuition.example.co.uk/api/sms/webhooks/inbound';
    const params = { From: '+447700900123', Body: 'STOP', MessageSid: 'SM1' };
    const twin = new LocalSmsTwin(
      {
        db: undefined as never,
        clock: fixedClock(NOW),
        publicUrl: 'https://tuition.example.co.uk',
      },
      TOKEN,
    );
    const real = new TwilioSms({ accountSid: ACCOUNT, authToken: TOKEN, from: '+447700900000' });
    const signed = twin.sign('/api/sms/webhooks/inbound', params);
    expect(signed.url).toBe(url);
    for (const provider of [twin, real] as SmsProvider[]) {
      expect(provider.validateWebhook(url, params, signed.signature)).toBe(true);
      expect(provider.validateWebhook(url, { ...params, Body: 'START' }, signed.signature)).toBe(
        false,
      );
      expect(provider.validateWebhook(url, params, '')).toBe(false);
    }
    const devSigned = new LocalSmsTwin({
      db: undefined as never,
      clock: fixedClock(NOW),
      publicUrl: 'https://tuition.example.co.uk',
    }).sign('/api/sms/webhooks/inbound', params);
    expect(twilio.validateRequest(LOCAL_SMS_AUTH_TOKEN, devSigned.signature, url, params)).toBe(
      true,
    );
  });
});
