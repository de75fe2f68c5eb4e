// The booking picker (docs/product-rules.md#pages, #seats-and-bookings): subject -> service ->
// dates -> confirm and pay. The same picker moves a booked session in reschedule mode
// (/reschedule, and the admin user page with its own endpoint through `onConfirm`, seeing the
// customer's seats through `forUser`, decision 029), so it lives in shared/ for the three features
// that mount it. Prices come from the CMS at build time for display only; the service prices the
// basket itself at checkout. The customer's own unpaid checkouts show above the steps with Resume
// payment and Release; their sessions can be picked again (the new checkout replaces the old one).
// This file only lays the parts out: the state and rules are use-booking-flow.ts, the steps
// booking-steps.tsx, confirm and pay booking-basket.tsx.
import { useRef } from 'react';
import { PendingPayments } from '../pending-payments.tsx';
import { BookingBasket, BookingBottomBar } from './booking-basket.tsx';
import { CurrentSessionStep, DatesStep, ServiceStep, SubjectStep } from './booking-steps.tsx';
import { PupilStep } from './pupil-step.tsx';
import type { BookingFlowProps } from './booking-flow-props.ts';
import { useBookingFlow } from './use-booking-flow.ts';
import './booking-flow.css';

/**
 * The booking page's props: the picker's, and the CMS's parental consent statement that "Add a
 * child" asks a parent to tick (reschedule mode adds no child and passes none).
 */
export type BookingPageProps = BookingFlowProps & { consentStatement?: string | undefined };

/** The picker without providers: /booking, /reschedule and the admin user page mount it. */
export function BookingFlowContent(props: BookingPageProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const flow = useBookingFlow(props);
  const { mode, rescheduling, booking } = flow;

  return (
    <div ref={rootRef} className="booking-flow" data-mode={mode}>
      <div className="booking-flow__steps">
        {!rescheduling && <PendingPayments checkouts={flow.openCheckouts} />}
        {!rescheduling && (
          <>
            <SubjectStep subject={flow.subject} onChoose={flow.chooseSubject} />
            <ServiceStep
              subject={flow.subject}
              service={flow.service}
              onChoose={flow.chooseService}
            />
          </>
        )}
        {!rescheduling && (
          <PupilStep choice={flow.pupils} consentStatement={props.consentStatement} />
        )}
        {rescheduling && booking && <CurrentSessionStep booking={booking} />}
        <DatesStep flow={flow} />
      </div>

      <aside className="booking-flow__aside" aria-label={rescheduling ? 'Reschedule' : 'Basket'}>
        <BookingBasket {...flow.basket} />
      </aside>
      <BookingBottomBar {...flow.basket} container={rootRef.current} />
    </div>
  );
}
