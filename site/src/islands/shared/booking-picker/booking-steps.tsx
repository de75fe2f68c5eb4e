// The picker's steps both modes show (decision 043): the session being moved (reschedule mode)
// and the dates. They render what useBookingFlow holds and call its actions; the basket (confirm
// and pay) is booking-basket.tsx. The /booking page's own steps (subject, service, who for) are
// in islands/booking/ (decision 117).
import {
  formatLondonDate,
  formatTime12h,
  LONDON_TZ,
  MESSAGES,
  SERVICES,
  type ServiceCode,
} from '@tuition/domain';
import { useId } from 'react';
import { LoadShell } from '../load-shell.tsx';
import { BookingCalendar, londonDay } from './booking-calendar.tsx';
import { BookingSessionCard } from './booking-session-card.tsx';
import { WaitlistJoin } from '../waitlist/waitlist-join.tsx';
import type { BookingToMove } from './booking-flow-props.ts';
import type { BookingFlowState } from './use-booking-flow.ts';

/** Reschedule mode: the session being moved, above the dates. */
export function CurrentSessionStep({ booking }: { booking: BookingToMove }) {
  const id = useId();
  return (
    <section className="booking-step booking-current" aria-labelledby={`${id}-current`}>
      <h2 id={`${id}-current`} className="booking-step__title">
        Current session
      </h2>
      <p className="booking-current__text">
        <strong>{formatLondonDate(new Date(booking.startsAt))}</strong>
        <span>
          {booking.label}, {formatTime12h(new Date(booking.startsAt))}
        </span>
        {booking.pupilName && <span>Moving {booking.pupilName}’s seat only</span>}
      </p>
    </section>
  );
}

/** The calendar and the month's sessions; step 3 when booking, step 1 when moving. */
export function DatesStep({ flow }: { flow: BookingFlowState }) {
  const id = useId();
  const { rescheduling, service, availability } = flow;
  return (
    <section className="booking-step" aria-labelledby={`${id}-dates`}>
      <h2 id={`${id}-dates`} className="booking-step__title">
        {rescheduling ? 1 : 3}. {rescheduling ? 'Choose the new date' : 'Choose your dates'}
      </h2>
      {service === undefined ? (
        <p className="booking-step__hint">Choose a service to see its sessions.</p>
      ) : flow.pupils.missing ? (
        <p className="booking-step__hint">Choose who the sessions are for first.</p>
      ) : (
        <LoadShell
          query={availability}
          loading={
            <p className="booking-step__hint" role="status">
              Loading sessions…
            </p>
          }
          failedText={MESSAGES.availabilityError.description ?? ''}
        >
          {() => <SessionPicker flow={flow} service={service} />}
        </LoadShell>
      )}
    </section>
  );
}

/** "(Monday 21 December 2026 to Sunday 3 January 2027)", or the one day. */
function closedDates(range: { from: string; to: string }): string {
  const from = formatLondonDate(londonDay(range.from));
  return range.from === range.to
    ? `(${from})`
    : `(${from} to ${formatLondonDate(londonDay(range.to))})`;
}

function SessionPicker({ flow, service }: { flow: BookingFlowState; service: ServiceCode }) {
  const { rescheduling, window56, now, month, monthSlots, selectedStarts } = flow;
  return (
    <div className="booking-dates">
      <p className="booking-step__hint">
        {SERVICES[service].label} sessions from today to {formatLondonDate(londonDay(window56.to))}.{' '}
        {rescheduling ? 'Pick one session.' : 'Pick as many as you like.'}
      </p>
      <BookingCalendar
        days={flow.days}
        selectedDates={flow.selection.map((s) => s.date)}
        window={window56}
        now={now}
        month={month}
        onMonthChange={flow.setMonth}
        onDayClick={flow.onDayClick}
        closedDates={flow.closedDates}
      />
      <h3 className="booking-dates__title">
        Sessions in{' '}
        {month.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: LONDON_TZ })}
      </h3>
      {flow.monthClosures.length > 0 && (
        <ul className="booking-closures">
          {flow.monthClosures.map((range) => (
            <li key={range.from}>
              <strong>Closed — {range.reason}</strong>{' '}
              <span className="booking-closures__dates">{closedDates(range)}</span>
            </li>
          ))}
        </ul>
      )}
      {monthSlots.length === 0 ? (
        <p className="booking-step__hint">No sessions left this month.</p>
      ) : (
        <ul className="booking-sessions">
          {monthSlots.map((slot) => (
            <BookingSessionCard
              key={slot.startsAt}
              slot={slot}
              selected={selectedStarts.has(slot.startsAt)}
              checking={flow.checking.has(slot.startsAt)}
              pricePence={rescheduling ? 0 : slot.pricePence}
              heldByNames={flow.heldBy(slot)}
              onToggle={flow.toggle}
              waitlist={
                !rescheduling && (
                  <WaitlistJoin
                    slot={slot}
                    service={service}
                    pupilIds={flow.pupils.pupilIds}
                    pupilsMissing={flow.pupils.missing}
                    signedOut={flow.basket.signedOut}
                    onSeatsOpened={() => void flow.availability.refetch()}
                  />
                )
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
