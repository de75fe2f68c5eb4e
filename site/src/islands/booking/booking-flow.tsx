// The island of /booking: the booking picker (shared/booking-picker/, which /reschedule and the
// admin user page mount too) inside the app's providers, and "Your credit" under it for a family
// that has credit (docs/decisions/077).
import { AppProviders } from '../shared/app-providers.tsx';
import {
  BookingFlowContent,
  type BookingPageProps,
} from '../shared/booking-picker/booking-flow-content.tsx';
import { CreditPanel } from '../shared/wallet/credit-panel.tsx';

/** The island of /booking (which passes the consent statement): the flow inside the app's providers. */
export function BookingFlow(props: BookingPageProps) {
  return (
    <AppProviders>
      <BookingFlowContent {...props} />
      <div className="booking-credit">
        <CreditPanel variant="summary" {...(props.clock ? { clock: props.clock } : {})} />
      </div>
    </AppProviders>
  );
}

export default BookingFlow;
