// One session of the chosen service: date, class label, time band and price. Pressing it picks or
// drops the session, like a click on its calendar day. A full session cannot be picked and carries
// a "Full" overlay (docs/product-rules.md#pages). A session in the user's own unpaid checkout says
// "Payment pending" and can be picked again (the new checkout replaces the old one). A session
// of a class with a minimum says what it runs on, then "Confirmed to run" (docs/decisions/100).
import { formatLondonDate, formatPounds } from '@tuition/domain';
import type { ReactNode } from 'react';
import type { AvailabilitySlot } from '../../../lib/api-client.ts';
import { runsIfNote } from './booking-rules.ts';

export interface BookingSessionCardProps {
  slot: AvailabilitySlot;
  selected: boolean;
  checking: boolean;
  /** The price shown: the session price, or £0 when rescheduling. */
  pricePence: number;
  /** The account's pupils already holding a seat in it (heldBy, decision 048). */
  heldByNames?: readonly string[];
  onToggle: (slot: AvailabilitySlot) => void;
  /** A full session's waiting-list control (decision 060), below the card. */
  waitlist?: ReactNode;
}

export function BookingSessionCard({
  slot,
  selected,
  checking,
  pricePence,
  heldByNames = [],
  onToggle,
  waitlist,
}: BookingSessionCardProps) {
  const full = slot.state === 'full';
  const dateText = formatLondonDate(new Date(slot.startsAt));
  const condition = runsIfNote(slot);
  return (
    <li className="booking-session" data-state={full ? 'full' : selected ? 'selected' : 'open'}>
      <button
        type="button"
        className="booking-session__button"
        data-slot-state={slot.state}
        aria-pressed={selected}
        disabled={full || checking}
        aria-busy={checking || undefined}
        onClick={() => onToggle(slot)}
      >
        <span className="booking-session__date">{dateText}</span>
        <span className="booking-session__label">{slot.label}</span>
        <span className="booking-session__meta">
          {/* "5:00 PM" never split across lines; a narrow card puts the price below instead. */}
          <span>{slot.time.replace(/(\d) ([AP]M)/g, '$1\u00a0$2')}</span>
          <span className="booking-session__price">{formatPounds(pricePence)}</span>
        </span>
        {condition && (
          <span
            className="booking-session__condition"
            data-confirmed={slot.confirmedToRun && !slot.runsIf ? true : undefined}
          >
            {condition}
          </span>
        )}
        {heldByNames.length > 0 ? (
          <span className="booking-session__tag">Booked for {heldByNames.join(', ')}</span>
        ) : (
          slot.state === 'booked' && <span className="booking-session__tag">Booked</span>
        )}
        {slot.state === 'pending' && (
          <span className="booking-session__tag booking-session__tag--pending">
            Payment pending
          </span>
        )}
        {selected && <span className="booking-session__tag">Selected</span>}
        {full && (
          // One clear action: the waiting-list button below, not a second "join" on the card.
          <span className="booking-session__overlay">Full</span>
        )}
      </button>
      {full && waitlist}
    </li>
  );
}
