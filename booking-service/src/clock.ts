import { type Clock, fixedClock, systemClock } from '@tuition/domain';
import type { Config } from './config/env.ts';

export type { Clock };

/** The one clock every booking rule reads: the real time, or TEST_CLOCK (refused in production). */
export function clockFromConfig(config: Pick<Config, 'testClock'>): Clock {
  return config.testClock ? fixedClock(config.testClock) : systemClock;
}
