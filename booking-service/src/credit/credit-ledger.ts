import type { CreditReason } from '@tuition/api-contract';
import { splitBasketPayment } from '@tuition/domain';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../db/client.ts';
import { checkoutItems, creditLedger, creditLots } from '../db/schema.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';

/*
 * The credit ledger (docs/decisions/077): the one module that changes a family's credit. Every
 * change runs inside the caller's transaction and first locks the account's fixed wallet row,
 * so two changes of one balance run one after the other; a seat write locks its session rows
 * before this row (never the other way round), so credit and seats cannot deadlock. A lot's
 * `remaining` moves only together with a ledger entry of the same size, and the database
 * refuses a lot below none or above what it started with (migration 0011).
 */

/** One seat of a checkout: a session and who sits in it. */
export interface CreditSeat {
  sessionId: string;
  pupilId: string;
}

/** A seat paid for with a session of credit, and the lot it came from. */
export interface DebitedSeat extends CreditSeat {
  lotId: string;
}

/**
 * Locks the account's wallet row (created on first use). Every credit change of that account
 * takes this lock first and holds it to the end of the transaction.
 */
export async function lockWallet(tx: Transaction, userId: string): Promise<void> {
  await lockHoldRows(tx, { walletUserIds: [userId] });
}

/** Sessions of credit the account can spend at `now` (lots not yet lapsed). */
export async function availableCredit(db: DbExecutor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLots.remaining}), 0)::int` })
    .from(creditLots)
    .where(and(eq(creditLots.userId, userId), gt(creditLots.expiresAt, now)));
  return Number(row?.total ?? 0);
}

/** The account's spendable lots, the one that lapses first first. */
function spendableLots(tx: Transaction, userId: string, now: Date) {
  return tx
    .select({ id: creditLots.id, remaining: creditLots.remaining })
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, userId),
        gt(creditLots.remaining, 0),
        gt(creditLots.expiresAt, now),
      ),
    )
    .orderBy(asc(creditLots.expiresAt), asc(creditLots.purchasedAt), asc(creditLots.id));
}

/** Writes ledger entries and moves each lot's `remaining` by the same amounts. */
async function record(
  tx: Transaction,
  entries: readonly (typeof creditLedger.$inferInsert)[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(creditLedger).values([...entries]);
  const byLot = new Map<string, number>();
  for (const entry of entries) {
    byLot.set(entry.lotId, (byLot.get(entry.lotId) ?? 0) + entry.change);
  }
  for (const [lotId, change] of byLot) {
    await tx
      .update(creditLots)
      .set({ remaining: sql`${creditLots.remaining} + ${change}` })
      .where(eq(creditLots.id, lotId));
  }
}

/** The one start debitSeats gives every seat, so the split keeps the order they came in. */
const IN_ORDER_GIVEN = new Date(0);

/**
 * Pays for as many of `seats` as the account's credit covers, in the order given, each from
 * the lot that lapses first. Decided under the wallet lock, so of two checkouts racing for the
 * last session of credit exactly one gets it. Answers the seats paid with credit.
 */
export async function debitSeats(
  tx: Transaction,
  debit: { userId: string; checkoutId: string; seats: readonly CreditSeat[]; now: Date },
): Promise<DebitedSeat[]> {
  if (debit.seats.length === 0) return [];
  await lockWallet(tx, debit.userId);
  const lots = await spendableLots(tx, debit.userId, debit.now);
  // The seats come in the order credit pays them (checkout's basket already in start order,
  // then pupil order) but carry no start: with one shared start the split keeps that order.
  const { credit } = splitBasketPayment(
    debit.seats.map((seat) => ({ seat, startsAt: IN_ORDER_GIVEN })),
    lots,
  );
  const debited: DebitedSeat[] = credit.map(({ seat, lot }) => ({ ...seat.seat, lotId: lot.id }));
  await record(
    tx,
    debited.map((seat) => ({
      userId: debit.userId,
      lotId: seat.lotId,
      change: -1,
      reason: 'book' as const,
      at: debit.now,
      checkoutId: debit.checkoutId,
      sessionId: seat.sessionId,
      pupilId: seat.pupilId,
    })),
  );
  return debited;
}

/**
 * Per seat of a checkout, the lot whose credit pays for it now: the net of the seat's `book`
 * and `return` entries is one session taken.
 */
export async function creditHeldByCheckout(
  db: DbExecutor,
  checkoutId: string,
): Promise<DebitedSeat[]> {
  const rows = await db
    .select({
      sessionId: creditLedger.sessionId,
      pupilId: creditLedger.pupilId,
      lotId: creditLedger.lotId,
      net: sql<number>`sum(${creditLedger.change})::int`,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.checkoutId, checkoutId),
        inArray(creditLedger.reason, ['book', 'return'] satisfies CreditReason[]),
      ),
    )
    .groupBy(creditLedger.sessionId, creditLedger.pupilId, creditLedger.lotId);
  return rows.flatMap((row) =>
    Number(row.net) < 0 && row.sessionId && row.pupilId
      ? [{ sessionId: row.sessionId, pupilId: row.pupilId, lotId: row.lotId }]
      : [],
  );
}

/**
 * Gives back the credit a checkout that never became seats still holds (its hold lapsed, was
 * released or replaced): each seat's session returns to the lot it came from. Safe to call
 * again: a returned seat holds nothing more. Answers the number of sessions returned.
 */
export async function returnCheckoutCredit(
  tx: Transaction,
  checkout: { id: string; userId: string },
  now: Date,
): Promise<number> {
  await lockWallet(tx, checkout.userId);
  const held = await creditHeldByCheckout(tx, checkout.id);
  await record(
    tx,
    held.map((seat) => ({
      userId: checkout.userId,
      lotId: seat.lotId,
      change: 1,
      reason: 'return' as const,
      at: now,
      checkoutId: checkout.id,
      sessionId: seat.sessionId,
      pupilId: seat.pupilId,
    })),
  );
  return held.length;
}

/**
 * Before a late payment books a checkout whose credit was given back when its hold lapsed:
 * takes that credit again for the seats it paid for. False when the account no longer has
 * enough (the seats are then not booked and the card payment is refunded).
 */
export async function retakeCheckoutCredit(
  tx: Transaction,
  checkout: { id: string; userId: string },
  now: Date,
): Promise<boolean> {
  const creditSeats = await tx
    .select({ sessionId: checkoutItems.sessionId, pupilId: checkoutItems.pupilId })
    .from(checkoutItems)
    .where(and(eq(checkoutItems.checkoutId, checkout.id), eq(checkoutItems.paidWithCredit, true)))
    .orderBy(asc(checkoutItems.sessionId), asc(checkoutItems.pupilId));
  if (creditSeats.length === 0) return true;
  await lockWallet(tx, checkout.userId);
  const held = new Set(
    (await creditHeldByCheckout(tx, checkout.id)).map((s) => `${s.sessionId} ${s.pupilId}`),
  );
  const missing = creditSeats.filter((s) => !held.has(`${s.sessionId} ${s.pupilId}`));
  if (missing.length === 0) return true;
  if ((await availableCredit(tx, checkout.userId, now)) < missing.length) return false;
  await debitSeats(tx, { userId: checkout.userId, checkoutId: checkout.id, seats: missing, now });
  return true;
}

/**
 * Under the caller's wallet lock: the lot's unused sessions lapse (an `expire` entry of the
 * same size). Nothing happens to a lot already spent or expired, so running it twice, or on
 * two instances, expires once. Answers the sessions that lapsed.
 */
export async function recordExpiry(tx: Transaction, lotId: string, now: Date): Promise<number> {
  const [lot] = await tx
    .select({ userId: creditLots.userId, remaining: creditLots.remaining })
    .from(creditLots)
    .where(and(eq(creditLots.id, lotId), lte(creditLots.expiresAt, now)));
  if (!lot || lot.remaining === 0) return 0;
  await record(tx, [
    {
      userId: lot.userId,
      lotId,
      change: -lot.remaining,
      reason: 'expire',
      at: now,
    },
  ]);
  return lot.remaining;
}

/**
 * Gives the session of credit that paid for a seat back to its own lot (the business cancelled
 * it), and keeps that lot usable for at least `minDays` more days. Answers 1, or 0 when this
 * seat's credit was returned already.
 */
export async function returnSeatCredit(
  tx: Transaction,
  seat: {
    userId: string;
    lotId: string;
    bookingCheckoutId: string | null;
    sessionId: string;
    pupilId: string;
    now: Date;
    minDays: number;
    note: string;
  },
): Promise<number> {
  await lockWallet(tx, seat.userId);
  const [lot] = await tx
    .select({ expiresAt: creditLots.expiresAt })
    .from(creditLots)
    .where(eq(creditLots.id, seat.lotId));
  if (!lot) return 0;
  await record(tx, [
    {
      userId: seat.userId,
      lotId: seat.lotId,
      change: 1,
      reason: 'return',
      at: seat.now,
      checkoutId: seat.bookingCheckoutId,
      sessionId: seat.sessionId,
      pupilId: seat.pupilId,
      note: seat.note,
    },
  ]);
  const floor = new Date(seat.now.getTime() + seat.minDays * 24 * 60 * 60_000);
  if (lot.expiresAt < floor) {
    await tx.update(creditLots).set({ expiresAt: floor }).where(eq(creditLots.id, seat.lotId));
  }
  return 1;
}

/**
 * Under the caller's wallet lock: `sessions` unused sessions of a lot leave the wallet because
 * their money went back to the card (a `refund` entry).
 */
export async function recordLotRefund(
  tx: Transaction,
  refund: { userId: string; lotId: string; sessions: number; now: Date },
): Promise<void> {
  if (refund.sessions === 0) return;
  await record(tx, [
    {
      userId: refund.userId,
      lotId: refund.lotId,
      change: -refund.sessions,
      reason: 'refund',
      at: refund.now,
    },
  ]);
}

/** A new lot of credit: a pack bought, or credit granted by staff. */
export interface NewLot {
  userId: string;
  name: string;
  packId: string | null;
  checkoutId: string | null;
  sessions: number;
  pricePaidPence: number;
  purchasedAt: Date;
  expiresAt: Date;
  /** `return` for credit given for a card-paid seat the business cancelled. */
  reason: Extract<CreditReason, 'purchase' | 'grant' | 'return'>;
  sessionId?: string | null;
  pupilId?: string | null;
  note?: string | null;
}

/** Adds a lot with its opening entry; answers its id. */
export async function addLot(tx: Transaction, lot: NewLot): Promise<string> {
  await lockWallet(tx, lot.userId);
  const [created] = await tx
    .insert(creditLots)
    .values({
      userId: lot.userId,
      name: lot.name,
      packId: lot.packId,
      checkoutId: lot.checkoutId,
      sessions: lot.sessions,
      remaining: 0,
      pricePaidPence: lot.pricePaidPence,
      purchasedAt: lot.purchasedAt,
      expiresAt: lot.expiresAt,
    })
    .returning({ id: creditLots.id });
  if (!created) throw new Error('the credit lot was not created');
  await record(tx, [
    {
      userId: lot.userId,
      lotId: created.id,
      change: lot.sessions,
      reason: lot.reason,
      at: lot.purchasedAt,
      checkoutId: lot.checkoutId,
      sessionId: lot.sessionId ?? null,
      pupilId: lot.pupilId ?? null,
      note: lot.note ?? null,
    },
  ]);
  return created.id;
}

/** The lot of a pack bought by this checkout, if one was added already (a repeated event). */
export async function lotOfCheckout(db: DbExecutor, checkoutId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: creditLots.id })
    .from(creditLots)
    .where(eq(creditLots.checkoutId, checkoutId))
    .limit(1);
  return row?.id ?? null;
}

/** Marks which seats of a checkout credit pays for (the rest are paid by card). */
export async function markCreditSeats(
  tx: Transaction,
  checkoutId: string,
  seats: readonly CreditSeat[],
): Promise<void> {
  for (const seat of seats) {
    await tx
      .update(checkoutItems)
      .set({ paidWithCredit: true })
      .where(
        and(
          eq(checkoutItems.checkoutId, checkoutId),
          eq(checkoutItems.sessionId, seat.sessionId),
          eq(checkoutItems.pupilId, seat.pupilId),
        ),
      );
  }
}
