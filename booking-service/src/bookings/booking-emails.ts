import type { RemedyOutcome } from '@tuition/api-contract';
import { formatPounds } from '@tuition/domain';
import { html } from 'hono/html';
import { button, greeting, layout, type MailBrand, paragraph, textLayout } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { joinPageUrl } from '../lessons/join-window.ts';
import { calendarAttachment } from '../sessions/calendar-invite.ts';
import type { SessionSummary } from '../sessions/session-description.ts';
import { calendarSession, seatLine, sessionLine } from '../sessions/session-lines.ts';

/**
 * Cancelling frees the seat; there is no refund (docs/product-rules.md#seats-and-bookings), and the
 * mail says so plainly.
 */
/** What the family got back, said before the contact line (empty when nothing). */
function remedyText(remedy: RemedyOutcome | undefined, pupilName: string): string {
  if (!remedy) return '';
  const parts: string[] = [];
  if (remedy.refundedPence > 0) {
    parts.push(
      `We have refunded ${formatPounds(remedy.refundedPence)} to your card; refunds usually appear within 5 to 10 working days.`,
    );
  }
  if (remedy.creditReturned > 0) {
    parts.push(
      `We have added a session of credit to your account, so you can book another date for ${pupilName} at no cost.`,
    );
  }
  return parts.length > 0 ? `${parts.join(' ')} ` : '';
}

export function bookingCancelledEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    /** Who the cancelled seat was for. */
    pupilName: string;
    byAdmin: boolean;
    /** What the family got back when the business cancelled (docs/decisions/077). */
    remedy?: RemedyOutcome;
    /** Why the business cancelled, when the admin said: told as the whole-session mail tells it. */
    reason?: string;
    /** The seat's calendar entry, withdrawn by a METHOD:CANCEL file. */
    calendar?: { bookingId: string; uid: string; sequence: number };
  },
): OutgoingMail {
  const subject = `Booking cancelled: ${input.session.label} maths session`;
  const intro = input.byAdmin
    ? `The ${brand.name} team has cancelled your booking for this session:`
    : 'Your booking for this session has been cancelled:';
  const line = seatLine(input.session, input.pupilName);
  const why = input.byAdmin && input.reason ? [`The reason: ${input.reason}`] : [];
  const refund = input.byAdmin
    ? `${remedyText(input.remedy, input.pupilName)}If you have questions about this, contact us at ${brand.contactEmail}.`
    : input.remedy?.creditReturned
      ? `As stated when you cancelled, the session has been returned to your account as a session of credit, so you can book another date for ${input.pupilName}.`
      : 'As stated when you cancelled, cancelled sessions are not refunded.';
  const bookingUrl = `${brand.siteUrl}/booking`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Booking cancelled', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      html`<p style="margin:0 0 16px"><strong>${line}</strong></p>`,
      ...why.map((text) => paragraph(text)),
      paragraph(refund),
      button(bookingUrl, 'Book another session'),
    ]),
    text: textLayout(brand, 'Booking cancelled', [
      greeting(input.name),
      '',
      intro,
      `- ${line}`,
      '',
      ...why,
      refund,
      `Book another session: ${bookingUrl}`,
    ]),
    ...(input.calendar
      ? {
          attachments: [
            calendarAttachment(
              brand.name,
              [
                calendarSession(
                  brand.name,
                  input.calendar.bookingId,
                  input.session,
                  input.pupilName,
                  {
                    uid: input.calendar.uid,
                    sequence: input.calendar.sequence,
                  },
                ),
              ],
              'cancelled-session.ics',
              'CANCEL',
            ),
          ],
        }
      : {}),
  };
}

/** The new time, with an .ics for the new session (the old calendar entry can be deleted). */
export function bookingRescheduledEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    oldSession: SessionSummary;
    newSession: SessionSummary;
    newBookingId: string;
    /** Whose seat moved. */
    pupilName: string;
    /** The seat's calendar UID (kept from its first booking) and the next SEQUENCE. */
    calendar?: { uid: string; sequence: number };
  },
): OutgoingMail {
  const subject = `Session rescheduled: ${input.newSession.label} maths`;
  const fromLine = seatLine(input.oldSession, input.pupilName);
  const toLine = seatLine(input.newSession, input.pupilName);
  const calendarNote =
    'The attached calendar file moves the entry in your calendar to the new time.';
  const joinUrl = joinPageUrl(brand.siteUrl, input.newBookingId);
  const manageUrl = `${brand.siteUrl}/upcoming-bookings`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Session rescheduled', [
      paragraph(greeting(input.name)),
      paragraph('Your booking has been moved.'),
      paragraph(`From: ${fromLine}`),
      html`<p style="margin:0 0 16px"><strong>To: ${toLine}</strong></p>`,
      paragraph(calendarNote),
      button(manageUrl, 'Manage your bookings'),
    ]),
    text: textLayout(brand, 'Session rescheduled', [
      greeting(input.name),
      '',
      'Your booking has been moved.',
      `From: ${fromLine}`,
      `To: ${toLine}`,
      '',
      calendarNote,
      `Manage your bookings: ${manageUrl}`,
    ]),
    attachments: [
      calendarAttachment(
        brand.name,
        [
          calendarSession(brand.name, input.newBookingId, input.newSession, input.pupilName, {
            ...input.calendar,
            joinUrl,
          }),
        ],
        'rescheduled-session.ics',
      ),
    ],
  };
}

/** One seat of a session the business cancelled, with its calendar entry to withdraw. */
export interface CancelledSeatOfMail {
  bookingId: string;
  pupilName: string;
  calendar: { uid: string; sequence: number };
}

/**
 * The business cancelled a whole session (docs/decisions/077): one e-mail per family naming
 * its children, the session, the reason and what the family gets back, with one calendar
 * cancellation per seat.
 */
export function sessionCancelledEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    seats: CancelledSeatOfMail[];
    reason: string;
    refundedPence: number;
    creditReturned: number;
    /** The sister session with a seat for every child (docs/decisions/100), and its link. */
    sister?: { url: string; session: SessionSummary };
  },
): OutgoingMail {
  const children = input.seats.map((seat) => seat.pupilName);
  const who =
    children.length === 1
      ? children[0]
      : `${children.slice(0, -1).join(', ')} and ${children[children.length - 1]}`;
  const intro = `We are sorry: we have had to cancel this session, booked for ${who}:`;
  const back: string[] = [];
  if (input.refundedPence > 0) {
    back.push(
      `We have refunded ${formatPounds(input.refundedPence)} to your card; refunds usually appear within 5 to 10 working days.`,
    );
  }
  if (input.creditReturned > 0) {
    const sessions = `${input.creditReturned} ${input.creditReturned === 1 ? 'session' : 'sessions'}`;
    back.push(
      `We have added ${sessions} of credit to your account, so you can book another date at no cost.`,
    );
  }
  const remedy =
    back.length > 0
      ? back.join(' ')
      : `If you have questions about this, contact us at ${brand.contactEmail}.`;
  const sister = input.sister
    ? [
        `There ${children.length === 1 ? 'is a place' : 'are places'} for ${who} in another session of the same course: ${sessionLine(input.sister.session)}.${input.creditReturned > 0 ? ' The credit we have just added pays for it.' : ''}`,
      ]
    : [];
  return {
    ...cancelledSessionMail(brand, {
      to: input.to,
      name: input.name,
      intro,
      session: input.session,
      reason: input.reason,
      after: [remedy, ...sister],
      action: input.sister ? 'Book that session' : 'Book another session',
      ...(input.sister ? { actionUrl: input.sister.url } : {}),
    }),
    attachments: [
      calendarAttachment(
        brand.name,
        input.seats.map((seat) =>
          calendarSession(brand.name, seat.bookingId, input.session, seat.pupilName, seat.calendar),
        ),
        'cancelled-session.ics',
        'CANCEL',
      ),
    ],
  };
}

/**
 * A cancelled session's e-mail: the apology, the session in bold, the reason, what follows for
 * the family (one paragraph each) and a button to the booking page.
 */
function cancelledSessionMail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    intro: string;
    session: SessionSummary;
    reason: string;
    after: readonly string[];
    action: string;
    /** Where the button goes; the booking page when absent. */
    actionUrl?: string;
  },
): OutgoingMail {
  const line = sessionLine(input.session);
  const why = `The reason: ${input.reason}`;
  const bookingUrl = input.actionUrl ?? `${brand.siteUrl}/booking`;
  return {
    to: input.to,
    subject: `Session cancelled: ${input.session.label} maths session`,
    html: layout(brand, 'Session cancelled', [
      paragraph(greeting(input.name)),
      paragraph(input.intro),
      html`<p style="margin:0 0 16px"><strong>${line}</strong></p>`,
      paragraph(why),
      ...input.after.map((text) => paragraph(text)),
      button(bookingUrl, input.action),
    ]),
    text: textLayout(brand, 'Session cancelled', [
      greeting(input.name),
      '',
      input.intro,
      `- ${line}`,
      '',
      why,
      ...input.after,
      `${input.action}: ${bookingUrl}`,
    ]),
  };
}

/**
 * The business cancelled a session that was in a family's unfinished basket (docs/decisions/086):
 * the basket is released whole, nothing is taken from the card, and any credit it held is back.
 */
export function basketReleasedEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    reason: string;
    creditReturned: number;
  },
): OutgoingMail {
  const released =
    'We have released that booking, so nothing has been or will be taken from your card for it.';
  const credit =
    input.creditReturned > 0
      ? ` The ${input.creditReturned} ${input.creditReturned === 1 ? 'session' : 'sessions'} of credit it held ${input.creditReturned === 1 ? 'is' : 'are'} back in your account.`
      : '';
  return cancelledSessionMail(brand, {
    to: input.to,
    name: input.name,
    intro:
      'We are sorry: we have had to cancel this session, which was in your unfinished booking:',
    session: input.session,
    reason: input.reason,
    after: [`${released}${credit}`, 'The other sessions you had chosen are free to book again.'],
    action: 'Book sessions',
  });
}
