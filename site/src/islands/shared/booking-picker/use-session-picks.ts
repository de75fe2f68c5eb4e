// Picking sessions: each pick is checked with the service before it joins the basket
// (docs/product-rules.md#seats-and-bookings); a picked session or a picked day's session is taken
// off again with a second click. Changing subject or course empties the basket.
import {
  MESSAGES,
  type Message,
  SUBJECTS,
  type ServiceCode,
  type SubjectCode,
} from '@tuition/domain';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { type AvailabilitySlot, api } from '../../../lib/api-client.ts';
import { toastError } from '../app-providers.tsx';
import {
  addSession,
  type BookingMode,
  removeSession,
  type SelectedSession,
  selectionRefusal,
  slotForDay,
  staffDuplicateMessage,
} from './booking-rules.ts';
import type { BookingToMove } from './booking-flow-props.ts';
import { heldByNames, movingPupilHolds } from './pupil-choice.ts';
import type { useWhoFor } from './use-who-for.ts';

export const CHOOSE_PUPILS = { title: 'Please choose who the sessions are for.' };

interface PickOptions {
  mode: BookingMode;
  service: ServiceCode | undefined;
  setSubject: (code: SubjectCode) => void;
  setService: (code: ServiceCode) => void;
  selection: readonly SelectedSession[];
  setSelection: Dispatch<SetStateAction<SelectedSession[]>>;
  whoFor: ReturnType<typeof useWhoFor>;
  slots: readonly AvailabilitySlot[];
  now: Date;
  /** Reads the calendar again after the service refused a pick. */
  refetch: () => unknown;
  forUser: string | undefined;
  /** Reschedule mode: the booking being moved, with its pupil. */
  moving: BookingToMove | undefined;
}

type Checking = Dispatch<SetStateAction<ReadonlySet<string>>>;

/** A move onto a session its pupil already has, worded for whoever is moving it. */
function movedPupilHasIt(options: PickOptions): Message {
  const name = options.moving?.pupilName;
  if (!options.forUser || !name) return MESSAGES.alreadyBooked;
  return staffDuplicateMessage(name, MESSAGES.alreadyBooked);
}

/** Asks the service about one pick and says any refusal; true when it may join the basket. */
async function checkWithService(
  options: PickOptions,
  service: ServiceCode,
  slot: AvailabilitySlot,
  setChecking: Checking,
): Promise<boolean> {
  const { pupils, basketFor } = options.whoFor;
  setChecking((c) => new Set(c).add(slot.startsAt));
  try {
    const { results } = await api.bookability(basketFor(service, [slot.startsAt]), options.forUser);
    const names = heldByNames(results[0]?.pupilIds ?? [], pupils.pupils);
    const { pupilIds } = pupils;
    if (results[0]?.status === 'duplicate' && names.length > 0 && pupilIds && pupilIds.length > 1) {
      // Siblings: say which of them already has a seat, so the parent can untick them.
      toastError({ title: `${names.join(' and ')} already booked into this session.` });
      return false;
    }
    const refusal =
      results[0]?.status === 'duplicate' && options.moving
        ? movedPupilHasIt(options)
        : selectionRefusal(results[0]?.status ?? 'ok', options.mode);
    if (refusal) {
      toastError(refusal);
      if (refusal !== MESSAGES.alreadyBooked) void options.refetch();
      return false;
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
  return true;
}

/** One pick: refused while pupils are missing or a move already has its session, else checked. */
async function pick(options: PickOptions, slot: AvailabilitySlot, setChecking: Checking) {
  const { service, mode, selection, setSelection } = options;
  if (!service) return;
  if (options.whoFor.pupils.missing) {
    toastError(CHOOSE_PUPILS);
    return;
  }
  if (options.moving && movingPupilHolds(slot, options.moving).length > 0) {
    // Marked "Booked for …" on the card already: no need to ask the service.
    toastError(movedPupilHasIt(options));
    return;
  }
  if (mode === 'reschedule' && selection.length >= 1) {
    // Refused before asking the service: the first pick stays
    // (docs/product-rules.md#seats-and-bookings).
    const result = addSession(selection, slot, mode);
    if (!result.added) toastError(result.message);
    return;
  }
  if (!(await checkWithService(options, service, slot, setChecking))) return;
  setSelection((current) => {
    const result = addSession(current, slot, mode);
    if (!result.added) toastError(result.message);
    return result.selection;
  });
}

export function useSessionPicks(options: PickOptions) {
  const { selection, setSelection } = options;
  const [checking, setChecking] = useState<ReadonlySet<string>>(new Set());
  const selectedStarts = new Set(selection.map((s) => s.startsAt));

  return {
    checking,
    selectedStarts,
    chooseSubject(code: SubjectCode) {
      if (!SUBJECTS[code].available) return;
      options.setSubject(code);
      setSelection([]);
    },
    chooseService(code: ServiceCode) {
      options.setService(code);
      setSelection([]);
    },
    /** Picks a session (checked with the service), as a link that names one does. */
    pickSession(slot: AvailabilitySlot) {
      void pick(options, slot, setChecking);
    },
    toggle(slot: AvailabilitySlot) {
      if (selectedStarts.has(slot.startsAt)) {
        setSelection((current) => removeSession(current, slot.startsAt));
      } else {
        void pick(options, slot, setChecking);
      }
    },
    onDayClick(date: string, wasSelected: boolean) {
      if (wasSelected) {
        setSelection((current) => current.filter((s) => s.date !== date));
        return;
      }
      const slot = slotForDay(options.slots, date, options.now);
      if (slot) void pick(options, slot, setChecking);
    },
  };
}
