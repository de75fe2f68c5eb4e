// What the booking picker is given: the prices to show, and in reschedule mode the booking to
// move and where its new start is sent (decision 029).
import type { Clock, PricingRules, ServiceCode } from '@tuition/domain';
import type { BookingMode } from './booking-rules.ts';

/** The booking being moved in reschedule mode. */
export interface BookingToMove {
  id: string;
  service: ServiceCode;
  label: string;
  startsAt: string;
  /** Whose seat moves (decision 048): a sibling in the same session keeps theirs. */
  pupilName?: string;
  /** That pupil's id: the picker checks and marks sessions for this pupil alone. */
  pupilId?: string;
}

export interface BookingFlowProps {
  /** Session price and bundle, from the CMS (display only). */
  pricing: PricingRules;
  mode?: BookingMode;
  /** Reschedule mode: the booking being moved. */
  booking?: BookingToMove;
  /**
   * Reschedule mode: sends the new start. Defaults to the customer's own endpoint
   * (POST /api/me/bookings/{id}/reschedule); the admin pages pass theirs.
   */
  onConfirm?: (startsAt: string) => Promise<unknown>;
  /** Reschedule mode: where to go after success (default /upcoming-bookings). */
  returnTo?: string;
  /**
   * Admins acting for a customer: the customer's user id, so the picker marks the customer's
   * own bookings and unpaid checkouts (not the admin's).
   */
  forUser?: string;
  /** Preselects the service (otherwise read from ?service=). */
  initialService?: ServiceCode;
  clock?: Clock;
  /** Leaves the page; tests replace it. */
  navigate?: (url: string) => void;
}
