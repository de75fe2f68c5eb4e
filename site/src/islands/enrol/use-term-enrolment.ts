// /enrol's state (docs/decisions/083): the term, class and pupils chosen (a re-enrolment e-mail
// names all three in ?term=&class=&pupil=), the promo code applied, the service's quote for them
// and the term checkout. A code the service refuses is dropped from the quote and its reason kept
// for the field, so the family still sees the price without it. Credit pays first, as on the
// booking page, unless the family unticks "Use my credit" (docs/decisions/105).
import { type Clock, londonDate, systemClock } from '@tuition/domain';
import { type UseQueryResult, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { type TermQuote, termApi } from '../../lib/term-api.ts';
import { usePupils } from '../shared/pupils/pupils-api.ts';
import { useCreditChoice } from '../shared/wallet/credit-choice.tsx';
import { termsNotOver } from './enrol-words.ts';

export interface EnrolOptions {
  clock?: Clock;
  /** Leaves the page for the payment page; tests replace it. */
  navigate?: (url: string) => void;
}

/** The field a 400 names, with its message. */
export type FieldName = 'termId' | 'classId' | 'pupilIds' | 'promoCode';
export type FieldMessages = Partial<Record<FieldName, string>>;

export function fieldMessages(error: unknown): FieldMessages {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.errors) return {};
  const found: FieldMessages = {};
  for (const { field, message } of error.errors) {
    const name = field.split('.')[0] as FieldName;
    if (['termId', 'classId', 'pupilIds', 'promoCode'].includes(name)) found[name] ??= message;
  }
  return found;
}

function linkParams() {
  const search = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  return {
    term: search.get('term') ?? '',
    class: search.get('class') ?? '',
    pupil: search.get('pupil') ?? '',
  };
}

interface QuoteAnswer {
  quote: TermQuote;
  /** The service's reason for refusing the code entered (the quote is without it). */
  promoRefused?: string;
}

async function quoteFor(
  termId: string,
  request: { classId: string; pupilIds: string[] },
  promoCode: string | undefined,
): Promise<QuoteAnswer> {
  if (!promoCode) return { quote: await termApi.quote(termId, request) };
  try {
    return { quote: await termApi.quote(termId, { ...request, promoCode }) };
  } catch (error) {
    const refused = fieldMessages(error).promoCode;
    if (!refused) throw error;
    return { quote: await termApi.quote(termId, request), promoRefused: refused };
  }
}

/** The pupils ticked: the link's pupil, or the only one; never an id the account lacks. */
function usePupilTicks(signedIn: boolean, linked: string) {
  const pupils = usePupils(signedIn);
  const list = useMemo(() => pupils.data?.pupils ?? [], [pupils.data]);
  const [ticked, setTicked] = useState<string[]>(linked ? [linked] : []);
  const [defaulted, setDefaulted] = useState(false);
  useEffect(() => {
    if (defaulted || !pupils.data) return;
    setDefaulted(true);
    if (ticked.length === 0 && list.length === 1 && list[0]) setTicked([list[0].id]);
  }, [defaulted, pupils.data, list, ticked.length]);
  const toggle = (pupilId: string, on: boolean) =>
    setTicked((current) =>
      on ? [...new Set([...current, pupilId])] : current.filter((id) => id !== pupilId),
    );
  const chosenIds = list.filter((p) => ticked.includes(p.id)).map((p) => p.id);
  return { query: pupils, list, chosenIds, toggle };
}

/** The term checkout, and the full weeks it was refused for (offered without them). */
function useTermCheckout(options: {
  termId: string;
  request: { classId: string; pupilIds: string[] };
  promoCode: string | undefined;
  useCredit: boolean;
  quote: UseQueryResult<QuoteAnswer>;
  navigate: (url: string) => void;
}) {
  const { quote } = options;
  const [fullSlots, setFullSlots] = useState<string[]>();
  // The total the page shows, once settled: another price is refused, not charged (decision 102).
  const shownTotal = quote.isFetching ? undefined : quote.data?.quote.price.totalPence;
  const checkout = useMutation({
    mutationFn: (skipFull: boolean) =>
      termApi.checkout({
        termId: options.termId,
        ...options.request,
        ...(options.promoCode ? { promoCode: options.promoCode } : {}),
        ...(skipFull ? { skipFull } : {}),
        ...(shownTotal !== undefined ? { expectedPence: shownTotal } : {}),
        // The service's default is to use credit; unticked, the card pays for every seat.
        ...(options.useCredit ? {} : { useCredit: false }),
      }),
    onSuccess: (started) => options.navigate(started.url),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'full') setFullSlots(error.slots ?? []);
      // The page shows the new total beside the service's words; the family confirms again.
      if (error instanceof ApiError && error.code === 'price-changed') void quote.refetch();
    },
  });
  return { checkout, fullSlots, setFullSlots };
}

export function useTermEnrolment({
  clock = systemClock,
  navigate = (url) => window.location.assign(url),
}: EnrolOptions) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const [linked] = useState(linkParams);
  // The page's London date: the term list says which terms are open (the service decides).
  const today = londonDate(clock.now());
  const terms = useQuery({ queryKey: ['terms'], queryFn: termApi.terms });
  const classes = useQuery({ queryKey: ['classes'], queryFn: termApi.classes });
  const openTerms = useMemo(() => termsNotOver(terms.data ?? [], today), [terms.data, today]);
  const [termId, setTermId] = useState(linked.term);
  const [classId, setClassId] = useState(linked.class);
  // Until the family chooses, the linked term or else the first one not over.
  const chosenTerm = openTerms.find((t) => t.id === termId) ?? openTerms[0];
  const pupils = usePupilTicks(signedIn, linked.pupil);
  const [promoText, setPromoText] = useState('');
  const [promoCode, setPromoCode] = useState<string>();
  const chosenClass = classes.data?.find((c) => c.id === classId);
  const request = { classId, pupilIds: pupils.chosenIds };
  const ready =
    signedIn &&
    chosenTerm !== undefined &&
    chosenClass !== undefined &&
    request.pupilIds.length > 0;
  const quote = useQuery({
    queryKey: ['term-quote', chosenTerm?.id, classId, request.pupilIds, promoCode ?? null],
    queryFn: () => quoteFor(chosenTerm?.id ?? '', request, promoCode),
    enabled: ready,
    retry: false,
  });
  // Credit pays first unless the family unticks "Use my credit" (docs/decisions/105).
  const credit = useCreditChoice({
    available: quote.data?.quote.creditAvailable ?? 0,
    seats: (quote.data?.quote.sessionsCount ?? 0) * request.pupilIds.length,
  });
  const { checkout, fullSlots, setFullSlots } = useTermCheckout({
    termId: chosenTerm?.id ?? '',
    request,
    promoCode: promoCode && !quote.data?.promoRefused ? promoCode : undefined,
    useCredit: credit?.use ?? true,
    quote,
    navigate,
  });

  /** Any choice changed: the old quote's offer and refusal no longer apply. */
  const changed = () => {
    setFullSlots(undefined);
    checkout.reset();
  };

  return {
    signedIn,
    sessionPending: session.isPending,
    terms,
    classes,
    openTerms,
    today,
    term: chosenTerm,
    classId,
    pupils,
    promoText,
    promoCode,
    quote,
    credit,
    ready,
    fullSlots,
    checkout,
    chooseTerm: (id: string) => {
      changed();
      setTermId(id);
    },
    chooseClass: (id: string) => {
      changed();
      setClassId(id);
    },
    togglePupil: (pupilId: string, on: boolean) => {
      changed();
      pupils.toggle(pupilId, on);
    },
    setPromoText,
    applyPromo: () => {
      changed();
      setPromoCode(promoText.trim() || undefined);
    },
    clearPromo: () => {
      changed();
      setPromoText('');
      setPromoCode(undefined);
    },
    pay: () => checkout.mutate(false),
    payWithoutFull: () => checkout.mutate(true),
  };
}

export type TermEnrolment = ReturnType<typeof useTermEnrolment>;
