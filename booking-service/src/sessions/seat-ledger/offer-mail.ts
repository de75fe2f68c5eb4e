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
import { seatLine, sessionLine } from '../session-lines.ts';

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

/** A list of names in words: "Maya", "Maya and Sam", "Maya, Sam and Ali". */
function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * "The place we held has passed" (decision 072): the held seat was not booked in time and went
 * to the next family. Says who is still on the list (at its end, for the first lapse) and who
 * has come off it (a second lapse for the same session), and how to leave or join again.
 */
export function offerLapsedEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    stillWaiting: readonly string[];
    offList: readonly string[];
  },
): OutgoingMail {
  const everyone = [...input.stillWaiting, ...input.offList];
  const subject = `The place we held has passed: ${input.session.label} maths session`;
  const heldFor = `The place we held for ${namesText(everyone)} was not booked in time, so it has gone to the next family waiting:`;
  const line = sessionLine(input.session);
  const staying =
    input.stillWaiting.length > 0
      ? `${namesText(input.stillWaiting)} ${input.stillWaiting.length === 1 ? 'is' : 'are'} still on the waiting list, now at the end of the queue: we will e-mail you if another place opens. If you no longer want a place, leave the list on your bookings page.`
      : undefined;
  const leaving =
    input.offList.length > 0
      ? `${namesText(input.offList)} ${input.offList.length === 1 ? 'is' : 'are'} no longer on the waiting list for this session, as a place held earlier was not booked either. You can join it again from the booking page.`
      : undefined;
  const bookings = `${brand.siteUrl}/upcoming-bookings`;
  const notes = [staying, leaving].filter((text): text is string => Boolean(text));
  return {
    to: input.to,
    subject,
    html: layout(brand, 'The place we held has passed', [
      paragraph(greeting(input.name)),
      paragraph(heldFor),
      html`<p style="margin:0 0 16px"><strong>${line}</strong></p>`,
      ...notes.map((note) => paragraph(note)),
      button(bookings, 'Your bookings'),
    ]),
    text: textLayout(brand, 'The place we held has passed', [
      greeting(input.name),
      '',
      heldFor,
      `- ${line}`,
      '',
      ...notes.flatMap((note) => [note, '']),
      `Your bookings: ${bookings}`,
    ]),
  };
}
