// The booking summary of /payment-success (decision 028), from the service's own summary of the
// checkout: every seat with its pupil and what paid for it, the price charged to the card, or
// "Paid with credit" for a seat the family's credit paid for (docs/decisions/077); and for a
// session pack, the credit it gave.
import {
  formatLondonDate,
  formatPounds,
  formatTime12h,
  type PricingRules,
  seatLinePrices,
} from '@tuition/domain';
import type { CheckoutSummary } from '../../lib/api-client.ts';
import { paidWithWords, sessionsOf } from '../shared/wallet/credit-words.ts';

export interface SummaryView {
  amountPence: number;
  sessionCount: number;
  isSpecialOffer: boolean;
  /** Seats paid with sessions of credit. */
  creditUsed: number;
  /** The session pack bought, or null for seats. */
  pack: CheckoutSummary['pack'];
  /** One line per seat, naming the pupil it is for. */
  sessions: Array<{
    key: string;
    date: string;
    label: string;
    time: string;
    pupil: string;
    paidWithCredit: boolean;
    /** The seat's price as charged, when the service kept one (docs/decisions/082). */
    pricePence?: number | undefined;
  }>;
  /** What a discount took off, and its words ("Sibling discount 10%"). */
  discountPence?: number | undefined;
  discountLabel?: string | null | undefined;
}

export function fromService(summary: CheckoutSummary): SummaryView {
  return {
    amountPence: summary.amountPence,
    sessionCount: summary.sessionCount,
    isSpecialOffer: summary.isSpecialOffer,
    creditUsed: summary.creditUsed,
    pack: summary.pack,
    sessions: summary.sessions.map((s) => ({
      // Siblings share a start: the pupil makes each line its own.
      key: `${s.startsAt} ${s.pupil.id}`,
      date: formatLondonDate(new Date(s.startsAt)),
      label: s.label,
      time: s.time || formatTime12h(new Date(s.startsAt)),
      pupil: s.pupil.name,
      paidWithCredit: s.paidWithCredit === true,
      pricePence: s.pricePence,
    })),
    discountPence: summary.discountPence,
    discountLabel: summary.discountLabel,
  };
}

/** What each line shows: "Paid with credit", or its share of the card payment. */
function linePrices(view: SummaryView, pricing: PricingRules): string[] {
  const cardLines = view.sessions.filter((s) => !s.paidWithCredit).length;
  // The card's seats at the price charged (a bundle's seats at their share of its price).
  const card = seatLinePrices(cardLines, view.amountPence, pricing);
  let next = 0;
  return view.sessions.map((s) =>
    s.paidWithCredit ? 'Paid with credit' : formatPounds(s.pricePence ?? card[next++] ?? 0),
  );
}

/** A pack's summary: what was bought and paid. */
function PackSummary({ view, paid }: { view: SummaryView; paid: boolean }) {
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__title">
        Purchase summary
      </h2>
      <dl className="payment-summary__facts">
        <div>
          <dt>Pack</dt>
          <dd>{view.pack?.name}</dd>
        </div>
        <div>
          <dt>Credit</dt>
          <dd>{sessionsOf(view.pack?.sessions ?? view.sessionCount)}</dd>
        </div>
        <div>
          <dt>{paid ? 'Total paid' : 'Total'}</dt>
          <dd data-testid="payment-total">{formatPounds(view.amountPence)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function Summary({
  view,
  pricing,
  paid,
}: {
  view: SummaryView;
  pricing: PricingRules;
  /** "Total paid" only once the service says so; "Total" while it is being confirmed. */
  paid: boolean;
}) {
  if (view.pack) return <PackSummary view={view} paid={paid} />;
  const prices = linePrices(view, pricing);
  const amount = formatPounds(view.amountPence);
  // Credit paid for every seat: the line under the facts says so instead of "£0.00".
  const creditOnly = view.creditUsed > 0 && view.amountPence === 0;
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__title">
        Booking summary
      </h2>
      <dl className="payment-summary__facts">
        <div>
          <dt>Sessions</dt>
          <dd>{sessionsOf(view.sessionCount)}</dd>
        </div>
        {view.discountPence ? (
          <div>
            <dt>{view.discountLabel ?? 'Discount'}</dt>
            <dd>−{formatPounds(view.discountPence)}</dd>
          </div>
        ) : null}
        {!creditOnly && (
          <div>
            <dt>{paid ? 'Total paid' : 'Total'}</dt>
            <dd data-testid="payment-total">{amount}</dd>
          </div>
        )}
      </dl>
      {view.creditUsed > 0 && (
        <p className="payment-summary__paid-with" data-testid="paid-with">
          {paidWithWords(amount, view.amountPence, view.creditUsed)}
        </p>
      )}
      {view.isSpecialOffer && (
        <p className="payment-summary__offer">
          Special offer applied: {pricing.bundleSize} sessions for{' '}
          {formatPounds(pricing.bundlePricePence)}.
        </p>
      )}
      <ul className="payment-summary__sessions">
        {view.sessions.map((s, i) => (
          <li key={s.key}>
            <span className="payment-summary__session">
              <strong>{s.date}</strong>
              <span>
                {s.label}
                {s.time ? `, ${s.time}` : ''}
              </span>
              <span>for {s.pupil}</span>
            </span>
            <span className={s.paidWithCredit ? 'payment-summary__credit' : undefined}>
              {prices[i]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A paid pack: the credit is ready to book with. */
export function PackReady({ pack }: { pack: NonNullable<SummaryView['pack']> }) {
  return (
    <p className="payment-page__pack" data-testid="pack-ready">
      Your {pack.name} is ready: {sessionsOf(pack.sessions)} of credit.
    </p>
  );
}

/** Where a family goes next with a pack: book with it, or see the credit. */
export function PackLinks() {
  return (
    <div className="payment-page__links">
      <a className="btn btn--outline" href="/payments-invoices">
        See your credit
      </a>
      <a className="btn" href="/booking">
        Book sessions with it
      </a>
    </div>
  );
}
