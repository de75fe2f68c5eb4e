import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResendMailer } from './resend-mailer.ts';

function fakeResend(answer: { data: unknown; error: unknown }) {
  const calls: Array<{ payload: Record<string, unknown>; options: Record<string, unknown> }> = [];
  const client = {
    emails: {
      async send(payload: Record<string, unknown>, options: Record<string, unknown>) {
        calls.push({ payload, options });
        return { ...answer, headers: null };
      },
    },
  } as unknown as Resend;
  return { client, calls };
}

const mail = {
  to: 'parent@example.com',
  subject: 'Booking confirmed',
  text: 'text',
  html: '<p>html</p>',
  replyTo: 'reply@example.com',
  attachments: [{ filename: 'session.ics', contentType: 'text/calendar', content: 'QkVHSU4=' }],
};

describe('ResendMailer', () => {
  it('sends from MAIL_FROM with the idempotency key, reply-to and attachments', async () => {
    const { client, calls } = fakeResend({ data: { id: 'email_1' }, error: null });
    const mailer = new ResendMailer({ apiKey: 'x', from: 'Maths <hi@example.com>', client });
    await mailer.deliver(mail, { idempotencyKey: 'mail-42' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.payload).toMatchObject({
      from: 'Maths <hi@example.com>',
      to: 'parent@example.com',
      subject: 'Booking confirmed',
      replyTo: 'reply@example.com',
      attachments: [{ filename: 'session.ics', contentType: 'text/calendar', content: 'QkVHSU4=' }],
    });
    expect(calls[0]!.options).toEqual({ idempotencyKey: 'mail-42' });
  });

  it('throws when Resend refuses, so the outbox retries the message', async () => {
    const { client } = fakeResend({
      data: null,
      error: { name: 'validation_error', message: 'Invalid `to` field', statusCode: 422 },
    });
    const mailer = new ResendMailer({ apiKey: 'x', from: 'hi@example.com', client });
    await expect(mailer.deliver(mail, { idempotencyKey: 'k' })).rejects.toThrow(
      /Invalid `to` field/,
    );
  });

  it('after a 429 every call of this process holds back, not only the one refused', async () => {
    const answers = [
      {
        data: null,
        error: { name: 'rate_limit_exceeded', message: 'Too many', statusCode: 429 },
        headers: { 'retry-after': '1' },
      },
    ];
    const sent: string[] = [];
    const client = {
      emails: {
        async send(_payload: unknown, options: { idempotencyKey: string }) {
          sent.push(options.idempotencyKey);
          return answers.shift() ?? { data: { id: 'email_1' }, error: null, headers: null };
        },
      },
    } as unknown as Resend;
    const waits: number[] = [];
    const mailer = new ResendMailer({
      apiKey: 'x',
      from: 'hi@example.com',
      client,
      now: () => 0,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await mailer.deliver(mail, { idempotencyKey: 'mail-1' });
    await mailer.deliver(mail, { idempotencyKey: 'mail-2' });
    expect(sent).toEqual(['mail-1', 'mail-1', 'mail-2']);
    // The refused message waits out Retry-After, and so does the next one of this process.
    expect(waits).toEqual([1000, 1000]);
  });
});

/** A stand-in for api.resend.com answering each POST /emails with the next scripted reply. */
function fakeResendServer(replies: Array<{ status: number; headers?: Record<string, string> }>) {
  const requests: Array<{ idempotencyKey: string | undefined }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      requests.push({ idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const reply = replies.shift() ?? { status: 200 };
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(
        JSON.stringify(
          reply.status === 200
            ? { id: `email_${requests.length}` }
            : { statusCode: reply.status, name: reply.headers?.['x-name'], message: 'Too many' },
        ),
      );
    });
  });
  return { server, requests, replies };
}

describe('ResendMailer against a server that answers 429', () => {
  const fake = fakeResendServer([]);
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const mailerWith = (waits: number[]) =>
    new ResendMailer({
      apiKey: 'x',
      from: 'hi@example.com',
      client: new Resend('re_test', { baseUrl }),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
  const limited = (retryAfter?: string) => ({
    status: 429,
    headers: {
      'x-name': 'rate_limit_exceeded',
      ...(retryAfter ? { 'retry-after': retryAfter } : {}),
    },
  });

  it('waits as long as Retry-After says and sends again with the same idempotency key', async () => {
    fake.requests.length = 0;
    fake.replies.push(limited('1'), { status: 200 });
    const waits: number[] = [];
    await mailerWith(waits).deliver(mail, { idempotencyKey: 'mail-7' });
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual(['mail-7', 'mail-7']);
    expect(waits.some((ms) => ms >= 900 && ms <= 1000)).toBe(true);
  });

  it('backs off 1 s, 2 s, 4 s without Retry-After, then leaves the message to the outbox', async () => {
    fake.requests.length = 0;
    fake.replies.push(limited(), limited(), limited(), limited());
    const waits: number[] = [];
    await expect(mailerWith(waits).deliver(mail, { idempotencyKey: 'mail-8' })).rejects.toThrow(
      /rate_limit_exceeded/,
    );
    expect(fake.requests).toHaveLength(4);
    expect(waits.filter((ms) => ms > 500).map((ms) => Math.round(ms / 1000))).toEqual([1, 2, 4]);
  });

  it('does not wait for a daily quota, which no few seconds will lift', async () => {
    fake.requests.length = 0;
    fake.replies.push({ status: 429, headers: { 'x-name': 'daily_quota_exceeded' } });
    const waits: number[] = [];
    await expect(mailerWith(waits).deliver(mail, { idempotencyKey: 'mail-9' })).rejects.toThrow(
      /daily_quota_exceeded/,
    );
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
