import { formatLondonDate, formatTime12h } from '@tuition/domain';
import { html } from 'hono/html';
import {
  button,
  greeting,
  layout,
  type MailBrand,
  paragraph,
  textLayout,
} from '../../mail/layout.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { SessionSummary } from '../session-description.ts';
import { seatLine } from '../session-lines.ts';

/** Where "Book now" leads: the booking page with the offered seat in the basket. */
export function offerUrl(siteUrl: string, offerId: string): string {
  return `${siteUrl}/booking?offer=${offerId}`;
}

/** "7:00 PM on Tuesday 3 November 2026", London time. */
export function deadlineText(instant: Date): string {
  return `${formatTime12h(instant)} on ${formatLondonDate(instant)}`;
}

/**
 * "A place has opened": a seat of a session the family waits for is held for them until the
 * deadline. Names each pupil offered (siblings offered together get one mail) and says that
 * letting it pass costs nothing.
 */
export function placeOpenedEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    pupilNames: readonly string[];
    offerId: string;
    expiresAt: Date;
  },
): OutgoingMail {
  const subject = `A place has opened: ${input.session.label} maths session`;
  const url = offerUrl(brand.siteUrl, input.offerId);
  const lines = input.pupilNames.map((pupil) => seatLine(input.session, pupil));
  const seats = input.pupilNames.length === 1 ? 'a place' : `${input.pupilNames.length} places`;
  const intro = `Good news: ${seats} opened in a session you are waiting for, and we are holding it for you:`;
  const deadline = `Book by ${deadlineText(input.expiresAt)} to keep it. After that it goes to the next family waiting.`;
  const free = 'If you no longer need it, do nothing: letting the offer pass costs nothing.';
  return {
    to: input.to,
    subject,
    html: layout(brand, 'A place has opened', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      ...lines.map((line) => html`<p style="margin:0 0 16px"><strong>${line}</strong></p>`),
      paragraph(deadline),
      button(url, 'Book now'),
      paragraph(free),
    ]),
    text: textLayout(brand, 'A place has opened', [
      greeting(input.name),
      '',
      intro,
      ...lines.map((line) => `- ${line}`),
      '',
      deadline,
      `Book now: ${url}`,
      '',
      free,
    ]),
  };
}
