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
 * The account e-mails better-auth sends (auth.ts): verification and password reset.
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
