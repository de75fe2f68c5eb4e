import { seatsLeft } from '@tuition/domain';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  bookings,
  checkoutItems,
  checkouts,
  classSessions,
  pupils,
  waitlistEntries,
  waitlistOffers,
} from '../../db/schema.ts';
import { type BookingRow, selectBookingRows } from '../booking-rows.ts';
import { creditHeldByCheckout, retakeCheckoutCredit } from '../../credit/credit-ledger.ts';
import { redeemPromoClaim } from '../../pricing/promo-claims.ts';
import { lockHoldRows } from '../hold-locks.ts';
import { seatsTaken } from '../seats.ts';
import { defaultCalendarUid } from '../session-lines.ts';
import type { SessionRow } from '../session-rows.ts';
import { offerFreedSeats, takeUpOffers, type WaitlistDeps } from './offer-engine.ts';
import { sendToBackOfQueue } from './offer-lapse.ts';
import { planReminders, reminderKinds } from './reminder-plan.ts';
import { type EndedHold, endHolds, pendingHoldsIn } from './hold-end.ts';
import { type OpenedHold, type OpenHoldRequest, priceHold } from './hold-open.ts';
import { checkSeats, lockSessionRows } from './seat-locks.ts';

/*
 * The seat ledger (docs/decisions/063): the one door through which a seat is taken, confirmed,
 * moved or freed. Each call runs inside the caller's transaction; it locks the session rows in
 * id order (with a lock timeout), checks capacity and duplicates under that lock, and runs the
 * follow-ups of the change in the same transaction: a freed seat is offered to the waiting
 * list, a confirmed seat gets its reminders planned, a moved seat keeps its calendar entry. No
 * other module locks session rows, hands seats to the waiting list or plans reminders.
 */

export {
  checkOfferForBasket,
  type MadeOffer,
  moveDueListsOn,
  moveListsOn,
  sessionsNeedingOffers,
  type WaitlistDeps,
} from './offer-engine.ts';
export { deadlineText, offerUrl, placeOpenedEmail } from './offer-mail.ts';
export {
  type ReminderKind,
  reminderDueAt,
  reminderKinds,
  reminderKindsFromSettings,
} from './reminder-plan.ts';
export { SEAT_LOCK_TIMEOUT_MS, type SeatCheck } from './seat-locks.ts';
export { queueForSeats, type QueueRefusal } from './seat-queue.ts';
export { releaseAccountSeats } from './account-release.ts';
export {
  holdTutorLessons,
  takeTutorHour,
  type TutorHold,
  type TutorHoldRequest,
  type WantedLesson,
} from './tutor-hold.ts';
export { type EndedHold, endHolds, type HoldEnd } from './hold-end.ts';
export type { OpenedHold } from './hold-open.ts';
export { HOLD_LOCK_TIMEOUT_MS, type HoldLocks, lockHoldRows } from '../hold-locks.ts';

/** Per session id, the pupils wanting a seat in it (each pair is one seat). */
export type WantedSeats = ReadonlyMap<string, readonly string[]>;

/** Why seats cannot be had: a pupil holds one already, is paying for one, or none is left. */
export type SeatRefusal = 'duplicate' | 'pending' | 'full';

/** The caller's error for a refusal, naming the sessions concerned in its own words. */
export type RefuseSeats = (reason: SeatRefusal, sessionIds: readonly string[]) => Error;

/** What the ledger needs: what offering a freed seat needs (clock, content, mail, URL). */
export type SeatLedgerDeps = WaitlistDeps;

/**
 * Refuses a hold whose seats are taken: a wanted pupil booked already (duplicate), or fewer
 * seats left than pupils wanted (full; the account's own pending holds and live offers of those
 * seats count as theirs, since the hold replaces them). holdSeats asks it under the session
 * locks; a caller may ask it first without them, an early answer that can only become less
 * favourable, so in a rush for the last seats most requests stop there instead of queueing on
 * the row lock while holding a pooled connection.
 */
export async function precheckHold(
  executor: Parameters<typeof checkSeats>[0],
  sessionRows: readonly SessionRow[],
  request: { userId: string; seats: WantedSeats; now: Date; refuse: RefuseSeats },
): Promise<void> {
  const { booked, full } = await checkSeats(
    executor,
    sessionRows,
    request.userId,
    request.seats,
    request.now,
  );
  if (booked.size > 0) throw request.refuse('duplicate', [...booked.keys()]);
  if (full.size > 0) throw request.refuse('full', [...full]);
}

/** A pending checkout replaced by a newer hold of the same seats. */
export type ReplacedCheckout = Pick<EndedHold, 'id' | 'providerSessionId'>;

export interface SeatHold {
  userId: string;
  seats: WantedSeats;
  now: Date;
  /** The pending checkout that holds the seats while the customer pays. */
  checkout: Pick<
    typeof checkouts.$inferInsert,
    'provider' | 'amountPence' | 'sessionCount' | 'isSpecialOffer' | 'expiresAt'
  >;
  refuse: RefuseSeats;
}

/**
 * Holds seats (checkout): the account's older pending checkouts of any of these seats are
 * locked with the sessions (checkouts first, through the door), the seats are checked under
 * the session locks, the account's live offers of them are taken up (the hold replaces theirs),
 * one pending checkout with an item per seat is written, and then the older checkouts are ended
 * whole through the give-back (decision 041: the new hold replaces them; a rollback restores
 * them), after the new hold has its seats so none of them is offered to the waiting list.
 */
export async function holdSeats(
  deps: SeatLedgerDeps,
  tx: Transaction,
  hold: SeatHold,
): Promise<{ checkoutId: string; replaced: EndedHold[] }> {
  const sessionIds = [...hold.seats.keys()];
  const pupilIds = [...new Set([...hold.seats.values()].flat())];
  const overlapping = await overlappingPendingCheckouts(tx, hold, sessionIds, pupilIds);
  const { sessions: locked } = await lockHoldRows(tx, {
    checkoutIds: overlapping.map((old) => old.id),
    sessionIds: [...sessionIds, ...overlapping.flatMap((old) => old.sessionIds)],
  });
  await precheckHold(
    tx,
    locked.filter((row) => hold.seats.has(row.id)),
    hold,
  );
  await takeUpOffers(tx, hold.userId, hold.seats, hold.now);
  const [created] = await tx
    .insert(checkouts)
    .values({ ...hold.checkout, userId: hold.userId, status: 'pending' })
    .returning({ id: checkouts.id });
  if (!created) throw new Error('the checkout row was not created');
  await tx
    .insert(checkoutItems)
    .values(
      [...hold.seats].flatMap(([sessionId, pupils]) =>
        pupils.map((pupilId) => ({ checkoutId: created.id, sessionId, pupilId })),
      ),
    );
  // Their credit goes back to the wallet, where this hold may take it again; their code's use
  // is released (docs/decisions/082).
  const replaced = await endHolds(deps, tx, {
    checkoutIds: overlapping.map((old) => old.id),
    how: 'replaced',
    now: hold.now,
    userId: hold.userId,
  });
  return { checkoutId: created.id, replaced };
}

/**
 * This user's pending, unexpired checkouts that hold a seat of any of `pupilIds` in any of
 * `sessionIds` (the new hold is every session × every pupil), with all their sessions. Other
 * customers' checkouts, and the user's checkouts of other sessions or for other pupils (a
 * sibling's basket), stay. Read without a lock: holdSeats locks them through the door.
 */
async function overlappingPendingCheckouts(
  tx: Transaction,
  hold: SeatHold,
  sessionIds: readonly string[],
  pupilIds: readonly string[],
): Promise<{ id: string; sessionIds: string[] }[]> {
  const overlapping = tx
    .select({ id: checkoutItems.checkoutId })
    .from(checkoutItems)
    .where(
      and(
        inArray(checkoutItems.sessionId, [...sessionIds]),
        inArray(checkoutItems.pupilId, [...pupilIds]),
      ),
    );
  const rows = await tx
    .select({ id: checkouts.id, sessionId: checkoutItems.sessionId })
    .from(checkouts)
    .innerJoin(checkoutItems, eq(checkoutItems.checkoutId, checkouts.id))
    .where(
      and(
        eq(checkouts.userId, hold.userId),
        eq(checkouts.status, 'pending'),
        gt(checkouts.expiresAt, hold.now),
        inArray(checkouts.id, overlapping),
      ),
    );
  const byId = new Map<string, string[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row.sessionId]);
  return [...byId].map(([id, ids]) => ({ id, sessionIds: ids }));
}

/**
 * Gives a pending hold back (released by the customer, or expired) through the give-back: its
 * checkout and sessions are locked (in that order), the credit and the code's use go back and
 * the freed seats go to the sessions' waiting lists (decision 060). Answers the ended hold, or
 * undefined when it was no longer pending (or not `userId`'s, when given).
 */
export async function releaseHold(
  deps: SeatLedgerDeps,
  tx: Transaction,
  release: { checkoutId: string; to: 'cancelled' | 'expired'; userId?: string | undefined },
): Promise<EndedHold | undefined> {
  const [ended] = await endHolds(deps, tx, {
    checkoutIds: [release.checkoutId],
    how: release.to === 'expired' ? 'lapsed' : 'released',
    now: deps.clock.now(),
    userId: release.userId,
  });
  return ended;
}

/**
 * Ends a hold whose payment page never opened (the provider refused): nobody can have paid for
 * it, so it is given back whole at once, credit and code included.
 */
export async function dropUnopenedHold(
  deps: SeatLedgerDeps & { db: Database },
  checkoutId: string,
) {
  return deps.db.transaction(async (tx) => {
    const [ended] = await endHolds(deps, tx, {
      checkoutIds: [checkoutId],
      how: 'page-failed',
      now: deps.clock.now(),
    });
    return ended;
  });
}

/** Thrown when a hold that lapsed or was released cannot be honoured: its seats are gone. */
export class SeatsGoneError extends Error {
  constructor() {
    super('the seats of this checkout are gone');
  }
}

/** One seat of a checkout, with who it is for (the confirmation e-mail names them). */
export interface HeldSeat {
  sessionId: string;
  pupilId: string;
  pupilName: string;
  pupilEmail: string | null;
  pupilYearGroup: (typeof pupils.$inferSelect)['yearGroup'];
  /** A session of credit pays for this seat (docs/decisions/077). */
  paidWithCredit: boolean;
}

export interface ConfirmedSeats {
  /** The checkout's seats, in pupil-name order. */
  seats: HeldSeat[];
  /** The locked rows of their sessions, by id. */
  sessions: Map<string, SessionRow>;
  /** The confirmed bookings written, one per seat. */
  created: { id: string; sessionId: string; pupilId: string }[];
}

/**
 * Confirms the seats of a checkout (payment; later credit): under the session locks, a hold
 * still live is the customer's; one that lapsed or was released is honoured only if nobody took
 * the seats since, the account does not hold them another way and the sessions are still ahead
 * (else SeatsGoneError: the caller refunds). Writes a confirmed booking per seat and plans its
 * reminders (those whose time has passed are skipped).
 */
async function confirmSeats(
  deps: Pick<SeatLedgerDeps, 'content'>,
  tx: Transaction,
  checkout: Pick<typeof checkouts.$inferSelect, 'id' | 'userId' | 'status' | 'expiresAt'>,
  now: Date,
): Promise<ConfirmedSeats> {
  const seats = await tx
    .select({
      sessionId: checkoutItems.sessionId,
      pupilId: checkoutItems.pupilId,
      pupilName: pupils.name,
      pupilEmail: pupils.email,
      pupilYearGroup: pupils.yearGroup,
      paidWithCredit: checkoutItems.paidWithCredit,
      adultNearby: checkoutItems.adultNearby,
    })
    .from(checkoutItems)
    .innerJoin(pupils, eq(pupils.id, checkoutItems.pupilId))
    .where(eq(checkoutItems.checkoutId, checkout.id))
    .orderBy(asc(pupils.name), asc(pupils.id));
  const locked = await lockSessionRows(
    tx,
    seats.map((seat) => seat.sessionId),
  );
  // Nobody is booked into a session the business cancelled: the payment is refunded.
  if (locked.some((row) => row.cancelledAt)) throw new SeatsGoneError();
  const stillHeld = checkout.status === 'pending' && checkout.expiresAt > now;
  if (!stillHeld) {
    const wanted = new Map<string, string[]>();
    for (const seat of seats) {
      wanted.set(seat.sessionId, [...(wanted.get(seat.sessionId) ?? []), seat.pupilId]);
    }
    const { duplicates, full } = await checkSeats(tx, locked, checkout.userId, wanted, now);
    const started = locked.some((row) => row.startsAt.getTime() <= now.getTime());
    if (duplicates.size > 0 || full.size > 0 || started) throw new SeatsGoneError();
    // A lapsed 1-to-1 hold let the tutor's hour go (docs/decisions/106): another family or a
    // cover may have it now, so the late payment is refunded rather than booked over them.
    if (locked.some((row) => row.kind === 'one-to-one')) throw new SeatsGoneError();
    // The lapsed hold gave its credit back: the seats it paid for need it again.
    if (!(await retakeCheckoutCredit(tx, checkout, now))) throw new SeatsGoneError();
  }
  const lotOf = new Map(
    (await creditHeldByCheckout(tx, checkout.id)).map((s) => [`${s.sessionId} ${s.pupilId}`, s]),
  );
  const created = await tx
    .insert(bookings)
    .values(
      seats.map((seat) => ({
        userId: checkout.userId,
        sessionId: seat.sessionId,
        pupilId: seat.pupilId,
        status: 'confirmed' as const,
        checkoutId: checkout.id,
        creditLotId: lotOf.get(`${seat.sessionId} ${seat.pupilId}`)?.lotId ?? null,
        adultNearby: seat.adultNearby,
      })),
    )
    .returning({ id: bookings.id, sessionId: bookings.sessionId, pupilId: bookings.pupilId });
  // A promo code's use held by this checkout becomes a redemption (docs/decisions/082).
  await redeemPromoClaim(tx, checkout.id);
  const sessions = new Map(locked.map((row) => [row.id, row]));
  await planReminders(
    tx,
    created.flatMap((b) => {
      const row = sessions.get(b.sessionId);
      return row ? [{ id: b.id, startsAt: row.startsAt }] : [];
    }),
    now,
    await reminderKinds(deps.content),
  );
  return { seats, sessions, created };
}

/** How a hold was paid: what the checkout records when it is confirmed. */
export interface HoldPayment {
  paidAt: Date;
  /** Set when no card paid (credit or a free code): `credit` or `none`. */
  provider?: 'credit' | 'none' | undefined;
  paymentIntentId?: string | null | undefined;
  providerSessionId?: string | null | undefined;
}

/**
 * Confirms a paid hold, the one way a hold becomes bookings (docs/decisions/086): under the
 * checkout's lock (taken here through the door if the caller has not) the seats are confirmed
 * (confirmSeats: SeatsGoneError when they cannot be honoured), the code's use is redeemed once,
 * and the checkout is marked paid.
 */
export async function confirmHold(
  deps: Pick<SeatLedgerDeps, 'content'>,
  tx: Transaction,
  checkout: Pick<typeof checkouts.$inferSelect, 'id' | 'userId' | 'status' | 'expiresAt'>,
  payment: HoldPayment,
): Promise<ConfirmedSeats> {
  await lockHoldRows(tx, { checkoutIds: [checkout.id] });
  const confirmed = await confirmSeats(deps, tx, checkout, payment.paidAt);
  await tx
    .update(checkouts)
    .set({
      status: 'paid',
      paidAt: payment.paidAt,
      ...(payment.provider ? { provider: payment.provider } : {}),
      ...(payment.paymentIntentId !== undefined
        ? { paymentIntentId: payment.paymentIntentId }
        : {}),
      ...(payment.providerSessionId !== undefined
        ? { providerSessionId: payment.providerSessionId }
        : {}),
    })
    .where(eq(checkouts.id, checkout.id));
  return confirmed;
}

/** A basket's hold to open: its priced seats, how it pays, and its pending checkout. */
export interface BasketHoldRequest extends OpenHoldRequest {
  refuse: RefuseSeats;
  /** The payment provider and the instant the hold lapses. */
  checkout: Pick<typeof checkouts.$inferInsert, 'provider' | 'expiresAt'>;
  /** Written in the hold's transaction once the checkout exists (a term's enrolments). */
  inHold?: ((tx: Transaction, checkoutId: string) => Promise<void>) | undefined;
}

/**
 * Opens a hold (docs/decisions/086): in the caller's transaction, the seats are held (older
 * holds of them replaced), credit pays for what it covers, the code's use is claimed and the
 * rest is priced, all in the lock door's order. A basket nothing is left to pay for is
 * confirmed there and then (`confirmed`), as a card payment would be.
 */
export async function openHold(
  deps: SeatLedgerDeps,
  tx: Transaction,
  request: BasketHoldRequest,
): Promise<OpenedHold & { confirmed: ConfirmedSeats | null }> {
  const seats = new Map<string, string[]>();
  for (const seat of request.seats) {
    seats.set(seat.sessionId, [...(seats.get(seat.sessionId) ?? []), seat.pupilId]);
  }
  const held = await holdSeats(deps, tx, {
    userId: request.userId,
    seats,
    now: request.now,
    refuse: request.refuse,
    checkout: {
      ...request.checkout,
      amountPence: 0,
      sessionCount: request.seats.length,
      isSpecialOffer: false,
    },
  });
  await request.inHold?.(tx, held.checkoutId);
  const priced = await priceHold(tx, held, request);
  if (priced.cardPence > 0) return { ...priced, confirmed: null };
  // Credit or a code paid for every seat: still pending to confirmSeats, so its seats are live.
  const payment = {
    paidAt: request.now,
    provider: priced.creditUsed > 0 ? ('credit' as const) : ('none' as const),
  };
  const confirmed = await confirmHold(deps, tx, priced.checkout, payment);
  return {
    ...priced,
    checkout: { ...priced.checkout, ...payment, status: 'paid' },
    confirmed,
  };
}

/** The booking whose seat moves, as the caller locked and read it. */
export interface MovingSeat {
  id: string;
  userId: string;
  sessionId: string;
  pupilId: string;
  checkoutId: string | null;
  /** The credit lot that paid for the seat; the moved seat is still paid by it. */
  creditLotId: string | null;
  calendarUid: string | null;
  calendarSequence: number;
}

/**
 * Moves one pupil's seat to another session (reschedule), both session rows locked in id order:
 * the target is checked for that pupil alone (a sibling may be there): the same session or a
 * seat booked there is a duplicate, a seat being paid for there is pending, no seat left is
 * full. The old booking becomes `rescheduled` and its seat goes to that session's waiting list;
 * a new confirmed booking points back at it, keeps the calendar entry (same UID, next
 * SEQUENCE) and gets its reminders planned; an offer of the target seat held for this pupil is
 * used up (decision 060).
 */
export async function moveSeat(
  deps: SeatLedgerDeps,
  tx: Transaction,
  move: { booking: MovingSeat; target: SessionRow; now: Date; refuse: RefuseSeats },
): Promise<{ id: string; createdAt: Date }> {
  const { booking, target, now } = move;
  const locked = await lockSessionRows(tx, [booking.sessionId, target.id]);
  const lockedTarget = locked.filter((row) => row.id === target.id);
  const seat = new Map([[target.id, [booking.pupilId]]]);
  const { booked, pending, full } = await checkSeats(tx, lockedTarget, booking.userId, seat, now);
  if (booking.sessionId === target.id || booked.has(target.id)) {
    throw move.refuse('duplicate', [target.id]);
  }
  // Moving onto a seat the customer is still paying for would book it twice once that payment
  // lands: they resume or release that payment first.
  if (pending.has(target.id)) throw move.refuse('pending', [target.id]);
  if (full.has(target.id)) throw move.refuse('full', [target.id]);
  await tx.update(bookings).set({ status: 'rescheduled' }).where(eq(bookings.id, booking.id));
  await offerFreedSeats(deps, tx, booking.sessionId);
  const [created] = await tx
    .insert(bookings)
    .values(movedSeatValues(booking, target.id))
    .returning({ id: bookings.id, createdAt: bookings.createdAt });
  if (!created) throw new Error('the new booking was not created');
  const kinds = await reminderKinds(deps.content);
  await planReminders(tx, [{ id: created.id, startsAt: target.startsAt }], now, kinds);
  await takeUpOffers(tx, booking.userId, seat, now);
  return created;
}

/**
 * The confirmed booking a moved seat becomes: the same family, pupil, payment and credit lot,
 * pointing back at the booking it replaces, keeping its calendar entry (same UID, next SEQUENCE).
 */
function movedSeatValues(booking: MovingSeat, targetId: string): typeof bookings.$inferInsert {
  return {
    userId: booking.userId,
    sessionId: targetId,
    pupilId: booking.pupilId,
    status: 'confirmed',
    checkoutId: booking.checkoutId,
    creditLotId: booking.creditLotId,
    rescheduledFrom: booking.id,
    calendarUid: booking.calendarUid ?? defaultCalendarUid(booking.id),
    calendarSequence: booking.calendarSequence + 1,
  };
}

/**
 * Why a whole session cannot move into another: a pupil of it already holds a seat there
 * (`duplicate`) or is paying for one (`pending`), or fewer seats are left there than it has
 * confirmed pupils (`full`). Names are the pupils concerned, in name order.
 */
export type MergeRefusal =
  | { reason: 'duplicate' | 'pending'; pupilNames: string[] }
  | { reason: 'full'; seatsLeft: number; seatsWanted: number };

/** One seat moved by mergeWholeSession: the source's booking (as it was) and its new one. */
export interface MergedSeat {
  from: BookingRow;
  bookingId: string;
}

/**
 * Moves every confirmed seat of one session into another of the same class and cancels the
 * emptied session, all or nothing (docs/decisions/100: a thin class merged instead of
 * cancelled). The door's order is kept: the pending holds with a seat in the source (which its
 * cancel ends) are locked first, then both session rows and those holds' other sessions. Under
 * those locks `vet` judges the two rows (the caller's rules: decided, started, cancelled, same
 * class; it throws to refuse), then the seats must all fit together, or nothing moves and
 * `refuse` names why: no pupil may hold or be paying for a seat of the target, and the target
 * must have a seat left for every pupil (a moving pupil's live offer of a target seat counts as
 * theirs), so siblings are never split. Each seat then moves as moveSeat moves one (the source
 * booking `rescheduled`, a new confirmed one keeping the calendar entry, reminders planned,
 * offers taken up), its new booking cancellable for credit until `mergeCancelUntil`; the freed
 * seats are offered to nobody, as the source is cancelled in the same transaction
 * (cancelWholeSession: its list closed, live offers and pending holds ended). Answers the locked
 * rows as they were, the seats moved in pupil-name order, and the holds ended.
 */
export async function mergeWholeSession(
  deps: SeatLedgerDeps,
  tx: Transaction,
  merge: {
    sourceId: string;
    targetId: string;
    now: Date;
    /** The cancelled source's reason, as the admin pages show it. */
    reason: string;
    mergeCancelUntil: Date;
    vet: (source: SessionRow, target: SessionRow) => void;
    refuse: (refusal: MergeRefusal) => Error;
  },
): Promise<{
  source: SessionRow;
  target: SessionRow;
  moved: MergedSeat[];
  endedHolds: EndedHold[];
}> {
  const { now } = merge;
  const holds = await pendingHoldsIn(tx, [merge.sourceId]);
  const { sessions } = await lockHoldRows(tx, {
    checkoutIds: holds.map((hold) => hold.id),
    sessionIds: [merge.sourceId, merge.targetId, ...holds.flatMap((hold) => hold.sessionIds)],
  });
  const source = sessions.find((row) => row.id === merge.sourceId);
  const target = sessions.find((row) => row.id === merge.targetId);
  if (!source || !target) throw new Error('the sessions of a merge must exist');
  merge.vet(source, target);
  const seats = await selectBookingRows(
    tx,
    and(eq(bookings.sessionId, source.id), eq(bookings.status, 'confirmed')),
  ).orderBy(asc(pupils.name), asc(pupils.id));
  const families = new Map<string, BookingRow[]>();
  for (const seat of seats) families.set(seat.userId, [...(families.get(seat.userId) ?? []), seat]);
  await checkMergeFits(tx, { target, families, now, refuse: merge.refuse });
  const moved: MergedSeat[] = [];
  if (seats.length > 0) {
    await tx
      .update(bookings)
      .set({ status: 'rescheduled' })
      .where(
        inArray(
          bookings.id,
          seats.map((seat) => seat.id),
        ),
      );
    const created = await tx
      .insert(bookings)
      .values(
        seats.map((seat) => ({
          ...movedSeatValues(seat, target.id),
          mergeCancelUntil: merge.mergeCancelUntil,
        })),
      )
      .returning({ id: bookings.id, from: bookings.rescheduledFrom });
    const newIdOf = new Map(created.map((row) => [row.from, row.id]));
    for (const seat of seats) moved.push({ from: seat, bookingId: newIdOf.get(seat.id) ?? '' });
    const kinds = await reminderKinds(deps.content);
    await planReminders(
      tx,
      created.map((row) => ({ id: row.id, startsAt: target.startsAt })),
      now,
      kinds,
    );
    for (const [userId, family] of families) {
      const pupilIds = family.map((seat) => seat.pupilId);
      await takeUpOffers(tx, userId, new Map([[target.id, pupilIds]]), now);
    }
  }
  const cancelled = await cancelWholeSession(deps, tx, {
    sessionId: source.id,
    now,
    reason: merge.reason,
  });
  if (!cancelled) throw new Error('the merged session could not be cancelled');
  return { source, target, moved, endedHolds: cancelled.endedHolds };
}

/**
 * Refuses a merge (mergeWholeSession, under its locks) unless every family's pupils fit the
 * target together: none holds or is paying for a seat there, and there is a seat for each.
 */
async function checkMergeFits(
  tx: Transaction,
  merge: {
    target: SessionRow;
    families: ReadonlyMap<string, readonly BookingRow[]>;
    now: Date;
    refuse: (refusal: MergeRefusal) => Error;
  },
): Promise<void> {
  const { target, now } = merge;
  const booked: string[] = [];
  const paying: string[] = [];
  let offered = 0;
  let wanted = 0;
  for (const [userId, family] of merge.families) {
    const seat = new Map([[target.id, family.map((row) => row.pupilId)]]);
    const check = await checkSeats(tx, [target], userId, seat, now);
    const nameOf = (id: string) => family.find((row) => row.pupilId === id)?.pupilName ?? '';
    booked.push(...(check.booked.get(target.id) ?? []).map(nameOf));
    paying.push(...(check.pending.get(target.id) ?? []).map(nameOf));
    offered += check.offered.get(target.id)?.length ?? 0;
    wanted += family.length;
  }
  const byName = (names: string[]) => names.sort((a, b) => a.localeCompare(b));
  if (booked.length > 0) throw merge.refuse({ reason: 'duplicate', pupilNames: byName(booked) });
  if (paying.length > 0) throw merge.refuse({ reason: 'pending', pupilNames: byName(paying) });
  if (wanted === 0) return;
  const taken = (await seatsTaken(tx, [target.id], now)).get(target.id) ?? 0;
  const left = seatsLeft({ capacity: target.capacity, taken }, { offered });
  if (left < wanted) throw merge.refuse({ reason: 'full', seatsLeft: left, seatsWanted: wanted });
}

/**
 * Frees confirmed seats (a customer's or an admin's cancel): their sessions are locked, the
 * bookings become `cancelled` and the seats go to the waiting lists in this transaction.
 */
export async function releaseSeats(
  deps: SeatLedgerDeps,
  tx: Transaction,
  released: readonly { id: string; sessionId: string }[],
): Promise<void> {
  if (released.length === 0) return;
  const sessionIds = released.map((booking) => booking.sessionId);
  await lockSessionRows(tx, sessionIds);
  await markCancelled(
    tx,
    released.map((booking) => booking.id),
  );
  await offerFreedSeats(deps, tx, sessionIds);
}

/** Marks these bookings cancelled (their seats count for nothing from here on). */
async function markCancelled(tx: Transaction, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(inArray(bookings.id, [...bookingIds]));
}

/**
 * Cancels one session for good (the business cancels it). The checkouts it touches are locked
 * first (the pending holds with a seat in it, and the paid checkouts of its bookings, which the
 * remedies may refund), then the session row (the door's order). Under those locks the session
 * is marked cancelled with the reason, every confirmed seat is cancelled (no seat is offered on:
 * nobody can have one), its waiting list is closed, any live offer of it ends, and every pending
 * hold with a seat in it is ended whole through the give-back: its credit and code's use go back
 * and its other sessions' seats are free again (docs/decisions/086). Answers the bookings
 * cancelled, in start and pupil order, and the holds ended, with the session's row; or null when the session was
 * cancelled before or has started (docs/decisions/077).
 */
export async function cancelWholeSession(
  deps: SeatLedgerDeps,
  tx: Transaction,
  request: { sessionId: string; now: Date; reason: string },
): Promise<CancelledSession | null> {
  const row = await lockWholeSession(tx, request.sessionId);
  if (!row || row.cancelledAt || row.startsAt <= request.now) return null;
  return cancelLockedSession(deps, tx, row, request);
}

/** What cancelling a whole session did: its row, the seats cancelled and the holds ended. */
export interface CancelledSession {
  session: SessionRow;
  seats: BookingRow[];
  endedHolds: EndedHold[];
}

/**
 * Decides a session by its class's minimum (docs/decisions/100), once: under the same locks as
 * a whole-session cancel, the confirmed seats are counted (a pending hold counts for nothing
 * until paid); with at least `minPupils`, or when an admin says so (`outcome`), the session is
 * recorded as running; else it is cancelled as the business cancels (seats, waiting list,
 * offers, pending holds) and recorded as cancelled. A payment that lands before the lock counts;
 * one after finds the session cancelled and is refunded whole (docs/decisions/086). Answers
 * null when the session was decided, cancelled or started already.
 */
export async function decideSession(
  deps: SeatLedgerDeps,
  tx: Transaction,
  request: {
    sessionId: string;
    now: Date;
    minPupils: number;
    reason: string;
    /** An admin's early decision; absent, the count decides. */
    outcome?: 'runs' | 'cancelled';
    decidedBy: string | null;
  },
): Promise<
  | { outcome: 'runs'; session: SessionRow; confirmed: number }
  | ({ outcome: 'cancelled'; confirmed: number } & CancelledSession)
  | null
> {
  const row = await lockWholeSession(tx, request.sessionId);
  if (!row || row.decision || row.cancelledAt || row.startsAt <= request.now) return null;
  const [counted] = await tx
    .select({ confirmed: count() })
    .from(bookings)
    .where(and(eq(bookings.sessionId, row.id), eq(bookings.status, 'confirmed')));
  const confirmed = counted?.confirmed ?? 0;
  const outcome = request.outcome ?? (confirmed >= request.minPupils ? 'runs' : 'cancelled');
  await tx
    .update(classSessions)
    .set({ decision: outcome, decidedAt: request.now, decidedBy: request.decidedBy })
    .where(eq(classSessions.id, row.id));
  const decided = {
    ...row,
    decision: outcome,
    decidedAt: request.now,
    decidedBy: request.decidedBy,
  };
  if (outcome === 'runs') return { outcome, session: decided, confirmed };
  return {
    outcome,
    confirmed,
    ...(await cancelLockedSession(deps, tx, decided, request)),
  };
}

/**
 * Locks what cancelling a whole session touches, in the door's order: the checkouts first (the
 * pending holds with a seat in it, and the paid checkouts of its bookings, which the remedies
 * may refund), then the session rows. Answers the session's locked row.
 */
async function lockWholeSession(
  tx: Transaction,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const holds = await pendingHoldsIn(tx, [sessionId]);
  const paid = await tx
    .selectDistinct({ checkoutId: bookings.checkoutId })
    .from(bookings)
    .where(and(eq(bookings.sessionId, sessionId), eq(bookings.status, 'confirmed')));
  const { sessions } = await lockHoldRows(tx, {
    checkoutIds: [
      ...holds.map((hold) => hold.id),
      ...paid.flatMap((row) => (row.checkoutId ? [row.checkoutId] : [])),
    ],
    sessionIds: [sessionId, ...holds.flatMap((hold) => hold.sessionIds)],
  });
  return sessions.find((session) => session.id === sessionId);
}

/** Cancels a session whose row is locked: see cancelWholeSession. */
async function cancelLockedSession(
  deps: SeatLedgerDeps,
  tx: Transaction,
  row: SessionRow,
  request: { now: Date; reason: string },
): Promise<CancelledSession> {
  await tx
    .update(classSessions)
    .set({ cancelledAt: request.now, cancelReason: request.reason })
    .where(eq(classSessions.id, row.id));
  const seats = await selectBookingRows(
    tx,
    and(eq(bookings.sessionId, row.id), eq(bookings.status, 'confirmed')),
  ).orderBy(asc(pupils.name), asc(pupils.id));
  await markCancelled(
    tx,
    seats.map((seat) => seat.id),
  );
  await tx
    .update(waitlistEntries)
    .set({ status: 'closed' })
    .where(
      and(
        eq(waitlistEntries.sessionId, row.id),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    );
  await tx
    .update(waitlistOffers)
    .set({ expiresAt: request.now })
    .where(and(eq(waitlistOffers.sessionId, row.id), gt(waitlistOffers.expiresAt, request.now)));
  // Read again under the session's lock: a hold written just before it is ended too.
  const endedHolds = await endHolds(deps, tx, {
    checkoutIds: (await pendingHoldsIn(tx, [row.id])).map((hold) => hold.id),
    how: 'session-cancelled',
    now: request.now,
  });
  return {
    session: { ...row, cancelledAt: request.now, cancelReason: request.reason },
    seats,
    endedHolds,
  };
}

/**
 * Gives up one of an account's waiting-list places (DELETE /api/me/waitlist/{id}): a waiting
 * place becomes `left`, one holding an offer `declined` (the account's other places then go to
 * the back of the queue), and the seat goes to the next family, all under the session's lock.
 * Leaving twice changes nothing.
 */
export async function leaveQueue(
  deps: SeatLedgerDeps,
  tx: Transaction,
  place: { id: string; sessionId: string },
): Promise<void> {
  await lockSessionRows(tx, [place.sessionId]);
  await tx
    .update(waitlistEntries)
    .set({ status: 'left' })
    .where(and(eq(waitlistEntries.id, place.id), eq(waitlistEntries.status, 'waiting')));
  const declined = await tx
    .update(waitlistEntries)
    .set({ status: 'declined' })
    .where(and(eq(waitlistEntries.id, place.id), eq(waitlistEntries.status, 'offered')))
    .returning({ userId: waitlistEntries.userId });
  // A declined offer passes to the next family, not to this one's other pupils (decision 066).
  await sendToBackOfQueue(
    tx,
    place.sessionId,
    declined.map((row) => row.userId),
  );
  await offerFreedSeats(deps, tx, place.sessionId);
}
