import { describe, expect, it } from 'vitest';
import type { MailBrand } from './layout.ts';
import {
  contactAcknowledgementEmail,
  contactEnquiryEmail,
  passwordResetEmail,
  verificationEmail,
} from './templates.ts';

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

describe('mail templates', () => {
  it('verification mail carries the link in HTML and text and says it lasts 24 hours', () => {
    const url = 'https://acme.example/verify-email?token=abc&x=1';
    const mail = verificationEmail(brand, { name: 'Ada', url });
    expect(mail.subject).toContain('Acme Education');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain('https://acme.example/verify-email?token=abc&amp;x=1');
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain('Hello Ada,');
  });

  it('self-service reset mail says the link lasts 1 hour', () => {
    const mail = passwordResetEmail(brand, { name: 'Ada', url: 'https://acme.example/r?token=t' });
    expect(mail.text).toContain('valid for 1 hour');
    expect(mail.text).toContain('did not ask for this');
  });

  it('admin-triggered reset mail names the admin', () => {
    const mail = passwordResetEmail(brand, {
      name: 'Ada',
      url: 'https://acme.example/r?token=t',
      requestedByAdmin: 'Grace Admin',
    });
    expect(mail.text).toContain('Grace Admin from the Acme Education team');
    expect(mail.html).toContain('Grace Admin');
  });

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
