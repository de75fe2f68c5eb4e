/**
 * A tutor's pay for a session taught (docs/decisions/079): a rate for the session plus a rate
 * for each pupil present or late, at the rates of the register's first submission.
 */

/** A tutor's rates, in whole pence. */
export interface TutorRates {
  perSessionPence: number;
  perPupilPence: number;
}

/**
 * The pence of one pay line: the session rate plus the pupil rate times the pupils who
 * attended. Whole pence times whole pupils, so nothing is rounded.
 */
export function tutorPayLinePence(rates: TutorRates, pupilsAttended: number): number {
  const { perSessionPence, perPupilPence } = rates;
  for (const [name, value] of Object.entries({ perSessionPence, perPupilPence, pupilsAttended })) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`tutorPayLinePence: ${name} must be a whole number >= 0: ${value}`);
    }
  }
  const pence = perSessionPence + perPupilPence * pupilsAttended;
  if (!Number.isSafeInteger(pence)) throw new RangeError('tutorPayLinePence: too large to pay');
  return pence;
}
