/**
 * Every time rule takes "now" as an argument; the edges get it from a Clock so that tests,
 * and the service's TEST_CLOCK mode, can fix it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock stopped at one instant. Throws a RangeError for an unparseable instant. */
export function fixedClock(at: Date | string): Clock {
  const ms = at instanceof Date ? at.getTime() : Date.parse(at);
  if (Number.isNaN(ms)) {
    throw new RangeError(`fixedClock: not a valid instant: ${String(at)}`);
  }
  // A fresh Date per call, so a caller mutating the result cannot move the clock.
  return { now: () => new Date(ms) };
}
