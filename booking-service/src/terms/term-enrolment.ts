import type { TermCheckout, TermQuote } from '@tuition/api-contract';
import type { Term } from '@tuition/content';
import { splitBasketPayment } from '@tuition/domain';
import { holdBasket, seatRefusals } from '../checkout/basket-hold.ts';
import { availableCredit } from '../credit/credit-ledger.ts';
import type { CheckoutDeps } from '../checkout/payment-page.ts';
import { termEnrolments } from '../db/schema.ts';
import { ConflictError, ValidationError } from '../http/problem.ts';
import {
  choosePromoForExpectedPrice,
  type PricedSeat,
  priceQuoteOf,
  pricingRules,
  promoRefusal,
  quoteSeats,
} from '../pricing/basket-price.ts';
import { queueForSeats } from '../sessions/seat-ledger/seat-ledger.ts';
import { seatPupils } from '../sessions/seat-pupils.ts';
import {
  assertEnrolmentOpen,
  findTerm,
  findTermClass,
  fullSessions,
  type TermClass,
  type TermSession,
  termSessions,
} from './term-basket.ts';

/*
 * Term enrolment (docs/decisions/083): one checkout holds a seat in every session left of a
 * weekly class for the term, for each pupil named, through the seat ledger, all or nothing;
 * each seat at the term's per-session price, discounted by the one pricing engine.
 */

interface TermRequest {
  user: { id: string; email: string; name: string };
  termId: string;
  classId: string;
  pupilIds: readonly string[];
  promoCode?: string | undefined;
  /** The total the page showed (docs/decisions/102); a quote sends none. */
  expectedPence?: number | undefined;
}

/** The term, the class, the pupils (the account's, not archived) and each session's state. */
async function resolveTermBasket(deps: CheckoutDeps, request: TermRequest) {
  const now = deps.clock.now();
  const term = await findTerm(deps.content, request.termId);
  const termClass = await findTermClass(deps, request.classId);
  const pupils = await seatPupils(deps.db, request.user, request.pupilIds);
  const pupilIds = pupils.map((p) => p.id);
  await assertEnrolmentOpen(deps, { term, classId: termClass.id, pupilIds, now });
  const sessions = await termSessions(deps, {
    term,
    termClass,
    userId: request.user.id,
    pupilIds,
  });
  const { promo, droppedCode } = await choosePromoForExpectedPrice(
    deps.db,
    { code: request.promoCode, userId: request.user.id, pupilIds, now },
    request.expectedPence,
  );
  return { now, term, termClass, pupilIds, sessions, promo, droppedCode };
}

/** Every ok session × every pupil, at the term's per-session price, in start then pupil order. */
function termSeats(
  term: Term,
  termClass: TermClass,
  sessions: readonly TermSession[],
  pupilIds: readonly string[],
): PricedSeat[] {
  return sessions.flatMap(({ status, row, startsAt }) =>
    status === 'ok' && row
      ? pupilIds.map((pupilId) => ({
          sessionId: row.id,
          pupilId,
          service: termClass.slot.service,
          startsAt,
          termPricePence: term.pricePencePerSession,
        }))
      : [],
  );
}

/** POST /api/terms/{termId}/quote: what enrolling would cost now, session by session. */
export async function quoteTerm(deps: CheckoutDeps, request: TermRequest): Promise<TermQuote> {
  const { now, term, termClass, pupilIds, sessions, promo } = await resolveTermBasket(
    deps,
    request,
  );
  const seats = termSeats(term, termClass, sessions, pupilIds);
  const [rules, creditAvailable] = await Promise.all([
    pricingRules(deps),
    availableCredit(deps.db, request.user.id, now),
  ]);
  const quote = quoteSeats(seats, rules, promo);
  const refusal = seats.length > 0 ? promoRefusal(quote) : null;
  if (refusal) throw refusal;
  // Credit pays for the earliest seats, as the term checkout's hold does (docs/decisions/077);
  // the page shows what the card pays for the rest (docs/decisions/105).
  const split = splitBasketPayment(seats, [{ remaining: creditAvailable }]);
  const someByCard = split.credit.length > 0 && split.card.length > 0;
  return {
    sessions: sessions.map((s) => ({ startsAt: s.startsAt.toISOString(), status: s.status })),
    sessionsCount: sessions.filter((s) => s.status === 'ok').length,
    amountPence: quote.totalPence,
    price: priceQuoteOf(quote),
    creditAvailable,
    ...(someByCard ? { cardPrice: priceQuoteOf(quoteSeats(split.card, rules, promo)) } : {}),
  };
}

/**
 * POST /api/checkout/term: holds every ok session's seat for every pupil in one checkout and
 * records an enrolment per pupil in the same transaction. Full sessions refuse the whole term
 * (409 listing them) unless `skipFull`: then the rest is held and the pupils join the full
 * sessions' waiting lists.
 */
export async function startTermCheckout(
  deps: CheckoutDeps,
  request: TermRequest & { useCredit?: boolean | undefined; skipFull?: boolean | undefined },
): Promise<TermCheckout> {
  const resolved = await resolveTermBasket(deps, request);
  const { now, term, termClass, pupilIds, sessions, promo, droppedCode } = resolved;
  const full = sessions.filter((s) => s.status === 'full');
  const ok = sessions.filter((s) => s.status === 'ok');
  if (full.length > 0 && (!request.skipFull || ok.length === 0)) throw fullSessions(full);
  if (ok.length === 0) {
    throw new ValidationError([
      { field: 'classId', message: `There are no sessions left to book in ${term.name}.` },
    ]);
  }
  const slotsOf = (sessionIds: readonly string[]) =>
    ok.filter((s) => s.row && sessionIds.includes(s.row.id)).map((s) => s.startsAt.toISOString());
  const started = await holdBasket(deps, {
    user: request.user,
    seats: termSeats(term, termClass, sessions, pupilIds),
    rows: ok.flatMap((s) => (s.row ? [s.row] : [])),
    useCredit: request.useCredit !== false,
    promo,
    now,
    refuse: seatRefusals(slotsOf),
    expectedPence: request.expectedPence,
    droppedCode,
    inHold: async (tx, checkoutId) => {
      await tx.insert(termEnrolments).values(
        pupilIds.map((pupilId) => ({
          checkoutId,
          userId: request.user.id,
          pupilId,
          classId: termClass.id,
          termId: term.id,
          termName: term.name,
          pricePencePerSession: term.pricePencePerSession,
        })),
      );
    },
  });
  const waitlisted = request.skipFull
    ? await waitForFull(deps, request.user.id, full, pupilIds)
    : [];
  return { ...started, waitlisted };
}

/**
 * The pupils join each full session's waiting list, one session at a time through the ledger;
 * a session whose list has closed, or that freed up meanwhile, is skipped. Answers the starts
 * joined.
 */
async function waitForFull(
  deps: CheckoutDeps,
  userId: string,
  full: readonly TermSession[],
  pupilIds: readonly string[],
): Promise<string[]> {
  const joined: string[] = [];
  for (const session of full) {
    const row = session.row;
    if (!row) continue;
    const placed = await deps.db
      .transaction((tx) =>
        queueForSeats(deps, tx, {
          userId,
          session: row,
          pupilIds,
          now: deps.clock.now(),
          refuse: (reason) => new ConflictError('full', [], reason),
        }),
      )
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof ConflictError) return false;
          throw error;
        },
      );
    if (placed) joined.push(session.startsAt.toISOString());
  }
  return joined;
}
