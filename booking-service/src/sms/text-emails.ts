import { formatPhone } from '@tuition/domain';
import {
  button,
  greeting,
  layout,
  type MailBrand,
  type MailContent,
  paragraph,
  textLayout,
} from '../mail/layout.ts';

/*
 * The e-mails texting sends (docs/decisions/103): the family's number stopped taking texts, and
 * the admins' daily note that a text limit was reached.
 */

/** To the family: three texts in a row did not arrive, so none are sent until they verify again. */
export function unreachableNumberEmail(
  brand: MailBrand,
  input: { name: string; phone: string },
): MailContent {
  const subject = 'We cannot reach your phone by text';
  const what = `The last three texts we sent to ${formatPhone(input.phone)} did not arrive, so we have stopped texting it. You still get every message by e-mail.`;
  const how =
    'If the number is right, verify it again on your account page and texts start again; if it changed, enter the new one there.';
  const url = `${brand.siteUrl}/my-account`;
  return {
    subject,
    html: layout(brand, subject, [
      paragraph(greeting(input.name)),
      paragraph(what),
      paragraph(how),
      button(url, 'Open your account'),
    ]),
    text: textLayout(brand, subject, [greeting(input.name), '', what, '', how, '', url]),
  };
}

/** To the admins, once a London day: a text limit was reached; texts go by e-mail only. */
export function textLimitAlertEmail(
  brand: MailBrand,
  input: { perAccountDay: number; businessDaily: number },
): MailContent {
  const subject = 'Text limit reached today';
  const what = `A text was not sent today because a daily limit was reached: ${input.perAccountDay} texts an account (content setting) or ${input.businessDaily} for the business (SMS_DAILY_LIMIT). Until midnight those messages go by e-mail only.`;
  const why =
    'If this was expected, raise the limit; if not, look at the texts on the users’ pages: it may be abuse.';
  return {
    subject,
    html: layout(brand, subject, [paragraph(what), paragraph(why)]),
    text: textLayout(brand, subject, [what, '', why]),
  };
}
