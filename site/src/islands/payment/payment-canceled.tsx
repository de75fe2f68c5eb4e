// /payment-canceled?checkout={id} (docs/product-rules.md#pages): the visitor left the payment page.
// The checkout's seats are released at once (they would otherwise stay held until the hold expires)
// and the basket saved for the success page is dropped.
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api-client.ts';
import { AppProviders } from '../shared/app-providers.tsx';
import { takePaymentBasket } from '../shared/payment-basket-take.ts';
import './payment-pages.css';

export interface PaymentCanceledProps {
  /** Tests pass the id; the page reads ?checkout=. */
  checkoutId?: string;
}

export function PaymentCanceledContent({ checkoutId }: PaymentCanceledProps) {
  const released = useRef(false);
  useEffect(() => {
    if (released.current) return;
    released.current = true;
    takePaymentBasket();
    const id = checkoutId ?? new URLSearchParams(window.location.search).get('checkout');
    if (!id) return;
    // Best effort: if it fails, the hold simply runs out on its own.
    api.cancelCheckout(id).catch((error: unknown) => {
      console.error('Could not release the checkout', error);
    });
  }, [checkoutId]);

  return (
    <div className="payment-page card">
      <p className="payment-page__icon payment-page__icon--neutral" aria-hidden="true">
        ×
      </p>
      <h1 className="payment-page__title">Payment Canceled</h1>
      <p>You can resume booking anytime</p>
      <p className="payment-page__small">No payment was taken and no sessions were booked.</p>
      <div className="payment-page__links">
        <a className="btn" href="/booking">
          Resume Booking
        </a>
        <a className="btn btn--outline" href="/">
          Back to Home
        </a>
      </div>
    </div>
  );
}

export function PaymentCanceled(props: PaymentCanceledProps) {
  return (
    <AppProviders>
      <PaymentCanceledContent {...props} />
    </AppProviders>
  );
}

export default PaymentCanceled;
