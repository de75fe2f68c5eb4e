import { addDays, formatLondonDate, londonDate, WEEKDAYS, weekdayOf } from '@tuition/domain';
import {
  button,
  greeting,
  layout,
  type MailBrand,
  type MailContent,
  paragraph,
  textLayout,
} from '../mail/layout.ts';
import { sessionLine } from '../sessions/session-lines.ts';
import type { SessionSummary } from '../sessions/session-description.ts';

/*
 * The tutors' e-mails (docs/decisions/079): the invitation with its set-password link, the
 * cover notice to each family and the brief to the cover tutor, and the lesson report each
 * family reads for its own children only.
 */

/** How long an invitation's set-password link lives. */
export const INVITE_LINK_DAYS = 7;

export function tutorInviteEmail(
  brand: MailBrand,
  input: { name: string; url: string; invitedBy: string },
): MailContent {
  const subject = `You are invited to teach with ${brand.name}`;
  const intro = `${input.invitedBy} has added you as a tutor at ${brand.name}. Choose a password to sign in: your classes, registers and lesson reports are on the Teach page.`;
  const expiry = `This link is valid for ${INVITE_LINK_DAYS} days. If you were not expecting this, contact us at ${brand.contactEmail}.`;
  return {
    subject,
    html: layout(brand, 'Choose your password', [
      paragraph(greeting(input.name)),
      paragraph(intro),
      button(input.url, 'Choose a password'),
      paragraph(expiry),
    ]),
    text: textLayout(brand, 'Choose your password', [
      greeting(input.name),
      '',
      intro,
      '',
      `Choose a password: ${input.url}`,
      '',
      expiry,
    ]),
  };
}

/** "Maya", "Maya and Leo", "Maya, Leo and Sam". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const possessive = (names: readonly string[]) => `${namesInWords(names)}'s`;

/** The Monday of a London date's week. */
const mondayOf = (date: string) => addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));

/** Whether an instant falls in the London week (Monday to Sunday) of `now`. */
export function inLondonWeekOf(instant: Date, now: Date): boolean {
  return mondayOf(londonDate(instant)) === mondayOf(londonDate(now));
}

/**
 * To a family with seats in a covered session: who teaches it this time. "This week" only when
 * the session is in the current London week; a later one is named by its day (decision 107).
 */
export function coverNoticeEmail(
  brand: MailBrand,
  input: {
    parentName: string | null;
    pupilNames: readonly string[];
    session: SessionSummary;
    coverName: string;
    now: Date;
  },
): MailContent {
  const startsAt = new Date(input.session.startsAt);
  const date = formatLondonDate(startsAt);
  const subject = `${input.session.label} on ${date}: taught by ${input.coverName}`;
  const thisWeek = inLondonWeekOf(startsAt, input.now);
  const when = thisWeek ? 'This week' : `On ${date},`;
  const heading = thisWeek ? 'A different tutor this week' : `A different tutor on ${date}`;
  const what = `${when} ${possessive(input.pupilNames)} ${input.session.label} lesson is taught by ${input.coverName}.`;
  const line = sessionLine(input.session);
  const same = 'Everything else stays the same: the time, the joining link and the booking.';
  return {
    subject,
    html: layout(brand, heading, [
      paragraph(greeting(input.parentName)),
      paragraph(what),
      paragraph(line),
      paragraph(same),
    ]),
    text: textLayout(brand, heading, [greeting(input.parentName), '', what, line, '', same]),
  };
}

export interface ReportText {
  topic: string;
  homework: string;
  resources: string | null;
}

/** To the cover tutor: the session, and the class's last report to pick up from. */
export function coverBriefEmail(
  brand: MailBrand,
  input: {
    tutorName: string;
    session: SessionSummary;
    booked: number;
    lastReport: (ReportText & { startsAt: Date }) | null;
  },
): MailContent {
  const subject = `Cover: ${input.session.label} on ${formatLondonDate(new Date(input.session.startsAt))}`;
  const what = `You are covering ${sessionLine(input.session)}, with ${input.booked} ${input.booked === 1 ? 'pupil' : 'pupils'} booked so far.`;
  const last = input.lastReport
    ? [
        `Last lesson (${formatLondonDate(input.lastReport.startsAt)}): ${input.lastReport.topic}.`,
        `Homework set: ${input.lastReport.homework || 'none'}.`,
        ...(input.lastReport.resources ? [`Resources: ${input.lastReport.resources}`] : []),
      ]
    : ['This class has no lesson report yet.'];
  const url = `${brand.siteUrl}/teach`;
  return {
    subject,
    html: layout(brand, 'You are covering a lesson', [
      paragraph(greeting(input.tutorName)),
      paragraph(what),
      ...last.map(paragraph),
      button(url, 'Open the register'),
    ]),
    text: textLayout(brand, 'You are covering a lesson', [
      greeting(input.tutorName),
      '',
      what,
      '',
      ...last,
      '',
      `Open the register: ${url}`,
    ]),
  };
}

/** To one family: the lesson's report with its own children's notes only. */
export function lessonReportEmail(
  brand: MailBrand,
  input: {
    parentName: string | null;
    session: SessionSummary;
    tutorName: string | null;
    report: ReportText;
    notes: readonly { pupilName: string; note: string | null }[];
    corrected: boolean;
  },
): MailContent {
  const pupils = namesInWords(input.notes.map((n) => n.pupilName));
  const date = formatLondonDate(new Date(input.session.startsAt));
  const heading = input.corrected ? 'Lesson report (corrected)' : 'Lesson report';
  const subject = `${input.corrected ? 'Corrected: ' : ''}${pupils}'s ${input.session.label} lesson on ${date}`;
  const lines = [
    ...(input.corrected
      ? ['This is a corrected version of the report we sent earlier; it replaces it.']
      : []),
    `${sessionLine(input.session)}${input.tutorName ? `, taught by ${input.tutorName}` : ''}.`,
    `Topic: ${input.report.topic}`,
    `Homework: ${input.report.homework || 'None this week.'}`,
    ...(input.report.resources ? [`Resources: ${input.report.resources}`] : []),
    ...input.notes.flatMap((n) => (n.note ? [`About ${n.pupilName}: ${n.note}`] : [])),
  ];
  const url = `${brand.siteUrl}/previous-bookings`;
  return {
    subject,
    html: layout(brand, heading, [
      paragraph(greeting(input.parentName)),
      ...lines.map(paragraph),
      button(url, 'See previous bookings'),
    ]),
    text: textLayout(brand, heading, [
      greeting(input.parentName),
      '',
      ...lines,
      '',
      `Previous bookings: ${url}`,
    ]),
  };
}
