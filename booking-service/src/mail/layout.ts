import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** What every mail needs to look like it comes from the business. */
export interface MailBrand {
  name: string;
  siteUrl: string;
  contactEmail: string;
  contactPhone?: string;
}

/** The rendered parts of one e-mail, ready for a mailer. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type SafeHtml = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * hono/html escapes every interpolated value, so user input (names, enquiry text) can never
 * inject markup. Our templates interpolate only strings and nested html fragments, which keeps
 * the result synchronous; a promise here would mean an async fragment slipped in.
 */
export function htmlToString(fragment: SafeHtml): string {
  if (fragment instanceof Promise) throw new Error('mail templates must render synchronously');
  return fragment.toString();
}

/** A call-to-action button that survives e-mail clients: a styled link, no images, no scripts. */
export function button(href: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${label}</a></p>
<p style="font-size:13px;color:#555555">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:#1d4ed8;word-break:break-all">${href}</a></p>`;
}

/** "Hello Ada," or, without a name, "Hello,". */
export function greeting(name: string | null | undefined): string {
  const first = name?.trim();
  return first ? `Hello ${first},` : 'Hello,';
}

export function paragraph(text: string): SafeHtml {
  return html`<p style="margin:0 0 16px">${text}</p>`;
}

/** A bulleted list of links, one per line. */
export function linkList(links: readonly { href: string; label: string }[]): SafeHtml {
  return html`<ul style="margin:0 0 16px;padding-left:20px">${links.map(
    (link) =>
      html`<li style="margin:0 0 8px"><a href="${link.href}" style="color:#1d4ed8">${link.label}</a></li>`,
  )}</ul>`;
}

/**
 * The branded, plain layout every message shares: a header with the brand name, one content
 * column, a footer with the contact details. Inline styles only, because most mail clients drop
 * <style> blocks.
 */
export function layout(brand: MailBrand, heading: string, body: SafeHtml[]): string {
  const contact = brand.contactPhone
    ? `${brand.contactEmail} · ${brand.contactPhone}`
    : brand.contactEmail;
  return htmlToString(html`<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 32px;border-bottom:3px solid #1d4ed8"><a href="${brand.siteUrl}" style="color:#1d4ed8;text-decoration:none;font-size:20px;font-weight:700">${brand.name}</a></td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:22px">${heading}</h1>
${body.map((part) => raw(htmlToString(part)))}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e4e7eb;font-size:12px;color:#6b7280">${brand.name} · ${contact}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`);
}

/** The plain-text twin of the layout, for clients that do not show HTML. */
export function textLayout(brand: MailBrand, heading: string, lines: string[]): string {
  return [heading, '', ...lines, '', '--', brand.name, brand.contactEmail, brand.siteUrl].join(
    '\n',
  );
}
