// The booking basket kept in the browser (localStorage) until it is paid or cleared, so picks
// survive a reload, the sign-in dialog and the e-mail verification round trip, which opens in
// another tab. Only starts are kept, never prices or seats: on return the
// basket is rebuilt from a fresh availability answer and whatever is no longer bookable is
// dropped with a note saying which.
import { formatLondonDate, formatTime12h, isServiceCode, type ServiceCode } from '@tuition/domain';
import type { AvailabilitySlot } from '../../../lib/api-client.ts';

export const BASKET_STORAGE_KEY = 'booking-basket';
/** A basket left alone longer than this is forgotten rather than restored. */
export const BASKET_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * What is stored. `pupilIds` is for the "Who is this for?" step (pupils, decision 048): absent
 * until that step fills it. Versioned so a later shape can be told apart.
 */
export interface StoredBasket {
  v: 1;
  service: ServiceCode;
  pupilIds?: string[];
  /** Session starts, ISO instants. */
  starts: string[];
  /** Epoch milliseconds of the last change. */
  savedAt: number;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): booking works without it.
    return undefined;
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Parses what storage holds; anything malformed, foreign or too old is no basket. */
export function parseStoredBasket(text: string | null, now: number): StoredBasket | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const basket = value as Record<string, unknown>;
  if (basket.v !== 1 || typeof basket.service !== 'string' || !isServiceCode(basket.service)) {
    return undefined;
  }
  if (!isStringArray(basket.starts) || basket.starts.length === 0) return undefined;
  if (typeof basket.savedAt !== 'number' || now - basket.savedAt > BASKET_MAX_AGE_MS) {
    return undefined;
  }
  return {
    v: 1,
    service: basket.service,
    starts: basket.starts,
    savedAt: basket.savedAt,
    ...(isStringArray(basket.pupilIds) ? { pupilIds: basket.pupilIds } : {}),
  };
}

export function loadBasket(now = Date.now()): StoredBasket | undefined {
  try {
    return parseStoredBasket(storage()?.getItem(BASKET_STORAGE_KEY) ?? null, now);
  } catch {
    return undefined;
  }
}

/** Saves the basket; an empty one is removed (cleared, or every session dropped). */
export function saveBasket(
  basket: { service: ServiceCode; starts: readonly string[]; pupilIds?: readonly string[] },
  now = Date.now(),
): void {
  try {
    if (basket.starts.length === 0) {
      storage()?.removeItem(BASKET_STORAGE_KEY);
      return;
    }
    const stored: StoredBasket = {
      v: 1,
      service: basket.service,
      starts: [...basket.starts],
      savedAt: now,
      ...(basket.pupilIds ? { pupilIds: [...basket.pupilIds] } : {}),
    };
    storage()?.setItem(BASKET_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // A full or disabled storage only loses the basket on reload.
  }
}

export function clearBasket(): void {
  try {
    storage()?.removeItem(BASKET_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

export interface RestoredBasket {
  /** The stored picks still bookable, as the fresh availability describes them. */
  selection: AvailabilitySlot[];
  /** Starts that are no longer bookable (full, closed, started, gone from the timetable). */
  dropped: string[];
}

/**
 * Rebuilds a stored basket from a fresh availability answer. A pick stays when its session is
 * still offered and has a seat (or is in the customer's own unpaid checkout). A pick the
 * customer has booked since (paid) leaves the basket quietly; anything else is dropped and
 * reported.
 */
export function restoreBasket(
  stored: StoredBasket,
  slots: readonly AvailabilitySlot[],
  now: Date,
): RestoredBasket {
  const byStart = new Map(slots.map((slot) => [slot.startsAt, slot]));
  const selection: AvailabilitySlot[] = [];
  const dropped: string[] = [];
  for (const start of new Set(stored.starts)) {
    const slot = byStart.get(start);
    if (slot?.state === 'booked') continue;
    const bookable =
      slot &&
      new Date(slot.startsAt) > now &&
      (slot.state === 'pending' || (slot.state === 'available' && slot.seatsLeft > 0));
    if (bookable) selection.push(slot);
    else dropped.push(start);
  }
  selection.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return { selection, dropped };
}

/**
 * The note for dropped picks, naming each one:
 * "No longer available, removed from your basket: Tuesday 22 December 2026, 5:00 PM."
 */
export function droppedNote(dropped: readonly string[]): string | undefined {
  if (dropped.length === 0) return undefined;
  const names = [...dropped]
    .sort()
    .map((start) => `${formatLondonDate(new Date(start))}, ${formatTime12h(new Date(start))}`);
  return `No longer available, removed from your basket: ${names.join('; ')}.`;
}
