import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import { type PeriodicTask, runPeriodically } from '../periodic-task.ts';
import { moveDueListsOn, type WaitlistDeps } from '../sessions/seat-ledger/seat-ledger.ts';

/**
 * How often a server moves waiting lists on. Seat counts never wait for it: an offer stops
 * holding its seat at expires_at, and the list's claim keeps that seat from general sale until
 * the next offer is made (docs/decisions/060). This only makes the next offer (and its mail).
 */
export const WAITLIST_SWEEP_MS = 30_000;

export type WaitlistSweep = PeriodicTask;

/**
 * Runs moveDueListsOn every `intervalMs`: lapsed offers pass to the next place, seats freed by
 * a lapsed checkout hold are offered, lists of started sessions close. A plain timer like the
 * lapsed-checkout sweep: every step locks the session row and re-reads it, so several
 * instances running it at once offer each seat once. Unref'd; runs never overlap; a failed run
 * is logged and retried next time.
 */
export function scheduleWaitlistSweep(
  deps: WaitlistDeps & { db: Database; logger: Logger },
  options: { intervalMs?: number } = {},
): WaitlistSweep {
  const log = deps.logger.child({ component: 'waitlist-sweep' });
  return runPeriodically(
    async () => {
      const made = await moveDueListsOn(deps);
      if (made.length > 0) log.info({ offers: made.length }, 'waiting-list offers made');
    },
    {
      intervalMs: options.intervalMs ?? WAITLIST_SWEEP_MS,
      log,
      failureMessage: 'waiting-list sweep failed; trying again next time',
    },
  );
}
