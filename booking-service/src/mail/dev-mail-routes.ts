import { isId } from '@tuition/api-contract';
import { html } from 'hono/html';
import type { Database } from '../db/client.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { findMailboxMessage, listMailbox } from './local-mailbox.ts';

/**
 * The local mailbox, for people (/dev/mail) and for tests and e2e journeys
 * (/dev/mail/messages?to=). Mounted only while the local mailer is in use, never in production.
 */
export function createDevMailRoutes(deps: { db: Database }) {
  const router = createRouter();

  router.get('/dev/mail/messages', async (c) => {
    return c.json(await listMailbox(deps.db, c.req.query('to') || undefined));
  });

  router.get('/dev/mail', async (c) => {
    const to = c.req.query('to') || undefined;
    const messages = await listMailbox(deps.db, to);
    return c.html(html`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Local mailbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem">
<h1>Local mailbox</h1>
<p>Messages the booking service would have sent, newest first. Nothing here left this machine.</p>
<form method="get"><label>Recipient <input name="to" value="${to ?? ''}" type="email"></label> <button>Filter</button></form>
${
  messages.length === 0
    ? html`<p>No messages yet.</p>`
    : html`<table style="width:100%;border-collapse:collapse;margin-top:1rem">
<thead><tr><th align="left">When</th><th align="left">To</th><th align="left">Subject</th><th align="left">Attachments</th></tr></thead>
<tbody>${messages.map(
        (m) =>
          html`<tr style="border-top:1px solid #ddd"><td>${m.createdAt}</td><td>${m.to}</td><td><a href="/dev/mail/${m.id}">${m.subject}</a></td><td>${m.attachments.map((a, i) => html`<a href="/dev/mail/${m.id}/attachments/${i}" download="${a.filename}">${a.filename}</a> `)}</td></tr>`,
      )}</tbody></table>`
}
</body></html>`);
  });

  // One attachment of a message as a download (e.g. the .ics a customer would open).
  router.get('/dev/mail/:id/attachments/:index', async (c) => {
    const id = c.req.param('id');
    const message = isId(id) ? await findMailboxMessage(deps.db, id) : undefined;
    const attachment = message?.attachments[Number(c.req.param('index'))];
    if (!attachment) throw new NotFoundError('No such attachment in the local mailbox.');
    const filename = attachment.filename.replace(/[^A-Za-z0-9._-]+/g, '-');
    return c.body(Buffer.from(attachment.content, 'base64'), 200, {
      'Content-Type': attachment.contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  });

  router.get('/dev/mail/:id', async (c) => {
    const id = c.req.param('id');
    const message = isId(id) ? await findMailboxMessage(deps.db, id) : undefined;
    if (!message) throw new NotFoundError('No message with that id in the local mailbox.');
    // The stored HTML is our own template output (visitor input inside it is escaped), so it is
    // shown as the recipient's mail client would show it, links included.
    if (message.html) return c.html(message.html);
    return c.text(message.text);
  });

  return router;
}
