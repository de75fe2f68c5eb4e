import { describe, expect, it } from 'vitest';
import type { MailBrand } from '../mail/layout.ts';
import { contactAcknowledgementEmail, contactEnquiryEmail } from './contact-emails.ts';

const brand: MailBrand = {
  name: 'Acme Education',
  siteUrl: 'https://acme.example',
  contactEmail: 'hello@acme.example',
};

const enquiry = {
  parentName: 'Sam <script>alert(1)</script>',
  email: 'sam@example.com',
  phone: null,
  yearGroup: 'y10',
  subject: 'maths',
  preference: 'online',
  message: 'Hello & welcome\n<b>bold</b>',
};

describe('contact e-mails', () => {
  it('escapes what a visitor typed so an enquiry cannot inject markup', () => {
    const mail = contactEnquiryEmail(brand, enquiry);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.text).toContain('Year group: Year 10');
    expect(mail.text).toContain('Phone: Not given');
  });

  it('acknowledgement carries the response promise and nothing the enquirer typed', () => {
    const mail = contactAcknowledgementEmail(brand, 'within 24 hours.');
    expect(mail.text).toContain('We will get back to you within 24 hours.');
    expect(mail.subject).toBe('We have received your enquiry - Acme Education');
    // The signature takes no enquiry at all, so no field of it can be echoed.
    expect(contactAcknowledgementEmail.length).toBe(2);
  });
});
