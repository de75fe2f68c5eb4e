import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import { type PeriodicTask, runPeriodically } from '../periodic-task.ts';
import { expireLapsedCheckouts } from './checkout.ts';

/** How often a server marks lapsed holds expired. Seat counts never wait for it (decision 020). */
export const LAPSED_CHECKOUT_SWEEP_MS = 60_000;

export type LapsedCheckoutSweep = PeriodicTask;

/**
 * Runs expireLapsedCheckouts every `intervalMs` so stored statuses (lists, admin figures) stay
 * honest without a webhook. A plain timer rather than a pg-boss schedule: the update is
 * idempotent, so every instance may run it, and it needs no queue or cron. The timer is
 * unref'd (it never keeps the process alive) and the next run is armed only after the
 * previous one finished, so slow runs never overlap. A failed run is logged and retried next
 * time.
 */
export function scheduleLapsedCheckoutSweep(
  deps: { db: Database; clock: Clock; logger: Logger },
  options: { intervalMs?: number } = {},
): LapsedCheckoutSweep {
  const log = deps.logger.child({ component: 'checkout-sweep' });
  return runPeriodically(
    async () => {
      const expired = await expireLapsedCheckouts(deps.db, deps.clock.now());
      if (expired > 0) log.info({ expired }, 'lapsed checkouts marked expired');
    },
    {
      intervalMs: options.intervalMs ?? LAPSED_CHECKOUT_SWEEP_MS,
      log,
      failureMessage: 'lapsed checkout sweep failed; trying again next time',
    },
  );
}
