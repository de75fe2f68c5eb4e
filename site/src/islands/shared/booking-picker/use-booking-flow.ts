// The booking picker's state and rules, apart from its markup (decision 043), as the composition
// of one hook per concern: the course chosen, who the sessions are for, the calendar's
// availability, the stored basket, the picks (and a link's session put in the basket), and the
// basket's button (pay in book mode, move the booking in reschedule mode). The steps in
// booking-steps.tsx and the basket only render it.
import { systemClock } from '@tuition/domain';
import { useState } from 'react';
import type { AvailabilitySlot } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-client.ts';
import type { BasketProps } from './basket-contents.tsx';
import type { BookingFlowProps } from './booking-flow-props.ts';
import { basketTotals, removeSession, type SelectedSession } from './booking-rules.ts';
import { heldByNames, movingPupilHolds, seatCount } from './pupil-choice.ts';
import { useAvailabilityCalendar, useMinuteClock } from './use-availability-calendar.ts';
import { useCreditChoice } from '../wallet/credit-choice.tsx';
import { useBasketQuote } from './use-basket-quote.ts';
import { useBasketSubmit } from './use-basket-submit.ts';
import { useCourseChoice } from './use-course-choice.ts';
import { offerHeldNote, useOfferSeatInBasket } from './use-offer-link.ts';
import { useSessionPicks } from './use-session-picks.ts';
import { useSisterSessionInBasket } from './use-sister-link.ts';
import { useStoredBasket } from './use-stored-basket.ts';
import { useWhoFor } from './use-who-for.ts';

const goTo = (url: string) => window.location.assign(url);

export function useBookingFlow({
  pricing,
  mode = 'book',
  booking,
  onConfirm,
  returnTo,
  forUser,
  initialService,
  clock = systemClock,
  navigate = goTo,
}: BookingFlowProps) {
  const session = useSession();
  const user = session.data?.user;
  const signedIn = Boolean(user);
  const signedOut = !session.isPending && !signedIn;
  const rescheduling = mode === 'reschedule';
  // Booking for oneself: not moving a booking, not an admin acting for a customer.
  const forSelf = !rescheduling && !forUser;
  const course = useCourseChoice((rescheduling ? booking?.service : undefined) ?? initialService);
  const { subject, service } = course;
  const [selection, setSelection] = useState<SelectedSession[]>([]);
  const moving = rescheduling ? booking : undefined;
  const whoFor = useWhoFor({
    ...course,
    forSelf,
    signedIn,
    signedOut,
    movingPupilId: moving?.pupilId,
  });
  const { pupils, offer } = whoFor;
  const now = useMinuteClock(clock);
  const calendar = useAvailabilityCalendar({ service, now, userId: user?.id ?? null, forUser });
  const refetch = () => calendar.availability.refetch();
  // What the submit, the stored basket and the picks all read.
  const common = { ...course, mode, selection, setSelection, whoFor, now, refetch, forUser };
  const seats = seatCount(selection.length, pupils.pupilIds);
  const quote = useBasketQuote({ ...common, forSelf, userId: user?.id ?? null });
  const credit = useCreditChoice({ available: quote.creditAvailable, seats });
  const submit = useBasketSubmit({
    ...common,
    useCredit: credit?.use ?? true,
    ...quote.sent,
    onPromoRefused: quote.refuseAtCheckout,
    booking,
    signedIn,
    forSelf,
    onConfirm,
    returnTo,
    navigate,
  });
  const restoreNote = useStoredBasket({
    ...common,
    keep: forSelf,
    pupilIds: pupils.pupilIds,
    fresh: calendar.fresh,
  });
  useOfferSeatInBasket({ offer, service, fresh: calendar.fresh, mode, setSelection });
  const picks = useSessionPicks({ ...common, slots: calendar.slots, moving });
  useSisterSessionInBasket({ ...common, calendar, picks });

  const basket: BasketProps = {
    mode,
    selection,
    totals: basketTotals(seats, pricing, mode),
    pricing,
    credit: credit && { ...credit, cardTotals: basketTotals(credit.cardSeats, pricing, mode) },
    // The server's price for the seats the card pays: with credit paying the earliest, its
    // price of the rest, as the checkout will charge it (docs/decisions/077, 080).
    price: credit && credit.creditSeats > 0 ? quote.cardPrice : quote.price,
    promo: quote.promo,
    busy: submit.busy,
    waiting: session.isPending, // a click before that would be taken as signed out
    pupilNames: pupils.chosenPupils.map((p) => p.name),
    note: submit.loginNote ?? submit.fullNote ?? offerHeldNote(offer) ?? restoreNote,
    signedOut,
    onRemove: (startsAt: string) => setSelection((c) => removeSession(c, startsAt)),
    onClear: () => setSelection([]),
    onSubmit: submit.submit,
  };

  return {
    mode,
    rescheduling,
    booking,
    subject,
    service,
    now,
    // The calendar: window, month shown, availability, its days, sessions and closures.
    ...calendar,
    selection,
    // What picking does: checking, selected starts, choosing subject, course and sessions.
    ...picks,
    openCheckouts: submit.openCheckouts,
    basket,
    pupils,
    /** The names of the account's pupils already holding a seat in a session. */
    heldBy: (slot: AvailabilitySlot) =>
      moving ? movingPupilHolds(slot, moving) : heldByNames(slot.heldBy, pupils.pupils),
  };
}

export type BookingFlowState = ReturnType<typeof useBookingFlow>;
