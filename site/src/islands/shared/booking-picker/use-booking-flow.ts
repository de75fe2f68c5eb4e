// The booking picker's state and rules, apart from its markup (decision 043): which subject
// and service are chosen, the London "now" and 56-day window, the availability read, the basket,
// the check of each pick with the service, and the two ways out: pay (book mode) or move the
// booking (reschedule mode). The steps in booking-steps.tsx and the basket only render it.
import {
  bookingWindow,
  type Clock,
  londonDate,
  MESSAGES,
  type PricingRules,
  SUBJECTS,
  type ServiceCode,
  type SubjectCode,
  serviceFromQuery,
  systemClock,
} from '@tuition/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AvailabilitySlot, api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-client.ts';
import { openAuthDialog } from '../../../lib/auth-dialog.ts';
import { savePaymentBasket } from '../payment-basket.ts';
import { useOpenCheckouts, useRefreshOnReturn } from '../pending-payments.tsx';
import { toastError, toastInfo, toastSuccess } from '../app-providers.tsx';
import {
  droppedNote,
  loadBasket,
  restoreBasket,
  type StoredBasket,
  saveBasket,
} from './basket-storage.ts';
import type { BasketProps } from './basket-contents.tsx';
import { heldByNames, seatCount } from './pupil-choice.ts';
import { usePupilChoice } from './use-pupil-choice.ts';
import { offerParam, useOfferLink, useOfferSeatInBasket } from './use-offer-link.ts';
import { londonDay } from './booking-calendar.tsx';
import {
  addSession,
  basketTotals,
  bookableSlots,
  type BookingMode,
  calendarDays,
  checkoutFailureMessage,
  closedRanges,
  preflightRefusal,
  removeSession,
  rescheduleFailureMessage,
  type SelectedSession,
  selectionRefusal,
  slotForDay,
} from './booking-rules.ts';

/** The booking being moved in reschedule mode. */
export interface BookingToMove {
  id: string;
  service: ServiceCode;
  label: string;
  startsAt: string;
  /** Whose seat moves (issue 14): a sibling in the same session keeps theirs. */
  pupilName?: string;
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

const goTo = (url: string) => window.location.assign(url);
const CHOOSE_PUPILS = { title: 'Please choose who the sessions are for.' };
// Long enough to read the success toast before the page changes.
const RESCHEDULE_REDIRECT_DELAY_MS = 1200;

/** The first month of the window, as the calendar's month state. */
const monthOf = (date: string) => {
  const d = londonDay(date);
  d.setDate(1);
  return d;
};

/** "Now", moved on every minute while the page stays open, so past starts drop out. */
function useMinuteClock(clock: Clock): Date {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), 60_000);
    return () => clearInterval(timer);
  }, [clock]);
  return now;
}

function useSubjectAndService(fixedService: ServiceCode | undefined) {
  const [subject, setSubject] = useState<SubjectCode | undefined>(
    fixedService ? 'mathematics' : undefined,
  );
  const [service, setService] = useState<ServiceCode | undefined>(fixedService);
  // ?service= (and arriving from the maths courses page) preselect, read after hydration so
  // the server-rendered HTML and the first client render agree.
  useEffect(() => {
    if (fixedService) return;
    const fromQuery = serviceFromQuery(new URLSearchParams(window.location.search).get('service'));
    if (fromQuery) {
      setSubject('mathematics');
      setService(fromQuery);
    } else if (document.referrer.includes('/services/mathematics')) {
      setSubject('mathematics');
    }
  }, [fixedService]);
  return { subject, setSubject, service, setService };
}

/**
 * The basket kept in browser storage (basket-storage.ts) while booking for oneself: restored
 * once, when the stored service's availability arrives, then saved on every change.
 */
function useStoredBasket(options: {
  keep: boolean;
  service: ServiceCode | undefined;
  setSubject: (code: SubjectCode) => void;
  setService: (code: ServiceCode) => void;
  selection: readonly SelectedSession[];
  setSelection: (selection: SelectedSession[]) => void;
  /** Who the basket is for (issue 14), kept with it. */
  pupilIds: readonly string[] | undefined;
  /** The availability answer for `service`, once it has arrived. */
  fresh: readonly SelectedSession[] | undefined;
  now: Date;
}): string | undefined {
  const { keep, service, setSubject, setService, selection, setSelection, pupilIds, fresh, now } =
    options;
  // undefined: not read yet; null: nothing (left) to restore.
  const [pending, setPending] = useState<StoredBasket | null | undefined>(undefined);
  const [restoreNote, setRestoreNote] = useState<string>();
  const settled = useRef(false);
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    if (!keep) {
      setPending(null);
      return;
    }
    const stored = loadBasket();
    const asked = serviceFromQuery(new URLSearchParams(window.location.search).get('service'));
    // A link to another course starts afresh; the stored basket waits for its own course.
    if (!stored || (asked && asked !== stored.service)) {
      setPending(null);
      return;
    }
    setSubject('mathematics');
    setService(stored.service);
    setPending(stored);
  }, [keep, setSubject, setService]);

  // Saved only once restoring is over, so the empty first render never wipes the basket.
  useEffect(() => {
    if (!keep || pending !== null || !settled.current || !service) return;
    saveBasket({
      service,
      starts: selection.map((s) => s.startsAt),
      ...(pupilIds ? { pupilIds } : {}),
    });
  }, [keep, pending, service, selection, pupilIds]);

  useEffect(() => {
    if (pending === null) settled.current = true;
    if (!pending || !fresh || service !== pending.service) return;
    const result = restoreBasket(pending, fresh, nowRef.current);
    const note = droppedNote(result.dropped);
    setPending(null);
    settled.current = true;
    setSelection(result.selection);
    if (note) {
      setRestoreNote(note);
      toastInfo({ title: note });
    }
  }, [pending, fresh, service, setSelection]);

  return restoreNote;
}

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
  const queryClient = useQueryClient();
  const session = useSession();
  const user = session.data?.user;
  const signedIn = Boolean(user);
  const rescheduling = mode === 'reschedule';

  const { subject, setSubject, service, setService } = useSubjectAndService(
    (rescheduling ? booking?.service : undefined) ?? initialService,
  );
  const [selection, setSelection] = useState<SelectedSession[]>([]);
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [loginNote, setLoginNote] = useState<string>();

  useEffect(() => {
    if (signedIn) setLoginNote(undefined);
  }, [signedIn]);

  // Who the sessions are for (issue 14): the stored basket's pupils are chosen again.
  const [storedPupilIds, setStoredPupilIds] = useState<string[]>();
  useEffect(() => {
    // An offer link chooses the pupils it was made for instead (below).
    if (!rescheduling && !forUser && !offerParam()) setStoredPupilIds(loadBasket()?.pupilIds);
  }, [rescheduling, forUser]);
  // A waiting-list offer link (/booking?offer={id}, issue 16) opens the basket with its seat.
  const offer = useOfferLink({
    enabled: signedIn && !rescheduling && !forUser,
    signedOut: !session.isPending && !signedIn,
  });
  useEffect(() => {
    if (!offer) return;
    setSubject('mathematics');
    setService(offer.service);
    setStoredPupilIds(offer.pupilIds);
  }, [offer, setSubject, setService]);
  const pupils = usePupilChoice({
    enabled: signedIn && !rescheduling && !forUser,
    service,
    stored: storedPupilIds,
  });
  const { pupilIds } = pupils;
  /** The basket as the service takes it: each start × pupil is one seat. */
  const basketFor = (chosenService: ServiceCode, startsAt: string[]) => ({
    service: chosenService,
    startsAt,
    ...(pupilIds ? { pupilIds } : {}),
    // The held seat is the family's only through its offer.
    ...(offer && startsAt.includes(offer.startsAt) ? { offerId: offer.offerId } : {}),
  });

  const now = useMinuteClock(clock);
  const window56 = bookingWindow(now);
  const [month, setMonth] = useState<Date>(() => monthOf(window56.from));

  const availability = useQuery({
    queryKey: ['availability', service, window56.from, window56.to, user?.id ?? null, forUser],
    queryFn: () =>
      api.availability({
        service: service as ServiceCode,
        from: window56.from,
        to: window56.to,
        ...(forUser ? { forUser } : {}),
      }),
    enabled: service !== undefined,
  });
  // Only customers booking for themselves: an admin's own checkouts do not belong here.
  const openCheckouts = useOpenCheckouts(signedIn && !rescheduling && !forUser, now);
  // Back from the payment page: the button is usable again and the seats are read afresh.
  useRefreshOnReturn(useCallback(() => setBusy(false), []));
  const slots = availability.data?.slots ?? [];
  const restoreNote = useStoredBasket({
    keep: !rescheduling && !forUser,
    service,
    setSubject,
    setService,
    selection,
    setSelection,
    pupilIds,
    // Only an answer read since this page opened: a cached one may predate a seat filling up.
    fresh: availability.isFetchedAfterMount ? availability.data?.slots : undefined,
    now,
  });
  useOfferSeatInBasket({
    offer,
    service,
    fresh: availability.isFetchedAfterMount ? availability.data?.slots : undefined,
    mode,
    setSelection,
  });
  const days = useMemo(() => calendarDays(slots, now), [slots, now]);
  const monthKey = londonDate(month).slice(0, 7);
  const monthSlots = bookableSlots(slots, now).filter((s) => s.date.startsWith(monthKey));
  // Closed days (CMS closures, decision 052) of the month shown: "Closed — Christmas holiday".
  const closed = availability.data?.closed ?? [];
  const monthClosures = closedRanges(closed).filter(
    (range) => range.from.slice(0, 7) <= monthKey && range.to.slice(0, 7) >= monthKey,
  );
  const totals = basketTotals(seatCount(selection.length, pupilIds), pricing, mode);
  const selectedStarts = new Set(selection.map((s) => s.startsAt));

  function chooseSubject(code: SubjectCode) {
    if (!SUBJECTS[code].available) return;
    setSubject(code);
    setSelection([]);
  }

  function chooseService(code: ServiceCode) {
    setService(code);
    setSelection([]);
  }

  /**
   * Checks one session with the service before it joins the basket
   * (docs/product-rules.md#seats-and-bookings).
   */
  async function pick(slot: AvailabilitySlot) {
    if (!service) return;
    if (pupils.missing) {
      toastError(CHOOSE_PUPILS);
      return;
    }
    if (rescheduling && selection.length >= 1) {
      // Refused before asking the service: the first pick stays
      // (docs/product-rules.md#seats-and-bookings).
      const result = addSession(selection, slot, mode);
      if (!result.added) toastError(result.message);
      return;
    }
    setChecking((c) => new Set(c).add(slot.startsAt));
    try {
      const { results } = await api.bookability(basketFor(service, [slot.startsAt]), forUser);
      const names = heldByNames(results[0]?.pupilIds ?? [], pupils.pupils);
      if (
        results[0]?.status === 'duplicate' &&
        names.length > 0 &&
        pupilIds &&
        pupilIds.length > 1
      ) {
        // Siblings: say which of them already has a seat, so the parent can untick them.
        toastError({ title: `${names.join(' and ')} already booked into this session.` });
        return;
      }
      const refusal = selectionRefusal(results[0]?.status ?? 'ok', mode);
      if (refusal) {
        toastError(refusal);
        if (refusal !== MESSAGES.alreadyBooked) void availability.refetch();
        return;
      }
    } catch (error) {
      // docs/product-rules.md#messages: a failed lookup is logged and the session treated as
      // available; the pre-flight check and the checkout still protect the booking.
      console.error('Availability check failed', error);
    } finally {
      setChecking((c) => {
        const next = new Set(c);
        next.delete(slot.startsAt);
        return next;
      });
    }
    setSelection((current) => {
      const result = addSession(current, slot, mode);
      if (!result.added) toastError(result.message);
      return result.selection;
    });
  }

  function toggle(slot: AvailabilitySlot) {
    if (selectedStarts.has(slot.startsAt)) {
      setSelection((current) => removeSession(current, slot.startsAt));
    } else {
      void pick(slot);
    }
  }

  function onDayClick(date: string, wasSelected: boolean) {
    if (wasSelected) {
      setSelection((current) => current.filter((s) => s.date !== date));
      return;
    }
    const slot = slotForDay(slots, date, now);
    if (slot) void pick(slot);
  }

  async function pay() {
    if (!service || selection.length === 0) return;
    if (!signedIn) {
      setLoginNote(MESSAGES.loginToPay.title);
      openAuthDialog('login', MESSAGES.loginToPay.title);
      return;
    }
    if (pupils.missing) {
      toastError(CHOOSE_PUPILS);
      return;
    }
    const startsAt = selection.map((s) => s.startsAt);
    setBusy(true);
    let leaving = false;
    try {
      let results: Awaited<ReturnType<typeof api.bookability>>['results'];
      try {
        ({ results } = await api.bookability(basketFor(service, startsAt)));
      } catch (error) {
        console.error('Pre-flight availability check failed', error);
        toastError(MESSAGES.availabilityError);
        return;
      }
      const refusal = preflightRefusal(results);
      if (refusal) {
        toastError(refusal);
        void availability.refetch();
        return;
      }
      let created: Awaited<ReturnType<typeof api.createCheckout>>;
      try {
        created = await api.createCheckout(basketFor(service, startsAt));
      } catch (error) {
        console.error('Checkout failed', error);
        toastError(checkoutFailureMessage(error));
        void availability.refetch();
        return;
      }
      if (!created?.url) {
        toastError(MESSAGES.paymentUrlMissing);
        return;
      }
      const forWhom = pupils.chosenPupils.map((p) => p.name).join(', ');
      savePaymentBasket({
        checkoutId: created.checkoutId,
        sessionCount: created.sessionCount,
        totalCost: created.amountPence,
        isSpecialOffer: created.isSpecialOffer,
        selectedSessions: selection.map((s) => ({
          date: s.date,
          info: `${s.label}, ${s.time}${forWhom ? `, for ${forWhom}` : ''}`,
          startsAt: s.startsAt,
        })),
      });
      leaving = true;
      navigate(created.url);
    } finally {
      // Keep the button busy while the browser leaves for the payment page.
      if (!leaving) setBusy(false);
    }
  }

  async function confirmReschedule() {
    const chosen = selection[0];
    if (!booking || !chosen) return;
    if (!signedIn) {
      openAuthDialog('login');
      return;
    }
    setBusy(true);
    try {
      const send = onConfirm ?? ((startsAt: string) => api.rescheduleBooking(booking.id, startsAt));
      await send(chosen.startsAt);
    } catch (error) {
      console.error('Reschedule failed', error);
      toastError(rescheduleFailureMessage(error));
      setBusy(false);
      void availability.refetch();
      return;
    }
    toastSuccess(MESSAGES.rescheduleSuccess);
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    setTimeout(() => navigate(returnTo ?? '/upcoming-bookings'), RESCHEDULE_REDIRECT_DELAY_MS);
  }

  const basket: BasketProps = {
    mode,
    selection,
    totals,
    pricing,
    busy,
    pupilNames: pupils.chosenPupils.map((p) => p.name),
    note: loginNote ?? restoreNote,
    signedOut: !session.isPending && !signedIn,
    onRemove: (startsAt: string) => setSelection((c) => removeSession(c, startsAt)),
    onClear: () => setSelection([]),
    onSubmit: () => void (rescheduling ? confirmReschedule() : pay()),
  };

  return {
    mode,
    rescheduling,
    booking,
    subject,
    service,
    chooseSubject,
    chooseService,
    now,
    window56,
    month,
    setMonth,
    availability,
    days,
    monthSlots,
    closedDates: closed.map((day) => day.date),
    monthClosures,
    selection,
    selectedStarts,
    checking,
    toggle,
    onDayClick,
    openCheckouts: openCheckouts.open,
    basket,
    pupils,
    /** The names of the account's pupils already holding a seat in a session. */
    heldBy: (slot: AvailabilitySlot) => heldByNames(slot.heldBy, pupils.pupils),
  };
}

export type BookingFlowState = ReturnType<typeof useBookingFlow>;
