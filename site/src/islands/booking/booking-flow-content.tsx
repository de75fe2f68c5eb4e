// The /booking page's flow (docs/product-rules.md#pages, #seats-and-bookings): subject -> service
// -> who for -> dates -> confirm and pay. Prices come from the CMS at build time for display only;
// the service prices the basket itself at checkout. The customer's own unpaid checkouts show
// above the steps with Resume payment and Release; their sessions can be picked again (the new
// checkout replaces the old one). This file only lays the parts out: the state and rules are the
// picker's useBookingFlow (shared/booking-picker/, which /reschedule and the admin user page mount
// in reschedule mode), the dates and the basket its parts; the steps only /booking shows live
// here (decision 117).
import { useRef } from 'react';
import { PendingPayments } from '../shared/pending-payments.tsx';
import { BookingBasket, BookingBottomBar } from '../shared/booking-picker/booking-basket.tsx';
import { DatesStep } from '../shared/booking-picker/booking-steps.tsx';
import type { BookingFlowProps } from '../shared/booking-picker/booking-flow-props.ts';
import { useBookingFlow } from '../shared/booking-picker/use-booking-flow.ts';
import { ServiceStep, SubjectStep } from './course-steps.tsx';
import { PupilStep } from './pupil-step.tsx';
import '../shared/booking-picker/booking-flow.css';

/**
 * The booking page's props: the picker's in book mode, and the CMS's parental consent statement
 * that "Add a child" asks a parent to tick.
 */
export type BookingPageProps = Omit<
  BookingFlowProps,
  'mode' | 'booking' | 'onConfirm' | 'returnTo' | 'forUser'
> & { consentStatement?: string | undefined };

/** The /booking flow without providers (its tests mount it so). */
export function BookingFlowContent(props: BookingPageProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const flow = useBookingFlow({ ...props, mode: 'book' });

  return (
    <div ref={rootRef} className="booking-flow" data-mode="book">
      <div className="booking-flow__steps">
        <PendingPayments checkouts={flow.openCheckouts} />
        <SubjectStep subject={flow.subject} onChoose={flow.chooseSubject} />
        <ServiceStep subject={flow.subject} service={flow.service} onChoose={flow.chooseService} />
        <PupilStep choice={flow.pupils} consentStatement={props.consentStatement} />
        <DatesStep flow={flow} />
      </div>

      <aside className="booking-flow__aside" aria-label="Basket">
        <BookingBasket {...flow.basket} />
      </aside>
      <BookingBottomBar {...flow.basket} container={rootRef.current} />
    </div>
  );
}
