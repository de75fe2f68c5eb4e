// The island of /booking: its flow (./booking-flow-content.tsx, built on the booking picker in
// shared/booking-picker/ that /reschedule and the admin user page mount too) inside the app's
// providers, and "Your credit" under it for a family that has credit (docs/decisions/077).
import { lazy, Suspense } from 'react';
import { AppProviders } from '../shared/app-providers.tsx';
import { BookingFlowContent, type BookingPageProps } from './booking-flow-content.tsx';

// Below the picker and shown only to a family with credit: loaded after the picker, so the
// page's own script stays within its budget (decision 061).
const CreditPanel = lazy(() =>
  import('../shared/wallet/credit-panel.tsx').then(({ CreditPanel }) => ({ default: CreditPanel })),
);

/** The island of /booking (which passes the consent statement): the flow inside the app's providers. */
export function BookingFlow(props: BookingPageProps) {
  return (
    <AppProviders>
      <BookingFlowContent {...props} />
      <div className="booking-credit">
        <Suspense fallback={null}>
          <CreditPanel variant="summary" {...(props.clock ? { clock: props.clock } : {})} />
        </Suspense>
      </div>
    </AppProviders>
  );
}

export default BookingFlow;
