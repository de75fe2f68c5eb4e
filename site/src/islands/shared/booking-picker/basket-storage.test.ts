import { beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '../../../lib/api-client.ts';
import {
  BASKET_MAX_AGE_MS,
  BASKET_STORAGE_KEY,
  droppedNote,
  loadBasket,
  parseStoredBasket,
  restoreBasket,
  type StoredBasket,
  saveBasket,
} from './basket-storage.ts';

const NOW = new Date('2026-12-14T09:00:00Z');
const TUE = '2026-12-15T17:00:00.000Z';
const THU = '2026-12-17T18:00:00.000Z';
const SAT = '2026-12-19T12:00:00.000Z';

function slot(startsAt: string, overrides: Partial<AvailabilitySlot> = {}): AvailabilitySlot {
  return {
    sessionId: `s-${startsAt}`,
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
    date: startsAt.slice(0, 10),
    time: '5-6pm',
    label: 'GCSE Foundation',
    service: 'gcse',
    pricePence: 1500,
    capacity: 10,
    seatsLeft: 5,
    state: 'available',
    heldBy: [],
    ...overrides,
  };
}

const stored = (starts: string[], extra: Partial<StoredBasket> = {}): StoredBasket => ({
  v: 1,
  service: 'gcse',
  starts,
  savedAt: NOW.getTime(),
  ...extra,
});

describe('basket storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the service, starts and pupils across a reload (localStorage, not the tab)', () => {
    saveBasket({ service: 'gcse', starts: [TUE, THU], pupilIds: ['p1'] }, NOW.getTime());
    expect(loadBasket(NOW.getTime())).toEqual(stored([TUE, THU], { pupilIds: ['p1'] }));
  });

  it('removes the basket once it is empty', () => {
    saveBasket({ service: 'gcse', starts: [TUE] }, NOW.getTime());
    saveBasket({ service: 'gcse', starts: [] }, NOW.getTime());
    expect(window.localStorage.getItem(BASKET_STORAGE_KEY)).toBeNull();
  });

  it('ignores malformed, foreign and stale content', () => {
    const now = NOW.getTime();
    expect(parseStoredBasket('{not json', now)).toBeUndefined();
    expect(
      parseStoredBasket(JSON.stringify({ ...stored([TUE]), service: 'gcse-hgher' }), now),
    ).toBeUndefined();
    expect(
      parseStoredBasket(JSON.stringify({ ...stored([TUE]), starts: [1] }), now),
    ).toBeUndefined();
    expect(parseStoredBasket(JSON.stringify({ ...stored([TUE]), v: 2 }), now)).toBeUndefined();
    const old = stored([TUE], { savedAt: now - BASKET_MAX_AGE_MS - 1 });
    expect(parseStoredBasket(JSON.stringify(old), now)).toBeUndefined();
  });
});

describe('restoreBasket', () => {
  it('keeps picks still bookable, in start order, as the fresh answer describes them', () => {
    const fresh = [slot(TUE, { seatsLeft: 1 }), slot(THU, { state: 'pending' })];
    const restored = restoreBasket(stored([THU, TUE]), fresh, NOW);
    expect(restored.selection).toEqual(fresh);
    expect(restored.dropped).toEqual([]);
  });

  it('drops a full, closed or started session and says which', () => {
    const fresh = [slot(TUE, { state: 'full', seatsLeft: 0 })];
    // THU is no longer offered at all (closed day); SAT has started by now.
    const restored = restoreBasket(stored([TUE, THU, SAT]), [...fresh, slot(SAT)], new Date(SAT));
    expect(restored.selection).toEqual([]);
    expect(restored.dropped).toEqual([TUE, THU, SAT]);
    expect(droppedNote(restored.dropped)).toBe(
      'No longer available, removed from your basket: Tuesday 15 December 2026, 5:00 PM; ' +
        'Thursday 17 December 2026, 6:00 PM; Saturday 19 December 2026, 12:00 PM (midday).',
    );
  });

  it('lets a session booked since (paid) leave the basket without a note', () => {
    const restored = restoreBasket(stored([TUE]), [slot(TUE, { state: 'booked' })], NOW);
    expect(restored).toEqual({ selection: [], dropped: [] });
    expect(droppedNote(restored.dropped)).toBeUndefined();
  });
});
