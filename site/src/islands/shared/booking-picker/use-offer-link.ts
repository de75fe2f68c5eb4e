// /booking?offer={id} (docs/decisions/060): the link in "A place has opened" opens the
// booking page with the offered seat in the basket, for the pupils it was offered to; the
// checkout then names the offer (offerId) so the held seat is the family's.
import { formatLondonDate, formatTime12h, type ServiceCode } from '@tuition/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { openAuthDialog } from '../../../lib/auth-dialog.ts';
import type { AvailabilitySlot } from '../../../lib/api-client.ts';
import { addSession, type BookingMode, type SelectedSession } from './booking-rules.ts';
import { toastError } from '../app-providers.tsx';
import { useMyWaitlist } from '../waitlist/waitlist-api.ts';

export interface OfferLink {
  offerId: string;
  service: ServiceCode;
  startsAt: string;
  /** The pupils the seats are held for (siblings offered together share one offer). */
  pupilIds: string[];
  /** When the hold ends. */
  expiresAt: string;
}

/** The basket's note while an offered seat is in it: "Held for you until 6:00 PM on Friday …". */
export function offerHeldNote(offer: OfferLink | undefined): string | undefined {
  if (!offer) return undefined;
  const until = new Date(offer.expiresAt);
  return `Held for you until ${formatTime12h(until)} on ${formatLondonDate(until)}.`;
}

/** The page's ?offer= parameter, read after hydration. */
export function offerParam(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return new URLSearchParams(window.location.search).get('offer') ?? undefined;
}

/**
 * The live offer the page was opened for, once the account's places are read. Signed out, the
 * sign-in dialog opens first; an offer that has ended (used, declined, ran out) is said once.
 */
export function useOfferLink(options: {
  enabled: boolean;
  signedOut: boolean;
}): OfferLink | undefined {
  const { enabled, signedOut } = options;
  const [offerId, setOfferId] = useState<string>();
  useEffect(() => setOfferId(offerParam()), []);
  useEffect(() => {
    if (offerId && signedOut) {
      openAuthDialog('login', 'Please sign in to book the place held for you.');
    }
  }, [offerId, signedOut]);
  const places = useMyWaitlist(enabled && offerId !== undefined);
  const offer = useMemo((): OfferLink | undefined => {
    if (!offerId || !places.data) return undefined;
    const held = places.data.filter((place) => place.offer?.id === offerId);
    const first = held[0];
    if (!first) return undefined;
    return {
      offerId,
      service: first.service,
      startsAt: first.startsAt,
      pupilIds: held.map((place) => place.pupil.id),
      expiresAt: first.offer?.expiresAt ?? first.startsAt,
    };
  }, [offerId, places.data]);
  const told = useRef(false);
  useEffect(() => {
    if (told.current || !offerId || !places.data || offer) return;
    told.current = true;
    toastError({
      title: 'This offer has ended.',
      description:
        'It was used, declined or ran out, and the place has gone to the next family waiting',
    });
  }, [offerId, places.data, offer]);
  return offer;
}

/**
 * Puts the offered session in the basket once, when a fresh availability answer for its course
 * arrives (after any stored basket was restored, so it is added to that, not replaced by it).
 */
export function useOfferSeatInBasket(options: {
  offer: OfferLink | undefined;
  service: ServiceCode | undefined;
  fresh: readonly AvailabilitySlot[] | undefined;
  mode: BookingMode;
  setSelection: (update: (current: SelectedSession[]) => SelectedSession[]) => void;
}): void {
  const { offer, service, fresh, mode, setSelection } = options;
  const added = useRef(false);
  useEffect(() => {
    if (added.current || !offer || !fresh || service !== offer.service) return;
    const slot = fresh.find((s) => s.startsAt === offer.startsAt);
    if (!slot) return;
    added.current = true;
    setSelection((current) => addSession(current, slot, mode).selection);
  }, [offer, service, fresh, mode, setSelection]);
}
