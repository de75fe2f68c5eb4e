// /payments-invoices: the customer's paid checkouts, newest first, with what each paid for.
// The spec shows only a placeholder here; a list of payments is what a customer expects.
import { formatLondonDate, formatPounds, MESSAGES } from '@tuition/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders, toastError } from '../shared/app-providers.tsx';
import { BookingsSkeleton, serviceLabel } from './bookings-card.tsx';
import { BookingsLoginPrompt } from './bookings-login-prompt.tsx';
import './bookings.css';

export function PaymentHistoryContent() {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const payments = useQuery({
    queryKey: ['payments'],
    queryFn: api.payments,
    enabled: signedIn,
  });

  useEffect(() => {
    if (payments.isError) toastError(MESSAGES.bookingsLoadFailed);
  }, [payments.isError]);

  if (session.isPending) return <BookingsSkeleton />;
  if (!signedIn) return <BookingsLoginPrompt what="see your payments" />;
  if (payments.isPending) return <BookingsSkeleton />;
  if (payments.isError) {
    return (
      <p className="notice notice--error" role="alert">
        {MESSAGES.bookingsLoadFailed.title}{' '}
        <button type="button" className="btn btn--outline" onClick={() => payments.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (payments.data.length === 0) {
    return (
      <div className="bookings__empty card">
        <h2>No payments yet</h2>
        <p>When you pay for sessions, each payment is listed here.</p>
        <a className="btn" href="/booking">
          Book Sessions
        </a>
      </div>
    );
  }
  return (
    <ul className="bookings-list">
      {payments.data.map((payment) => (
        <li key={payment.id} className="bookings-card card payment-record">
          <div className="bookings-card__head">
            <h2 className="bookings-card__date">
              Paid {formatLondonDate(new Date(payment.paidAt))}
            </h2>
            <span className="payment-record__amount">{formatPounds(payment.amountPence)}</span>
          </div>
          <p className="bookings-card__service">
            {payment.sessionCount === 1 ? '1 session' : `${payment.sessionCount} sessions`}
            {payment.isSpecialOffer ? ' · special offer applied' : ''}
          </p>
          <ul className="payment-record__sessions">
            {payment.sessions.map((s) => (
              <li key={s.startsAt}>
                {formatLondonDate(new Date(s.startsAt))}, {s.time} · {serviceLabel(s.service)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function PaymentHistory() {
  return (
    <AppProviders>
      <PaymentHistoryContent />
    </AppProviders>
  );
}

export default PaymentHistory;
