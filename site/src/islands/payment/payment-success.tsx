// /payment-success?checkout={id} (docs/product-rules.md#pages, #checkout-and-payment; issue 11):
// says "Payment Successful" only for a paid checkout of the signed-in user, from the service's own
// summary — total, session count, special-offer note and every session at the session price. The
// payment provider sends the visitor here before its webhook may have reached the service, so a
// checkout still "pending" says "We are confirming your payment" and is asked again a few times.
// Opened without a checkout, for someone else's or an unknown one, or signed out, the page claims
// nothing: it points to /upcoming-bookings and /booking. The basket saved before the redirect is
// removed unread (the service's summary is the only source the page shows); the booking basket
// kept across reloads and sign-up is cleared once the checkout is paid.
import {
  formatLondonDate,
  formatPounds,
  formatTime12h,
  MESSAGES,
  type PricingRules,
} from '@tuition/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isId } from '@tuition/api-contract';
import { ApiError, api, type CheckoutSummary } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { clearBasket } from '../shared/booking-picker/basket-storage.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { takePaymentBasket } from '../shared/payment-basket.ts';
import './payment-pages.css';

/** How often and how many times a still-pending checkout is asked again. */
export const PENDING_POLL_MS = 1500;
export const PENDING_POLL_LIMIT = 8;

export interface PaymentSuccessProps {
  pricing: PricingRules;
  /** Tests pass the id; the page reads ?checkout=. */
  checkoutId?: string;
}

interface SummaryView {
  amountPence: number;
  sessionCount: number;
  isSpecialOffer: boolean;
  sessions: Array<{ key: string; date: string; label: string; time: string }>;
}

function fromService(summary: CheckoutSummary): SummaryView {
  return {
    amountPence: summary.amountPence,
    sessionCount: summary.sessionCount,
    isSpecialOffer: summary.isSpecialOffer,
    sessions: summary.sessions.map((s) => ({
      key: s.startsAt,
      date: formatLondonDate(new Date(s.startsAt)),
      label: s.label,
      time: s.time || formatTime12h(new Date(s.startsAt)),
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
        {view.sessions.map((s) => (
          <li key={s.key}>
            <span className="payment-summary__session">
              <strong>{s.date}</strong>
              <span>
                {s.label}
                {s.time ? `, ${s.time}` : ''}
              </span>
            </span>
            <span>{formatPounds(pricing.sessionPricePence)}</span>
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
function NoPaymentToShow({
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

export function PaymentSuccessContent({ pricing, checkoutId }: PaymentSuccessProps) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const [id, setId] = useState(checkoutId);
  useEffect(() => {
    if (!checkoutId) setId(new URLSearchParams(window.location.search).get('checkout') ?? '');
    // Read once and removed (docs/product-rules.md#checkout-and-payment), whatever the service
    // answers.
    takePaymentBasket();
  }, [checkoutId]);

  // Checkout ids are the service's ids; anything else is not asked about.
  const wellFormed = Boolean(id && isId(id));
  const queryClient = useQueryClient();
  const queryKey = ['checkout', id, session.data?.user?.id ?? null];
  const checkout = useQuery({
    queryKey,
    queryFn: () => api.checkout(id as string),
    enabled: signedIn && wellFormed,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
    retryDelay: 1000,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_POLL_LIMIT
        ? PENDING_POLL_MS
        : false,
  });
  const data = checkout.data;
  const paid = data?.status === 'paid';
  useEffect(() => {
    // The booking basket kept across reloads and sign-up (basket-storage.ts) lives until it is
    // paid for: once the service says so, the next visit to /booking starts empty. A pending,
    // lapsed or released checkout keeps it, so the customer can try again.
    if (paid) clearBasket();
  }, [paid]);

  if (id === undefined || session.isPending || (signedIn && wellFormed && checkout.isPending)) {
    return (
      <div className="payment-page card">
        <p role="status">Checking your payment…</p>
      </div>
    );
  }

  if (!data) {
    // Missing, malformed, unknown or someone else's (404), signed out (401), or unreachable.
    const status = checkout.error instanceof ApiError ? checkout.error.status : undefined;
    const loadFailed = checkout.isError && status !== 404 && status !== 401;
    return (
      <NoPaymentToShow
        signedOut={!signedIn || status === 401}
        loadFailed={loadFailed}
        onRetry={() => void checkout.refetch()}
      />
    );
  }

  if (data.status === 'expired' || data.status === 'cancelled') {
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

  const view = fromService(data);
  if (data.status === 'pending') {
    const polls = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
    const stillWaiting = polls >= PENDING_POLL_LIMIT;
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

export function PaymentSuccess({
  queryClient,
  ...props
}: PaymentSuccessProps & { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <PaymentSuccessContent {...props} />
    </AppProviders>
  );
}

export default PaymentSuccess;
