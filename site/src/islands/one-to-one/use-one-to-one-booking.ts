// /one-to-one's state (docs/decisions/108): the course, length and tutor chosen, the two-week page
// of free times shown, the slot picked and how many weeks, the child, "an adult will be nearby",
// the promo code, and the checkout. The price is the CMS hourly price for the length times the
// lessons, shown and sent as `expectedPence`; the service prices again and answers 409
// `price-changed` with the total it would charge (a code's discount, or a price that moved), which
// the family confirms (decision 102). A 409 `unavailable` names the weeks the tutor is no longer
// free: the free times are asked again and the other weeks can be booked (`skipUnavailable`).
import type { OneToOneCheckoutRequest } from '@tuition/api-contract';
import {
  type Clock,
  oneToOneLessonPence,
  type ServiceCode,
  SERVICE_CODES,
  systemClock,
} from '@tuition/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { openAuthDialog } from '../../lib/auth-dialog.ts';
import { usePupils } from '../shared/pupils/pupils-api.ts';
import { type OneToOneSlot, oneToOneApi } from './one-to-one-api.ts';
import { slotKey, slotPages } from '../shared/free-times/free-time-words.ts';
import { maxWeeks } from './one-to-one-words.ts';

export interface OneToOneOffer {
  /** The CMS hourly price, in pence. */
  hourlyPence: number;
  /** The lengths sold, in minutes (CMS). */
  lengthsMinutes: readonly number[];
  /** The courses 1-to-1 is sold for (CMS). */
  services: readonly ServiceCode[];
  /** Every 1-to-1 lesson is recorded, whoever is nearby (CMS, docs/decisions/115). */
  recordingCompulsory?: boolean;
}

export interface OneToOneOptions {
  offer: OneToOneOffer;
  clock?: Clock;
  /** Leaves the page for the payment page; tests replace it. */
  navigate?: (url: string) => void;
}

const SLOTS_KEY = 'one-to-one-slots';

/** The course a link names (?service=), else the first offered in school-year order. */
function firstService(services: readonly ServiceCode[]): ServiceCode | undefined {
  const linked = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const wanted = linked.get('service');
  const offered = SERVICE_CODES.filter((code) => services.includes(code));
  return offered.find((code) => code === wanted) ?? offered[0];
}

/** The account's pupils, the one chosen (the only one, until the family picks). */
function usePupilChoice(signedIn: boolean) {
  const pupils = usePupils(signedIn);
  const list = useMemo(() => pupils.data?.pupils ?? [], [pupils.data]);
  const [picked, setPicked] = useState<string>();
  const only = list.length === 1 ? list[0]?.id : undefined;
  const pupilId = list.some((p) => p.id === picked) ? picked : only;
  return { query: pupils, list, pupilId, setPicked };
}

/** The tutors the slots have named so far, so the choice stays while pages change. */
function useKnownTutors(slots: readonly OneToOneSlot[] | undefined) {
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    if (!slots?.some((s) => !known.has(s.tutorId))) return;
    setKnown((current) => {
      const next = new Map(current);
      for (const slot of slots) next.set(slot.tutorId, slot.tutorName);
      return next;
    });
  }, [slots, known]);
  return [...known]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Course, length, tutor, the page of free times and the slot picked. */
function useSlotChoice(offer: OneToOneOffer, now: Date) {
  const pages = slotPages(now);
  const [service, setService] = useState(() => firstService(offer.services));
  const [lengthMinutes, setLength] = useState(() =>
    offer.lengthsMinutes.includes(60) ? 60 : (offer.lengthsMinutes[0] ?? 60),
  );
  const [tutorId, setTutorId] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [chosen, setChosen] = useState<OneToOneSlot>();
  const page = pages[Math.min(pageIndex, pages.length - 1)] ?? pages[0];
  const slots = useQuery({
    queryKey: [SLOTS_KEY, service, lengthMinutes, page?.from, page?.to],
    queryFn: () =>
      oneToOneApi.availability({
        service: service as ServiceCode,
        lengthMinutes: String(lengthMinutes),
        ...(page ? { from: page.from, to: page.to } : {}),
      }),
    enabled: service !== undefined,
    placeholderData: keepPreviousData,
  });
  const tutors = useKnownTutors(slots.data?.slots);
  return {
    service,
    lengthMinutes,
    tutorId,
    tutors,
    pages,
    pageIndex,
    slots,
    shownSlots: (slots.data?.slots ?? []).filter((s) => !tutorId || s.tutorId === tutorId),
    chosen,
    setChosen,
    isChosen: (slot: OneToOneSlot) => chosen !== undefined && slotKey(chosen) === slotKey(slot),
    chooseService: (code: ServiceCode) => {
      setService(code);
      setChosen(undefined);
    },
    chooseLength: (minutes: number) => {
      setLength(minutes);
      setChosen(undefined);
    },
    chooseTutor: (id: string) => {
      setTutorId(id);
      if (id && chosen && chosen.tutorId !== id) setChosen(undefined);
    },
    turnPage: (index: number) => setPageIndex(Math.max(0, Math.min(index, pages.length - 1))),
    chooseSlot: (slot: OneToOneSlot | undefined) => setChosen(slot),
  };
}

type CheckoutBody = Omit<OneToOneCheckoutRequest, 'expectedPence'>;

/** The weeks the service said the tutor is no longer free for, and whose they were. */
export interface Unavailable {
  tutorName: string;
  starts: string[];
}

/** The checkout: the total sent, and what a refusal leaves for the page to say and offer. */
function useOneToOneCheckout(options: {
  request: (skip: boolean) => CheckoutBody | undefined;
  lessonPence: number;
  lessons: number;
  tutorName: string | undefined;
  navigate: (url: string) => void;
  /** Every lesson asked for was taken: the slot picked is gone. */
  onNoneFree: () => void;
}) {
  const { request } = options;
  const queryClient = useQueryClient();
  const [unavailable, setUnavailable] = useState<Unavailable>();
  const [agreed, setAgreed] = useState<{ key: string; pence: number }>();
  const keyOf = (skip: boolean) => JSON.stringify(request(skip) ?? null);
  /** The total shown for a request: the service's quote once it gave one, else the CMS price. */
  const totalFor = (skip: boolean) => {
    const lessons = options.lessons - (skip ? (unavailable?.starts.length ?? 0) : 0);
    return agreed && agreed.key === keyOf(skip) ? agreed.pence : options.lessonPence * lessons;
  };
  const checkout = useMutation({
    mutationFn: (skip: boolean) => {
      const body = request(skip);
      if (!body) throw new Error('Choose a time and a child first.');
      return oneToOneApi.checkout({ ...body, expectedPence: totalFor(skip) });
    },
    onSuccess: (started) => options.navigate(started.url),
    onError: (error, skip) => {
      if (!(error instanceof ApiError)) return;
      if (error.status === 401) openAuthDialog('login', LOG_IN_NOTE);
      if (error.code === 'unavailable') {
        const starts = error.slots ?? [];
        setUnavailable({ tutorName: options.tutorName ?? 'the tutor', starts });
        if (starts.length >= options.lessons) options.onNoneFree();
        void queryClient.invalidateQueries({ queryKey: [SLOTS_KEY] });
      }
      if (error.code === 'price-changed' && error.amountPence !== undefined) {
        setAgreed({ key: keyOf(skip), pence: error.amountPence });
      }
    },
  });
  return {
    checkout,
    unavailable,
    totalFor,
    quoted: (skip: boolean) => agreed !== undefined && agreed.key === keyOf(skip),
    /** Any choice changed: an earlier refusal or quote no longer applies. */
    reset: () => {
      setUnavailable(undefined);
      setAgreed(undefined);
      checkout.reset();
    },
  };
}

const LOG_IN_NOTE = 'Please log in to book a 1-to-1 lesson';

export function useOneToOneBooking({
  offer,
  clock = systemClock,
  navigate = (url) => window.location.assign(url),
}: OneToOneOptions) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const now = clock.now();
  const choice = useSlotChoice(offer, now);
  const [weekly, setWeekly] = useState(false);
  const [weeks, setWeeks] = useState(4);
  const pupil = usePupilChoice(signedIn);
  const [adultNearby, setAdultNearby] = useState(false);
  const [promoText, setPromoText] = useState('');
  const { chosen, service, lengthMinutes } = choice;
  const weeksMax = chosen ? maxWeeks(chosen.startsAt, now) : 1;
  const weeksAsked = weekly && chosen && weeksMax > 1 ? Math.min(Math.max(weeks, 2), weeksMax) : 1;
  const lessonPence = oneToOneLessonPence(offer.hourlyPence, lengthMinutes);
  const promoCode = promoText.trim() || undefined;
  const request = (skip: boolean): CheckoutBody | undefined =>
    chosen && service && pupil.pupilId
      ? {
          service,
          tutorId: chosen.tutorId,
          startsAt: chosen.startsAt,
          lengthMinutes,
          pupilId: pupil.pupilId,
          ...(weeksAsked > 1 ? { weeks: weeksAsked } : {}),
          ...(skip ? { skipUnavailable: true } : {}),
          ...(adultNearby ? { adultNearby: true } : {}),
          ...(promoCode ? { promoCode } : {}),
        }
      : undefined;
  const paid = useOneToOneCheckout({
    request,
    lessonPence,
    lessons: weeksAsked,
    tutorName: chosen?.tutorName,
    navigate,
    onNoneFree: () => choice.chooseSlot(undefined),
  });
  const change =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      paid.reset();
      set(value);
    };
  const others = weeksAsked - (paid.unavailable?.starts.length ?? weeksAsked);

  return {
    ...choice,
    signedIn,
    sessionPending: session.isPending,
    offer,
    now,
    weekly,
    weeksAsked,
    weeksMax,
    pupils: pupil,
    adultNearby,
    promoText,
    promoCode,
    unavailable: paid.unavailable,
    /** Lessons left to book without the weeks the tutor is no longer free (0: none to offer). */
    otherWeeks: Math.max(others, 0),
    lessonPence,
    checkout: paid.checkout,
    ready: request(false) !== undefined,
    total: paid.totalFor(false),
    totalWithoutUnavailable: paid.totalFor(true),
    quoted: paid.quoted(false) || paid.quoted(true),
    chooseService: change(choice.chooseService),
    chooseLength: change(choice.chooseLength),
    chooseTutor: change(choice.chooseTutor),
    chooseSlot: change(choice.chooseSlot),
    setWeekly: change(setWeekly),
    setWeeks: change(setWeeks),
    choosePupil: change(pupil.setPicked),
    setAdultNearby: change(setAdultNearby),
    setPromoText: change(setPromoText),
    pay: () => (signedIn ? paid.checkout.mutate(false) : openAuthDialog('login', LOG_IN_NOTE)),
    payForOtherWeeks: () => paid.checkout.mutate(true),
  };
}

export type OneToOneBooking = ReturnType<typeof useOneToOneBooking>;
