// /booking?service={code}&session={id}&pupils={id},{id} (docs/decisions/100): the e-mail saying a
// session was cancelled because too few pupils booked links to a sister session of the same
// course. The page opens with that session in the basket for those children, checked with the
// service like a pick, and is paid like any basket: the credit the cancellation gave back pays
// first (docs/decisions/077).
import { isBookable, type Message, type ServiceCode, serviceFromQuery } from '@tuition/domain';
import { useEffect, useRef, useState } from 'react';
import { openAuthDialog } from '../../../lib/auth-dialog.ts';
import type { AvailabilitySlot } from '../../../lib/api-client.ts';
import { toastError } from '../app-providers.tsx';
import { keptChoice } from './pupil-choice.ts';
import type { PupilChoice } from './use-pupil-choice.ts';

export interface SisterLink {
  service: ServiceCode;
  sessionId: string;
  /**
   * The children the cancelled seats were for; only the signed-in account's are chosen. None
   * named: the account's own choice stands, as on a plain visit.
   */
  pupilIds: string[];
}

/** Said once when the linked session cannot be booked any more (full, started, cancelled). */
export const SISTER_SESSION_GONE: Message = {
  title: 'That session is no longer available.',
  description: 'Please choose another session below; your credit is still yours to use.',
};

/** Said once when none of the link's children belong to the account signed in. */
export const SISTER_LINK_OTHER_ACCOUNT: Message = {
  title: 'This link is for another account’s children.',
  description: 'Sign in with the account that booked, or choose who the sessions are for below.',
};

/** The page's sister-session link, read after hydration; undefined without one. */
export function sisterLinkParam(): SisterLink | undefined {
  if (typeof window === 'undefined') return undefined;
  const params = new URLSearchParams(window.location.search);
  const service = serviceFromQuery(params.get('service'));
  const sessionId = params.get('session')?.trim();
  // A waiting-list offer link (use-offer-link.ts) takes precedence.
  if (!service || !sessionId || params.has('offer')) return undefined;
  const pupilIds = (params.get('pupils') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return { service, sessionId, pupilIds };
}

/** The link the page was opened with; signed out, the sign-in dialog opens first. */
export function useSisterLink(options: {
  enabled: boolean;
  signedOut: boolean;
}): SisterLink | undefined {
  const { enabled, signedOut } = options;
  const [link, setLink] = useState<SisterLink>();
  useEffect(() => {
    if (enabled) setLink(sisterLinkParam());
  }, [enabled]);
  useEffect(() => {
    if (link && signedOut) {
      openAuthDialog('login', 'Please sign in to book the session offered instead.');
    }
  }, [link, signedOut]);
  return link;
}

/**
 * Picks the linked session once, when a fresh availability answer for its course has arrived
 * and the link's children are chosen (use-pupil-choice.ts restores them from the link). The pick
 * is checked with the service as a click would be, so a refusal says why in the usual words;
 * a session no longer offered, or full, is said once here.
 */
export function useSisterSessionInBasket(options: {
  service: ServiceCode | undefined;
  now: Date;
  /** Who the sessions are for: the link (use-who-for.ts) and the account's pupil choice. */
  whoFor: { sister: SisterLink | undefined; pupils: PupilChoice };
  /** The calendar: its fresh availability answer, and showing a date's month. */
  calendar: {
    fresh: readonly AvailabilitySlot[] | undefined;
    showMonthOf: (date: string) => void;
  };
  /** The picks: the starts in the basket, and picking one as a click does. */
  picks: { selectedStarts: ReadonlySet<string>; pickSession: (slot: AvailabilitySlot) => void };
}): void {
  const { service, now, whoFor, calendar, picks } = options;
  const { sister: link, pupils } = whoFor;
  const { fresh, showMonthOf } = calendar;
  const { selectedStarts, pickSession: pick } = picks;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !link || !fresh || service !== link.service || !pupils.shown) return;
    const own = keptChoice(pupils.pupils, link.pupilIds);
    // One render after the list arrives the link's children are chosen; wait for it.
    if (own.some((id) => !pupils.chosenIds.includes(id))) return;
    done.current = true;
    if (link.pupilIds.length > 0 && own.length === 0) {
      toastError(SISTER_LINK_OTHER_ACCOUNT);
      return;
    }
    const slot = fresh.find((s) => s.sessionId === link.sessionId);
    if (!slot || slot.state === 'full' || !isBookable(new Date(slot.startsAt), now)) {
      toastError(SISTER_SESSION_GONE);
      return;
    }
    showMonthOf(slot.date);
    if (!selectedStarts.has(slot.startsAt)) pick(slot);
  }, [link, service, fresh, pupils, now, selectedStarts, pick, showMonthOf]);
}
