import { and, eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Database, DbExecutor } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import { returnCheckoutCredit } from '../credit/credit-ledger.ts';
import { releasePromoClaims } from '../pricing/promo-claims.ts';
import { type PeriodicTask, runPeriodically } from '../periodic-task.ts';

/** How often a server marks lapsed holds expired. Seat counts never wait for it (decision 020). */
export const LAPSED_CHECKOUT_SWEEP_MS = 60_000;

export type LapsedCheckoutSweep = PeriodicTask;

/**
 * The sweep's update: pending checkouts whose hold ran out (at expires_at, as effectiveStatus
 * says), marked expired. `status = 'pending'` is written as a literal, not a bound parameter,
 * so the planner can match the partial index checkouts_pending_expires_at_idx whatever plan it
 * caches, and the sweep reads only the pending rows, never every checkout ever taken
 * (docs/decisions/076).
 */
export function markLapsedCheckoutsExpired(db: DbExecutor, now: Date, checkoutId?: string) {
  return db
    .update(checkouts)
    .set({ status: 'expired' })
    .where(
      and(
        sql`${checkouts.status} = 'pending'`,
        lte(checkouts.expiresAt, now),
        ...(checkoutId ? [eq(checkouts.id, checkoutId)] : []),
      ),
    )
    .returning({ id: checkouts.id, userId: checkouts.userId, creditUsed: checkouts.creditUsed });
}

/**
 * Marks lapsed holds expired (all of them, or the one named) and gives back the credit they
 * took, in one transaction: a lapse never keeps credit (docs/decisions/077). No seat changes:
 * an expired hold already counts for nothing.
 */
export function expireLapsedCheckouts(db: Database, now: Date, checkoutId?: string) {
  return db.transaction(async (tx) => {
    const expired = await markLapsedCheckoutsExpired(tx, now, checkoutId);
    for (const checkout of expired) {
      if (checkout.creditUsed > 0) await returnCheckoutCredit(tx, checkout, now);
    }
    // A lapse never keeps a promo code's use either (docs/decisions/082).
    await releasePromoClaims(
      tx,
      expired.map((checkout) => checkout.id),
    );
    return expired;
  });
}

/**
 * Runs markLapsedCheckoutsExpired every `intervalMs` so stored statuses (lists, admin figures) stay
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
      const expired = (await expireLapsedCheckouts(deps.db, deps.clock.now())).length;
      if (expired > 0) log.info({ expired }, 'lapsed checkouts marked expired');
    },
    {
      intervalMs: options.intervalMs ?? LAPSED_CHECKOUT_SWEEP_MS,
      log,
      failureMessage: 'lapsed checkout sweep failed; trying again next time',
    },
  );
}
