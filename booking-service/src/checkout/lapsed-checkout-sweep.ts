import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import {
  type EndedHold,
  endHolds,
  type WaitlistDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';
import { type PeriodicTask, runPeriodically } from '../periodic-task.ts';

/** How often a server marks lapsed holds expired. Seat counts never wait for it (decision 020). */
export const LAPSED_CHECKOUT_SWEEP_MS = 60_000;

export type LapsedCheckoutSweep = PeriodicTask;

/** At most this many lapsed holds are ended per transaction of a sweep. */
const SWEEP_BATCH = 200;

/**
 * The pending checkouts whose hold ran out (at expires_at, as effectiveStatus says).
 * `status = 'pending'` is written as a literal, not a bound parameter, so the planner can match
 * the partial index checkouts_pending_expires_at_idx whatever plan it caches, and the sweep
 * reads only the pending rows, never every checkout ever taken (docs/decisions/076).
 */
export function lapsedCheckouts(db: DbExecutor, now: Date, checkoutId?: string) {
  return db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        sql`${checkouts.status} = 'pending'`,
        lte(checkouts.expiresAt, now),
        ...(checkoutId ? [eq(checkouts.id, checkoutId)] : []),
      ),
    )
    .limit(SWEEP_BATCH);
}

/**
 * Ends lapsed holds (all of them, or the one named) through the seat ledger's give-back, a
 * batch per transaction: each checkout becomes expired, its credit and its code's use go back
 * (docs/decisions/077, 082, 086). No seat is offered: an expired hold already counted for
 * nothing. Answers the holds ended.
 */
export async function expireLapsedCheckouts(
  deps: WaitlistDeps & { db: Database },
  now: Date,
  checkoutId?: string,
): Promise<EndedHold[]> {
  const ended: EndedHold[] = [];
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await lapsedCheckouts(tx, now, checkoutId);
      return endHolds(deps, tx, { checkoutIds: due.map((row) => row.id), how: 'lapsed', now });
    });
    ended.push(...batch);
    if (batch.length < SWEEP_BATCH) return ended;
  }
}

/**
 * Runs expireLapsedCheckouts every `intervalMs` so stored statuses (lists, admin figures) stay
 * honest without a webhook. A plain timer rather than a pg-boss schedule: the update is
 * idempotent, so every instance may run it, and it needs no queue or cron. The timer is
 * unref'd (it never keeps the process alive) and the next run is armed only after the
 * previous one finished, so slow runs never overlap. A failed run is logged and retried next
 * time.
 */
export function scheduleLapsedCheckoutSweep(
  deps: WaitlistDeps & { db: Database; logger: Logger },
  options: { intervalMs?: number } = {},
): LapsedCheckoutSweep {
  const log = deps.logger.child({ component: 'checkout-sweep' });
  return runPeriodically(
    async () => {
      const expired = (await expireLapsedCheckouts(deps, deps.clock.now())).length;
      if (expired > 0) log.info({ expired }, 'lapsed checkouts marked expired');
    },
    {
      intervalMs: options.intervalMs ?? LAPSED_CHECKOUT_SWEEP_MS,
      log,
      failureMessage: 'lapsed checkout sweep failed; trying again next time',
    },
  );
}
