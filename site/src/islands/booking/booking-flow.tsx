// The booking flow of /booking (docs/product-rules.md#pages, #seats-and-bookings): subject ->
// service -> dates -> confirm and pay. The same picker moves a booked session in reschedule mode
// (/reschedule, and the admin user page with its own endpoint through `onConfirm`, seeing the
// customer's seats through `forUser`). Prices come from the CMS at build time for display only; the
// service prices the basket itself at checkout. The customer's own unpaid checkouts show above the
// steps with Resume payment and Release; their sessions can be picked again (the new checkout
// replaces the old one).
import {
  bookingWindow,
  type Clock,
  formatLondonDate,
  formatTime12h,
  LONDON_TZ,
  londonDate,
  MESSAGES,
  type PricingRules,
  SERVICE_CODES,
  SERVICES,
  type ServiceCode,
  SUBJECT_CODES,
  SUBJECTS,
  type SubjectCode,
  serviceFromQuery,
  systemClock,
} from '@tuition/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type AvailabilitySlot, api } from '../../lib/api-client.ts';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { useSession } from '../../lib/auth-client.ts';
import { AppProviders, toastError, toastSuccess } from '../shared/app-providers.tsx';
import { BookingBasket, BookingBottomBar } from './booking-basket.tsx';
import { BookingCalendar, londonDay } from './booking-calendar.tsx';
import {
  addSession,
  basketTotals,
  bookableSlots,
  type BookingMode,
  calendarDays,
  checkoutFailureMessage,
  preflightRefusal,
  removeSession,
  rescheduleFailureMessage,
  type SelectedSession,
  selectionRefusal,
  slotForDay,
} from './booking-rules.ts';
import { BookingSessionCard } from './booking-session-card.tsx';
import { savePaymentBasket } from '../payment/payment-basket.ts';
import {
  PendingPayments,
  useOpenCheckouts,
  useRefreshOnReturn,
} from '../payment/pending-payments.tsx';
import './booking-flow.css';

/** The booking being moved in reschedule mode. */
export interface BookingToMove {
  id: string;
  service: ServiceCode;
  label: string;
  startsAt: string;
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
// Long enough to read the success toast before the page changes.
const RESCHEDULE_REDIRECT_DELAY_MS = 1200;

/** The first month of the window, as the calendar's month state. */
const monthOf = (date: string) => {
  const d = londonDay(date);
  d.setDate(1);
  return d;
};

export function BookingFlowContent({
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
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const session = useSession();
  const user = session.data?.user;
  const signedIn = Boolean(user);
  const rescheduling = mode === 'reschedule';

  const fixedService = rescheduling ? booking?.service : undefined;
  const [subject, setSubject] = useState<SubjectCode | undefined>(
    fixedService || initialService ? 'mathematics' : undefined,
  );
  const [service, setService] = useState<ServiceCode | undefined>(fixedService ?? initialService);
  const [selection, setSelection] = useState<SelectedSession[]>([]);
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [loginNote, setLoginNote] = useState<string>();

  // ?service= (and arriving from the maths courses page) preselect, read after hydration so
  // the server-rendered HTML and the first client render agree.
  useEffect(() => {
    if (fixedService || initialService) return;
    const fromQuery = serviceFromQuery(new URLSearchParams(window.location.search).get('service'));
    if (fromQuery) {
      setSubject('mathematics');
      setService(fromQuery);
    } else if (document.referrer.includes('/services/mathematics')) {
      setSubject('mathematics');
    }
  }, [fixedService, initialService]);

  useEffect(() => {
    if (signedIn) setLoginNote(undefined);
  }, [signedIn]);

  // "Now" moves on while the page stays open, so past starts drop out of the calendar.
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), 60_000);
    return () => clearInterval(timer);
  }, [clock]);
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
  const days = useMemo(() => calendarDays(slots, now), [slots, now]);
  const monthKey = londonDate(month).slice(0, 7);
  const monthSlots = bookableSlots(slots, now).filter((s) => s.date.startsWith(monthKey));
  const totals = basketTotals(selection.length, pricing, mode);
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
    if (rescheduling && selection.length >= 1) {
      // Refused before asking the service: the first pick stays
      // (docs/product-rules.md#seats-and-bookings).
      const result = addSession(selection, slot, mode);
      if (!result.added) toastError(result.message);
      return;
    }
    setChecking((c) => new Set(c).add(slot.startsAt));
    try {
      const { results } = await api.bookability({ service, startsAt: [slot.startsAt] }, forUser);
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
    const startsAt = selection.map((s) => s.startsAt);
    setBusy(true);
    let leaving = false;
    try {
      let results: Awaited<ReturnType<typeof api.bookability>>['results'];
      try {
        ({ results } = await api.bookability({ service, startsAt }));
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
        created = await api.createCheckout({ service, startsAt });
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
      savePaymentBasket({
        checkoutId: created.checkoutId,
        sessionCount: created.sessionCount,
        totalCost: created.amountPence,
        isSpecialOffer: created.isSpecialOffer,
        selectedSessions: selection.map((s) => ({
          date: s.date,
          info: `${s.label}, ${s.time}`,
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

  const basketProps = {
    mode,
    selection,
    totals,
    pricing,
    busy,
    note: loginNote,
    signedOut: !session.isPending && !signedIn,
    onRemove: (startsAt: string) => setSelection((c) => removeSession(c, startsAt)),
    onClear: () => setSelection([]),
    onSubmit: () => void (rescheduling ? confirmReschedule() : pay()),
  };

  const step = (n: number) => (rescheduling ? n - 2 : n);

  return (
    <div ref={rootRef} className="booking-flow" data-mode={mode}>
      <div className="booking-flow__steps">
        {!rescheduling && <PendingPayments checkouts={openCheckouts.open} />}
        {!rescheduling && (
          <>
            <fieldset className="booking-step">
              <legend className="booking-step__title">1. Choose a subject</legend>
              <div className="booking-options booking-options--subjects">
                {SUBJECT_CODES.map((code) => {
                  const s = SUBJECTS[code];
                  return (
                    <label
                      key={code}
                      className="booking-option"
                      data-disabled={!s.available || undefined}
                    >
                      <input
                        type="radio"
                        name={`${id}-subject`}
                        value={code}
                        checked={subject === code}
                        disabled={!s.available}
                        onChange={() => chooseSubject(code)}
                      />
                      <span className="booking-option__title">{s.title}</span>
                      {!s.available && <span className="badge badge--soon">Coming Soon</span>}
                    </label>
                  );
                })}
              </div>
            </fieldset>

            <fieldset className="booking-step" disabled={subject === undefined}>
              <legend className="booking-step__title">2. Choose a service</legend>
              {subject === undefined ? (
                <p className="booking-step__hint">Choose a subject first.</p>
              ) : (
                <div className="booking-options booking-options--services">
                  {SERVICE_CODES.map((code) => (
                    <label key={code} className="booking-option">
                      <input
                        type="radio"
                        name={`${id}-service`}
                        value={code}
                        checked={service === code}
                        onChange={() => chooseService(code)}
                      />
                      <span className="booking-option__title">{SERVICES[code].label}</span>
                      <span className="booking-option__meta">{SERVICES[code].years}</span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          </>
        )}

        {rescheduling && booking && (
          <section className="booking-step booking-current" aria-labelledby={`${id}-current`}>
            <h2 id={`${id}-current`} className="booking-step__title">
              Current session
            </h2>
            <p className="booking-current__text">
              <strong>{formatLondonDate(new Date(booking.startsAt))}</strong>
              <span>
                {booking.label}, {formatTime12h(new Date(booking.startsAt))}
              </span>
            </p>
          </section>
        )}

        <section className="booking-step" aria-labelledby={`${id}-dates`}>
          <h2 id={`${id}-dates`} className="booking-step__title">
            {step(3)}. {rescheduling ? 'Choose the new date' : 'Choose your dates'}
          </h2>
          {service === undefined ? (
            <p className="booking-step__hint">Choose a service to see its sessions.</p>
          ) : availability.isPending ? (
            <p className="booking-step__hint" role="status">
              Loading sessions…
            </p>
          ) : availability.isError ? (
            <p className="notice notice--error" role="alert">
              {MESSAGES.availabilityError.description}{' '}
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => availability.refetch()}
              >
                Try again
              </button>
            </p>
          ) : (
            <div className="booking-dates">
              <p className="booking-step__hint">
                {SERVICES[service].label} sessions from today to{' '}
                {formatLondonDate(londonDay(window56.to))}.{' '}
                {rescheduling ? 'Pick one session.' : 'Pick as many as you like.'}
              </p>
              <BookingCalendar
                days={days}
                selectedDates={selection.map((s) => s.date)}
                window={window56}
                now={now}
                month={month}
                onMonthChange={setMonth}
                onDayClick={onDayClick}
              />
              <h3 className="booking-dates__title">
                Sessions in{' '}
                {month.toLocaleDateString('en-GB', {
                  month: 'long',
                  year: 'numeric',
                  timeZone: LONDON_TZ,
                })}
              </h3>
              {monthSlots.length === 0 ? (
                <p className="booking-step__hint">No sessions left this month.</p>
              ) : (
                <ul className="booking-sessions">
                  {monthSlots.map((slot) => (
                    <BookingSessionCard
                      key={slot.startsAt}
                      slot={slot}
                      selected={selectedStarts.has(slot.startsAt)}
                      checking={checking.has(slot.startsAt)}
                      pricePence={rescheduling ? 0 : slot.pricePence}
                      onToggle={toggle}
                    />
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>
      </div>

      <aside className="booking-flow__aside" aria-label={rescheduling ? 'Reschedule' : 'Basket'}>
        <BookingBasket {...basketProps} />
      </aside>
      <BookingBottomBar {...basketProps} container={rootRef.current} />
    </div>
  );
}

/** The island: the flow inside the app's providers. */
export function BookingFlow(props: BookingFlowProps) {
  return (
    <AppProviders>
      <BookingFlowContent {...props} />
    </AppProviders>
  );
}

export default BookingFlow;
