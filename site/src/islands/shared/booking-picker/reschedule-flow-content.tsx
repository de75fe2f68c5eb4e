// The booking picker in reschedule mode (decision 029): the session being moved, the dates and a
// basket whose button confirms the move. /reschedule and the admin user page mount it (the admin
// with its own endpoint through `onConfirm`, seeing the customer's seats through `forUser`); the
// /booking page's flow lays the same parts out in islands/booking/ (decision 117).
import { useRef } from 'react';
import { BookingBasket, BookingBottomBar } from './booking-basket.tsx';
import type { BookingFlowProps, BookingToMove } from './booking-flow-props.ts';
import { CurrentSessionStep, DatesStep } from './booking-steps.tsx';
import { useBookingFlow } from './use-booking-flow.ts';
import './booking-flow.css';

export type RescheduleFlowProps = Omit<BookingFlowProps, 'mode' | 'booking'> & {
  /** The booking being moved. */
  booking: BookingToMove;
};

/** The picker moving one booking, without providers. */
export function RescheduleFlowContent(props: RescheduleFlowProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const flow = useBookingFlow({ ...props, mode: 'reschedule' });

  return (
    <div ref={rootRef} className="booking-flow" data-mode="reschedule">
      <div className="booking-flow__steps">
        <CurrentSessionStep booking={props.booking} />
        <DatesStep flow={flow} />
      </div>

      <aside className="booking-flow__aside" aria-label="Reschedule">
        <BookingBasket {...flow.basket} />
      </aside>
      <BookingBottomBar {...flow.basket} container={rootRef.current} />
    </div>
  );
}
