import type { DeletionSeat } from '@tuition/api-contract';
import { formatPounds } from '@tuition/domain';
import { html } from 'hono/html';
import { greeting, layout, type MailBrand, paragraph, textLayout } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { seatLine } from '../sessions/session-lines.ts';

/**
 * The last message to a deleted account's address (docs/decisions/074): that the account is
 * gone, what was cancelled (without a refund, docs/product-rules.md), what credit was refunded
 * to the card and what was forfeited (docs/decisions/101), and that nothing more will be sent. It holds no more than that: no name, no phone, no links into the account.
 */
export function accountDeletedEmail(
  brand: MailBrand,
  input: {
    /** The address the account had, read before it was erased. */
    to: string;
    cancelled: readonly DeletionSeat[];
    waitingPlaces: number;
    /** Unused pack sessions refunded to the card in the cooling-off window. */
    refunded: { sessions: number; pence: number };
    /** Credit left unused and not refunded, ended with the account. */
    forfeited: { sessions: number; pence: number };
  },
): OutgoingMail {
  const heading = 'Your account has been deleted';
  const intro = `Your ${brand.name} account has been deleted and your personal details erased.`;
  const lines = input.cancelled.map(
    (seat) => `${seatLine(seat, seat.pupil.name)} (${formatPounds(seat.pricePence)})`,
  );
  const total = input.cancelled.reduce((sum, seat) => sum + seat.pricePence, 0);
  const cancelledIntro =
    lines.length === 0
      ? 'You had no upcoming sessions, so none were cancelled.'
      : `These upcoming sessions were cancelled, worth ${formatPounds(total)}. As our terms say, cancelled sessions are not refunded:`;
  const waiting =
    input.waitingPlaces > 0
      ? `Your ${input.waitingPlaces === 1 ? 'place' : `${input.waitingPlaces} places`} on waiting lists ${input.waitingPlaces === 1 ? 'was' : 'were'} given up.`
      : undefined;
  const credit = creditLines(input.refunded, input.forfeited);
  const last =
    'This is the last e-mail we will send you: nothing more will be sent to this address.';
  const question = `If you did not ask for this, or have a question, contact us at ${brand.contactEmail}.`;
  return {
    to: input.to,
    // Retention treats it as mail about the person and deletes it whole after 90 days: no
    // account is left whose export would list it (docs/decisions/074).
    about: [input.to],
    subject: `Your ${brand.name} account has been deleted`,
    html: layout(brand, heading, [
      paragraph(greeting(null)),
      paragraph(intro),
      paragraph(cancelledIntro),
      ...(lines.length > 0
        ? [
            html`<ul style="margin:0 0 16px;padding-left:20px">${lines.map((line) => html`<li>${line}</li>`)}</ul>`,
          ]
        : []),
      ...(waiting ? [paragraph(waiting)] : []),
      ...credit.map((line) => paragraph(line)),
      paragraph(last),
      paragraph(question),
    ]),
    text: textLayout(brand, heading, [
      greeting(null),
      '',
      intro,
      '',
      cancelledIntro,
      ...lines.map((line) => `- ${line}`),
      ...(waiting ? ['', waiting] : []),
      ...credit.flatMap((line) => ['', line]),
      '',
      last,
      question,
    ]),
  };
}

const sessionsOf = (n: number) => (n === 1 ? '1 unused session' : `${n} unused sessions`);

/** What became of the account's credit, in the family's words (docs/decisions/101). */
function creditLines(
  refunded: { sessions: number; pence: number },
  forfeited: { sessions: number; pence: number },
): string[] {
  const lines: string[] = [];
  if (refunded.sessions > 0) {
    lines.push(
      `We have refunded ${formatPounds(refunded.pence)} to your card for ${sessionsOf(refunded.sessions)} of credit. Refunds usually appear within 5 to 10 working days.`,
    );
  }
  if (forfeited.sessions > 0) {
    const worth = forfeited.pence > 0 ? `, worth ${formatPounds(forfeited.pence)},` : '';
    lines.push(
      `Your remaining credit of ${sessionsOf(forfeited.sessions)}${worth} was forfeited with the account and cannot be used or refunded.`,
    );
  }
  return lines;
}
