import { type RefundMade, refundsByCheckout } from './payment-refunds.ts';
import { createRoute } from '@hono/zod-openapi';
import {
  isId,
  type Receipt,
  ReceiptIdParamsSchema,
  type ReceiptLine,
  ReceiptListSchema,
  ReceiptSchema,
} from '@tuition/api-contract';
import type { ContentLoader } from '@tuition/content';
import type { BookingStatus, ServiceCode } from '@tuition/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Auth } from '../auth/auth.ts';
import { currentUser, requireUser, signedIn } from '../auth/middleware.ts';
import type { Database } from '../db/client.ts';
import { bookings, checkoutItems, checkouts, classSessions, pupils } from '../db/schema.ts';
import { invalidInput, jsonResponse, problemResponse } from '../http/openapi-schemas.ts';
import { NotFoundError } from '../http/problem.ts';
import { createRouter } from '../http/router.ts';
import { selectBookingRows } from '../sessions/booking-rows.ts';
import { pupilRef, pupilRefColumns } from '../sessions/seat-pupils.ts';
import { describeSession } from '../sessions/session-description.ts';

/*
 * Receipts (docs/decisions/053): each paid checkout of the signed-in customer with the seats it
 * bought as they stand now (kept, cancelled, or moved and where to), and the seller's name,
 * address and VAT status from the CMS. /payments-invoices lists them; the receipt page prints one.
 */

export interface ReceiptDeps {
  db: Database;
  content: ContentLoader;
}

/** The answer for an unknown id, a malformed one and another account's alike. */
const NO_SUCH_PAYMENT = 'No such payment.';

type CheckoutRow = typeof checkouts.$inferSelect;

const sessionColumns = {
  sessionId: classSessions.id,
  service: classSessions.service,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
};

/** The customer's paid checkouts as receipts, newest first. */
export async function listReceipts(deps: ReceiptDeps, userId: string): Promise<Receipt[]> {
  const paid = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, 'paid')))
    .orderBy(desc(checkouts.paidAt), desc(checkouts.createdAt));
  return receiptsOf(deps, paid);
}

/** One receipt; 404 alike for an unknown id, an unpaid checkout and another account's. */
export async function findReceipt(
  deps: ReceiptDeps,
  userId: string,
  paymentId: string,
): Promise<Receipt> {
  if (!isId(paymentId)) throw new NotFoundError(NO_SUCH_PAYMENT);
  const paid = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(eq(checkouts.id, paymentId), eq(checkouts.userId, userId), eq(checkouts.status, 'paid')),
    )
    .limit(1);
  const [receipt] = await receiptsOf(deps, paid);
  if (!receipt) throw new NotFoundError(NO_SUCH_PAYMENT);
  return receipt;
}

/** What a payment gave back: the total, and each refund with its date. */
function refundFields(refunds: readonly RefundMade[]): Pick<Receipt, 'refundedPence' | 'refunds'> {
  return {
    refundedPence: refunds.reduce((sum, r) => sum + r.amountPence, 0),
    refunds: refunds.map((r) => ({
      amountPence: r.amountPence,
      refundedAt: r.refundedAt.toISOString(),
    })),
  };
}

async function receiptsOf(deps: ReceiptDeps, paid: CheckoutRow[]): Promise<Receipt[]> {
  if (paid.length === 0) return [];
  const [timetable, settings] = await Promise.all([
    deps.content.timetable(),
    deps.content.siteSettings(),
  ]);
  const ids = paid.map((c) => c.id);
  const [items, seats, refundsOf] = await Promise.all([
    deps.db
      .select({
        checkoutId: checkoutItems.checkoutId,
        paidWithCredit: checkoutItems.paidWithCredit,
        pricePence: checkoutItems.pricePence,
        ...sessionColumns,
        ...pupilRefColumns,
      })
      .from(checkoutItems)
      .innerJoin(classSessions, eq(classSessions.id, checkoutItems.sessionId))
      .innerJoin(pupils, eq(pupils.id, checkoutItems.pupilId))
      .where(inArray(checkoutItems.checkoutId, ids))
      .orderBy(asc(classSessions.startsAt), asc(pupils.name), asc(pupils.id)),
    selectBookingRows(deps.db, inArray(bookings.checkoutId, ids)),
    refundsByCheckout(deps.db, ids),
  ]);
  const history = seatHistory(seats);
  const seller = {
    name: settings.business.name,
    address: addressLines(settings.business.address),
    vatNumber: settings.business.vatNumber,
  };
  return paid.map((checkout) => ({
    paymentId: checkout.id,
    reference: checkout.paymentIntentId ?? checkout.providerSessionId ?? checkout.id,
    paidAt: (checkout.paidAt ?? checkout.updatedAt).toISOString(),
    amountPence: checkout.amountPence,
    ...refundFields(refundsOf.get(checkout.id) ?? []),
    creditUsed: checkout.creditUsed,
    pack: checkout.packId
      ? { name: checkout.packName ?? 'Session pack', sessions: checkout.sessionCount }
      : null,
    sessionCount: checkout.sessionCount,
    isSpecialOffer: checkout.isSpecialOffer,
    ...(checkout.discountPence > 0
      ? { discountPence: checkout.discountPence, discountLabel: checkout.discountLabel }
      : {}),
    lines: items
      .filter((item) => item.checkoutId === checkout.id)
      .map((item): ReceiptLine => {
        const { status, movedTo } = history.now(checkout.id, item.sessionId, item.pupilId);
        return {
          ...describeSession(timetable, item),
          pupil: pupilRef(item),
          ...(item.paidWithCredit ? { paidWithCredit: true } : {}),
          ...(item.pricePence !== null && !item.paidWithCredit
            ? { pricePence: item.pricePence }
            : {}),
          status,
          movedTo: movedTo
            ? { ...describeSession(timetable, movedTo), status: movedTo.status }
            : null,
        };
      }),
    seller,
  }));
}

interface SeatRow {
  id: string;
  checkoutId: string | null;
  pupilId: string;
  status: BookingStatus;
  rescheduledFrom: string | null;
  sessionId: string;
  service: ServiceCode;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Where each seat a checkout bought stands now. Paying books every item (one booking per
 * session and pupil, no rescheduledFrom); a reschedule marks that booking `rescheduled` and
 * books its successor (same checkout, rescheduledFrom = the old id), perhaps moved again later,
 * so the chain is followed to its last booking.
 */
function seatHistory(seats: SeatRow[]) {
  const original = new Map<string, SeatRow>();
  const successor = new Map<string, SeatRow>();
  for (const seat of seats) {
    if (seat.rescheduledFrom) successor.set(seat.rescheduledFrom, seat);
    else original.set(`${seat.checkoutId} ${seat.sessionId} ${seat.pupilId}`, seat);
  }
  return {
    now(
      checkoutId: string,
      sessionId: string,
      pupilId: string,
    ): { status: BookingStatus; movedTo: SeatRow | null } {
      const first = original.get(`${checkoutId} ${sessionId} ${pupilId}`);
      // A paid item always has its booking; were it missing, the seat is not the customer's,
      // which a receipt must not claim.
      if (!first) return { status: 'cancelled', movedTo: null };
      let last = first;
      const seen = new Set([first.id]);
      for (let next = successor.get(last.id); next && !seen.has(next.id); ) {
        last = next;
        seen.add(next.id);
        next = successor.get(last.id);
      }
      return { status: first.status, movedTo: last === first ? null : last };
    },
  };
}

/** The CMS address field is printed line by line; blank lines are dropped. */
export function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const listReceiptsRoute = createRoute({
  method: 'get',
  path: '/api/me/receipts',
  operationId: 'listMyReceipts',
  tags: ['checkout'],
  summary: 'Your payments as receipts, newest first, each seat with its current status',
  security: signedIn,
  responses: {
    200: jsonResponse(ReceiptListSchema, 'Receipts'),
    401: problemResponse('Not signed in'),
  },
});

const getReceiptRoute = createRoute({
  method: 'get',
  path: '/api/me/receipts/{id}',
  operationId: 'getMyReceipt',
  tags: ['checkout'],
  summary: 'The receipt of one of your payments (the printable receipt page)',
  security: signedIn,
  request: { params: ReceiptIdParamsSchema },
  responses: {
    200: jsonResponse(ReceiptSchema, 'The receipt'),
    400: invalidInput('Control characters or bad encoding in the path'),
    401: problemResponse('Not signed in'),
    404: problemResponse('No such payment of yours (unknown, unpaid or another account’s)'),
  },
});

/** GET /api/me/receipts and /api/me/receipts/{id}, the signed-in customer's own only. */
export function createReceiptRoutes(deps: ReceiptDeps & { auth: Auth }) {
  const router = createRouter();
  router.use('/api/me/receipts', requireUser(deps.auth));
  router.use('/api/me/receipts/*', requireUser(deps.auth));
  return router
    .openapi(listReceiptsRoute, async (c) =>
      c.json(await listReceipts(deps, currentUser(c).id), 200),
    )
    .openapi(getReceiptRoute, async (c) =>
      c.json(await findReceipt(deps, currentUser(c).id, c.req.valid('param').id), 200),
    );
}
