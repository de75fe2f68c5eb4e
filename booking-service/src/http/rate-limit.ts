import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until another request would be allowed; null when allowed. */
  retryAfter: number | null;
}

/**
 * One request against `key` in better-auth's `rate_limit` table, with better-auth's own
 * semantics (count within a window that restarts when `window` seconds pass without an
 * allowed request), so the table means one thing and every instance shares it. Row-locked
 * in a transaction, so concurrent requests cannot all slip past the limit. Wall-clock time on
 * purpose: TEST_CLOCK is for booking rules, and better-auth prunes this table by real time.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: { window: number; max: number },
  nowMs: number = Date.now(),
): Promise<RateDecision> {
  const windowMs = rule.window * 1000;
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimit)
      .values({ id: randomUUID(), key, count: 0, lastRequest: 0 })
      .onConflictDoNothing({ target: rateLimit.key });
    const [row] = await tx.select().from(rateLimit).where(eq(rateLimit.key, key)).for('update');
    const last = Number(row?.lastRequest ?? 0);
    const count = row?.count ?? 0;
    if (nowMs - last >= windowMs) {
      await tx
        .update(rateLimit)
        .set({ count: 1, lastRequest: nowMs })
        .where(eq(rateLimit.key, key));
      return { allowed: true, retryAfter: null };
    }
    if (count < rule.max) {
      await tx
        .update(rateLimit)
        .set({ count: count + 1, lastRequest: nowMs })
        .where(eq(rateLimit.key, key));
      return { allowed: true, retryAfter: null };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((last + windowMs - nowMs) / 1000)) };
  });
}
