import { html } from 'hono/html';
import { formatPhone } from '@tuition/domain';
import {
  greeting,
  layout,
  type MailBrand,
  type MailContent,
  paragraph,
  textLayout,
} from '../mail/layout.ts';

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
    ['Phone', enquiry.phone ? formatPhone(enquiry.phone) : 'Not given'],
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
