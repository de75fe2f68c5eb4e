import type { CreditHistoryEntry, CreditHold, CreditReason } from '@tuition/api-contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { checkouts, creditLedger, pupils } from '../db/schema.ts';
import { pupilRef, pupilRefColumns } from '../sessions/seat-pupils.ts';

/*
 * Credit an unfinished card payment holds is held, not used (docs/decisions/105): the wallet
 * lists each live hold with its children and end, each lot says how much of it is held, and the
 * history reads a checkout's credit net, seat by seat, so a hold that ended before payment is
 * one line instead of a "used" and a "returned" line per seat.
 */

const HOLD_REASONS = ['book', 'return'] satisfies CreditReason[];

/** The account's live holds (pending, not lapsed) that still take credit, soonest to end first. */
export async function creditHolds(
  db: DbExecutor,
  userId: string,
  now: Date,
): Promise<{ holds: CreditHold[]; heldByLot: Map<string, number> }> {
  const rows = await db
    .select({
      checkoutId: checkouts.id,
      expiresAt: checkouts.expiresAt,
      resumeUrl: checkouts.providerUrl,
      lotId: creditLedger.lotId,
      sessionId: creditLedger.sessionId,
      change: creditLedger.change,
      ...pupilRefColumns,
    })
    .from(creditLedger)
    .innerJoin(checkouts, eq(checkouts.id, creditLedger.checkoutId))
    .innerJoin(pupils, eq(pupils.id, creditLedger.pupilId))
    .where(
      and(
        eq(creditLedger.userId, userId),
        inArray(creditLedger.reason, HOLD_REASONS),
        eq(checkouts.userId, userId),
        eq(checkouts.status, 'pending'),
        gt(checkouts.expiresAt, now),
      ),
    )
    .orderBy(asc(checkouts.expiresAt), asc(checkouts.id), asc(pupils.name), asc(pupils.id));
  const holds = new Map<string, CreditHold>();
  const heldByLot = new Map<string, number>();
  const seatNet = new Map<string, { lotId: string; net: number; row: (typeof rows)[number] }>();
  for (const row of rows) {
    const key = `${row.checkoutId} ${row.sessionId} ${row.pupilId} ${row.lotId}`;
    const seat = seatNet.get(key) ?? { lotId: row.lotId, net: 0, row };
    seat.net += row.change;
    seatNet.set(key, seat);
  }
  for (const { lotId, net, row } of seatNet.values()) {
    if (net >= 0) continue;
    heldByLot.set(lotId, (heldByLot.get(lotId) ?? 0) - net);
    const hold = holds.get(row.checkoutId) ?? {
      checkoutId: row.checkoutId,
      sessions: 0,
      pupils: [],
      expiresAt: row.expiresAt.toISOString(),
      resumeUrl: row.resumeUrl,
    };
    hold.sessions -= net;
    if (!hold.pupils.some((p) => p.id === row.pupilId)) hold.pupils.push(pupilRef(row));
    holds.set(row.checkoutId, hold);
  }
  return { holds: [...holds.values()], heldByLot };
}

/** A ledger entry as the wallet reads it, with what ties it to a checkout's seat. */
export interface LedgerLine {
  entry: CreditHistoryEntry;
  checkoutId: string | null;
  sessionId: string | null;
  pupilId: string | null;
}

/**
 * A checkout's own credit entries: its seats' `book` entries and the `return` entries that gave
 * them back when its hold ended (those carry no note; the business's returns always do).
 */
const isHoldEntry = (line: LedgerLine): line is LedgerLine & { checkoutId: string } =>
  line.checkoutId !== null &&
  (line.entry.reason === 'book' || (line.entry.reason === 'return' && line.entry.note === null));

/**
 * The history as the family reads it, newest first: a checkout still pending shows none of its
 * credit entries (the wallet lists it as held); any other checkout keeps one "used" line per
 * seat still paid with credit, and its seats given back make one `hold-ended` line dated when
 * the hold ended. Every other entry is kept as it is.
 */
export function readableHistory(
  lines: readonly LedgerLine[],
  pendingCheckoutIds: ReadonlySet<string>,
): CreditHistoryEntry[] {
  const kept: CreditHistoryEntry[] = [];
  const byCheckout = new Map<string, LedgerLine[]>();
  for (const line of lines) {
    if (!isHoldEntry(line)) kept.push(line.entry);
    else if (!pendingCheckoutIds.has(line.checkoutId)) {
      byCheckout.set(line.checkoutId, [...(byCheckout.get(line.checkoutId) ?? []), line]);
    }
  }
  for (const checkoutLines of byCheckout.values()) kept.push(...netOfCheckout(checkoutLines));
  // Stable, so entries of one instant keep the ledger's order.
  return kept.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

/** One checkout's credit entries (newest first), netted seat by seat. */
function netOfCheckout(lines: readonly LedgerLine[]): CreditHistoryEntry[] {
  const seats = new Map<string, LedgerLine[]>();
  for (const line of lines) {
    const key = `${line.sessionId} ${line.pupilId}`;
    seats.set(key, [...(seats.get(key) ?? []), line]);
  }
  const used: CreditHistoryEntry[] = [];
  let givenBack = 0;
  let endedAt: string | undefined;
  let firstLot: string | undefined;
  for (const seatLines of seats.values()) {
    const net = seatLines.reduce((sum, line) => sum + line.entry.change, 0);
    const newestBook = seatLines.find((line) => line.entry.reason === 'book');
    if (net < 0 && newestBook) {
      used.push(newestBook.entry);
      continue;
    }
    givenBack += 1;
    const newestReturn = seatLines.find((line) => line.entry.reason === 'return');
    if (newestReturn && (!endedAt || newestReturn.entry.at > endedAt)) {
      endedAt = newestReturn.entry.at;
    }
    firstLot = seatLines.at(-1)?.entry.lotId ?? firstLot;
  }
  if (givenBack === 0 || !endedAt || !firstLot) return used;
  return [
    ...used,
    {
      at: endedAt,
      change: 0,
      reason: 'hold-ended',
      held: givenBack,
      lotId: firstLot,
      pupil: null,
      session: null,
      note: null,
    },
  ];
}
