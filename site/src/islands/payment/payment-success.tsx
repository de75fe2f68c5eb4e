// /payment-success?checkout={id} (docs/product-rules.md#pages, #checkout-and-payment; decision 028):
// says "Payment Successful" only for a paid checkout of the signed-in user, from the service's own
// summary — total, session count, special-offer note and every seat with its pupil and price. The
// payment provider sends the visitor here before its webhook may have reached the service, so a
// checkout still "pending" says "We are confirming your payment" and is asked again a few times.
// Opened without a checkout, for someone else's or an unknown one, or signed out, the page claims
// nothing: it points to /upcoming-bookings and /booking. The basket saved before the redirect is
// removed unread (the service's summary is the only source the page shows); the booking basket
// kept across reloads and sign-up is cleared once the checkout is paid.
import type { PricingRules } from '@tuition/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isId } from '@tuition/api-contract';
import { ApiError, api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { clearBasket } from '../shared/booking-picker/basket-storage.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { takePaymentBasket } from '../shared/payment-basket-take.ts';
import {
  Confirming,
  fromService,
  NoPaymentToShow,
  NotCompleted,
  Paid,
} from './payment-outcomes.tsx';
import './payment-pages.css';

/** How often and how many times a still-pending checkout is asked again. */
export const PENDING_POLL_MS = 1500;
export const PENDING_POLL_LIMIT = 8;

export interface PaymentSuccessProps {
  pricing: PricingRules;
  /** Tests pass the id; the page reads ?checkout=. */
  checkoutId?: string;
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

  if (data.status === 'expired' || data.status === 'cancelled') return <NotCompleted />;
  const view = fromService(data);
  if (data.status === 'pending') {
    const polls = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
    return <Confirming view={view} pricing={pricing} stillWaiting={polls >= PENDING_POLL_LIMIT} />;
  }
  return <Paid view={view} pricing={pricing} />;
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
