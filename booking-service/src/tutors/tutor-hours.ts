import type { TutorHours } from '@tuition/api-contract';
import {
  formatLondonDate,
  formatTime12h,
  isPayMonthClosed,
  payMonthClosesAt,
  payMonthRange,
} from '@tuition/domain';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { classSessions, tutorPayLines } from '../db/schema.ts';
import { csvLine } from '../admin/attendance-register.ts';
import { describeSession } from '../sessions/session-description.ts';
import type { TutorDeps } from './tutor-accounts.ts';
import { findTutor } from './tutor-accounts.ts';

/*
 * Hours for pay (docs/decisions/079): one line per session whose register the tutor submitted,
 * in a London month by the session's start, at the tutor's rates; a rate change re-prices the
 * lines until the month closes (docs/decisions/113). Every figure is whole pence, summed as
 * integers, so the CSV's total row, the sum of its lines and the admin's page agree.
 */

export async function tutorHours(
  deps: Pick<TutorDeps, 'db' | 'content' | 'clock'>,
  tutorId: string,
  month: string,
): Promise<TutorHours> {
  const timetable = await deps.content.timetable();
  const tutor = await findTutor(deps.db, timetable, tutorId);
  const { from, to } = payMonthRange(month);
  const rows = await deps.db
    .select({
      sessionId: tutorPayLines.sessionId,
      startsAt: tutorPayLines.startsAt,
      role: tutorPayLines.role,
      pupilsAttended: tutorPayLines.pupilsAttended,
      amountPence: tutorPayLines.amountPence,
      service: classSessions.service,
      endsAt: classSessions.endsAt,
    })
    .from(tutorPayLines)
    .innerJoin(classSessions, eq(classSessions.id, tutorPayLines.sessionId))
    .where(
      and(
        eq(tutorPayLines.tutorId, tutorId),
        gte(tutorPayLines.startsAt, from),
        lt(tutorPayLines.startsAt, to),
      ),
    )
    .orderBy(asc(tutorPayLines.startsAt));
  const lines = rows.map((r) => ({
    sessionId: r.sessionId,
    startsAt: r.startsAt.toISOString(),
    label: describeSession(timetable, r).label,
    role: r.role,
    pupilsAttended: r.pupilsAttended,
    amountPence: r.amountPence,
  }));
  return {
    tutorId,
    tutorName: tutor.name,
    month,
    lines,
    sessions: lines.length,
    pupilsAttended: lines.reduce((n, l) => n + l.pupilsAttended, 0),
    amountPence: lines.reduce((n, l) => n + l.amountPence, 0),
    closesAt: payMonthClosesAt(month).toISOString(),
    closed: isPayMonthClosed(month, deps.clock.now()),
  };
}

/** Whole pence as a spreadsheet's number of pounds, "1234.05": integer arithmetic only. */
export const csvPounds = (pence: number) => {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be whole: ${pence}`);
  const whole = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

/** The month's lines as CSV (with a total row), cells safe from spreadsheet formulas. */
export function tutorHoursCsv(hours: TutorHours): string {
  const header = csvLine(['Date', 'Time', 'Class', 'Role', 'Pupils attended', 'Amount (GBP)']);
  const body = hours.lines.map((l) => {
    const at = new Date(l.startsAt);
    return csvLine([
      formatLondonDate(at),
      formatTime12h(at),
      l.label,
      l.role === 'lead' ? 'Lead' : 'Cover',
      String(l.pupilsAttended),
      csvPounds(l.amountPence),
    ]);
  });
  const total = csvLine([
    'Total',
    '',
    `${hours.sessions} sessions`,
    '',
    String(hours.pupilsAttended),
    csvPounds(hours.amountPence),
  ]);
  return `\uFEFF${header}${body.join('')}${total}`;
}

export function tutorHoursFilename(hours: TutorHours): string {
  const slug = hours.tutorName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `hours-${slug || 'tutor'}-${hours.month}.csv`;
}
