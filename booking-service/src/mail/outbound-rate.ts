import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { outboundRate } from '../db/schema.ts';

/*
 * One outbound rate across every instance (docs/decisions/090): a token bucket per provider,
 * kept in one row of `outbound_rate`, which each send takes a token from before it goes.
 *
 * Time is the database's clock (clock_timestamp()), not the app clock. Every instance then
 * refills the bucket by the same clock, whatever its host's clock says; and deps.clock is the
 * booking rules' "now", fixed in tests and movable by TEST_CLOCK or /dev/clock, while a provider
 * counts real seconds. The process's own timer is used only to wait the interval the database
 * answered.
 */

/** One provider's shared limit. */
export interface OutboundRateLimit {
  /** The bucket's row, one per provider: `mail:resend`; a text-message outbox names its own. */
  key: string;
  /** Sends a second, by all instances together. */
  perSecond: number;
  /** Sends that may go at once after a quiet spell; 1 spaces every send by 1/perSecond. */
  burst: number;
}

/**
 * How long the holder of a token waits before sending, given the bucket's level just after
 * taking it: nothing while the level is 0 or more, else until the rate has repaid the shortfall.
 */
export function msUntilTokenIsDue(tokensLeft: number, perSecond: number): number {
  return tokensLeft >= 0 ? 0 : (-tokensLeft / perSecond) * 1000;
}

/**
 * Takes one token in one statement and answers how many ms to wait before sending with it.
 * The bucket is refilled for the time since it was last touched, up to `burst`, and a token is
 * taken even when none is left: the level goes below zero and the taker waits until the rate
 * has repaid it. So no lock is held while anyone waits, and senders queue in the order they
 * took. A missing row starts full.
 *
 * `excluded.refilled_at` is this statement's one reading of the clock. A statement that waited
 * for the row's lock may have read it before the holder's; then no time has passed for it, and
 * refilled_at never goes back.
 */
export async function takeOutboundToken(db: Database, limit: OutboundRateLimit): Promise<number> {
  const [row] = await db
    .insert(outboundRate)
    .values({ key: limit.key, tokens: limit.burst - 1, refilledAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: outboundRate.key,
      set: {
        tokens: sql`least(${limit.burst}::float8, ${outboundRate.tokens} + ${limit.perSecond}::float8
          * greatest(0, extract(epoch from excluded.refilled_at - ${outboundRate.refilledAt}))::float8) - 1`,
        refilledAt: sql`greatest(${outboundRate.refilledAt}, excluded.refilled_at)`,
      },
    })
    .returning({ tokens: outboundRate.tokens });
  if (!row) throw new Error(`no outbound rate row for ${limit.key}`);
  return msUntilTokenIsDue(row.tokens, limit.perSecond);
}

/** One instance's door to a shared bucket: each send calls waitForTurn() first. */
export class OutboundRate {
  /** The previous caller's take; the next waits for it, not for its sleep. */
  private lastTake: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    readonly limit: OutboundRateLimit,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /**
   * Resolves when this instance may send one message. Tokens are taken in call order, so a
   * batch handed over immediate mail first starts in that order; a failed take rejects, and the
   * message is not sent.
   */
  async waitForTurn(): Promise<void> {
    const take = this.lastTake.then(() => takeOutboundToken(this.db, this.limit));
    this.lastTake = take.catch(() => undefined);
    const waitMs = await take;
    if (waitMs > 0) await this.sleep(waitMs);
  }
}
