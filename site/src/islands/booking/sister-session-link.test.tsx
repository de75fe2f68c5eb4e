// The link in "Your session was cancelled: not enough pupils" (docs/decisions/100) against a
// stubbed service: /booking?service=…&session=…&pupils=… opens with the sister session in the
// basket for the account's children named, checked like a pick and paid with the credit the
// cancellation gave back; a session gone since, or a link for another account, is said once;
// signed out, the sign-in dialog opens. The condition a session runs on shows on its card and line.
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '../../lib/api-client.ts';
import { OPEN_AUTH_DIALOG_EVENT } from '../../lib/auth-dialog.ts';
import { type StubRequest, stubApi } from '../../test-support/api-stub.ts';
import type { Pupil } from '../shared/pupils/pupils-api.ts';

const auth = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: auth.signedIn ? { user: { id: 'user-1', name: 'Pat' } } : null,
    isPending: false,
  }),
}));

const { BookingFlowContent } = await import('./booking-flow-content.tsx');
const { AppProviders, createQueryClient } = await import('../shared/app-providers.tsx');

// Monday 2 November 2026, 09:00 London time.
const clock = fixedClock('2026-11-02T09:00:00Z');

const pupil = (id: string, name: string): Pupil => ({
  id,
  name,
  yearGroup: 'y10',
  email: null,
  archived: false,
  consentRecordedAt: '2026-10-01T10:00:00.000Z',
  consentPolicyVersion: '2026-08-01',
  recordingConsent: false,
  recordingConsentAt: null,
});
const SAM = pupil('p1', 'Sam');
const ALEX = pupil('p2', 'Alex');

function slot(date: string, over: Partial<AvailabilitySlot> = {}): AvailabilitySlot {
  const startsAt = new Date(`${date}T17:00:00Z`).toISOString();
  return {
    sessionId: `session-${date}`,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    date,
    time: '5-6pm',
    label: 'GCSE Higher',
    service: 'gcse-higher',
    pricePence: 1500,
    capacity: 10,
    seatsLeft: 3,
    state: 'available',
    heldBy: [],
    ...over,
  };
}

/** The sister session: Thursday, still waiting for its own minimum. */
const SISTER = slot('2026-11-05', {
  runsIf: { minPupils: 4, decidedAt: '2026-11-03T17:00:00.000Z' },
});
const RUNS_IF = 'Runs if at least 4 pupils are booked by Tuesday 3 November, 5:00 PM';

function stubService(slots: AvailabilitySlot[], creditAvailable = 1) {
  const baskets: { startsAt: string[]; pupilIds?: string[] }[] = [];
  const checkouts: unknown[] = [];
  stubApi({
    'GET /api/me/pupils': { accountType: 'parent', pupils: [SAM, ALEX] },
    'GET /api/availability': { slots, closed: [] },
    'POST /api/bookability': ({ body }: StubRequest) => {
      const basket = body as (typeof baskets)[number];
      baskets.push(basket);
      return {
        creditAvailable,
        results: basket.startsAt.map((s) => ({ startsAt: s, status: 'ok' as const })),
      };
    },
    'POST /api/checkout': ({ body }: StubRequest) => {
      checkouts.push(body);
      return {
        checkoutId: 'c1',
        status: 'paid' as const,
        url: '/payment-success?checkout=c1',
        amountPence: 0,
        creditUsed: 1,
        sessionCount: 1,
        isSpecialOffer: false,
        expiresAt: '2026-11-02T09:30:00.000Z',
        replacedCheckoutIds: [],
      };
    },
    'GET /api/checkout/pending': [],
    'GET /api/me/waitlist': [],
  });
  return { baskets, checkouts };
}

const navigate = vi.fn();

const openAt = (search: string) => {
  window.history.replaceState(null, '', `/booking${search}`);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BookingFlowContent pricing={DEFAULT_PRICING} clock={clock} navigate={navigate} />
    </AppProviders>,
  );
};

const LINK = '?service=gcse-higher&session=session-2026-11-05&pupils=p1';

const sessionCard = (date: string) =>
  screen
    .getAllByRole('button', { name: new RegExp(date) })
    .find((b) => b.className === 'booking-session__button');

beforeEach(() => {
  auth.signedIn = true;
  window.localStorage.clear();
  navigate.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the sister-session link', () => {
  it('puts the session in the basket for the named child and books it with credit', async () => {
    const { baskets, checkouts } = stubService([slot('2026-11-03'), SISTER]);
    openAt(LINK);
    const basket = screen.getByRole('complementary');
    expect(await within(basket).findByText('GCSE Higher, 5-6pm, for Sam')).toBeTruthy();
    // Alex was not named: one seat, checked with the service like a click.
    expect(within(basket).queryByText(/for Alex/)).toBeNull();
    expect(baskets[0]).toMatchObject({ startsAt: [SISTER.startsAt], pupilIds: ['p1'] });
    expect(sessionCard('Thursday 5 November 2026')?.getAttribute('aria-pressed')).toBe('true');
    // Its condition, in words, on the card and on the basket line.
    expect(
      within(sessionCard('Thursday 5 November 2026') as HTMLElement).getByText(RUNS_IF),
    ).toBeTruthy();
    expect(within(basket).getByText(RUNS_IF)).toBeTruthy();

    // The credit the cancellation gave back pays for it.
    fireEvent.click(await within(basket).findByRole('button', { name: 'Book with Credit' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/payment-success?checkout=c1'));
    expect(checkouts[0]).toMatchObject({
      service: 'gcse-higher',
      startsAt: [SISTER.startsAt],
      pupilIds: ['p1'],
    });
  });

  it('says once that a session filled since is no longer available, and adds nothing', async () => {
    stubService([slot('2026-11-05', { state: 'full', seatsLeft: 0 })]);
    openAt(LINK);
    expect(await screen.findByText('That session is no longer available.')).toBeTruthy();
    const basket = screen.getByRole('complementary');
    expect(within(basket).getByText('No sessions selected yet.')).toBeTruthy();
    // The children named are chosen, so another session is one click away.
    const who = screen.getByRole('group', { name: 'Who is this for?' });
    expect((within(who).getByRole('checkbox', { name: /Sam/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByText('That session is no longer available.')).toHaveLength(1);
  });

  it('says so when the session is not offered any more', async () => {
    stubService([slot('2026-11-03')]);
    openAt(LINK);
    expect(await screen.findByText('That session is no longer available.')).toBeTruthy();
  });

  it('books nothing for children of another account', async () => {
    const { baskets } = stubService([SISTER]);
    openAt('?service=gcse-higher&session=session-2026-11-05&pupils=p9');
    expect(await screen.findByText('This link is for another account’s children.')).toBeTruthy();
    expect(baskets).toEqual([]);
  });

  it('signed out, opens the sign-in dialog', async () => {
    auth.signedIn = false;
    stubService([SISTER]);
    const opened = vi.fn<(event: Event) => void>();
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, opened);
    try {
      openAt(LINK);
      await waitFor(() => expect(opened).toHaveBeenCalled());
      const [event] = opened.mock.calls[0] ?? [];
      expect((event as CustomEvent | undefined)?.detail).toEqual({
        tab: 'login',
        note: 'Please sign in to book the session offered instead.',
      });
    } finally {
      window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, opened);
    }
  });

  it('says "Confirmed to run" on a session decided to run', async () => {
    stubService([slot('2026-11-05', { confirmedToRun: true })]);
    openAt('?service=gcse-higher');
    const who = await screen.findByRole('group', { name: 'Who is this for?' });
    fireEvent.click(within(who).getByRole('checkbox', { name: /Sam/ }));
    await waitFor(() => expect(sessionCard('Thursday 5 November 2026')).toBeTruthy());
    const card = sessionCard('Thursday 5 November 2026') as HTMLElement;
    expect(within(card).getByText('Confirmed to run')).toBeTruthy();
    fireEvent.click(card);
    const basket = screen.getByRole('complementary');
    expect(await within(basket).findByText('Confirmed to run')).toBeTruthy();
  });
});
