import { isId } from '@tuition/api-contract';
import {
  PROMO_REASONS,
  type Promo,
  type PromoCodeUses,
  type PupilHistory,
  perAccountLimitOf,
  promoCodeRefusal,
  UNKNOWN_PROMO_CODE_MESSAGE,
} from '@tuition/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../db/client.ts';
import { bookings, promoCodes, promoRedemptions } from '../db/schema.ts';
import { ValidationError } from '../http/problem.ts';
import { lockHoldRows } from '../sessions/hold-locks.ts';
import { isLiveRedemption } from './live-redemptions.ts';

/*
 * Promo codes at checkout (docs/decisions/082): look a code up before pricing, give the pricing
 * engine the pupils' history (docs/decisions/080), and claim the code in the transaction that
 * takes the seats, under a lock on the code's row, so no limit is ever exceeded however many
 * checkouts race for its last use. A claim is held with its checkout, redeemed when paid and
 * released when the hold lapses or is cancelled.
 */

export interface UsablePromo {
  id: string;
  promo: Promo;
}

type PromoRow = typeof promoCodes.$inferSelect;

/** 400 naming `promoCode`, in the words the customer reads. */
function refuse(message: string): never {
  throw new ValidationError([{ field: 'promoCode', message }]);
}

/** What a code with neither limit passes for its uses: promoCodeRefusal never reads them. */
const UNCOUNTED: PromoCodeUses = { all: 0, mine: 0 };

function promoOf(row: PromoRow): Promo {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    services: row.services ?? null,
    firstTimePupilsOnly: row.firstTimePupilsOnly,
  };
}

/** Live uses of the code in all, and by this account (each claim is one checkout). */
async function liveUses(db: DbExecutor, promoCodeId: string, userId: string, now: Date) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${eq(promoRedemptions.userId, userId)})`.mapWith(
        Number,
      ),
    })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), isLiveRedemption(now)));
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

/** The code's row if this account may use it now; else promoCodeRefusal's 400 naming `promoCode`. */
async function usableRow(
  db: DbExecutor,
  row: PromoRow | undefined,
  userId: string,
  now: Date,
): Promise<PromoRow> {
  if (!row) refuse(UNKNOWN_PROMO_CODE_MESSAGE);
  const limits = { ...row, perAccountLimit: perAccountLimitOf(row) };
  const limited = limits.maxRedemptions !== null || limits.perAccountLimit !== null;
  const uses = limited ? await liveUses(db, row.id, userId, now) : UNCOUNTED;
  const refusal = promoCodeRefusal(limits, uses, now);
  if (refusal) refuse(refusal.message);
  return row;
}

/**
 * Case-insensitive, trimmed lookup; checks active, the window (validFrom/validTo against now)
 * and, counting only live redemptions (live-redemptions.ts), maxRedemptions and
 * perAccountLimit for this account. Throws a ValidationError naming `promoCode`. Takes no lock:
 * claimPromo checks again under one.
 */
export async function findUsablePromo(
  db: DbExecutor,
  input: { code: string; userId: string; now: Date },
): Promise<UsablePromo> {
  const code = input.code.trim().toUpperCase();
  if (code === '') refuse(UNKNOWN_PROMO_CODE_MESSAGE);
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const usable = await usableRow(db, row, input.userId, input.now);
  return { id: usable.id, promo: promoOf(usable) };
}

/** Whether a code was ever issued, whatever its state now (choosePromoForExpectedPrice). */
export async function promoCodeIssued(db: DbExecutor, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(eq(promoCodes.code, code.trim().toUpperCase()))
    .limit(1);
  return row !== undefined;
}

/** `pupil_ids` names at least one of `ids` (ids are uuids, compared as text). */
function namesAnyOf(ids: readonly string[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`${promoRedemptions.pupilIds} ?| array[${list}]::text[]`;
}

/** Which of `pupilIds` a live redemption of this code names (a free session is once a pupil). */
async function pupilsWithLiveClaims(
  db: DbExecutor,
  promoCodeId: string,
  pupilIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (pupilIds.length === 0) return new Set();
  const rows = await db
    .select({ pupilIds: promoRedemptions.pupilIds })
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoCodeId, promoCodeId),
        isLiveRedemption(now),
        namesAnyOf(pupilIds),
      ),
    );
  const wanted = new Set(pupilIds);
  return new Set(rows.flatMap((row) => row.pupilIds.filter((id) => wanted.has(id))));
}

/**
 * The pricing engine's history for these pupils (docs/decisions/080, 094): first-timers are the
 * pupils of an account that has never had a confirmed booking, past or upcoming, for any of its
 * children, removed ones included (a past confirmed booking is a lesson had; a cancelled one
 * never was, and a rescheduled one lives on in the booking it moved to), so a child added after
 * the family's first lesson is not a first-timer; pupils who used the code are those a live
 * redemption of it names.
 */
export async function promoHistory(
  db: DbExecutor,
  input: { promoCodeId: string; userId: string; pupilIds: readonly string[]; now: Date },
): Promise<PupilHistory> {
  const pupilIds = [...new Set(input.pupilIds)].filter(isId);
  if (pupilIds.length === 0 || !isId(input.promoCodeId)) {
    return { firstTimePupilIds: pupilIds, freeSessionUsedPupilIds: [] };
  }
  const [booked] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, input.userId), eq(bookings.status, 'confirmed')))
    .limit(1);
  const used = await pupilsWithLiveClaims(db, input.promoCodeId, pupilIds, input.now);
  return {
    firstTimePupilIds: booked ? [] : pupilIds,
    freeSessionUsedPupilIds: pupilIds.filter((id) => used.has(id)),
  };
}

/**
 * Claims the code for a checkout, inside the caller's transaction that takes the seats: locks
 * the code's row through the hold door (sessions/hold-locks.ts: after the checkout, session and
 * wallet rows), checks again everything findUsablePromo checks and, for a free-session code,
 * that no pupil already has a live claim of it, then holds the use with the checkout. Two
 * checkouts racing for a code's last use therefore run one after the other, and the second
 * sees the first's claim. The same 400s as findUsablePromo.
 */
export async function claimPromo(
  tx: Transaction,
  input: {
    promoCodeId: string;
    userId: string;
    checkoutId: string;
    pupilIds: readonly string[];
    discountPence: number;
    now: Date;
  },
): Promise<void> {
  if (!isId(input.promoCodeId)) refuse(UNKNOWN_PROMO_CODE_MESSAGE);
  const [locked] = (await lockHoldRows(tx, { promoCodeIds: [input.promoCodeId] })).promoCodes;
  const row = await usableRow(tx, locked, input.userId, input.now);
  const pupilIds = [...new Set(input.pupilIds)];
  if (row.kind === 'free-session') {
    const used = await pupilsWithLiveClaims(tx, row.id, pupilIds, input.now);
    if (used.size > 0) refuse(PROMO_REASONS.alreadyUsed);
  }
  await tx.insert(promoRedemptions).values({
    promoCodeId: row.id,
    checkoutId: input.checkoutId,
    userId: input.userId,
    pupilIds,
    status: 'held',
    discountPence: input.discountPence,
  });
}

/** held → released for these checkouts (the hold lapsed or was cancelled); others untouched. */
export async function releasePromoClaims(
  tx: DbExecutor,
  checkoutIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(checkoutIds)].filter(isId);
  if (ids.length === 0) return;
  await tx
    .update(promoRedemptions)
    .set({ status: 'released' })
    .where(and(inArray(promoRedemptions.checkoutId, ids), eq(promoRedemptions.status, 'held')));
}

/**
 * The checkout was paid: its claim is redeemed. A claim already released counts again too: a
 * payment that arrives after its hold lapsed and is booked (docs/decisions/022) was charged the
 * discounted price, so the use is real even if it takes the code past a limit.
 */
export async function redeemPromoClaim(tx: DbExecutor, checkoutId: string): Promise<void> {
  if (!isId(checkoutId)) return;
  await tx
    .update(promoRedemptions)
    .set({ status: 'redeemed' })
    .where(
      and(
        eq(promoRedemptions.checkoutId, checkoutId),
        inArray(promoRedemptions.status, ['held', 'released']),
      ),
    );
}
