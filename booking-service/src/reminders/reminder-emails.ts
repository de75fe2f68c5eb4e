import { formatLondonDate, formatTime12h } from '@tuition/domain';
import { button, greeting, layout, type MailBrand, paragraph, textLayout } from '../mail/layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { SessionSummary } from '../sessions/session-description.ts';

/** "in 1 hour", "in 24 hours", "in 30 minutes": how far ahead a reminder of this kind is sent. */
export function leadTime(minutesBefore: number): string {
  if (minutesBefore % 60 !== 0) return `in ${minutesBefore} minutes`;
  const hours = minutesBefore / 60;
  return hours === 1 ? 'in 1 hour' : `in ${hours} hours`;
}

/**
 * A reminder before a confirmed seat: the pupil, the class, the London time and the join link
 * (the site's /join page, which opens the meeting 15 minutes before the start).
 */
export function sessionReminderEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    pupilName: string;
    minutesBefore: number;
    joinUrl: string;
  },
): OutgoingMail {
  const starts = new Date(input.session.startsAt);
  const when = `${formatLondonDate(starts)} at ${formatTime12h(starts)} (London time)`;
  const subject = `Reminder: ${input.pupilName}'s ${input.session.label} maths session starts ${leadTime(input.minutesBefore)}`;
  const intro = `${input.pupilName}'s ${input.session.label} maths session starts ${leadTime(input.minutesBefore)}: ${when}.`;
  const how = 'Join online with the button below. It opens 15 minutes before the start.';
  const manageUrl = `${brand.siteUrl}/upcoming-bookings`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Session reminder', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      paragraph(how),
      button(input.joinUrl, 'Join session'),
      paragraph(`Your bookings: ${manageUrl}`),
    ]),
    text: textLayout(brand, 'Session reminder', [
      greeting(input.name),
      '',
      intro,
      how,
      `Join session: ${input.joinUrl}`,
      '',
      `Your bookings: ${manageUrl}`,
    ]),
  };
}
