// What /payment-success shows for each outcome (docs/product-rules.md#checkout-and-payment,
// decision 028): paid, still being confirmed, not completed, or nothing of this visitor's to
// show; each from the service's own summary of the checkout, never from the browser's copy.
// Every line names the pupil and the price that seat was charged.
import { MESSAGES, type PricingRules } from '@tuition/domain';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { PackLinks, PackReady, Summary, type SummaryView } from './payment-summary.tsx';

export { fromService, type SummaryView } from './payment-summary.tsx';

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
        {view.pack
          ? `We are confirming your payment with the provider. Your ${view.pack.name} appears under Your credit on Payments & Invoices as soon as it is confirmed.`
          : stillWaiting
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
  // Credit paid for every seat (decision 077): nothing was paid by card.
  const creditOnly = !view.pack && view.amountPence === 0 && view.creditUsed > 0;
  return (
    <div className="payment-page card" data-outcome="paid">
      <p className="payment-page__icon" aria-hidden="true">
        ✓
      </p>
      <h1 className="payment-page__title">
        {creditOnly ? 'Booking Confirmed' : 'Payment Successful'}
      </h1>
      {view.pack ? (
        <PackReady pack={view.pack} />
      ) : (
        <p>
          Thank you! Your sessions are booked{creditOnly ? ' with your credit' : ''} and a
          confirmation e-mail is on its way.
        </p>
      )}
      <Summary view={view} pricing={pricing} paid />
      {view.pack ? <PackLinks /> : <Links />}
    </div>
  );
}
