import { formatLondonDate, formatTime12h } from '@tuition/domain';
import {
  button,
  greeting,
  layout,
  type MailBrand,
  type MailContent,
  paragraph,
  textLayout,
} from '../mail/layout.ts';

/**
 * The account e-mails better-auth sends (auth-mail-senders.ts): verification, password reset, and
 * the notice that a password was changed.
 *
 * Verification links live 24 hours and reset links 1 hour
 * (docs/product-rules.md#accounts-and-roles); the mails say so.
 */
export const VERIFICATION_LINK_HOURS = 24;
export const RESET_LINK_HOURS = 1;

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

/** How the password came to change: the account page, a mailed link, or an admin setting it. */
export type PasswordChangeWay = 'changed' | 'reset' | 'set-by-admin';

/**
 * "Your password was changed": sent after every successful change or reset, so the owner hears
 * of a change they did not make (docs/product-rules.md#accounts-and-roles). It says when, in
 * London time, and what to do if it was not them; it never carries a password or a link token.
 */
export function passwordChangedEmail(
  brand: MailBrand,
  input: { name: string | null | undefined; changedAt: Date; way: PasswordChangeWay },
): MailContent {
  const subject = `Your ${brand.name} password was changed`;
  const when = `${formatLondonDate(input.changedAt)} at ${formatTime12h(input.changedAt)} (London time)`;
  const how: Record<PasswordChangeWay, string> = {
    changed: 'from your account page',
    reset: 'with a password reset link',
    'set-by-admin': `by the ${brand.name} team`,
  };
  const what = `The password for your ${brand.name} account was changed ${how[input.way]} on ${when}.`;
  const signedOut: Record<PasswordChangeWay, string> = {
    changed: 'If this was you, there is nothing more to do.',
    // revokeSessionsOnPasswordReset (auth.ts) ends every session after a reset.
    reset:
      'If this was you, there is nothing more to do. You have been signed out everywhere, so sign in again with the new password.',
    'set-by-admin': 'If you asked us to do this, there is nothing more to do.',
  };
  const resetUrl = `${brand.siteUrl}/reset-password`;
  const contact = brand.contactPhone
    ? `${brand.contactEmail} or ${brand.contactPhone}`
    : brand.contactEmail;
  const notYou = `If you did not change it, reset your password now and contact us at ${contact} so we can check your account.`;
  return {
    subject,
    html: layout(brand, 'Your password was changed', [
      paragraph(greeting(input.name)),
      paragraph(what),
      paragraph(signedOut[input.way]),
      paragraph(notYou),
      button(resetUrl, 'Reset your password'),
    ]),
    text: textLayout(brand, 'Your password was changed', [
      greeting(input.name),
      '',
      what,
      '',
      signedOut[input.way],
      '',
      notYou,
      `Reset your password: ${resetUrl}`,
    ]),
  };
}
