import { describe, expect, it } from 'vitest';
import type { MailBrand } from '../mail/layout.ts';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from './auth-emails.ts';

const brand: MailBrand = {
  name: 'Acme Education',
  siteUrl: 'https://acme.example',
  contactEmail: 'hello@acme.example',
};

describe('account e-mails', () => {
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

  it('password-changed mail states the London time (GMT in winter) and what to do if it was not you', () => {
    const mail = passwordChangedEmail(brand, {
      name: 'Ada',
      changedAt: new Date('2026-11-03T09:30:00Z'),
      way: 'set-by-admin',
    });
    expect(mail.subject).toBe('Your Acme Education password was changed');
    expect(mail.text).toContain(
      'changed by the Acme Education team on Tuesday 3 November 2026 at 9:30 AM (London time).',
    );
    expect(mail.text).toContain('contact us at hello@acme.example so we can check your account');
    expect(mail.html).toContain('https://acme.example/reset-password');
  });
});
