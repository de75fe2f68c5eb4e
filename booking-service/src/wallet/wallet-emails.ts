import { formatLondonDate, formatPounds } from '@tuition/domain';
import { button, greeting, layout, type MailBrand, paragraph, textLayout } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/*
 * The family wallet's e-mails (docs/decisions/077): a pack bought, credit about to lapse.
 */

/** The last day credit lapsing at `expiresAt` can be used, e.g. "Wednesday 26 May 2027". */
export function useByDate(expiresAt: Date): string {
  return formatLondonDate(new Date(expiresAt.getTime() - 1));
}

/** Sent once when a pack's payment lands, queued in the transaction that adds its credit. */
export function packBoughtEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    packName: string;
    sessions: number;
    amountPence: number;
    expiresAt: Date;
  },
): OutgoingMail {
  const subject = `Your ${input.packName} from ${brand.name}`;
  const bought = `Thank you for your payment of ${formatPounds(input.amountPence)}. You now have ${input.sessions} sessions of credit.`;
  const use = `Any of your children can use them: choose dates on the booking page and the credit pays for each seat. Use them by ${useByDate(input.expiresAt)}; we will remind you before any lapse.`;
  const refund =
    'Changed your mind? Within 14 days of buying you can cancel the sessions you have not used for a refund, from Payments & Invoices.';
  const bookingUrl = `${brand.siteUrl}/booking`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Your session pack', [
      paragraph(greeting(input.name)),
      paragraph(bought),
      paragraph(use),
      button(bookingUrl, 'Book sessions'),
      paragraph(refund),
    ]),
    text: textLayout(brand, 'Your session pack', [
      greeting(input.name),
      '',
      bought,
      use,
      '',
      `Book sessions: ${bookingUrl}`,
      refund,
    ]),
  };
}

/** Sent 14 and 3 days before a lot's unused sessions lapse. */
export function creditExpiryWarningEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    lotName: string;
    remaining: number;
    expiresAt: Date;
  },
): OutgoingMail {
  const sessions = `${input.remaining} ${input.remaining === 1 ? 'session' : 'sessions'}`;
  const subject = `${sessions} of credit with ${brand.name} lapse on ${useByDate(input.expiresAt)}`;
  const left = `You have ${sessions} of credit left from your ${input.lotName}. Use them by ${useByDate(input.expiresAt)}: after that day they lapse.`;
  const how =
    'Any of your children can use them: choose dates on the booking page and the credit pays for each seat.';
  const bookingUrl = `${brand.siteUrl}/booking`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Your credit is about to lapse', [
      paragraph(greeting(input.name)),
      paragraph(left),
      paragraph(how),
      button(bookingUrl, 'Book sessions'),
    ]),
    text: textLayout(brand, 'Your credit is about to lapse', [
      greeting(input.name),
      '',
      left,
      how,
      '',
      `Book sessions: ${bookingUrl}`,
    ]),
  };
}

/**
 * Sent when the family cancels a pack's unused sessions within its cooling-off days, queued in
 * the transaction that records the refund, as every other money event is (docs/decisions/105).
 */
export function coolingOffRefundEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    lotName: string;
    sessions: number;
    refundedPence: number;
  },
): OutgoingMail {
  const sessions = `${input.sessions} unused ${input.sessions === 1 ? 'session' : 'sessions'}`;
  const subject = `Your refund of ${formatPounds(input.refundedPence)} from ${brand.name}`;
  const done =
    input.refundedPence > 0
      ? `As you asked, we have cancelled the ${sessions} of your ${input.lotName} and refunded ${formatPounds(input.refundedPence)} to your card. Refunds usually appear within 5 to 10 working days.`
      : `As you asked, we have cancelled the ${sessions} of your ${input.lotName}.`;
  const after =
    'They have left your credit. Sessions you already booked with the pack stay booked. You can see the refund on Payments & Invoices.';
  const paymentsUrl = `${brand.siteUrl}/payments-invoices`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Your pack has been refunded', [
      paragraph(greeting(input.name)),
      paragraph(done),
      paragraph(after),
      button(paymentsUrl, 'Payments & Invoices'),
    ]),
    text: textLayout(brand, 'Your pack has been refunded', [
      greeting(input.name),
      '',
      done,
      after,
      '',
      `Payments & Invoices: ${paymentsUrl}`,
    ]),
  };
}
