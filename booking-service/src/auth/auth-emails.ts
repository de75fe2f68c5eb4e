import { html } from 'hono/html';
import {
  button,
  layout,
  type MailBrand,
  type MailContent,
  paragraph,
  textLayout,
} from './layout.ts';

/**
 * Verification links live 24 hours and reset links 1 hour
 * (docs/product-rules.md#accounts-and-roles); the mails say so.
 */
export const VERIFICATION_LINK_HOURS = 24;
export const RESET_LINK_HOURS = 1;

function greeting(name: string | null | undefined): string {
  const first = name?.trim();
  return first ? `Hello ${first},` : 'Hello,';
}

export function verificationEmail(
  brand: MailBrand,
  input: { name: string | null | undefined; url: string },
): MailContent {
  const subject = `Verify your e-mail address for ${brand.name}`;
  const intro = `Thank you for creating an account with ${brand.name}. Please confirm your e-mail address so you can sign in and book sessions.`;
  const expiry = `This link is valid for ${VERIFICATION_LINK_HOURS} hours. If you did not create an account, you can ignore this e-mail.`;
  return {
    subject,
    html: layout(brand, 'Verify your e-mail address', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      button(input.url, 'Verify e-mail address'),
      paragraph(expiry),
    ]),
    text: textLayout(brand, 'Verify your e-mail address', [
      greeting(input.name),
      '',
      intro,
      '',
      `Verify your e-mail address: ${input.url}`,
      '',
      expiry,
    ]),
  };
}

export function passwordResetEmail(
  brand: MailBrand,
  input: { name: string | null | undefined; url: string; requestedByAdmin?: string | undefined },
): MailContent {
  const subject = `Reset your ${brand.name} password`;
  // A reset the customer did not ask for is alarming unless the mail says who started it.
  const intro = input.requestedByAdmin
    ? `${input.requestedByAdmin} from the ${brand.name} team has sent you a link to choose a new password for your account.`
    : `We received a request to reset the password for your ${brand.name} account.`;
  const expiry = `This link is valid for ${RESET_LINK_HOURS} hour. After you choose a new password you will be signed out everywhere else.`;
  const ignore = input.requestedByAdmin
    ? `If you were not expecting this, contact us at ${brand.contactEmail}.`
    : 'If you did not ask for this, you can ignore this e-mail: your password stays the same.';
  return {
    subject,
    html: layout(brand, 'Reset your password', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      button(input.url, 'Choose a new password'),
      paragraph(expiry),
      paragraph(ignore),
    ]),
    text: textLayout(brand, 'Reset your password', [
      greeting(input.name),
      '',
      intro,
      '',
      `Choose a new password: ${input.url}`,
      '',
      expiry,
      ignore,
    ]),
  };
}

/** The enquiry as stored; optional fields are null when the sender left them out. */
export interface EnquiryDetails {
  parentName: string;
  email: string;
  phone: string | null;
  yearGroup: string | null;
  subject: string | null;
  preference: string | null;
  message: string;
}

const YEAR_GROUP_LABELS: Record<string, string> = {
  y6: 'Year 6',
  y7: 'Year 7',
  y8: 'Year 8',
  y9: 'Year 9',
  y10: 'Year 10',
  y11: 'Year 11',
  y12: 'Year 12',
  y13: 'Year 13',
};
const SUBJECT_LABELS: Record<string, string> = { maths: 'Maths' };
const PREFERENCE_LABELS: Record<string, string> = { online: 'Online', inperson: 'In person' };

function enquiryRows(enquiry: EnquiryDetails): Array<[string, string]> {
  const label = (map: Record<string, string>, value: string | null) =>
    value ? (map[value] ?? value) : 'Not given';
  return [
    ['Name', enquiry.parentName],
    ['E-mail', enquiry.email],
    ['Phone', enquiry.phone ?? 'Not given'],
    ['Year group', label(YEAR_GROUP_LABELS, enquiry.yearGroup)],
    ['Subject', label(SUBJECT_LABELS, enquiry.subject)],
    ['Preference', label(PREFERENCE_LABELS, enquiry.preference)],
  ];
}

function enquiryTable(enquiry: EnquiryDetails) {
  return html`<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${enquiryRows(
    enquiry,
  ).map(
    ([name, value]) =>
      html`<tr><th align="left" style="padding-right:16px;color:#6b7280;font-weight:600">${name}</th><td>${value}</td></tr>`,
  )}</table>
<div style="white-space:pre-wrap;border-left:3px solid #e4e7eb;padding-left:12px">${enquiry.message}</div>`;
}

/** The enquiry forwarded to the business; replying goes straight to the sender. */
export function contactEnquiryEmail(brand: MailBrand, enquiry: EnquiryDetails): MailContent {
  const subject = `New enquiry from ${enquiry.parentName}`;
  return {
    subject,
    html: layout(brand, 'New contact enquiry', [
      paragraph(
        'A visitor sent this enquiry through the contact form. Reply to this e-mail to answer them.',
      ),
      enquiryTable(enquiry),
    ]),
    text: textLayout(brand, 'New contact enquiry', [
      ...enquiryRows(enquiry).map(([name, value]) => `${name}: ${value}`),
      '',
      'Message:',
      enquiry.message,
    ]),
  };
}

/**
 * The acknowledgement to whoever was typed into the contact form, with the response promise from
 * the CMS site settings, a phrase such as "within 24 hours" (docs/product-rules.md#contact-form).
 * Only the business's own words: the address typed may be anyone's, so echoing the name or message
 * would let a stranger send their text (and links) from our sender to any inbox.
 */
export function contactAcknowledgementEmail(
  brand: MailBrand,
  responsePromise: string,
): MailContent {
  const subject = `We have received your enquiry - ${brand.name}`;
  const promise = responsePromise.trim().replace(/\.$/, '');
  const intro = `Thank you for getting in touch with ${brand.name}. We will get back to you ${promise}.`;
  const notYou = `If you did not send us an enquiry, you can ignore this e-mail; someone may have typed your address by mistake.`;
  return {
    subject,
    html: layout(brand, 'Thank you for your enquiry', [
      paragraph(greeting(undefined)),
      paragraph(intro),
      paragraph(notYou),
    ]),
    text: textLayout(brand, 'Thank you for your enquiry', [
      greeting(undefined),
      '',
      intro,
      '',
      notYou,
    ]),
  };
}
