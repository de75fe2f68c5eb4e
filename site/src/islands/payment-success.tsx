// /payment-success?checkout={id} (spec §2, §4): the service's summary of the paid checkout —
// total, session count, special-offer note and every session at the session price. The
// payment provider sends the visitor here before its webhook may have reached the service, so
// a checkout still "pending" is asked again a few times. The basket saved before the redirect
// is read once and removed; it fills in only while the service's summary cannot be fetched.
import { formatLondonDate, formatPounds, formatTime12h, type PricingRules } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, type CheckoutSummary } from '../lib/api-client.ts';
import { AppProviders } from './app-providers.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import { type SavedBasket, takePaymentBasket } from './payment-basket.ts';
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

function fromSaved(saved: SavedBasket): SummaryView {
  return {
    amountPence: saved.totalCost,
    sessionCount: saved.sessionCount,
    isSpecialOffer: saved.isSpecialOffer,
    sessions: saved.selectedSessions.map((s) => {
      const [label = s.info, time = ''] = s.info.split(', ');
      return { key: s.startsAt, date: formatLondonDate(new Date(s.startsAt)), label, time };
    }),
  };
}

function Summary({ view, pricing }: { view: SummaryView; pricing: PricingRules }) {
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
          <dt>Total paid</dt>
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

export function PaymentSuccessContent({ pricing, checkoutId }: PaymentSuccessProps) {
  const [id, setId] = useState(checkoutId);
  const [saved, setSaved] = useState<SavedBasket>();
  useEffect(() => {
    if (!checkoutId) setId(new URLSearchParams(window.location.search).get('checkout') ?? '');
    // Read once and removed (spec §4), whatever the service answers.
    setSaved(takePaymentBasket());
  }, [checkoutId]);

  const checkout = useQuery({
    queryKey: ['checkout', id],
    queryFn: () => api.checkout(id as string),
    enabled: Boolean(id),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < PENDING_POLL_LIMIT
        ? PENDING_POLL_MS
        : false,
  });

  const data = checkout.data;
  const fallback = saved && (!id || saved.checkoutId === id) ? fromSaved(saved) : undefined;

  if (id === undefined || (id && checkout.isPending)) {
    return (
      <div className="payment-page card">
        <p role="status">Confirming your payment…</p>
      </div>
    );
  }

  if (checkout.error instanceof ApiError && checkout.error.status === 401) {
    return <BookingsLoginPrompt what="see your booking summary" />;
  }

  if (data && (data.status === 'expired' || data.status === 'cancelled')) {
    return (
      <div className="payment-page card">
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

  const view = data ? fromService(data) : fallback;
  const stillPending = data?.status === 'pending';
  return (
    <div className="payment-page card">
      <p className="payment-page__icon" aria-hidden="true">
        ✓
      </p>
      <h1 className="payment-page__title">Payment Successful</h1>
      {stillPending ? (
        <p role="status">
          We are confirming your payment with the provider. Your sessions appear in Manage Bookings
          as soon as it is confirmed, and a confirmation e-mail follows.
        </p>
      ) : (
        <p>Thank you! Your sessions are booked and a confirmation e-mail is on its way.</p>
      )}
      {view ? (
        <Summary view={view} pricing={pricing} />
      ) : (
        checkout.isError && (
          <p className="notice notice--error" role="alert">
            We could not load the booking summary. Your bookings are listed in Manage Bookings.
          </p>
        )
      )}
      <Links />
    </div>
  );
}

export function PaymentSuccess(props: PaymentSuccessProps) {
  return (
    <AppProviders>
      <PaymentSuccessContent {...props} />
    </AppProviders>
  );
}

export default PaymentSuccess;
