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
 * A reminder before confirmed seats of one session: the pupils (siblings in one session share
 * one mail naming them all), the class, the London time and each pupil's join link (the site's
 * /join page, which opens the meeting 15 minutes before the start).
 */
export function sessionReminderEmail(
  brand: MailBrand,
  input: {
    to: string;
    name: string | null | undefined;
    session: SessionSummary;
    pupils: readonly { name: string; joinUrl: string }[];
    minutesBefore: number;
  },
): OutgoingMail {
  const starts = new Date(input.session.startsAt);
  const when = `${formatLondonDate(starts)} at ${formatTime12h(starts)} (London time)`;
  const names = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(
    input.pupils.map((pupil) => pupil.name),
  );
  const subject = `Reminder: ${names}'s ${input.session.label} maths session starts ${leadTime(input.minutesBefore)}`;
  const intro = `${names}'s ${input.session.label} maths session starts ${leadTime(input.minutesBefore)}: ${when}.`;
  const one = input.pupils.length === 1;
  const how = one
    ? 'Join online with the button below. It opens 15 minutes before the start.'
    : 'Each of them joins online with their own button below. They open 15 minutes before the start.';
  const joins = input.pupils.map((pupil) => ({
    label: one ? 'Join session' : `Join as ${pupil.name}`,
    url: pupil.joinUrl,
  }));
  const manageUrl = `${brand.siteUrl}/upcoming-bookings`;
  return {
    to: input.to,
    subject,
    html: layout(brand, 'Session reminder', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      paragraph(how),
      ...joins.map((join) => button(join.url, join.label)),
      paragraph(`Your bookings: ${manageUrl}`),
    ]),
    text: textLayout(brand, 'Session reminder', [
      greeting(input.name),
      '',
      intro,
      how,
      ...joins.map((join) => `${join.label}: ${join.url}`),
      '',
      `Your bookings: ${manageUrl}`,
    ]),
  };
}
