import { formatPounds, JOIN_OPENS_MINUTES_BEFORE } from '@tuition/domain';
import { html } from 'hono/html';
import { joinPageUrl } from '../lessons/join-window.ts';
import { calendarAttachment } from '../sessions/calendar-invite.ts';
import type { SessionSummary } from '../sessions/session-description.ts';
import { calendarSession, seatLine } from '../sessions/session-lines.ts';
import { button, greeting, layout, type MailBrand, paragraph, textLayout } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/** One booked seat: the session, and the pupil it is for. */
export interface BookedSession extends SessionSummary {
  bookingId: string;
  pupilName: string;
  /** A session of credit paid for this seat (docs/decisions/077). */
  paidWithCredit?: boolean;
  /** "Runs if at least 4 pupils are booked by …" while its minimum is undecided (decision 100). */
  runsIf?: string;
}

/** A seat named in a mail that is not (or no longer) a booking. */
export interface SeatOfMail extends SessionSummary {
  pupilName: string;
}

function sessionList(lines: string[]) {
  return html`<ul style="margin:0 0 16px;padding-left:20px">${lines.map((line) => html`<li style="margin:0 0 6px">${line}</li>`)}</ul>`;
}

/**
 * Sent once per paid checkout, queued in the transaction that confirms the bookings: every
 * seat in London time with the pupil it is for, the total in pounds, and an .ics file with one
 * event per seat. "Sessions" here counts seats, as the price does.
 */
export function bookingConfirmationEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    sessions: BookedSession[];
    amountPence: number;
    isSpecialOffer: boolean;
    /** Seats paid with sessions of credit rather than by card. */
    creditUsed?: number;
    /** Set when the checkout enrolled pupils for a term (docs/decisions/083). */
    termName?: string;
  },
): OutgoingMail {
  const count = input.sessions.length;
  const sessionsWord = count === 1 ? 'session' : 'sessions';
  const subject = input.termName
    ? `Enrolment confirmed: ${input.termName}, ${count} maths ${sessionsWord} with ${brand.name}`
    : `Booking confirmed: ${count} maths ${sessionsWord} with ${brand.name}`;
  const intro = input.termName
    ? `Thank you for your payment. You are enrolled for ${input.termName}, with a place in each of these ${sessionsWord}:`
    : `Thank you for your payment. Your place is booked in the following ${sessionsWord}:`;
  const lines = input.sessions.map(
    (s) =>
      `${seatLine(s, s.pupilName)}${s.paidWithCredit ? ' (paid with credit)' : ''}${s.runsIf ? `. ${s.runsIf}.` : ''}`,
  );
  const total = totalLine({ ...input, count });
  const calendarNote = 'The attached calendar file adds every session to your calendar.';
  const joinNote = `How to join: every session is online. The Join button on your upcoming bookings opens ${JOIN_OPENS_MINUTES_BEFORE} minutes before the start, and the reminder we send before each session has the link too.`;
  const manageUrl = `${brand.siteUrl}/upcoming-bookings`;
  const policy =
    'You can reschedule free of charge up to 24 hours before a session starts. Cancelled sessions are not refunded.';
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Booking confirmed', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      sessionList(lines),
      paragraph(total),
      paragraph(calendarNote),
      paragraph(joinNote),
      button(manageUrl, 'Manage your bookings'),
      paragraph(policy),
    ]),
    text: textLayout(brand, 'Booking confirmed', [
      greeting(input.name),
      '',
      intro,
      ...lines.map((line) => `- ${line}`),
      '',
      total,
      calendarNote,
      joinNote,
      '',
      `Manage your bookings: ${manageUrl}`,
      policy,
    ]),
    attachments: [
      calendarAttachment(
        brand.name,
        input.sessions.map((s) =>
          calendarSession(brand.name, s.bookingId, s, s.pupilName, {
            joinUrl: joinPageUrl(brand.siteUrl, s.bookingId),
            ...(s.runsIf ? { note: `${s.runsIf}.` } : {}),
          }),
        ),
        'maths-sessions.ics',
      ),
    ],
  };
}

/** What was paid: by card, with credit, or both (docs/decisions/077). */
function totalLine(input: {
  count: number;
  amountPence: number;
  isSpecialOffer: boolean;
  creditUsed?: number;
}): string {
  const seats = `${input.count} ${input.count === 1 ? 'session' : 'sessions'}`;
  const credit = input.creditUsed ?? 0;
  const creditText = `${credit} ${credit === 1 ? 'session' : 'sessions'} of credit`;
  const offer = input.isSpecialOffer ? ' (10-session offer applied)' : '';
  if (credit === 0) return `Total paid: ${formatPounds(input.amountPence)} for ${seats}${offer}.`;
  if (input.amountPence === 0) return `Paid with ${creditText} for ${seats}.`;
  return `Total paid: ${formatPounds(input.amountPence)} by card${offer} and ${creditText}, for ${seats}.`;
}

/**
 * A payment that arrived after its hold lapsed, when a session had meanwhile filled up: the
 * money goes back in full and the customer hears why, instead of being put in a full class.
 */
export function latePaymentRefundEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    sessions: SeatOfMail[];
    amountPence: number;
    /** Sessions of credit the basket had used: back in the account (docs/decisions/086). */
    creditReturned: number;
    /** One of the sessions was cancelled by the business while the payment was open. */
    sessionCancelled: boolean;
  },
): OutgoingMail {
  const subject = `Your payment to ${brand.name} has been refunded`;
  const intro = input.sessionCancelled
    ? 'We are sorry: your payment reached us after we had cancelled at least one of these sessions, so we could not book them:'
    : 'We are sorry: your payment reached us after the 30 minutes we hold seats for, and by then at least one of these sessions had been taken by someone else:';
  const lines = input.sessions.map((s) => seatLine(s, s.pupilName));
  const credit =
    input.creditReturned > 0
      ? ` The ${input.creditReturned} ${input.creditReturned === 1 ? 'session' : 'sessions'} of credit this booking used ${input.creditReturned === 1 ? 'is' : 'are'} back in your account.`
      : '';
  const refund = `We have refunded the full ${formatPounds(input.amountPence)} to your card. Refunds usually appear within 5 to 10 working days.${credit}`;
  const again = 'Please choose other sessions on our booking page; we would love to see you.';
  const bookingUrl = `${brand.siteUrl}/booking`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Your payment has been refunded', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      sessionList(lines),
      paragraph(refund),
      paragraph(again),
      button(bookingUrl, 'Book sessions'),
    ]),
    text: textLayout(brand, 'Your payment has been refunded', [
      greeting(input.name),
      '',
      intro,
      ...lines.map((line) => `- ${line}`),
      '',
      refund,
      again,
      `Book sessions: ${bookingUrl}`,
    ]),
  };
}
