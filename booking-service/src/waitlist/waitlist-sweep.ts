import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { moveDueListsOn, type WaitlistDeps } from '../sessions/seat-ledger/seat-ledger.ts';

/**
 * How often the service moves waiting lists on. Seat counts never wait for it: an offer stops
 * holding its seat at expires_at, and the list's claim keeps that seat from general sale until
 * the next offer is made (docs/decisions/060). This only makes the next offer (and its mail).
 */
export const WAITLIST_SWEEP_MS = 30_000;

/**
 * moveDueListsOn every 30 s, on one instance per occurrence (docs/decisions/095): lapsed offers
 * pass to the next place, seats freed by a lapsed checkout hold are offered, lists of started
 * sessions close. Every step also locks the session row and re-reads it, so a run that overlaps
 * another (a /dev/clock move) still offers each seat once.
 */
export function waitlistSweepJob(
  deps: WaitlistDeps & { db: Database; logger: Logger },
): ScheduledJob {
  const log = deps.logger.child({ component: 'waitlist-sweep' });
  return {
    name: 'waitlist-offers',
    intervalMs: WAITLIST_SWEEP_MS,
    onClockMove: true,
    failureMessage: 'waiting-list sweep failed; trying again next time',
    async run() {
      const made = await moveDueListsOn(deps);
      if (made.length > 0) log.info({ offers: made.length }, 'waiting-list offers made');
    },
  };
}
