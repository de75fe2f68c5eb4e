import { DEFAULT_PRICING, MESSAGES } from '@tuition/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, type AvailabilitySlot } from '../../../lib/api-client.ts';
import {
  addSession,
  basketTotals,
  calendarDays,
  checkoutFailureMessage,
  nowFullNote,
  closedRanges,
  isDayEnabled,
  preflightRefusal,
  rescheduleFailureMessage,
  runsIfNote,
  selectionRefusal,
  slotForDay,
} from './booking-rules.ts';

// Monday 2 November 2026, 09:00 in London (GMT).
const NOW = new Date('2026-11-02T09:00:00Z');

function slot(date: string, state: AvailabilitySlot['state'] = 'available', hour = 17) {
  const startsAt = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`).toISOString();
  return {
    sessionId: `session-${date}-${hour}`,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    date,
    time: '5-6pm',
    label: 'GCSE Foundation',
    service: 'gcse',
    pricePence: 1500,
    capacity: 10,
    seatsLeft: state === 'full' ? 0 : 4,
    state,
    heldBy: [],
  } satisfies AvailabilitySlot;
}

describe('calendarDays', () => {
  it('enables days with a session that has a seat, and disables full ones', () => {
    const days = calendarDays([slot('2026-11-03'), slot('2026-11-05', 'full')], NOW);
    expect(isDayEnabled(days, '2026-11-03')).toBe(true);
    expect(isDayEnabled(days, '2026-11-05')).toBe(false);
    expect(days.full.has('2026-11-05')).toBe(true);
    // A day without a session of the service.
    expect(isDayEnabled(days, '2026-11-04')).toBe(false);
  });

  it('disables a session that has already started today and one past the 56-day window', () => {
    const startedThisMorning = slot('2026-11-02', 'available', 8);
    const beyondWindow = slot('2026-12-29');
    const lastDay = slot('2026-12-28');
    const days = calendarDays([startedThisMorning, beyondWindow, lastDay], NOW);
    expect(isDayEnabled(days, '2026-11-02')).toBe(false);
    expect(isDayEnabled(days, '2026-12-29')).toBe(false);
    expect(isDayEnabled(days, '2026-12-28')).toBe(true);
  });

  it('keeps a day the user already booked clickable, so the check can say so', () => {
    const days = calendarDays([slot('2026-11-07', 'booked')], NOW);
    expect(isDayEnabled(days, '2026-11-07')).toBe(true);
    expect(days.booked.has('2026-11-07')).toBe(true);
  });

  it("keeps a day in the user's own unpaid checkout pickable and apart from booked and full", () => {
    const days = calendarDays(
      [slot('2026-11-09', 'pending'), slot('2026-11-09', 'full', 10), slot('2026-11-11', 'booked')],
      NOW,
    );
    expect(isDayEnabled(days, '2026-11-09')).toBe(true);
    expect(days.pending.has('2026-11-09')).toBe(true);
    expect(days.full.has('2026-11-09')).toBe(false);
    expect(days.booked.has('2026-11-09')).toBe(false);
    expect(days.pending.has('2026-11-11')).toBe(false);
    expect(slotForDay([slot('2026-11-09', 'pending')], '2026-11-09', NOW)?.state).toBe('pending');
  });

  it('picks the day’s first session with a seat', () => {
    const slots = [slot('2026-11-07', 'full', 10), slot('2026-11-07', 'available', 13)];
    expect(slotForDay(slots, '2026-11-07', NOW)?.startsAt).toBe('2026-11-07T13:00:00.000Z');
  });
});

describe('basketTotals', () => {
  it.each([
    [1, 1500, false],
    [9, 13500, false],
    [10, 10000, true],
    [11, 11500, true],
    [20, 20000, true],
  ])('%i sessions cost %i pence (offer %s)', (count, amount, offer) => {
    const totals = basketTotals(count, DEFAULT_PRICING, 'book');
    expect(totals.amountPence).toBe(amount);
    expect(totals.isSpecialOffer).toBe(offer);
    expect(totals.subtotalPence).toBe(count * 1500);
  });

  it('charges nothing for an empty basket or a reschedule', () => {
    expect(basketTotals(0, DEFAULT_PRICING, 'book').amountPence).toBe(0);
    expect(basketTotals(1, DEFAULT_PRICING, 'reschedule').amountPence).toBe(0);
  });
});

describe('addSession', () => {
  it('keeps the selection in start order', () => {
    const later = slot('2026-11-10');
    const sooner = slot('2026-11-03');
    const first = addSession([], later, 'book');
    const second = addSession(first.selection, sooner, 'book');
    expect(second.selection.map((s) => s.date)).toEqual(['2026-11-03', '2026-11-10']);
  });

  it('refuses a second session when rescheduling and keeps the first', () => {
    const first = addSession([], slot('2026-11-10'), 'reschedule');
    const second = addSession(first.selection, slot('2026-11-03'), 'reschedule');
    expect(second.added).toBe(false);
    expect(second.selection.map((s) => s.date)).toEqual(['2026-11-10']);
    if (!second.added) expect(second.message).toBe(MESSAGES.singleSessionOnly);
  });
});

describe('messages', () => {
  it('maps a selection check to the spec’s toasts', () => {
    expect(selectionRefusal('ok')).toBeUndefined();
    expect(selectionRefusal('duplicate')).toBe(MESSAGES.alreadyBooked);
    expect(selectionRefusal('full')).toBe(MESSAGES.sessionFull);
  });

  it('lets a session of the unpaid checkout be booked again, but not moved onto', () => {
    expect(selectionRefusal('pending')).toBeUndefined();
    expect(selectionRefusal('pending', 'book')).toBeUndefined();
    expect(selectionRefusal('pending', 'reschedule')).toBe(MESSAGES.reschedulePending);
    expect(selectionRefusal('duplicate', 'reschedule')).toBe(MESSAGES.alreadyBooked);
    // Paying for it again replaces the unpaid checkout: no refusal before payment.
    expect(
      preflightRefusal([
        { startsAt: 'a', status: 'pending' },
        { startsAt: 'b', status: 'ok' },
      ]),
    ).toBeUndefined();
  });

  it('stops payment on a duplicate before a full session', () => {
    const results = [
      { startsAt: 'a', status: 'full' as const },
      { startsAt: 'b', status: 'duplicate' as const },
    ];
    expect(preflightRefusal(results)).toBe(MESSAGES.duplicateBooking);
    expect(preflightRefusal([results[0] as (typeof results)[0]])).toBe(MESSAGES.sessionsNowFull);
    expect(preflightRefusal([{ startsAt: 'a', status: 'ok' }])).toBeUndefined();
  });

  it('maps checkout failures', () => {
    const conflict = (code: string) =>
      new ApiError({ status: 409, title: 'Conflict', detail: 'x', code });
    expect(checkoutFailureMessage(conflict('duplicate'))).toBe(MESSAGES.duplicateBooking);
    expect(checkoutFailureMessage(conflict('full'))).toBe(MESSAGES.sessionsNowFull);
    expect(
      checkoutFailureMessage(new ApiError({ status: 401, title: 'Unauthorized', detail: '' })),
    ).toBe(MESSAGES.noActiveSession);
    expect(
      checkoutFailureMessage(
        new ApiError({ status: 503, title: 'Unavailable', detail: 'Payments are down.' }),
      ),
    ).toEqual({ title: 'Payment Error', description: 'Payments are down.' });
    expect(checkoutFailureMessage(new TypeError('boom'))).toBe(MESSAGES.paymentError);
  });

  it('maps reschedule conflicts to the reschedule page’s texts', () => {
    const conflict = (code: string, detail = 'x') =>
      new ApiError({ status: 409, title: 'Conflict', detail, code });
    expect(rescheduleFailureMessage(conflict('duplicate'))).toBe(MESSAGES.rescheduleDuplicate);
    expect(rescheduleFailureMessage(conflict('full'))).toBe(MESSAGES.rescheduleFull);
    expect(rescheduleFailureMessage(conflict('pending'))).toBe(MESSAGES.reschedulePending);
    expect(rescheduleFailureMessage(conflict('too-late', 'Too late to move it.'))).toEqual({
      title: 'Too late to move it.',
    });
  });
});

describe('closedRanges', () => {
  it('joins consecutive days with one reason and keeps other reasons apart', () => {
    const day = (date: string, reason: string) => ({ date, reason });
    expect(
      closedRanges([
        day('2027-01-01', 'Christmas holiday'),
        day('2026-12-31', 'Christmas holiday'),
        day('2027-01-02', 'Christmas holiday'),
        day('2027-03-26', 'Good Friday'),
        day('2027-03-29', 'Easter Monday'),
        day('2027-03-30', 'Easter Monday'),
      ]),
    ).toEqual([
      { from: '2026-12-31', to: '2027-01-02', reason: 'Christmas holiday' },
      { from: '2027-03-26', to: '2027-03-26', reason: 'Good Friday' },
      { from: '2027-03-29', to: '2027-03-30', reason: 'Easter Monday' },
    ]);
    expect(closedRanges([])).toEqual([]);
  });
});

describe('runsIfNote', () => {
  it('states the condition until the session is decided, in London time', () => {
    const decidedAt = '2026-11-03T17:00:00.000Z';
    expect(runsIfNote({ runsIf: { minPupils: 4, decidedAt } })).toBe(
      'Runs if at least 4 pupils are booked by Tuesday 3 November, 5:00 PM',
    );
  });

  it('says "Confirmed to run" once decided, and nothing without a minimum', () => {
    expect(runsIfNote({ confirmedToRun: true })).toBe('Confirmed to run');
    const withoutMinimum: AvailabilitySlot = slot('2026-11-03');
    expect(runsIfNote(withoutMinimum)).toBeUndefined();
  });
});

describe('the basket’s note when sessions filled before payment (decision 107)', () => {
  it('names each one and points at its waiting list', () => {
    expect(nowFullNote([])).toBeUndefined();
    expect(nowFullNote(['2026-11-12T18:00:00.000Z', '2026-11-05T17:00:00.000Z'])).toBe(
      'Now full, removed from your basket: Thursday 5 November 2026, 5:00 PM; Thursday 12 November 2026, 6:00 PM. Join their waiting lists under the sessions to be offered the next seat that frees.',
    );
  });
});
