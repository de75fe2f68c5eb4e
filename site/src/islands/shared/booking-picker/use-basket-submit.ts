// The basket's one button: pay (book mode: the pre-flight check, the checkout, the hand-off to
// the payment page, docs/decisions/028) or move the booking (reschedule mode, decision 029). It
// stays busy while the browser leaves, and is usable again when the customer comes back with
// Back. The customer's own unpaid checkouts (decision 041) are read here too.
import { MESSAGES, type ServiceCode } from '@tuition/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';
import { openAuthDialog } from '../../../lib/auth-dialog.ts';
import { toastError, toastSuccess } from '../app-providers.tsx';
import { savePaymentBasket } from '../payment-basket.ts';
import { useOpenCheckouts, useRefreshOnReturn } from '../pending-payments.tsx';
import {
  type BookingMode,
  checkoutFailureMessage,
  nowFullNote,
  preflightRefusal,
  rescheduleFailureMessage,
  type SelectedSession,
} from './booking-rules.ts';
import { promoRefusal } from './use-basket-quote.ts';
import { CHOOSE_PUPILS } from './use-session-picks.ts';
import type { BookingToMove } from './booking-flow-props.ts';
import type { useWhoFor } from './use-who-for.ts';

// Long enough to read the success toast before the page changes.
const RESCHEDULE_REDIRECT_DELAY_MS = 1200;

type Started = Awaited<ReturnType<typeof api.createCheckout>>;

/** What the payment outcome pages show of the basket (payment-basket.ts). */
function paymentBasket(created: Started, selection: readonly SelectedSession[], forWhom: string) {
  return {
    checkoutId: created.checkoutId,
    sessionCount: created.sessionCount,
    totalCost: created.amountPence,
    isSpecialOffer: created.isSpecialOffer,
    selectedSessions: selection.map((s) => ({
      date: s.date,
      info: `${s.label}, ${s.time}${forWhom ? `, for ${forWhom}` : ''}`,
      startsAt: s.startsAt,
    })),
  };
}

interface SubmitOptions {
  mode: BookingMode;
  booking: BookingToMove | undefined;
  service: ServiceCode | undefined;
  selection: readonly SelectedSession[];
  whoFor: ReturnType<typeof useWhoFor>;
  signedIn: boolean;
  /** Booking for oneself: only then are the account's own unpaid checkouts shown. */
  forSelf: boolean;
  /** Staff acting for a customer: refusals name the pupil rather than "you". */
  forUser: string | undefined;
  now: Date;
  /** Reads the calendar again after the service refused the basket. */
  refetch: () => unknown;
  onConfirm: ((startsAt: string) => Promise<unknown>) | undefined;
  returnTo: string | undefined;
  navigate: (url: string) => void;
  /** "Use my credit" (decision 077); unticked, the card pays for every seat. */
  useCredit: boolean;
  /** The promo code applied and not refused (docs/decisions/080), sent with the basket. */
  promoCode?: string | undefined;
  /** The service refused the code at checkout: its words go under the field. */
  onPromoRefused?: (message: string) => void;
  /** The total the basket showed (docs/decisions/102); absent while none is settled. */
  expectedPence?: number | undefined;
  /** The basket's picks: sessions that filled before payment leave it (decision 107). */
  setSelection?: Dispatch<SetStateAction<SelectedSession[]>>;
}

/** What the submit steps change on the page besides the toasts. */
interface SubmitEffects {
  setBusy: (busy: boolean) => void;
  setLoginNote: (note: string) => void;
  /** Sessions that filled since they were picked, pointed at their waiting lists. */
  setFullNote: (note: string | undefined) => void;
  queryClient: QueryClient;
}

/** The basket as the service takes it (who each seat is for, any offer it takes up). */
type SeatBasket = ReturnType<SubmitOptions['whoFor']['basketFor']>;

/** Checks the whole basket once more, then starts the checkout; undefined when refused. */
async function startCheckout(
  basket: SeatBasket & { promoCode?: string },
  refetch: () => unknown,
  useCredit: boolean,
  onPromoRefused: (message: string) => void = () => {},
  priced: {
    expectedPence?: number | undefined;
    onPriceChanged: () => void;
    /** Another family took the last seats of these sessions (preflight or the 409). */
    onFull?: (starts: string[]) => void;
  } = {
    onPriceChanged: () => {},
  },
): Promise<{ created: Started } | undefined> {
  let results: Awaited<ReturnType<typeof api.bookability>>['results'];
  try {
    ({ results } = await api.bookability(basket));
  } catch (error) {
    console.error('Pre-flight availability check failed', error);
    const refused = promoRefusal(error);
    if (refused) onPromoRefused(refused);
    toastError(
      refused
        ? { title: 'Promo code not accepted', description: refused }
        : MESSAGES.availabilityError,
    );
    return undefined;
  }
  const refusal = preflightRefusal(results);
  if (refusal) {
    toastError(refusal);
    priced.onFull?.(results.filter((r) => r.status === 'full').map((r) => r.startsAt));
    void refetch();
    return undefined;
  }
  try {
    // Credit pays first unless the parent unticked "Use my credit" (the service's default); the
    // total the basket showed goes with it, so no other price is charged (decision 102).
    const order = {
      ...basket,
      ...(useCredit ? {} : { useCredit }),
      ...(priced.expectedPence !== undefined ? { expectedPence: priced.expectedPence } : {}),
    };
    return { created: await api.createCheckout(order) };
  } catch (error) {
    console.error('Checkout failed', error);
    if (isPriceChanged(error)) {
      // The basket shows the new total; the family confirms again.
      if (basket.promoCode && /can no longer be used/.test(error.detail)) {
        onPromoRefused('This code can no longer be used.');
      }
      toastError(checkoutFailureMessage(error));
      priced.onPriceChanged();
      return undefined;
    }
    const refused = promoRefusal(error);
    if (refused) onPromoRefused(refused);
    toastError(
      refused
        ? { title: 'Promo code not accepted', description: refused }
        : checkoutFailureMessage(error),
    );
    if (error instanceof ApiError && error.status === 409 && error.code === 'full') {
      priced.onFull?.(error.slots ?? []);
    }
    void refetch();
    return undefined;
  }
}

/** 409 price-changed: the basket's total is no longer the one shown (decision 102). */
function isPriceChanged(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'price-changed';
}

/** Book mode: sign in first, then check, start the checkout and leave for the payment page. */
async function pay(options: SubmitOptions, effects: SubmitEffects) {
  const { service, selection, whoFor, refetch } = options;
  if (!service || selection.length === 0) return;
  if (!options.signedIn) {
    effects.setLoginNote(MESSAGES.loginToPay.title);
    openAuthDialog('login', MESSAGES.loginToPay.title);
    return;
  }
  if (whoFor.pupils.missing) {
    toastError(CHOOSE_PUPILS);
    return;
  }
  const starts = selection.map((s) => s.startsAt);
  const { promoCode } = options;
  const basket = { ...whoFor.basketFor(service, starts), ...(promoCode ? { promoCode } : {}) };
  effects.setBusy(true);
  effects.setFullNote(undefined);
  let leaving = false;
  try {
    // A checkout credit paid in full answers `paid` and the success page as its url.
    const started = await startCheckout(
      basket,
      refetch,
      options.useCredit,
      options.onPromoRefused,
      {
        expectedPence: options.expectedPence,
        onPriceChanged: () =>
          void effects.queryClient.invalidateQueries({ queryKey: ['basket-credit'] }),
        // The parent who lost the race for the last seat is offered its waiting list (107).
        onFull: (full) => {
          if (full.length === 0) return;
          options.setSelection?.((picked) => picked.filter((s) => !full.includes(s.startsAt)));
          effects.setFullNote(nowFullNote(full));
        },
      },
    );
    if (!started) return;
    const { created } = started;
    if (!created?.url) {
      toastError(MESSAGES.paymentUrlMissing);
      return;
    }
    const forWhom = whoFor.pupils.chosenPupils.map((p) => p.name).join(', ');
    savePaymentBasket(paymentBasket(created, selection, forWhom));
    leaving = true;
    options.navigate(created.url);
  } finally {
    // Keep the button busy while the browser leaves for the payment page.
    if (!leaving) effects.setBusy(false);
  }
}

/** Reschedule mode: send the one session picked, then go back after the success toast. */
async function confirmReschedule(options: SubmitOptions, effects: SubmitEffects) {
  const { booking, selection, navigate } = options;
  const chosen = selection[0];
  if (!booking || !chosen) return;
  if (!options.signedIn) {
    openAuthDialog('login');
    return;
  }
  effects.setBusy(true);
  try {
    const send =
      options.onConfirm ?? ((startsAt: string) => api.rescheduleBooking(booking.id, startsAt));
    await send(chosen.startsAt);
  } catch (error) {
    console.error('Reschedule failed', error);
    toastError(rescheduleFailureMessage(error, options.forUser ? booking.pupilName : undefined));
    effects.setBusy(false);
    void options.refetch();
    return;
  }
  toastSuccess(MESSAGES.rescheduleSuccess);
  void effects.queryClient.invalidateQueries({ queryKey: ['bookings'] });
  const to = options.returnTo ?? '/upcoming-bookings';
  setTimeout(() => navigate(to), RESCHEDULE_REDIRECT_DELAY_MS);
}

export function useBasketSubmit(options: SubmitOptions) {
  const { signedIn } = options;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [loginNote, setLoginNote] = useState<string>();
  const [fullNote, setFullNote] = useState<string>();
  useEffect(() => {
    if (signedIn) setLoginNote(undefined);
  }, [signedIn]);
  // Only customers booking for themselves: an admin's own checkouts do not belong here.
  const openCheckouts = useOpenCheckouts(signedIn && options.forSelf, options.now);
  // Back from the payment page: the button is usable again and the seats are read afresh.
  useRefreshOnReturn(useCallback(() => setBusy(false), []));

  const effects: SubmitEffects = { setBusy, setLoginNote, setFullNote, queryClient };
  return {
    busy,
    loginNote,
    fullNote,
    openCheckouts: openCheckouts.open,
    submit: () =>
      void (options.mode === 'reschedule'
        ? confirmReschedule(options, effects)
        : pay(options, effects)),
  };
}
