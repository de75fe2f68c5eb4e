// /enrol's answer (docs/decisions/083): each remaining date of the class in the term with its
// status in words, the seats counted, the one discount and the total, all as the service quoted
// them, then "Pay £X and enrol". With credit, the booking basket's "Use my credit" box, the
// sessions it pays and leaves, and what the card pays (docs/decisions/105). A checkout refused
// because some sessions filled meanwhile offers to enrol for the others and join the full ones'
// waiting lists (skipFull).
import { formatLondonDate, formatPounds, formatTime12h } from '@tuition/domain';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { TermApiError, type TermQuote } from '../../lib/term-api.ts';
import { type CreditChoice, CreditSum, UseCreditBox } from '../shared/wallet/credit-choice.tsx';
import { fieldMessages, type TermEnrolment } from './use-term-enrolment.ts';
import { notOpenWords, seatsWords, STATUS_WORDS } from './enrol-words.ts';

/** What a refusal says in the alert above the button (field refusals sit under their field). */
function refusalWords(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof TermApiError && error.code === 'not-open' && error.opensOn) {
    return notOpenWords(error.opensOn);
  }
  if (Object.keys(fieldMessages(error)).length > 0) return undefined;
  if (error instanceof ApiError && error.code === 'full') return undefined;
  if (error instanceof ApiError && error.status === 404) {
    return 'That term, class or pupil is not available any more. Please choose again.';
  }
  return error instanceof ApiError && error.detail
    ? error.detail
    : 'Something went wrong. Please try again.';
}

function SessionRows({ quote }: { quote: TermQuote }) {
  return (
    <ul className="enrol-sessions">
      {quote.sessions.map((session) => (
        <li key={session.startsAt} className="enrol-sessions__row" data-status={session.status}>
          <span>
            {formatLondonDate(new Date(session.startsAt))},{' '}
            {formatTime12h(new Date(session.startsAt))}
          </span>
          <span className="enrol-sessions__status">{STATUS_WORDS[session.status]}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the card pays (docs/decisions/105): everything unless credit pays some seats; then the
 * service's price of the rest, or nothing when credit pays for every seat.
 */
export function cardPence(quote: TermQuote, credit: CreditChoice | undefined): number {
  if (!credit || credit.creditSeats === 0) return quote.price.totalPence;
  if (credit.cardSeats === 0) return 0;
  return quote.cardPrice?.totalPence ?? quote.price.totalPence;
}

function PriceLines({
  quote,
  pupils,
  credit,
}: {
  quote: TermQuote;
  pupils: number;
  credit: CreditChoice | undefined;
}) {
  const { price } = quote;
  return (
    <dl className="enrol-sums">
      <div>
        <dt>{seatsWords(quote.sessionsCount, pupils)}</dt>
        <dd>{formatPounds(price.subtotalPence)}</dd>
      </div>
      {price.discount && price.discountPence > 0 && (
        <div>
          <dt>{price.discount.label}</dt>
          <dd>−{formatPounds(price.discountPence)}</dd>
        </div>
      )}
      <div className="enrol-sums__total">
        <dt>Total</dt>
        <dd data-testid="enrol-total">{formatPounds(price.totalPence)}</dd>
      </div>
      {credit && credit.creditSeats > 0 && (
        <>
          <CreditSum credit={credit} testId="enrol-credit" />
          <div className="enrol-sums__card">
            <dt>To pay by card</dt>
            <dd data-testid="enrol-card-total">{formatPounds(cardPence(quote, credit))}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

function FullOffer({ flow, quote }: { flow: TermEnrolment; quote: TermQuote }) {
  const full = new Set(flow.fullSlots ?? []);
  const others = quote.sessions.filter((s) => s.status === 'ok' && !full.has(s.startsAt)).length;
  return (
    <div className="notice enrol-full" role="alert">
      <p>
        {full.size === 1 ? 'One session has' : `${full.size} sessions have`} filled up since the
        quote.
      </p>
      {others > 0 && (
        <button
          type="button"
          className="btn"
          disabled={flow.checkout.isPending}
          onClick={flow.payWithoutFull}
        >
          Enrol for the other {others} sessions and join the waiting list for the full ones
        </button>
      )}
    </div>
  );
}

function PayButton({ flow, quote }: { flow: TermEnrolment; quote: TermQuote }) {
  const busy = flow.checkout.isPending || flow.checkout.isSuccess;
  const card = cardPence(quote, flow.credit);
  const byCreditOnly = card === 0 && (flow.credit?.creditSeats ?? 0) > 0;
  return (
    <button
      type="button"
      className="btn btn--block enrol-pay"
      disabled={busy || quote.sessionsCount === 0}
      onClick={flow.pay}
    >
      {busy
        ? 'Processing...'
        : byCreditOnly
          ? 'Enrol with credit'
          : `Pay ${formatPounds(card)} and enrol`}
    </button>
  );
}

/** The quote for the choices, or what to choose next. */
export function EnrolQuote({ flow }: { flow: TermEnrolment }) {
  const { quote } = flow;
  const refusal = refusalWords(flow.checkout.error) ?? refusalWords(quote.error);
  let body: ReactNode;
  if (!flow.ready) {
    body = (
      <p className="field-hint">Choose a term, a class and at least one pupil to see the price.</p>
    );
  } else if (quote.isPending) {
    body = <p className="field-hint">Working out the price…</p>;
  } else if (quote.data) {
    const answer = quote.data.quote;
    body = (
      <>
        <SessionRows quote={answer} />
        {flow.credit && <UseCreditBox credit={flow.credit} />}
        <PriceLines quote={answer} pupils={flow.pupils.chosenIds.length} credit={flow.credit} />
        {flow.fullSlots ? (
          <FullOffer flow={flow} quote={answer} />
        ) : (
          <PayButton flow={flow} quote={answer} />
        )}
      </>
    );
  }
  return (
    <section
      className="enrol-quote card"
      aria-labelledby="enrol-quote-title"
      aria-busy={quote.isFetching}
    >
      <h2 id="enrol-quote-title" className="enrol__title">
        Sessions and price
      </h2>
      {body}
      <div role="alert" className="enrol-quote__alert">
        {refusal && <p className="notice notice--error">{refusal}</p>}
      </div>
    </section>
  );
}
