// The island of /one-to-one (docs/decisions/108): a family books a tutor's free hour, once or
// every week, for one child. The free times are public; choosing the child and paying ask the
// visitor to log in (the dialog keeps them on this page with their time picked). The parts only
// render what use-one-to-one-booking.ts decides (decision 043).
import { AppProviders } from '../shared/app-providers.tsx';
import { OneToOneSlots } from './one-to-one-slots.tsx';
import { OneToOneSummary } from './one-to-one-summary.tsx';
import { type OneToOneOptions, useOneToOneBooking } from './use-one-to-one-booking.ts';
import '../shared/form-fields.css';
import './one-to-one.css';

export interface OneToOneBookingProps extends OneToOneOptions {
  /** The CMS's parental consent statement, asked when a child under 16 is added here. */
  consentStatement: string;
}

export function OneToOneBookingContent({ consentStatement, ...options }: OneToOneBookingProps) {
  const flow = useOneToOneBooking(options);
  if (flow.service === undefined) {
    return (
      <p className="notice">
        1-to-1 lessons cannot be booked online at the moment. Please contact us to arrange one.
      </p>
    );
  }
  return (
    <div className="one-to-one">
      <OneToOneSlots flow={flow} />
      <OneToOneSummary flow={flow} consentStatement={consentStatement} />
    </div>
  );
}

export function OneToOneBooking({
  queryClient,
  ...props
}: OneToOneBookingProps & { queryClient?: Parameters<typeof AppProviders>[0]['queryClient'] }) {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <OneToOneBookingContent {...props} />
    </AppProviders>
  );
}

export default OneToOneBooking;
