import { isId } from '@tuition/api-contract';
import { toLondonWallClock } from '@tuition/domain';
import { html, raw } from 'hono/html';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { findMailboxMessage, listMailbox, type MailboxMessage } from './local-mailbox.ts';

/*
 * The page fits a 375 px phone: long addresses and subjects wrap anywhere, and on a narrow
 * screen each message is a block of labelled lines instead of a four-column table.
 */
const MAILBOX_CSS = `
body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}
table{width:100%;border-collapse:collapse;margin-top:1rem}
th,td{text-align:left;vertical-align:top;padding:.25rem .5rem .25rem 0;overflow-wrap:anywhere}
tbody tr{border-top:1px solid #ddd}
form{display:flex;flex-wrap:wrap;gap:.5rem}
input{max-width:100%}
@media (min-width:601px){td:first-child{white-space:nowrap}}
@media (max-width:600px){
  table,tbody,tr,td{display:block}
  thead{display:none}
  tbody tr{padding:.5rem 0}
  td{padding:.1rem 0}
  td::before{content:attr(data-label) ": ";font-weight:600}
  td:empty{display:none}
}`;

/**
 * The list page. "Now" is the service's clock, the one every booking rule reads (moved by
 * TEST_CLOCK or POST /dev/clock, docs/decisions/056), in London time as the product shows
 * times (docs/product-rules.md) and as the UTC instant the messages' times are written in.
 */
function mailboxPage(to: string | undefined, messages: MailboxMessage[], now: Date) {
  const london = toLondonWallClock(now);
  return html`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local mailbox</title>
<style>${raw(MAILBOX_CSS)}</style></head>
<body>
<h1>Local mailbox</h1>
<p>Messages the booking service would have sent, newest first. Nothing here left this machine.</p>
<p>Service clock: <time datetime="${now.toISOString()}">${london.date} ${london.time}</time> London time (${now.toISOString()})</p>
<form method="get"><label>Recipient <input name="to" value="${to ?? ''}" type="email"></label> <button>Filter</button></form>
${
  messages.length === 0
    ? html`<p>No messages yet.</p>`
    : html`<table>
<thead><tr><th>When (UTC)</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead>
<tbody>${messages.map(
        (m) =>
          html`<tr><td data-label="When (UTC)">${m.createdAt}</td><td data-label="To">${m.to}</td><td data-label="Subject"><a href="/dev/mail/${m.id}">${m.subject}</a></td><td data-label="Attachments">${m.attachments.map((a, i) => html`<a href="/dev/mail/${m.id}/attachments/${i}" download="${a.filename}">${a.filename}</a> `)}</td></tr>`,
      )}</tbody></table>`
}
</body></html>`;
}

/**
 * The local mailbox, for people (/dev/mail) and for tests and e2e journeys
 * (/dev/mail/messages?to=). Mounted only while the local mailer is in use, never in production.
 */
export function createDevMailRoutes(deps: { db: Database; clock: Clock }) {
  const router = createRouter();

  router.get('/dev/mail/messages', async (c) => {
    return c.json(await listMailbox(deps.db, c.req.query('to') || undefined));
  });

  router.get('/dev/mail', async (c) => {
    const to = c.req.query('to') || undefined;
    return c.html(mailboxPage(to, await listMailbox(deps.db, to), deps.clock.now()));
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
