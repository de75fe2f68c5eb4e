import { formatLondonDate } from '@tuition/domain';
import {
  greeting,
  layout,
  type MailBrand,
  type MailContent,
  paragraph,
  textLayout,
} from '../mail/layout.ts';
import type { SessionSummary } from '../sessions/session-description.ts';
import { sessionLine } from '../sessions/session-lines.ts';

/*
 * The e-mails of class minimums (docs/decisions/100) besides the families' cancellation, which
 * is the business cancel's own (bookings/booking-emails.ts): the tutor hears a session will not
 * be held.
 */

/** To the session's tutor: it did not reach its minimum, so it is not held and not paid. */
export function tutorSessionCancelledEmail(
  brand: MailBrand,
  input: {
    tutorName: string | null;
    session: SessionSummary;
    confirmed: number;
    minPupils: number;
  },
): MailContent {
  const date = formatLondonDate(new Date(input.session.startsAt));
  const subject = `Not running: ${input.session.label} on ${date}`;
  const what = `This session will not run: ${input.confirmed} of the ${input.minPupils} pupils it needed were booked by the decision time, so we have cancelled it and made the families whole.`;
  const when = sessionLine(input.session);
  const after =
    'There is nothing to teach or report for it, and no pay line is made. Your other sessions are unchanged.';
  return {
    subject,
    html: layout(brand, 'A session will not run', [
      paragraph(greeting(input.tutorName)),
      paragraph(what),
      paragraph(when),
      paragraph(after),
    ]),
    text: textLayout(brand, 'A session will not run', [
      greeting(input.tutorName),
      '',
      what,
      when,
      '',
      after,
    ]),
  };
}
