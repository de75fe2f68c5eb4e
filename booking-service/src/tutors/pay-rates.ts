import type { TutorWarning } from '@tuition/api-contract';
import {
  londonDate,
  oneToOneLessonPence,
  openPayLinesFrom,
  tutorPayLinePence,
} from '@tuition/domain';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../db/client.ts';
import { classSessions, tutorOneToOneSettings, tutorPayLines, tutors } from '../db/schema.ts';

/*
 * Tutors are paid what their rates say (docs/decisions/113): an admin is warned when a tutor
 * they invite or assign has no rate for the lessons concerned, and a rate change re-prices the
 * tutor's pay lines of months not yet closed, never those of a closed month.
 */

export type LessonKind = 'group' | 'one-to-one';

/** No session or pupil rate: a class pays nothing. */
export const hasGroupRates = (rates: { perSessionPence: number; perPupilPence: number }) =>
  rates.perSessionPence > 0 || rates.perPupilPence > 0;

/** The warning an admin gets when the tutor has no rate for this kind of lesson; [] if paid. */
export async function payRateWarnings(
  db: DbExecutor,
  tutorId: string,
  kind: LessonKind,
): Promise<TutorWarning[]> {
  const [row] = await db
    .select({
      perSessionPence: tutors.perSessionPence,
      perPupilPence: tutors.perPupilPence,
      hourlyPence: tutorOneToOneSettings.ratePencePerHour,
    })
    .from(tutors)
    .leftJoin(tutorOneToOneSettings, eq(tutorOneToOneSettings.tutorId, tutors.id))
    .where(eq(tutors.id, tutorId));
  if (!row) return [];
  if (kind === 'one-to-one') return (row.hourlyPence ?? 0) > 0 ? [] : ['no-one-to-one-rate'];
  return hasGroupRates(row) ? [] : ['no-rates'];
}

/** What a re-pricing changed, for the audit entry of the rate change. */
export interface Repriced {
  /** The earliest month not yet closed, YYYY-MM: its lines and later ones followed the rates. */
  fromMonth: string;
  lines: number;
  beforePence: number;
  afterPence: number;
}

/**
 * Re-prices the tutor's pay lines of one kind in months not yet closed at `now`, at the rates
 * given: a class's line at the session and pupil rates, a 1-to-1 lesson's at the hourly rate
 * for its length (decision 106). Call it in the rate change's transaction, after locking the
 * tutor's row; the lines are locked too, so a register sent meanwhile waits and counts anew.
 */
export async function repricePayLines(
  tx: Transaction,
  input: {
    tutorId: string;
    kind: LessonKind;
    rates: { perSessionPence: number; perPupilPence: number } | { hourlyPence: number };
    now: Date;
  },
): Promise<Repriced> {
  const from = openPayLinesFrom(input.now);
  const lines = await tx
    .select({
      sessionId: tutorPayLines.sessionId,
      pupilsAttended: tutorPayLines.pupilsAttended,
      amountPence: tutorPayLines.amountPence,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(tutorPayLines)
    .innerJoin(classSessions, eq(classSessions.id, tutorPayLines.sessionId))
    .where(
      and(
        eq(tutorPayLines.tutorId, input.tutorId),
        gte(tutorPayLines.startsAt, from),
        eq(classSessions.kind, input.kind),
      ),
    )
    .orderBy(asc(tutorPayLines.sessionId))
    .for('update', { of: tutorPayLines });
  let beforePence = 0;
  let afterPence = 0;
  let changed = 0;
  for (const line of lines) {
    const rates =
      'hourlyPence' in input.rates
        ? {
            perSessionPence: oneToOneLessonPence(
              input.rates.hourlyPence,
              Math.round((line.endsAt.getTime() - line.startsAt.getTime()) / 60_000),
            ),
            perPupilPence: 0,
          }
        : input.rates;
    const amountPence = tutorPayLinePence(rates, line.pupilsAttended);
    beforePence += line.amountPence;
    afterPence += amountPence;
    await tx
      .update(tutorPayLines)
      .set({ ...rates, amountPence })
      .where(eq(tutorPayLines.sessionId, line.sessionId));
    if (amountPence !== line.amountPence) changed += 1;
  }
  return { fromMonth: londonDate(from).slice(0, 7), lines: changed, beforePence, afterPence };
}
