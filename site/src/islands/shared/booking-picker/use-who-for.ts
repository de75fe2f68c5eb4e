// Who the sessions are for (decision 048; decision 055 for the booking page): the account's pupils
// and the ones chosen, restored with a stored basket, or set by a waiting-list offer link
// (/booking?offer={id}, decision 060) to the pupils the seat is held for, or by a sister-session
// link (docs/decisions/100) to the children whose session was cancelled. Booking for oneself
// only: in reschedule mode, or an admin acting for a customer, nobody is chosen; a move is
// checked for the pupil whose seat it moves.
import type { ServiceCode, SubjectCode } from '@tuition/domain';
import { useEffect, useState } from 'react';
import { loadBasket } from './basket-storage.ts';
import { offerParam, useOfferLink } from './use-offer-link.ts';
import { usePupilChoice } from './use-pupil-choice.ts';
import { sisterLinkParam, useSisterLink } from './use-sister-link.ts';

export function useWhoFor(options: {
  /** Booking for oneself (not moving a booking, not an admin acting for a customer). */
  forSelf: boolean;
  signedIn: boolean;
  signedOut: boolean;
  service: ServiceCode | undefined;
  setSubject: (code: SubjectCode) => void;
  setService: (code: ServiceCode) => void;
  /** Moving one booking: its pupil, the only one the picks are checked for. */
  movingPupilId?: string | undefined;
}) {
  const { forSelf, signedIn, signedOut, service, setSubject, setService, movingPupilId } = options;
  // The stored basket's pupils are chosen again.
  const [storedPupilIds, setStoredPupilIds] = useState<string[]>();
  useEffect(() => {
    // An offer link chooses the pupils it was made for instead (below); a sister-session link
    // the children whose session was cancelled (docs/decisions/100).
    if (!forSelf || offerParam()) return;
    setStoredPupilIds(sisterLinkParam()?.pupilIds ?? loadBasket()?.pupilIds);
  }, [forSelf]);
  // A waiting-list offer link opens the basket with its seat.
  const offer = useOfferLink({ enabled: signedIn && forSelf, signedOut });
  // A sister-session link opens it with the session offered instead of a cancelled one.
  const sister = useSisterLink({ enabled: forSelf, signedOut });
  useEffect(() => {
    if (!offer) return;
    setSubject('mathematics');
    setService(offer.service);
    setStoredPupilIds(offer.pupilIds);
  }, [offer, setSubject, setService]);
  const pupils = usePupilChoice({ enabled: signedIn && forSelf, service, stored: storedPupilIds });
  // A move checks its own pupil's seat; without it an account with several pupils would be
  // asked to name them (400), and the check could never pass.
  const pupilIds = movingPupilId ? [movingPupilId] : pupils.pupilIds;

  /** The basket as the service takes it: each start × pupil is one seat. */
  const basketFor = (chosenService: ServiceCode, startsAt: string[]) => ({
    service: chosenService,
    startsAt,
    ...(pupilIds ? { pupilIds } : {}),
    // The held seat is the family's only through its offer.
    ...(offer && startsAt.includes(offer.startsAt) ? { offerId: offer.offerId } : {}),
  });

  return { pupils, offer, sister, basketFor };
}
