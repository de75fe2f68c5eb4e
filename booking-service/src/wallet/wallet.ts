import type { Wallet } from '@tuition/api-contract';
import { coolingOffEndsAt, packRefundPence } from '@tuition/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { DbExecutor } from '../db/client.ts';
import { checkouts, classSessions, creditLedger, creditLots, pupils } from '../db/schema.ts';
import { describeSession } from '../sessions/session-description.ts';
import { availableCredit } from '../credit/credit-ledger.ts';
import { creditHolds, type LedgerLine, readableHistory } from './wallet-holds.ts';

/** The newest entries a wallet shows; a family's whole history is far shorter. */
export const WALLET_HISTORY_LIMIT = 200;

/**
 * An account's credit as the family sees it (docs/decisions/077): what it can spend now, every
 * lot (soonest to lapse first), the credit unfinished payments hold (docs/decisions/105) and the
 * ledger, newest first, naming the child and session each booking or return concerns, with a
 * checkout's credit read net (readableHistory).
 */
export async function readWallet(
  deps: { db: DbExecutor; clock: Clock; content: ContentLoader },
  userId: string,
): Promise<Wallet> {
  const now = deps.clock.now();
  const [balance, lots, entries, timetable, held] = await Promise.all([
    availableCredit(deps.db, userId, now),
    deps.db
      .select()
      .from(creditLots)
      .where(eq(creditLots.userId, userId))
      .orderBy(asc(creditLots.expiresAt), asc(creditLots.id)),
    ledgerEntries(deps.db, userId),
    deps.content.timetable(),
    creditHolds(deps.db, userId, now),
  ]);
  const lines: LedgerLine[] = entries.map((entry) => ({
    checkoutId: entry.checkoutId,
    sessionId: entry.sessionId,
    pupilId: entry.pupilId,
    entry: {
      at: entry.at.toISOString(),
      change: entry.change,
      reason: entry.reason,
      lotId: entry.lotId,
      pupil:
        entry.pupilId && entry.pupilName !== null
          ? { id: entry.pupilId, name: entry.pupilName, yearGroup: entry.pupilYearGroup }
          : null,
      session:
        entry.service && entry.startsAt && entry.endsAt
          ? (({ startsAt, label }) => ({ startsAt, label }))(
              describeSession(timetable, {
                service: entry.service,
                startsAt: entry.startsAt,
                endsAt: entry.endsAt,
              }),
            )
          : null,
      note: entry.note,
    },
  }));
  const pending = new Set(
    entries.flatMap((e) => (e.checkoutStatus === 'pending' && e.checkoutId ? [e.checkoutId] : [])),
  );
  return {
    balance,
    held: held.holds,
    lots: lots.map((lot) => ({
      id: lot.id,
      name: lot.name,
      sessions: lot.sessions,
      remaining: lot.expiresAt > now ? lot.remaining : 0,
      held: held.heldByLot.get(lot.id) ?? 0,
      pricePaidPence: lot.pricePaidPence,
      purchasedAt: lot.purchasedAt.toISOString(),
      expiresAt: lot.expiresAt.toISOString(),
      refundableUntil: refundableUntil(lot, now)?.toISOString() ?? null,
    })),
    history: readableHistory(lines, pending),
  };
}

/** The account's newest ledger entries, with the child, session and checkout each concerns. */
function ledgerEntries(db: DbExecutor, userId: string) {
  return db
    .select({
      at: creditLedger.at,
      change: creditLedger.change,
      reason: creditLedger.reason,
      lotId: creditLedger.lotId,
      note: creditLedger.note,
      checkoutId: creditLedger.checkoutId,
      sessionId: creditLedger.sessionId,
      checkoutStatus: checkouts.status,
      pupilId: pupils.id,
      pupilName: pupils.name,
      pupilYearGroup: pupils.yearGroup,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(creditLedger)
    .leftJoin(pupils, eq(pupils.id, creditLedger.pupilId))
    .leftJoin(classSessions, eq(classSessions.id, creditLedger.sessionId))
    .leftJoin(checkouts, eq(checkouts.id, creditLedger.checkoutId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.at), desc(creditLedger.id))
    .limit(WALLET_HISTORY_LIMIT);
}

/**
 * Until when a bought pack's unused sessions may still be refunded (14 days' cooling-off), or
 * null: a grant, a pack with nothing left, or the 14 days are over.
 */
export function refundableUntil(
  lot: Pick<
    typeof creditLots.$inferSelect,
    'packId' | 'pricePaidPence' | 'remaining' | 'purchasedAt' | 'expiresAt'
  >,
  now: Date,
): Date | null {
  if (!lot.packId || lot.pricePaidPence === 0 || lot.remaining === 0) return null;
  const until = coolingOffEndsAt(lot.purchasedAt);
  return until > now && lot.expiresAt > now ? until : null;
}

type LotFigures = Pick<typeof creditLots.$inferSelect, 'sessions' | 'remaining' | 'pricePaidPence'>;

/**
 * What a lot's unused sessions are worth: the lot's own price per session (packRefundPence),
 * so goodwill credit, paid for by no one, is worth nothing.
 */
export function unusedCreditPence(lot: LotFigures): number {
  if (lot.remaining === 0 || lot.sessions === 0) return 0;
  return packRefundPence(
    { sessions: lot.sessions, pricePence: lot.pricePaidPence },
    lot.sessions - lot.remaining,
    lot.remaining,
  );
}

/**
 * The cooling-off refund a lot is due now (docs/decisions/077): its unused sessions, what the
 * card gets back for them and until when; null when it has none (a grant, spent, past its 14
 * days, or no payment to refund).
 */
export function coolingOffRefundDue(
  lot: LotFigures &
    Pick<typeof creditLots.$inferSelect, 'packId' | 'checkoutId' | 'purchasedAt' | 'expiresAt'>,
  now: Date,
): { checkoutId: string; sessions: number; pence: number; until: Date } | null {
  const until = refundableUntil(lot, now);
  if (!lot.checkoutId || !until) return null;
  return {
    checkoutId: lot.checkoutId,
    sessions: lot.remaining,
    pence: unusedCreditPence(lot),
    until,
  };
}
