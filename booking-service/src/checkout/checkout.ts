import {
  type CheckoutStatus,
  findSession,
  isBookable,
  SERVICES,
  type ServiceCode,
  type WeeklySlot,
} from '@tuition/domain';
import type {
  CheckoutSummary,
  OpenCheckout,
  Payment,
  SeatSummary,
  StartedCheckout,
} from '@tuition/api-contract';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { expireLapsedCheckouts } from './lapsed-checkout-sweep.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import {
  checkOfferForBasket,
  releaseHold,
  type WaitlistDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';
import { pupilRef, pupilRefColumns, seatPupils } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import type { Database } from '../db/client.ts';
import { checkoutItems, checkouts, classSessions, pupils } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../http/problem.ts';
import { refundedByCheckout } from '../payments/payment-refunds.ts';
import { holdBasket, seatRefusals } from './basket-hold.ts';
import { choosePromoForExpectedPrice } from '../pricing/basket-price.ts';
import { type CheckoutDeps, closeHostedPage } from './payment-page.ts';

export {
  type CheckoutDeps,
  closeHostedPage,
  HOLD_MINUTES,
  openPaymentPage,
  PAYMENT_START_FAILED,
} from './payment-page.ts';

/**
 * Takes the seats of a basket for HOLD_MINUTES and opens the provider's payment page.
 * Every start is re-checked against the timetable and booking window, the price is worked out
 * by the server (nothing about money is read from the client), and the seats are taken in one
 * transaction that locks the session rows first (holdBasket).
 *
 * A customer who left a payment page and checks out some of the same sessions again is not
 * refused: in the same transaction their older pending checkouts that hold any of these
 * sessions are cancelled (whole, so no half-paid basket is left) and this one takes the seats.
 * Only a confirmed booking is a duplicate (decision 041).
 *
 * Each start × pupil is one seat, and the price counts seats (decision 048): two children in
 * five sessions are ten seats at the bundle price.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  request: {
    user: { id: string; email: string; name: string };
    service: ServiceCode;
    startsAt: readonly string[];
    pupilIds?: readonly string[] | undefined;
    /** A live waiting-list offer of this account for one of these sessions (decision 060). */
    offerId?: string | undefined;
    /** Pay with the account's credit first (default true; docs/decisions/077). */
    useCredit?: boolean | undefined;
    /** A promo code as typed (docs/decisions/082). */
    promoCode?: string | undefined;
    /** The total the page showed (docs/decisions/102). */
    expectedPence?: number | undefined;
  },
): Promise<StartedCheckout> {
  const now = deps.clock.now();
  const { wanted, rows } = await basketSessions(deps, request, now);
  // After the starts are known good, so a bad basket creates no holder pupil.
  const seatFor = await seatPupils(deps.db, request.user, request.pupilIds);
  const pupilIds = seatFor.map((p) => p.id);
  if (request.offerId) {
    await checkOfferForBasket(deps.db, {
      userId: request.user.id,
      offerId: request.offerId,
      sessionIds: wanted.map((w) => w.sessionId),
      now,
    });
  }
  const { promo, droppedCode } = await choosePromoForExpectedPrice(
    deps.db,
    { code: request.promoCode, userId: request.user.id, pupilIds, now },
    request.expectedPence,
  );
  const slotsOf = (sessionIds: readonly string[]) =>
    wanted.filter((w) => sessionIds.includes(w.sessionId)).map((w) => w.text);
  return holdBasket(deps, {
    user: request.user,
    seats: wanted.flatMap((w) =>
      pupilIds.map((pupilId) => ({
        sessionId: w.sessionId,
        pupilId,
        service: request.service,
        startsAt: w.startsAt,
      })),
    ),
    rows: [...rows.values()],
    useCredit: request.useCredit !== false,
    promo,
    now,
    refuse: seatRefusals(slotsOf),
    expectedPence: request.expectedPence,
    droppedCode,
  });
}

/** 400 naming a basket start nobody can book. */
function notBookable(service: ServiceCode, text: string, index: number): ValidationError {
  return new ValidationError([
    {
      field: `startsAt.${index}`,
      message: `${text} is not a bookable ${SERVICES[service].label} session: pick a timetable slot between today and 56 days ahead that has not started.`,
    },
  ]);
}

/**
 * The basket's sessions, each re-checked against the timetable, the closures and the booking
 * window (400 naming the start otherwise), with their stored rows.
 */
async function basketSessions(
  deps: Pick<CheckoutDeps, 'db' | 'content'>,
  request: { service: ServiceCode; startsAt: readonly string[] },
  now: Date,
) {
  const [timetable, pricing, closures] = await Promise.all([
    deps.content.timetable(),
    deps.content.pricing(),
    deps.content.closures(),
  ]);
  const sessions = request.startsAt.map((text, index) => {
    // No session on a closed day (decision 052), even from a basket picked before it closed.
    const session = findSession(timetable, request.service, new Date(text), closures);
    if (!session || !isBookable(session.startsAt, now)) {
      throw notBookable(request.service, text, index);
    }
    return { text, session };
  });
  const rows = await ensureSessionRows(
    deps.db,
    sessions.map((s) => s.session),
    pricing.sessionPricePence,
  );
  const wanted = sessions.map((s, index) => {
    const row = rows.get(s.session.startsAt.getTime());
    if (!row) throw new Error(`no session row for ${s.session.startsAt.toISOString()}`);
    // A session the business cancelled takes nobody (docs/decisions/077).
    if (row.cancelledAt) throw notBookable(request.service, s.text, index);
    return { text: s.text, sessionId: row.id, startsAt: row.startsAt };
  });
  return { wanted, rows };
}

export type CheckoutRow = typeof checkouts.$inferSelect;

/** The pack a checkout buys, as payments and the success page name it. */
export function packOf(
  checkout: Pick<CheckoutRow, 'packId' | 'packName' | 'sessionCount'>,
): { name: string; sessions: number } | null {
  return checkout.packId
    ? { name: checkout.packName ?? 'Session pack', sessions: checkout.sessionCount }
    : null;
}

/** A pending checkout stops holding its seats at expires_at, with or without a webhook. */
export function effectiveStatus(
  checkout: Pick<CheckoutRow, 'status' | 'expiresAt'>,
  now: Date,
): CheckoutStatus {
  return checkout.status === 'pending' && checkout.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : checkout.status;
}

/** A customer's checkout, or 404 when it is missing or someone else's. */
export async function findOwnCheckout(
  db: Database,
  checkoutId: string,
  userId: string,
): Promise<CheckoutRow> {
  const [checkout] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)))
    .limit(1);
  if (!checkout) throw new NotFoundError('No such checkout.');
  return checkout;
}

/**
 * The seats of these checkouts (session and pupil), in start order then pupil name, keyed by
 * checkout id.
 */
export async function sessionsOfCheckouts(
  db: Database,
  timetable: readonly WeeklySlot[],
  checkoutIds: readonly string[],
): Promise<Map<string, SeatSummary[]>> {
  const byCheckout = new Map<string, SeatSummary[]>(checkoutIds.map((id) => [id, []]));
  if (checkoutIds.length === 0) return byCheckout;
  const rows = await db
    .select({
      checkoutId: checkoutItems.checkoutId,
      service: classSessions.service,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
      paidWithCredit: checkoutItems.paidWithCredit,
      pricePence: checkoutItems.pricePence,
      ...pupilRefColumns,
    })
    .from(checkoutItems)
    .innerJoin(classSessions, eq(classSessions.id, checkoutItems.sessionId))
    .innerJoin(pupils, eq(pupils.id, checkoutItems.pupilId))
    .where(inArray(checkoutItems.checkoutId, [...checkoutIds]))
    .orderBy(asc(classSessions.startsAt), asc(pupils.name), asc(pupils.id));
  for (const row of rows) {
    byCheckout.get(row.checkoutId)?.push({
      ...describeSession(timetable, row),
      pupil: pupilRef(row),
      ...(row.paidWithCredit ? { paidWithCredit: true } : {}),
      ...(row.pricePence !== null && !row.paidWithCredit ? { pricePence: row.pricePence } : {}),
    });
  }
  return byCheckout;
}

/**
 * The user's checkouts that are still waiting for payment and holding seats, newest first:
 * what the booking page and /upcoming-bookings offer to resume or release.
 */
export async function listOpenCheckouts(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'content'>,
  userId: string,
): Promise<OpenCheckout[]> {
  const now = deps.clock.now();
  const open = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.status, 'pending'),
        gt(checkouts.expiresAt, now),
      ),
    )
    .orderBy(desc(checkouts.createdAt));
  if (open.length === 0) return [];
  const timetable = await deps.content.timetable();
  const sessions = await sessionsOfCheckouts(
    deps.db,
    timetable,
    open.map((c) => c.id),
  );
  return open.map((c) => ({
    checkoutId: c.id,
    expiresAt: c.expiresAt.toISOString(),
    resumeUrl: c.providerUrl,
    amountPence: c.amountPence,
    sessionCount: c.sessionCount,
    isSpecialOffer: c.isSpecialOffer,
    sessions: sessions.get(c.id) ?? [],
  }));
}

/** What the success page shows: the server's own record of the checkout. */
export async function checkoutSummary(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'content'> & WaitlistDeps,
  checkoutId: string,
  userId: string,
): Promise<CheckoutSummary> {
  const now = deps.clock.now();
  const checkout = await findOwnCheckout(deps.db, checkoutId, userId);
  const status = effectiveStatus(checkout, now);
  // On-read expiry: the hold lapsed without a webhook (its credit goes back too).
  if (status !== checkout.status) await expireLapsedCheckouts(deps, now, checkout.id);
  const timetable = await deps.content.timetable();
  const sessions = await sessionsOfCheckouts(deps.db, timetable, [checkout.id]);
  return {
    status,
    amountPence: checkout.amountPence,
    creditUsed: checkout.creditUsed,
    pack: packOf(checkout),
    sessionCount: checkout.sessionCount,
    isSpecialOffer: checkout.isSpecialOffer,
    ...discountOf(checkout),
    sessions: sessions.get(checkout.id) ?? [],
  };
}

/** A discounted checkout says what came off (docs/decisions/082); others leave it out. */
export function discountOf(checkout: Pick<CheckoutRow, 'discountPence' | 'discountLabel'>) {
  return checkout.discountPence > 0
    ? { discountPence: checkout.discountPence, discountLabel: checkout.discountLabel }
    : {};
}

/**
 * Gives a pending hold back (the customer left the payment page). Answers the resulting
 * status; a checkout already paid, expired or cancelled is left as it is.
 */
export async function cancelCheckout(
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'payments' | 'logger'> & WaitlistDeps,
  checkoutId: string,
  userId?: string,
): Promise<CheckoutStatus> {
  // The released seats go to the sessions' waiting lists in the same transaction (decision 060).
  const cancelled = await deps.db.transaction((tx) =>
    releaseHold(deps, tx, { checkoutId, to: 'cancelled', userId }),
  );
  // If the page stays open and the customer pays anyway, the late-payment path handles it.
  if (cancelled) await closeHostedPage(deps, cancelled);
  const [row] = await deps.db
    .select({ status: checkouts.status, expiresAt: checkouts.expiresAt })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .limit(1);
  if (!row) throw new NotFoundError('No such checkout.');
  return effectiveStatus(row, deps.clock.now());
}

/** The user's paid checkouts, newest first (/payments-invoices). */
export async function listPayments(
  deps: Pick<CheckoutDeps, 'db' | 'content'>,
  userId: string,
): Promise<Payment[]> {
  const paid = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'paid')))
    .orderBy(desc(checkouts.paidAt), desc(checkouts.createdAt));
  const timetable = await deps.content.timetable();
  const ids = paid.map((c) => c.id);
  const [sessions, refunded] = await Promise.all([
    sessionsOfCheckouts(deps.db, timetable, ids),
    refundedByCheckout(deps.db, ids),
  ]);
  return paid.map((c) => ({
    id: c.id,
    paidAt: (c.paidAt ?? c.updatedAt).toISOString(),
    amountPence: c.amountPence,
    // A late payment refunded whole was never "paid"; what a paid one gave back is counted here.
    refundedPence: refunded.get(c.id) ?? 0,
    creditUsed: c.creditUsed,
    pack: packOf(c),
    sessionCount: c.sessionCount,
    isSpecialOffer: c.isSpecialOffer,
    sessions: sessions.get(c.id) ?? [],
  }));
}
