// What /payment-success shows for each outcome (docs/product-rules.md#checkout-and-payment,
// decision 028): paid, still being confirmed, not completed, or nothing of this visitor's to
// show; each from the service's own summary of the checkout, never from the browser's copy.
// Every line names the pupil and the price that seat was charged.
import {
  formatLondonDate,
  formatPounds,
  formatTime12h,
  MESSAGES,
  type PricingRules,
  seatLinePrices,
} from '@tuition/domain';
import type { CheckoutSummary } from '../../lib/api-client.ts';
import { openAuthDialog } from '../../lib/auth-dialog.ts';

export interface SummaryView {
  amountPence: number;
  sessionCount: number;
  isSpecialOffer: boolean;
  /** One line per seat, naming the pupil it is for. */
  sessions: Array<{ key: string; date: string; label: string; time: string; pupil: string }>;
}

export function fromService(summary: CheckoutSummary): SummaryView {
  return {
    amountPence: summary.amountPence,
    sessionCount: summary.sessionCount,
    isSpecialOffer: summary.isSpecialOffer,
    sessions: summary.sessions.map((s) => ({
      // Siblings share a start: the pupil makes each line its own.
      key: `${s.startsAt} ${s.pupil.id}`,
      date: formatLondonDate(new Date(s.startsAt)),
      label: s.label,
      time: s.time || formatTime12h(new Date(s.startsAt)),
      pupil: s.pupil.name,
    })),
  };
}

function Summary({
  view,
  pricing,
  paid,
}: {
  view: SummaryView;
  pricing: PricingRules;
  /** "Total paid" only once the service says so; "Total" while it is being confirmed. */
  paid: boolean;
}) {
  const sessionsText = view.sessionCount === 1 ? '1 session' : `${view.sessionCount} sessions`;
  // Each line at the price it was charged (a bundle's seats at their share of its price).
  const linePrices = seatLinePrices(view.sessions.length, view.amountPence, pricing);
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment-summary__title">
        Booking summary
      </h2>
      <dl className="payment-summary__facts">
        <div>
          <dt>Sessions</dt>
          <dd>{sessionsText}</dd>
        </div>
        <div>
          <dt>{paid ? 'Total paid' : 'Total'}</dt>
          <dd data-testid="payment-total">{formatPounds(view.amountPence)}</dd>
        </div>
      </dl>
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
            <span>{formatPounds(linePrices[i] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Links() {
  return (
    <div className="payment-page__links">
      <a className="btn btn--outline" href="/">
        Back to Home
      </a>
      <a className="btn" href="/manage-bookings">
        Manage Bookings
      </a>
    </div>
  );
}

/** Links for every outcome that is not a success. */
function NeutralLinks() {
  return (
    <div className="payment-page__links">
      <a className="btn" href="/upcoming-bookings">
        Upcoming Bookings
      </a>
      <a className="btn btn--outline" href="/booking">
        Book Sessions
      </a>
    </div>
  );
}

/** No paid checkout of this visitor to show: nothing is claimed either way. */
export function NoPaymentToShow({
  signedOut,
  loadFailed,
  onRetry,
}: {
  signedOut: boolean;
  loadFailed: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="payment-page card" data-outcome="none">
      <p className="payment-page__icon payment-page__icon--neutral" aria-hidden="true">
        i
      </p>
      <h1 className="payment-page__title">{MESSAGES.noPaymentToShow.title}</h1>
      {loadFailed ? (
        <p className="notice notice--error" role="alert">
          We could not check this payment just now.{' '}
          <button type="button" className="btn btn--outline" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : (
        <p>{MESSAGES.noPaymentToShow.description}</p>
      )}
      {signedOut && (
        <p className="payment-page__small">
          Signed out?{' '}
          <button
            type="button"
            className="payment-page__link"
            onClick={() => openAuthDialog('login')}
          >
            Log in
          </button>{' '}
          to see your bookings and payments.
        </p>
      )}
      <NeutralLinks />
    </div>
  );
}

/** An expired or released checkout: nothing was booked. */
export function NotCompleted() {
  return (
    <div className="payment-page card" data-outcome="not-paid">
      <h1 className="payment-page__title">Payment not completed</h1>
      <p>This checkout was not paid, so no sessions were booked. You can book again anytime.</p>
      <div className="payment-page__links">
        <a className="btn" href="/booking">
          Book Sessions
        </a>
        <a className="btn btn--outline" href="/">
          Back to Home
        </a>
      </div>
    </div>
  );
}

/** Back from the provider before its webhook: the payment is being confirmed. */
export function Confirming({
  view,
  pricing,
  stillWaiting,
}: {
  view: SummaryView;
  pricing: PricingRules;
  /** The page has stopped asking: say what to do instead. */
  stillWaiting: boolean;
}) {
  return (
    <div className="payment-page card" data-outcome="pending">
      <p className="payment-page__icon payment-page__icon--neutral" aria-hidden="true">
        …
      </p>
      <h1 className="payment-page__title">{MESSAGES.paymentConfirming.title}</h1>
      <p role="status">
        {stillWaiting
          ? 'This is taking longer than usual. Nothing is booked until the payment is confirmed: Upcoming Bookings shows your sessions once it is, or lets you resume or release an unfinished payment.'
          : 'We are confirming your payment with the provider. Your sessions appear in Upcoming Bookings as soon as it is confirmed, and a confirmation e-mail follows.'}
      </p>
      <Summary view={view} pricing={pricing} paid={false} />
      <NeutralLinks />
    </div>
  );
}

/** The service says the checkout is paid. */
export function Paid({ view, pricing }: { view: SummaryView; pricing: PricingRules }) {
  return (
    <div className="payment-page card" data-outcome="paid">
      <p className="payment-page__icon" aria-hidden="true">
        ✓
      </p>
      <h1 className="payment-page__title">Payment Successful</h1>
      <p>Thank you! Your sessions are booked and a confirmation e-mail is on its way.</p>
      <Summary view={view} pricing={pricing} paid />
      <Links />
    </div>
  );
}
