import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/client.ts';
import { checkouts } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import {
  type EndedHold,
  endHolds,
  type WaitlistDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';

/** How often the service marks lapsed holds expired. Seat counts never wait for it (decision 020). */
export const LAPSED_CHECKOUT_SWEEP_MS = 60_000;

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
 * expireLapsedCheckouts once a minute, on one instance per occurrence (docs/decisions/095), so
 * stored statuses (lists, admin figures) stay honest without a webhook. The update is idempotent
 * besides, so a run that overlaps another ends each hold once.
 */
export function lapsedCheckoutSweepJob(
  deps: WaitlistDeps & { db: Database; logger: Logger },
): ScheduledJob {
  const log = deps.logger.child({ component: 'checkout-sweep' });
  return {
    name: 'checkout-lapses',
    intervalMs: LAPSED_CHECKOUT_SWEEP_MS,
    onClockMove: false,
    failureMessage: 'lapsed checkout sweep failed; trying again next time',
    async run() {
      const expired = (await expireLapsedCheckouts(deps, deps.clock.now())).length;
      if (expired > 0) log.info({ expired }, 'lapsed checkouts marked expired');
    },
  };
}
