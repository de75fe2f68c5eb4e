import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { deliverPendingMail } from './mail-setup.ts';

/** The service's clock in these tests: 09:30 UTC on a November day is 09:30 in London. */
const NOW = '2026-11-03T09:30:00.000Z';

describe.each(TEST_DB_KINDS)('the local mailbox pages on %s', (dbKind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dbKind, now: NOW });
    await t.deps.mail.enqueue({
      to: 'Sam@Example.com',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
    });
    await deliverPendingMail(t.deps);
    await t.deps.mail.enqueue({
      to: 'sam@example.com',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
    });
    await t.deps.mail.enqueue({
      to: 'other@example.com',
      subject: 'Other',
      text: '3',
      html: '<p>3</p>',
    });
    await deliverPendingMail(t.deps);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists one address as JSON, newest first, whatever the letter case', async () => {
    const response = await t.app.request('/dev/mail/messages?to=SAM@example.com');
    expect(response.status).toBe(200);
    const messages = (await response.json()) as Array<Record<string, unknown>>;
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(Object.keys(messages[0]!).sort()).toEqual(
      ['attachments', 'createdAt', 'html', 'id', 'subject', 'text', 'to'].sort(),
    );
  });

  it('lists every message without a filter', async () => {
    const response = await t.app.request('/dev/mail/messages');
    expect(((await response.json()) as unknown[]).length).toBe(3);
  });

  it('shows an HTML list and each message rendered', async () => {
    const list = await t.app.request('/dev/mail');
    expect(list.headers.get('content-type')).toContain('text/html');
    const page = await list.text();
    expect(page).toContain('Local mailbox');
    const id = /href="\/dev\/mail\/([0-9a-f-]{36})">Other</.exec(page)?.[1];
    expect(id).toBeDefined();
    const one = await t.app.request(`/dev/mail/${id}`);
    expect(await one.text()).toBe('<p>3</p>');
    expect((await t.app.request('/dev/mail/not-an-id')).status).toBe(404);
  });

  it("shows the service's clock, the time the booking rules read, in London time and UTC", async () => {
    const page = await (await t.app.request('/dev/mail')).text();
    expect(page).toContain(
      `Service clock: <time datetime="${NOW}">2026-11-03 09:30</time> London time (${NOW})`,
    );
  });

  it('fits a phone: a viewport meta, and long addresses and subjects wrap', async () => {
    const long = `${'a-very-long-local-part'.repeat(4)}@an-unusually-long-domain.example.com`;
    await t.deps.mail.enqueue({
      to: long,
      subject: 'A subject far longer than a phone is wide, '.repeat(3),
      text: 'x',
      html: '<p>x</p>',
    });
    await deliverPendingMail(t.deps);
    const page = await (await t.app.request('/dev/mail')).text();
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toMatch(/th,td\{[^}]*overflow-wrap:anywhere/);
    expect(page).toContain(`<td data-label="To">${long}</td>`);
  });

  it('lists each attachment in the JSON and offers it for download', async () => {
    const content = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n').toString('base64');
    await t.deps.mail.enqueue({
      to: 'ics@example.com',
      subject: 'With a file',
      text: 'see attached',
      html: '<p>see attached</p>',
      attachments: [
        { filename: 'session.ics', contentType: 'text/calendar; charset=utf-8', content },
      ],
    });
    await deliverPendingMail(t.deps);
    const [message] = (await (
      await t.app.request('/dev/mail/messages?to=ics@example.com')
    ).json()) as Array<{ id: string; attachments: unknown[] }>;
    expect(message?.attachments).toEqual([
      { filename: 'session.ics', contentType: 'text/calendar; charset=utf-8', content },
    ]);
    expect(await (await t.app.request('/dev/mail')).text()).toContain(
      `/dev/mail/${message!.id}/attachments/0`,
    );
    const download = await t.app.request(`/dev/mail/${message!.id}/attachments/0`);
    expect(download.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="session.ics"');
    expect(await download.text()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect((await t.app.request(`/dev/mail/${message!.id}/attachments/1`)).status).toBe(404);
  });
});

describe('the local mailbox with Resend configured', () => {
  let withResend: TestApp;
  beforeAll(async () => {
    withResend = await createTestApp({ env: { RESEND_API_KEY: 're_test_key' } });
  });
  afterAll(async () => {
    await withResend?.close();
  });

  it('is not mounted when real e-mail (Resend) is configured', async () => {
    expect(withResend.deps.mail.mailer.kind).toBe('resend');
    const response = await withResend.app.request('/dev/mail/messages');
    expect(response.status).toBe(404);
  });
});
