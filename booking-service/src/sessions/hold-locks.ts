import { isId } from '@tuition/api-contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { checkouts, classSessions, creditWallets, promoCodes, tutors } from '../db/schema.ts';
import type { SessionRow } from './session-rows.ts';

/*
 * The one lock door (docs/decisions/086). A hold touches five kinds of row: the tutor whose
 * hour a 1-to-1 lesson takes (docs/decisions/106), the checkout that holds the seats, the
 * session rows whose seats it counts, the family's wallet row whose credit pays for some of them
 * and the promo code whose use it claims. Every row lock on those tables is taken here, in one
 * fixed order (tutors, then checkouts, then sessions, then wallets, then codes; by id within
 * each), under one lock timeout, and only inside a transaction. Two transactions
 * that lock through this door can wait for each other but never in a circle: no deadlock.
 * Nothing else in the service locks those tables (the architecture test reads the SQL).
 */

/**
 * How long a hold's lock waits for another transaction before it gives up. A stuck transaction
 * then costs the requests behind it a 503 with Retry-After (lock_not_available is a retryable
 * conflict, db/connection-errors.ts) instead of hanging them (docs/decisions/063).
 */
export const HOLD_LOCK_TIMEOUT_MS = 5_000;

/** The rows a hold (or a change of one of its parts) locks. Any may be left out. */
export interface HoldLocks {
  /** Tutors whose time is taken or given (a 1-to-1 hour, a cover assignment). */
  tutorIds?: readonly string[] | undefined;
  checkoutIds?: readonly string[] | undefined;
  sessionIds?: readonly string[] | undefined;
  /** Accounts whose wallet row is locked (created on first use). */
  walletUserIds?: readonly string[] | undefined;
  promoCodeIds?: readonly string[] | undefined;
}

export type CheckoutRow = typeof checkouts.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type TutorRow = typeof tutors.$inferSelect;

/** The locked rows as they are now, in id order (wallet rows carry nothing to read). */
export interface LockedRows {
  tutors: TutorRow[];
  checkouts: CheckoutRow[];
  sessions: SessionRow[];
  promoCodes: PromoCodeRow[];
}

const KINDS = ['tutors', 'checkouts', 'sessions', 'wallets', 'codes'] as const;
type Kind = (typeof KINDS)[number];

/** Per open transaction: the rows it holds, and the latest kind it locked (-1: none yet). */
interface Held {
  ids: Record<Kind, Set<string>>;
  last: number;
}
const heldBy = new WeakMap<object, Held>();

/** A drizzle transaction can roll back; a database handle cannot. */
function isTransaction(tx: unknown): boolean {
  return typeof (tx as { rollback?: unknown }).rollback === 'function';
}

/**
 * Locks the rows named, in the door's order, and answers the checkout, session and code rows as
 * they are under the lock. Within one transaction a later call may add rows of the same kind or
 * a later one, or name rows it holds already. New rows of an earlier kind (a hold that appeared
 * after its session rows were locked) are locked without waiting (NOWAIT): a transaction never
 * waits out of order, so it can never close a circle of waits; if another holds such a row the
 * request ends with lock_not_available, a retryable 503 (docs/decisions/086).
 */
export async function lockHoldRows(tx: Transaction, locks: HoldLocks): Promise<LockedRows> {
  if (!isTransaction(tx)) throw new Error('the hold lock door opens only inside a transaction');
  const wanted: Record<Kind, string[]> = {
    tutors: sortedIds(locks.tutorIds, true),
    checkouts: sortedIds(locks.checkoutIds, true),
    sessions: sortedIds(locks.sessionIds, true),
    wallets: sortedIds(locks.walletUserIds, false),
    codes: sortedIds(locks.promoCodeIds, true),
  };
  const locked: LockedRows = { tutors: [], checkouts: [], sessions: [], promoCodes: [] };
  if (KINDS.every((kind) => wanted[kind].length === 0)) return locked;
  let held = heldBy.get(tx);
  if (!held) {
    held = {
      ids: {
        tutors: new Set(),
        checkouts: new Set(),
        sessions: new Set(),
        wallets: new Set(),
        codes: new Set(),
      },
      last: -1,
    };
    heldBy.set(tx, held);
    await tx.execute(sql`select set_config('lock_timeout', ${String(HOLD_LOCK_TIMEOUT_MS)}, true)`);
  }
  const last = held.last;
  const mode = (kind: Kind) => {
    const rank = KINDS.indexOf(kind);
    const late = rank < last && wanted[kind].some((id) => !held.ids[kind].has(id));
    return late ? ({ noWait: true } as const) : undefined;
  };
  if (wanted.tutors.length > 0) {
    locked.tutors = await tx
      .select()
      .from(tutors)
      .where(inArray(tutors.id, wanted.tutors))
      .orderBy(asc(tutors.id))
      .for('update', mode('tutors'));
  }
  if (wanted.checkouts.length > 0) {
    locked.checkouts = await tx
      .select()
      .from(checkouts)
      .where(inArray(checkouts.id, wanted.checkouts))
      .orderBy(asc(checkouts.id))
      .for('update', mode('checkouts'));
  }
  if (wanted.sessions.length > 0) {
    locked.sessions = await tx
      .select()
      .from(classSessions)
      .where(inArray(classSessions.id, wanted.sessions))
      .orderBy(asc(classSessions.id))
      .for('update', mode('sessions'));
  }
  if (wanted.wallets.length > 0) {
    // A wallet row exists from its account's first credit change on.
    await tx
      .insert(creditWallets)
      .values(wanted.wallets.map((userId) => ({ userId })))
      .onConflictDoNothing();
    await tx
      .select({ userId: creditWallets.userId })
      .from(creditWallets)
      .where(inArray(creditWallets.userId, wanted.wallets))
      .orderBy(asc(creditWallets.userId))
      .for('update', mode('wallets'));
  }
  if (wanted.codes.length > 0) {
    locked.promoCodes = await tx
      .select()
      .from(promoCodes)
      .where(inArray(promoCodes.id, wanted.codes))
      .orderBy(asc(promoCodes.id))
      .for('update', mode('codes'));
  }
  for (const [rank, kind] of KINDS.entries()) {
    if (wanted[kind].length === 0) continue;
    for (const id of wanted[kind]) held.ids[kind].add(id);
    held.last = Math.max(held.last, rank);
  }
  return locked;
}

/** Distinct ids in the order the door locks them; ids that are not UUIDs name no row. */
function sortedIds(ids: readonly string[] | undefined, uuids: boolean): string[] {
  const distinct = [...new Set(ids ?? [])].filter((id) => (uuids ? isId(id) : id.length > 0));
  // Postgres orders uuids and these text keys as plain byte strings; sort the same way.
  return distinct.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
