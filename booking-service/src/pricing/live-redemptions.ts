import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { checkouts, promoRedemptions } from '../db/schema.ts';

/**
 * A redemption that counts against its code's limits (docs/decisions/082): one that was paid
 * for, or one held by a checkout that still holds its seats (pending and not yet expired). A
 * released claim counts no more, and nor does a held one whose checkout lapsed before the sweep
 * released it, so a family never waits for the sweep to use a code again. For use in a query
 * that reads `promo_redemptions` unaliased.
 */
export function isLiveRedemption(now: Date): SQL {
  const holding = sql`exists (select 1 from ${checkouts} where ${and(
    eq(checkouts.id, promoRedemptions.checkoutId),
    eq(checkouts.status, 'pending'),
    gt(checkouts.expiresAt, now),
  )})`;
  return or(
    eq(promoRedemptions.status, 'redeemed'),
    and(eq(promoRedemptions.status, 'held'), holding),
  ) as SQL;
}
