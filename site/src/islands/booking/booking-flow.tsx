// The island of /booking: the booking picker (shared/booking-picker/, which /reschedule and the
// admin user page mount too) inside the app's providers.
import { AppProviders } from '../shared/app-providers.tsx';
import {
  BookingFlowContent,
  type BookingPageProps,
} from '../shared/booking-picker/booking-flow-content.tsx';

/** The island of /booking (which passes the consent statement): the flow inside the app's providers. */
export function BookingFlow(props: BookingPageProps) {
  return (
    <AppProviders>
      <BookingFlowContent {...props} />
    </AppProviders>
  );
}

export default BookingFlow;
