// Booking for children (decision 055) against a stubbed service: "Who is this for?" before
// the dates, seats per pupil in the basket and in what is sent, the calendar naming who already
// holds a session, and a gentle note for a course outside a child's year group.
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '../../lib/api-client.ts';
import { type StubRequest, stubApi } from '../../test-support/api-stub.ts';
import type { Pupil } from '../shared/pupils/pupils-api.ts';
import { BASKET_STORAGE_KEY } from '../shared/booking-picker/basket-storage.ts';
import {
  heldByNames,
  keptChoice,
  pupilIdsToSend,
  pupilsMissing,
  seatCount,
  yearGroupWarnings,
} from '../shared/booking-picker/pupil-choice.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { BookingFlowContent } = await import('./booking-flow-content.tsx');
const { AppProviders, createQueryClient } = await import('../shared/app-providers.tsx');

// Monday 2 November 2026, 09:00 London time.
const clock = fixedClock('2026-11-02T09:00:00Z');

const pupil = (id: string, name: string, yearGroup: Pupil['yearGroup']): Pupil => ({
  id,
  name,
  yearGroup,
  email: null,
  archived: false,
  consentRecordedAt: '2026-10-01T10:00:00.000Z',
  consentPolicyVersion: '2026-08-01',
  recordingConsent: false,
  recordingConsentAt: null,
});
const SAM = pupil('p1', 'Sam', 'y10');
const ALEX = pupil('p2', 'Alex', 'y8');

function slot(date: string, heldBy: string[] = []): AvailabilitySlot {
  const startsAt = new Date(`${date}T17:00:00Z`).toISOString();
  return {
    sessionId: `session-${date}`,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    date,
    time: '5-6pm',
    label: 'GCSE Foundation',
    service: 'gcse',
    pricePence: 1500,
    capacity: 10,
    seatsLeft: 3,
    state: 'available',
    heldBy,
  };
}

interface Sent {
  path: string;
  body: { startsAt: string[]; pupilIds?: string[] };
}

function stubService(pupils: Pupil[], slots: AvailabilitySlot[]) {
  const sent: Sent[] = [];
  /** The basket the page sent, kept for the test to read. */
  const record = ({ url, body }: StubRequest) => {
    const basket = body as Sent['body'];
    sent.push({ path: `${url.pathname}${url.search}`, body: basket });
    return basket;
  };
  stubApi({
    'GET /api/me/pupils': { accountType: 'parent', pupils },
    'GET /api/availability': { slots, closed: [] },
    'POST /api/bookability': (request) => ({
      creditAvailable: 0,
      results: record(request).startsAt.map((s) => ({ startsAt: s, status: 'ok' as const })),
    }),
    'POST /api/checkout': (request) => {
      const basket = record(request);
      const seats = basket.startsAt.length * (basket.pupilIds?.length ?? 1);
      return {
        checkoutId: 'c1',
        status: 'pending' as const,
        url: 'https://pay.example/c1',
        amountPence: seats * 1500,
        creditUsed: 0,
        sessionCount: seats,
        isSpecialOffer: false,
        expiresAt: '2026-11-02T09:30:00.000Z',
        replacedCheckoutIds: [],
      };
    },
    'GET /api/checkout/pending': [],
  });
  return sent;
}

const navigate = vi.fn();

beforeEach(() => {
  window.localStorage.clear();
  navigate.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The statement /booking passes from the CMS's site settings (not a site constant). */
const CONSENT =
  'As the parent or guardian of this child I agree to the Studio statement for under-16s.';

// A fresh query client each test: the page's shared one would carry the last test's pupils.
const renderFlow = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BookingFlowContent
        pricing={DEFAULT_PRICING}
        clock={clock}
        initialService="gcse"
        navigate={navigate}
        consentStatement={CONSENT}
      />
    </AppProviders>,
  );

const sessionCard = (date: string) => {
  const found = screen
    .getAllByRole('button', { name: new RegExp(date) })
    .find((b) => b.className === 'booking-session__button');
  if (!found) throw new Error(`no session card for ${date}`);
  return found;
};

describe('booking for two children', () => {
  it('asks who first, books both into one session as two seats, and sends both', async () => {
    const sent = stubService([SAM, ALEX], [slot('2026-11-03'), slot('2026-11-05', ['p1'])]);
    renderFlow();
    const who = await screen.findByRole('group', { name: 'Who is this for?' });
    expect(screen.getByText('Choose who the sessions are for first.')).toBeTruthy();

    fireEvent.click(within(who).getByRole('checkbox', { name: /Sam/ }));
    fireEvent.click(within(who).getByRole('checkbox', { name: /Alex/ }));
    // Alex is in Year 8: a gentle note, not a block.
    expect(
      within(who).getByText(
        'Alex is in Year 8; GCSE Foundation is written for Years 9–11. You can still book it if it suits them.',
      ),
    ).toBeTruthy();
    // The calendar says who already holds a session.
    await screen.findByText('Booked for Sam');
    expect(
      within(sessionCard('Thursday 5 November 2026')).getByText('Booked for Sam'),
    ).toBeTruthy();

    const tuesday = sessionCard('Tuesday 3 November 2026');
    fireEvent.click(tuesday);
    await waitFor(() => expect(tuesday.getAttribute('aria-pressed')).toBe('true'));
    expect(sent[0]?.body.pupilIds).toEqual(['p1', 'p2']);

    const basket = screen.getByRole('complementary');
    expect(within(basket).getByText('GCSE Foundation, 5-6pm, for Sam')).toBeTruthy();
    expect(within(basket).getByText('GCSE Foundation, 5-6pm, for Alex')).toBeTruthy();
    expect(within(basket).getByTestId('basket-total').textContent).toBe('£30.00');
    // Kept with the basket, so sign-in and reloads keep who it is for (saved by an effect, which
    // may run a moment after the basket shows while the narrow-screen bar loads).
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(BASKET_STORAGE_KEY) ?? '{}').pupilIds).toEqual([
        'p1',
        'p2',
      ]),
    );

    fireEvent.click(within(basket).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://pay.example/c1'));
    expect(sent.find((s) => s.path === '/api/checkout')?.body).toMatchObject({
      service: 'gcse',
      startsAt: sent[0]?.body.startsAt,
      pupilIds: ['p1', 'p2'],
    });
  });

  it('with one child there is nothing to choose: it says who, and sends that child', async () => {
    const sent = stubService([SAM], [slot('2026-11-03')]);
    renderFlow();
    const who = await screen.findByRole('group', { name: 'Who is this for?' });
    expect(within(who).queryByRole('checkbox')).toBeNull();
    expect(who.textContent).toContain('Booking for Sam (Year 10).');
    expect(within(who).getByRole('button', { name: 'Add a child' })).toBeTruthy();
    await screen.findAllByRole('button', { name: /Tuesday 3 November 2026/ });
    fireEvent.click(sessionCard('Tuesday 3 November 2026'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.pupilIds).toEqual(['p1']);
  });

  it("'Add a child' asks for the consent statement from content for a child under 16", async () => {
    stubService([SAM], [slot('2026-11-03')]);
    renderFlow();
    const who = await screen.findByRole('group', { name: 'Who is this for?' });
    fireEvent.click(within(who).getByRole('button', { name: 'Add a child' }));
    // The form loads when asked for.
    fireEvent.change(await within(who).findByLabelText(/Year group/), { target: { value: 'y9' } });
    expect(
      within(who).getByRole('checkbox', { name: `${CONSENT} Read the privacy policy` }),
    ).toBeTruthy();
  });
});

describe('pupil choice rules', () => {
  it('sends nothing without pupils, the only one, or those chosen in the account’s order', () => {
    expect(pupilIdsToSend(undefined, [])).toBeUndefined();
    expect(pupilIdsToSend([], ['p9'])).toBeUndefined();
    expect(pupilIdsToSend([SAM], [])).toEqual(['p1']);
    expect(pupilIdsToSend([SAM, ALEX], ['p2', 'p1'])).toEqual(['p1', 'p2']);
    expect(pupilIdsToSend([SAM, ALEX], [])).toBeUndefined();
    expect(pupilsMissing([SAM, ALEX], [])).toBe(true);
    expect(pupilsMissing([SAM], [])).toBe(false);
  });

  it('counts a seat per session and pupil, and keeps only current pupils from storage', () => {
    expect(seatCount(5, ['p1', 'p2'])).toBe(10);
    expect(seatCount(3, undefined)).toBe(3);
    expect(keptChoice([SAM], ['p1', 'gone'])).toEqual(['p1']);
    expect(heldByNames(['p2'], [SAM, ALEX])).toEqual(['Alex']);
  });

  it('warns for each course outside a pupil’s year group; unknown year groups fit all', () => {
    expect(yearGroupWarnings('sats', [pupil('a', 'Ann', 'y6')])).toEqual([]);
    expect(yearGroupWarnings('alevel', [pupil('a', 'Ann', 'y12')])[0]).toBe(
      'Ann is in Year 12; A-Level is written for Year 13. You can still book it if it suits them.',
    );
    expect(yearGroupWarnings('ks3', [pupil('a', 'Ann', null)])).toEqual([]);
    expect(yearGroupWarnings(undefined, [ALEX])).toEqual([]);
  });
});
