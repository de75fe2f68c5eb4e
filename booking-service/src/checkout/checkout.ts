import {
  type CheckoutStatus,
  findSession,
  isBookable,
  MESSAGES,
  priceBasket,
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
import type { ContentLoader } from '@tuition/content';
import type { Clock } from '../clock.ts';
import type { Config } from '../config/env.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import {
  checkOfferForBasket,
  dropUnopenedHold,
  holdSeats,
  precheckHold,
  releaseHold,
  type SeatRefusal,
  type WaitlistDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';
import { pupilRef, pupilRefColumns, seatPupils } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logging/logger.ts';
import { checkoutItems, checkouts, classSessions, pupils } from '../db/schema.ts';
import { ConflictError, HttpProblem, NotFoundError, ValidationError } from '../http/problem.ts';
import { type PaymentProvider, paymentLines } from '../payments/payment-provider.ts';

/** How long a pending checkout holds its seats while the customer pays. */
export const HOLD_MINUTES = 30;

/** docs/product-rules.md#messages "Payment Error" fallback text; the site shows it as the toast. */
export const PAYMENT_START_FAILED = MESSAGES.paymentError.description;

/** What checkout needs from the composition root; each function takes only its part. */
export interface CheckoutDeps {
  db: Database;
  clock: Clock;
  content: ContentLoader;
  config: Config;
  logger: Logger;
  payments: PaymentProvider;
}

/**
 * Takes the seats of a basket for HOLD_MINUTES and opens the provider's payment page.
 * Every start is re-checked against the timetable and booking window, the price is worked out
 * here from the CMS pricing (nothing about money is read from the client), and the seats are
 * taken in one transaction that locks the session rows first.
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
  },
): Promise<StartedCheckout> {
  const now = deps.clock.now();
  const pricing = await deps.content.pricing();
  const { wanted, rows } = await basketSessions(deps, request, now);
  // After the starts are known good, so a bad basket creates no holder pupil.
  const seatFor = await seatPupils(deps.db, request.user, request.pupilIds);
  const pupilIds = seatFor.map((p) => p.id);
  const price = priceBasket(wanted.length * pupilIds.length, pricing);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  if (request.offerId) {
    await checkOfferForBasket(deps.db, {
      userId: request.user.id,
      offerId: request.offerId,
      sessionIds: wanted.map((w) => w.sessionId),
      now,
    });
  }
  const slotsOf = (sessionIds: readonly string[]) =>
    wanted.filter((w) => sessionIds.includes(w.sessionId)).map((w) => w.text);
  const hold = {
    userId: request.user.id,
    seats: new Map(wanted.map((w) => [w.sessionId, pupilIds])),
    now,
    refuse: (reason: SeatRefusal, sessionIds: readonly string[]) =>
      reason === 'duplicate'
        ? new ConflictError('duplicate', slotsOf(sessionIds), MESSAGES.duplicateBooking.description)
        : new ConflictError('full', slotsOf(sessionIds), MESSAGES.sessionsNowFull.description),
  };
  await precheckHold(deps.db, [...rows.values()], hold);
  const { checkoutId, replaced } = await deps.db.transaction((tx) =>
    holdSeats(tx, {
      ...hold,
      checkout: {
        provider: deps.payments.kind,
        amountPence: price.amountPence,
        sessionCount: price.sessionCount,
        isSpecialOffer: price.isSpecialOffer,
        expiresAt,
      },
    }),
  );
  // After commit, as a Release does: their pages stop taking money (a payment that still
  // lands on one is a late payment, refunded because this checkout holds the seats).
  await Promise.all(replaced.map((old) => closeHostedPage(deps, old)));
  const page = await openPaymentPage(deps, {
    checkoutId,
    customerEmail: request.user.email,
    lines: paymentLines({ ...price, ...pricing }),
    amountPence: price.amountPence,
    holdExpiresAt: expiresAt,
  });
  return {
    checkoutId,
    url: page.url,
    amountPence: price.amountPence,
    sessionCount: price.sessionCount,
    isSpecialOffer: price.isSpecialOffer,
    expiresAt: expiresAt.toISOString(),
    replacedCheckoutIds: replaced.map((old) => old.id),
  };
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
      throw new ValidationError([
        {
          field: `startsAt.${index}`,
          message: `${text} is not a bookable ${SERVICES[request.service].label} session: pick a timetable slot between today and 56 days ahead that has not started.`,
        },
      ]);
    }
    return { text, session };
  });
  const rows = await ensureSessionRows(
    deps.db,
    sessions.map((s) => s.session),
    pricing.sessionPricePence,
  );
  const wanted = sessions.map((s) => {
    const row = rows.get(s.session.startsAt.getTime());
    if (!row) throw new Error(`no session row for ${s.session.startsAt.toISOString()}`);
    return { text: s.text, sessionId: row.id };
  });
  return { wanted, rows };
}

/**
 * Opens the provider's payment page for a checkout holding its seats. When the provider
 * refuses, the seats are given back at once rather than after HOLD_MINUTES, and the customer
 * gets the spec's Payment Error (502).
 */
async function openPaymentPage(
  deps: CheckoutDeps,
  page: Omit<Parameters<PaymentProvider['createHostedPage']>[0], 'successUrl' | 'cancelUrl'>,
): Promise<{ providerSessionId: string; url: string }> {
  const { checkoutId } = page;
  let opened: { providerSessionId: string; url: string };
  try {
    opened = await deps.payments.createHostedPage({
      ...page,
      successUrl: `${deps.config.publicUrl}/payment-success?checkout=${checkoutId}`,
      cancelUrl: `${deps.config.publicUrl}/payment-canceled?checkout=${checkoutId}`,
    });
  } catch (error) {
    // No page, no payment: give the seats back at once rather than after HOLD_MINUTES.
    await dropUnopenedHold(deps.db, checkoutId);
    deps.logger.error(
      { err: error, checkoutId, provider: deps.payments.kind },
      'payment provider refused to start a checkout',
    );
    throw new HttpProblem(502, 'Payment Error', PAYMENT_START_FAILED, { code: 'payment-error' });
  }
  await deps.db
    .update(checkouts)
    .set({ providerSessionId: opened.providerSessionId, providerUrl: opened.url })
    .where(eq(checkouts.id, checkoutId));
  return opened;
}

/** Best effort: a page left open is covered by the late-payment path. */
export async function closeHostedPage(
  deps: Pick<CheckoutDeps, 'payments' | 'logger'>,
  checkout: { id: string; providerSessionId: string | null },
): Promise<void> {
  if (!checkout.providerSessionId) return;
  await deps.payments.closeHostedPage(checkout.providerSessionId).catch((error: unknown) => {
    deps.logger.warn(
      { err: error, checkoutId: checkout.id },
      'could not close the hosted payment page',
    );
  });
}

export type CheckoutRow = typeof checkouts.$inferSelect;

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
      ...pupilRefColumns,
    })
    .from(checkoutItems)
    .innerJoin(classSessions, eq(classSessions.id, checkoutItems.sessionId))
    .innerJoin(pupils, eq(pupils.id, checkoutItems.pupilId))
    .where(inArray(checkoutItems.checkoutId, [...checkoutIds]))
    .orderBy(asc(classSessions.startsAt), asc(pupils.name), asc(pupils.id));
  for (const row of rows) {
    byCheckout
      .get(row.checkoutId)
      ?.push({ ...describeSession(timetable, row), pupil: pupilRef(row) });
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
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'content'>,
  checkoutId: string,
  userId: string,
): Promise<CheckoutSummary> {
  const now = deps.clock.now();
  const checkout = await findOwnCheckout(deps.db, checkoutId, userId);
  const status = effectiveStatus(checkout, now);
  if (status !== checkout.status) {
    // On-read expiry: the hold lapsed without a webhook.
    await deps.db
      .update(checkouts)
      .set({ status })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'pending')));
  }
  const timetable = await deps.content.timetable();
  const sessions = await sessionsOfCheckouts(deps.db, timetable, [checkout.id]);
  return {
    status,
    amountPence: checkout.amountPence,
    sessionCount: checkout.sessionCount,
    isSpecialOffer: checkout.isSpecialOffer,
    sessions: sessions.get(checkout.id) ?? [],
  };
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
  const sessions = await sessionsOfCheckouts(
    deps.db,
    timetable,
    paid.map((c) => c.id),
  );
  return paid.map((c) => ({
    id: c.id,
    paidAt: (c.paidAt ?? c.updatedAt).toISOString(),
    amountPence: c.amountPence,
    sessionCount: c.sessionCount,
    isSpecialOffer: c.isSpecialOffer,
    sessions: sessions.get(c.id) ?? [],
  }));
}
