import type { Resend } from 'resend';
import { describe, expect, it } from 'vitest';
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
      error: { name: 'rate_limit_exceeded', message: 'Too many requests', statusCode: 429 },
    });
    const mailer = new ResendMailer({ apiKey: 'x', from: 'hi@example.com', client });
    await expect(mailer.deliver(mail, { idempotencyKey: 'k' })).rejects.toThrow(
      /Too many requests/,
    );
  });
});
