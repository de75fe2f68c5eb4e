import { type Clock, fixedClock, systemClock } from '@tuition/domain';
import type { Config } from './config/env.ts';

export type { Clock };

/** A clock the local /dev/clock route can move (never built in production). */
export interface SettableClock extends Clock {
  /** From now on, "now" reads `at` and runs on from there (a fixed clock stays fixed there). */
  set(at: Date): void;
}

/** Wraps a clock so it can be moved; the offset applies to whatever the base clock says. */
export function settableClock(base: Clock): SettableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    set(at: Date) {
      offsetMs = at.getTime() - base.now().getTime();
    },
  };
}

export function isSettableClock(clock: Clock): clock is SettableClock {
  return typeof (clock as Partial<SettableClock>).set === 'function';
}

/**
 * The one clock every booking rule reads: the real time, or TEST_CLOCK (refused in production),
 * standing still there or, with TEST_CLOCK_RUNS, running on from it (the browser journeys'
 * fixed calendar, docs/decisions/092). Outside production it can be moved by POST /dev/clock
 * (local mode, docs/decisions/056).
 */
export function clockFromConfig(
  config: Pick<Config, 'testClock' | 'testClockRuns' | 'nodeEnv'>,
): Clock {
  if (config.testClock && config.testClockRuns && config.nodeEnv !== 'production') {
    const running = settableClock(systemClock);
    running.set(config.testClock);
    return running;
  }
  const base = config.testClock ? fixedClock(config.testClock) : systemClock;
  return config.nodeEnv === 'production' ? base : settableClock(base);
}
