import {
  type BasketPrice,
  type CheckoutStatus,
  findSession,
  isBookable,
  MESSAGES,
  type PricingRules,
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
import { expireLapsedCheckouts } from './lapsed-checkout-sweep.ts';
import { ensureSessionRows } from '../sessions/session-rows.ts';
import {
  checkOfferForBasket,
  confirmSeats,
  dropUnopenedHold,
  holdSeats,
  precheckHold,
  releaseHold,
  type SeatRefusal,
  type WaitlistDeps,
} from '../sessions/seat-ledger/seat-ledger.ts';
import { pupilRef, pupilRefColumns, seatPupils } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';
import type { Database, Transaction } from '../db/client.ts';
import { mailBrand } from '../mail/mail-setup.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { debitSeats, markCreditSeats } from '../credit/credit-ledger.ts';
import { mailConfirmation } from './confirmation-mail.ts';
import type { Logger } from '../logging/logger.ts';
import { checkoutItems, checkouts, classSessions, pupils } from '../db/schema.ts';
import { ConflictError, HttpProblem, NotFoundError, ValidationError } from '../http/problem.ts';
import { type PaymentProvider, paymentLines } from '../payments/payment-provider.ts';
import { refundedByCheckout } from '../payments/payment-refunds.ts';

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
  /** A checkout paid wholly with credit is booked and confirmed at once (decision 077). */
  mail: MailOutbox;
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
    /** Pay with the account's credit first (default true; docs/decisions/077). */
    useCredit?: boolean | undefined;
  },
): Promise<StartedCheckout> {
  const now = deps.clock.now();
  const pricing = await deps.content.pricing();
  const { wanted, rows } = await basketSessions(deps, request, now);
  // After the starts are known good, so a bad basket creates no holder pupil.
  const seatFor = await seatPupils(deps.db, request.user, request.pupilIds);
  const pupilIds = seatFor.map((p) => p.id);
  const seatCount = wanted.length * pupilIds.length;
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
  // In start order, then pupil order: credit pays for the earliest seats first.
  const seatsInOrder = wanted.flatMap((w) => pupilIds.map((pupilId) => ({ ...w, pupilId })));
  const [brand, timetable] = await Promise.all([mailBrand(deps), deps.content.timetable()]);
  const held = await deps.db.transaction(async (tx) => {
    const card = priceBasket(seatCount, pricing);
    const { checkoutId, replaced } = await holdSeats(tx, {
      ...hold,
      checkout: {
        provider: deps.payments.kind,
        amountPence: card.amountPence,
        sessionCount: card.sessionCount,
        isSpecialOffer: card.isSpecialOffer,
        expiresAt,
      },
    });
    const paid = await payWithCredit(deps, tx, {
      checkoutId,
      userId: request.user.id,
      seats: seatsInOrder,
      useCredit: request.useCredit !== false,
      pricing,
      now,
      mail: { brand, timetable },
    });
    return { checkoutId, replaced, ...paid };
  });
  // After commit, as a Release does: their pages stop taking money (a payment that still
  // lands on one is a late payment, refunded because this checkout holds the seats).
  await Promise.all(held.replaced.map((old) => closeHostedPage(deps, old)));
  const started = {
    checkoutId: held.checkoutId,
    amountPence: held.price?.amountPence ?? 0,
    creditUsed: held.creditUsed,
    sessionCount: seatCount,
    isSpecialOffer: held.price?.isSpecialOffer ?? false,
    expiresAt: expiresAt.toISOString(),
    replacedCheckoutIds: held.replaced.map((old) => old.id),
  };
  if (!held.price) {
    // Credit paid for every seat: booked already, nothing to pay (docs/decisions/077).
    return {
      ...started,
      status: 'paid',
      url: `${deps.config.publicUrl}/payment-success?checkout=${held.checkoutId}`,
    };
  }
  const page = await openPaymentPage(deps, {
    checkoutId: held.checkoutId,
    customerEmail: request.user.email,
    lines: paymentLines({ ...held.price, ...pricing }),
    amountPence: held.price.amountPence,
    holdExpiresAt: expiresAt,
  });
  return { ...started, status: 'pending', url: page.url };
}

/**
 * Inside the hold's transaction: pays for as many seats as the account's credit covers (under
 * its wallet lock, after the session locks) and prices the rest for the card. When credit
 * covers every seat the checkout is paid and booked here and now, with its confirmation
 * e-mail, as a card payment would be. Answers the card's price (none when nothing is left to
 * pay) and the sessions of credit used.
 */
async function payWithCredit(
  deps: CheckoutDeps,
  tx: Transaction,
  input: {
    checkoutId: string;
    userId: string;
    seats: readonly { sessionId: string; pupilId: string }[];
    useCredit: boolean;
    pricing: PricingRules;
    now: Date;
    mail: Omit<Parameters<typeof mailConfirmation>[2], 'checkout' | 'confirmed'>;
  },
): Promise<{ price: BasketPrice | null; creditUsed: number }> {
  const total = input.seats.length;
  const debited = input.useCredit ? await debitSeats(tx, input) : [];
  if (debited.length === 0) return { price: priceBasket(total, input.pricing), creditUsed: 0 };
  await markCreditSeats(tx, input.checkoutId, debited);
  const cardSeats = total - debited.length;
  const price = cardSeats > 0 ? priceBasket(cardSeats, input.pricing) : null;
  const [checkout] = await tx
    .update(checkouts)
    .set({
      creditUsed: debited.length,
      amountPence: price?.amountPence ?? 0,
      isSpecialOffer: price?.isSpecialOffer ?? false,
      ...(price ? {} : { provider: 'credit', status: 'paid' as const, paidAt: input.now }),
    })
    .where(eq(checkouts.id, input.checkoutId))
    .returning();
  if (!checkout) throw new Error('the checkout row vanished inside its own transaction');
  if (!price) {
    // Still pending to confirmSeats: the hold is live, so its seats are the customer's.
    const confirmed = await confirmSeats(deps, tx, { ...checkout, status: 'pending' }, input.now);
    await mailConfirmation(deps, tx, { ...input.mail, checkout, confirmed });
  }
  return { price, creditUsed: debited.length };
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
    return { text: s.text, sessionId: row.id };
  });
  return { wanted, rows };
}

/**
 * Opens the provider's payment page for a checkout holding its seats. When the provider
 * refuses, the seats are given back at once rather than after HOLD_MINUTES, and the customer
 * gets the spec's Payment Error (502).
 */
export async function openPaymentPage(
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
  deps: Pick<CheckoutDeps, 'db' | 'clock' | 'content'>,
  checkoutId: string,
  userId: string,
): Promise<CheckoutSummary> {
  const now = deps.clock.now();
  const checkout = await findOwnCheckout(deps.db, checkoutId, userId);
  const status = effectiveStatus(checkout, now);
  // On-read expiry: the hold lapsed without a webhook (its credit goes back too).
  if (status !== checkout.status) await expireLapsedCheckouts(deps.db, now, checkout.id);
  const timetable = await deps.content.timetable();
  const sessions = await sessionsOfCheckouts(deps.db, timetable, [checkout.id]);
  return {
    status,
    amountPence: checkout.amountPence,
    creditUsed: checkout.creditUsed,
    pack: packOf(checkout),
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
