// The booking island's rules as a visitor meets them: which calendar days can be clicked,
// what the basket charges, and (through the shared picker in reschedule mode, which /reschedule
// and the admin user page mount) that a reschedule keeps its first pick. The service is a
// fetch stub; "now" is fixed.
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type AvailabilitySlot,
  type BookabilityResult,
  type OpenCheckout,
} from '../../lib/api-client.ts';
import { stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true, pending: false }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn && !session.pending ? { user: { id: 'user-1', name: 'Pat' } } : null,
    isPending: session.pending,
  }),
}));

const { BookingFlow } = await import('./booking-flow.tsx');
const { RescheduleFlowContent } = await import(
  '../shared/booking-picker/reschedule-flow-content.tsx'
);
const { AppProviders } = await import('../shared/app-providers.tsx');

/** The picker in reschedule mode, as /reschedule and the admin user page mount it. */
function Reschedule(props: ComponentProps<typeof RescheduleFlowContent>) {
  return (
    <AppProviders>
      <RescheduleFlowContent {...props} />
    </AppProviders>
  );
}

// Monday 2 November 2026, 09:00 London time.
const clock = fixedClock('2026-11-02T09:00:00Z');

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
    seatsLeft: state === 'full' ? 0 : 3,
    state,
    heldBy: [],
  } satisfies AvailabilitySlot;
}

/** Eleven open November sessions, then a full one. */
const NOVEMBER = [
  '2026-11-03',
  '2026-11-05',
  '2026-11-07',
  '2026-11-10',
  '2026-11-12',
  '2026-11-14',
  '2026-11-17',
  '2026-11-19',
  '2026-11-21',
  '2026-11-24',
  '2026-11-26',
].map((date) => slot(date));

function stubService(
  slots: AvailabilitySlot[],
  options: {
    open?: OpenCheckout[];
    status?: (startsAt: string) => BookabilityResult['status'];
    closed?: { date: string; reason: string }[];
  } = {},
) {
  let open = options.open ?? [];
  return stubApi({
    'GET /api/availability': { slots, closed: options.closed ?? [] },
    'POST /api/bookability': ({ body }) => ({
      creditAvailable: 0,
      results: (body as { startsAt: string[] }).startsAt.map((s) => ({
        startsAt: s,
        status: options.status?.(s) ?? 'ok',
      })),
    }),
    'GET /api/checkout/pending': () => open,
    'POST /api/checkout/:id/cancel': ({ params }) => {
      open = open.filter((c) => c.checkoutId !== params.id);
      return { status: 'cancelled' };
    },
  }).calls;
}

beforeEach(() => {
  session.signedIn = true;
  session.pending = false;
  // The basket is kept in localStorage (basket-storage.ts): each test starts with none.
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The session card of a London day, e.g. card('Tuesday 3 November 2026'). */
const card = (date: string) => {
  const found = screen
    .getAllByRole('button', { name: new RegExp(date) })
    .find((b) => b.className === 'booking-session__button');
  if (!found) throw new Error(`no session card for ${date}`);
  return found;
};

const basketTotal = () => within(screen.getByRole('complementary')).getByTestId('basket-total');

async function pickCards(count: number) {
  for (let i = 0; i < count; i += 1) {
    const cards = screen
      .getAllByRole('button', { pressed: false })
      .filter((b) => b.className === 'booking-session__button' && !b.hasAttribute('disabled'));
    const card = cards[0];
    if (!card) throw new Error('no session card left to pick');
    fireEvent.click(card);
    await waitFor(() => expect(card.getAttribute('aria-pressed')).toBe('true'));
  }
}

describe('BookingFlow', () => {
  it('enables only the days with an open session of the service from today on', async () => {
    stubService([
      slot('2026-11-02', 'available', 8), // started this morning
      slot('2026-11-03'),
      slot('2026-11-05', 'full'),
      slot('2026-11-07', 'booked'),
    ]);
    const { container } = render(
      <BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />,
    );
    await screen.findByText(/Sessions in November 2026/);
    const day = (date: string) => container.querySelector(`[data-day="${date}"]`);
    const enabled = (date: string) => !day(date)?.hasAttribute('data-disabled');
    expect(enabled('2026-11-03')).toBe(true);
    expect(enabled('2026-11-07')).toBe(true);
    expect(enabled('2026-11-02')).toBe(false);
    expect(enabled('2026-11-05')).toBe(false);
    expect(enabled('2026-11-04')).toBe(false);
    expect(enabled('2026-11-01')).toBe(false);
    // The full session's card carries the overlay and cannot be pressed.
    const fullCard = card('Thursday 5 November 2026');
    expect(fullCard.textContent).toContain('Full');
    expect(fullCard).toHaveProperty('disabled', true);
  });

  it.each([
    [9, '£135.00'],
    [10, '£100.00'],
    [11, '£115.00'],
  ])(
    'charges %i sessions %s',
    async (count, total) => {
      stubService(NOVEMBER);
      render(<BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />);
      await screen.findByText(/Sessions in November 2026/);
      await pickCards(count);
      expect(basketTotal().textContent).toBe(total);
    },
    30_000,
  );

  it('keeps the basket across a reload and drops, naming it, a session that filled up', async () => {
    stubService(NOVEMBER);
    render(<BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />);
    await screen.findByText(/Sessions in November 2026/);
    await pickCards(3);
    expect(basketTotal().textContent).toBe('£45.00');
    cleanup();

    // "Reload": a new island, with no service in the page; meanwhile 5 November filled up.
    stubService(NOVEMBER.map((s) => (s.date === '2026-11-05' ? slot(s.date, 'full') : s)));
    render(<BookingFlow pricing={DEFAULT_PRICING} clock={clock} />);
    await waitFor(() => expect(basketTotal().textContent).toBe('£30.00'));
    expect(within(screen.getByRole('complementary')).getByRole('status').textContent).toBe(
      'No longer available, removed from your basket: Thursday 5 November 2026, 5:00 PM.',
    );
  });

  it('strikes out closed days and says why under the calendar', async () => {
    const closed = ['2026-11-16', '2026-11-17', '2026-11-18'].map((date) => ({
      date,
      reason: 'Half term',
    }));
    stubService(
      NOVEMBER.filter((s) => s.date !== '2026-11-17'),
      { closed },
    );
    const { container } = render(
      <BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />,
    );
    await screen.findByText(/Sessions in November 2026/);
    expect((await screen.findByText('Closed — Half term')).parentElement?.textContent).toBe(
      'Closed — Half term (Monday 16 November 2026 to Wednesday 18 November 2026)',
    );
    const day = container.querySelector('[data-day="2026-11-17"]');
    expect(day?.className).toContain('booking-day--closed');
    expect(day?.hasAttribute('data-disabled')).toBe(true);
  });

  it('keeps Pay disabled, in its own words, until it knows whether the visitor is signed in', async () => {
    // A click while the session is read would be taken as signed out: the sign-in dialog would
    // open, then close itself when the session arrived, and the payment would never start.
    stubService(NOVEMBER);
    const flow = <BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />;
    const view = render(flow);
    await screen.findByText(/Sessions in November 2026/);
    await pickCards(1);
    session.pending = true;
    view.rerender(flow);
    // It waits, but nothing is processing yet: the button keeps its words.
    const pay = within(screen.getByRole('complementary')).getByRole('button', {
      name: 'Proceed to Payment',
    });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(true));
    expect(screen.queryByText('Processing...')).toBeNull();
    fireEvent.click(pay);
    expect(screen.queryByRole('dialog')).toBeNull();

    session.pending = false;
    view.rerender(flow);
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    expect(pay.textContent).toBe('Proceed to Payment');
  });

  it('checks each picked session with the service before it joins the basket', async () => {
    const calls = stubService(NOVEMBER);
    render(<BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />);
    await screen.findByText(/Sessions in November 2026/);
    await pickCards(1);
    expect(calls).toContain('POST /api/bookability');
  });

  it('keeps the first session when a second is picked while rescheduling', async () => {
    stubService(NOVEMBER);
    render(
      <Reschedule
        pricing={DEFAULT_PRICING}
        booking={{
          id: 'b1',
          service: 'gcse',
          label: 'GCSE Foundation',
          startsAt: '2026-11-28T12:00:00Z',
        }}
        clock={clock}
      />,
    );
    await screen.findByText(/Sessions in November 2026/);
    fireEvent.click(card('Tuesday 3 November 2026'));
    await waitFor(() =>
      expect(card('Tuesday 3 November 2026').getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(card('Thursday 5 November 2026'));
    expect(await screen.findByText('Single Session Only')).toBeTruthy();
    expect(card('Thursday 5 November 2026').getAttribute('aria-pressed')).toBe('false');
    const basket = within(screen.getByRole('complementary'));
    expect(basket.getByText('Tuesday 3 November 2026')).toBeTruthy();
    expect(basket.queryByText('Thursday 5 November 2026')).toBeNull();
    expect(basketTotal().textContent).toBe('£0.00');
  });

  it("shows the customer's unpaid checkout with Resume payment and Release, and releases it", async () => {
    const held = slot('2026-11-10', 'pending');
    const calls = stubService([slot('2026-11-03'), held], {
      open: [
        {
          checkoutId: 'c-open',
          expiresAt: '2026-11-02T09:25:00Z',
          resumeUrl: '/dev/checkout/c-open',
          amountPence: 1500,
          sessionCount: 1,
          isSpecialOffer: false,
          sessions: [
            {
              startsAt: held.startsAt,
              endsAt: held.endsAt,
              date: held.date,
              time: '5-6pm',
              label: 'GCSE Foundation',
              service: 'gcse',
              pupil: { id: 'p-ada', name: 'Ada', yearGroup: 'y10' },
            },
          ],
        },
      ],
    });
    render(<BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />);
    const panel = await screen.findByRole('region', { name: 'Payment pending' });
    expect(panel.textContent).toContain('Tuesday 10 November 2026');
    expect(panel.textContent).toContain('9:25 AM');
    expect(within(panel).getByRole('link', { name: 'Resume payment' }).getAttribute('href')).toBe(
      '/dev/checkout/c-open',
    );
    // The card says "Payment pending", never "Booked".
    const pendingCard = card('Tuesday 10 November 2026');
    expect(pendingCard.textContent).toContain('Payment pending');
    expect(pendingCard.textContent).not.toContain('Booked');

    fireEvent.click(within(panel).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Payment released')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Payment pending' })).toBeNull(),
    );
    expect(calls).toContain('POST /api/checkout/c-open/cancel');
    // The seats are read again after the release.
    expect(calls.filter((c) => c.startsWith('GET /api/availability')).length).toBeGreaterThan(1);
  });

  it('lets a session of the unpaid checkout be picked again for a new basket', async () => {
    const held = slot('2026-11-10', 'pending');
    stubService([held], { status: () => 'pending' });
    render(<BookingFlow pricing={DEFAULT_PRICING} initialService="gcse" clock={clock} />);
    await screen.findByText(/Sessions in November 2026/);
    fireEvent.click(card('Tuesday 10 November 2026'));
    await waitFor(() =>
      expect(card('Tuesday 10 November 2026').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(screen.queryByText('Already Booked')).toBeNull();
    expect(basketTotal().textContent).toBe('£15.00');
  });

  it("asks for the customer's seats with forUser when an admin reschedules for them", async () => {
    const calls = stubService([slot('2026-11-03', 'booked'), slot('2026-11-05', 'pending')], {
      status: (s) => (s.startsWith('2026-11-03') ? 'duplicate' : 'pending'),
    });
    render(
      <Reschedule
        pricing={DEFAULT_PRICING}
        forUser="customer-7"
        booking={{
          id: 'b1',
          service: 'gcse',
          label: 'GCSE Foundation',
          startsAt: '2026-11-28T12:00:00Z',
        }}
        onConfirm={async () => undefined}
        clock={clock}
      />,
    );
    await screen.findByText(/Sessions in November 2026/);
    expect(calls.find((c) => c.startsWith('GET /api/availability'))).toContain(
      'forUser=customer-7',
    );
    expect(card('Tuesday 3 November 2026').textContent).toContain('Booked');
    fireEvent.click(card('Tuesday 3 November 2026'));
    expect(await screen.findByText('Already Booked')).toBeTruthy();
    expect(calls).toContain('POST /api/bookability?forUser=customer-7');
    fireEvent.click(card('Thursday 5 November 2026'));
    expect(await screen.findByText(/held by a payment that has not been finished/)).toBeTruthy();
    expect(card('Thursday 5 November 2026').getAttribute('aria-pressed')).toBe('false');
    // Not the admin's own unpaid checkouts.
    expect(calls).not.toContain('GET /api/checkout/pending');
  });

  describe('moving one pupil of a family', () => {
    // Arjun's booking moves; his sister Maya has 5 November, Arjun has 3 November already.
    const ARJUN_MOVE = {
      id: 'b1',
      service: 'gcse' as const,
      label: 'GCSE Foundation',
      startsAt: '2026-11-28T12:00:00Z',
      pupilName: 'Arjun',
      pupilId: 'p-arjun',
    };
    const FAMILY_SLOTS = [
      { ...slot('2026-11-03'), heldBy: ['p-arjun'] },
      { ...slot('2026-11-05'), heldBy: ['p-maya'] },
    ];
    const stubFamily = (reschedule?: () => never) =>
      stubApi({
        'GET /api/availability': { slots: FAMILY_SLOTS, closed: [] },
        'POST /api/bookability': ({ body }) => {
          const { startsAt, pupilIds } = body as { startsAt: string[]; pupilIds?: string[] };
          // As the service answers a family account that names nobody.
          if (!pupilIds) throw new Error('pupilIds missing: the service would answer 400');
          return {
            creditAvailable: 0,
            results: startsAt.map((s) => ({ startsAt: s, status: 'ok' as const })),
          };
        },
        ...(reschedule ? { 'POST /api/admin/bookings/:id/reschedule': reschedule } : {}),
      });

    it("checks the moving pupil's seat, marks the session he already has, and costs £0", async () => {
      const { requests, calls } = stubFamily();
      render(<Reschedule pricing={DEFAULT_PRICING} booking={ARJUN_MOVE} clock={clock} />);
      // The calendar is read afresh (an earlier test's answer may be shown first).
      await waitFor(() =>
        expect(card('Tuesday 3 November 2026').textContent).toContain('Booked for Arjun'),
      );
      expect(card('Thursday 5 November 2026').textContent).not.toContain('Booked');
      // His own session: refused on the spot, in the customer's words, without asking.
      fireEvent.click(card('Tuesday 3 November 2026'));
      expect(await screen.findByText(/You've already booked this session/)).toBeTruthy();
      expect(calls.filter((c) => c.startsWith('POST /api/bookability'))).toHaveLength(0);
      // His sister's session is his to move into: checked for him alone.
      fireEvent.click(card('Thursday 5 November 2026'));
      await waitFor(() =>
        expect(card('Thursday 5 November 2026').getAttribute('aria-pressed')).toBe('true'),
      );
      const asked = requests.find((r) => r.url.pathname === '/api/bookability');
      expect(asked?.body).toMatchObject({ pupilIds: ['p-arjun'] });
      expect(basketTotal().textContent).toBe('£0.00');
    });

    it('words a conflict for staff when an admin moves the booking', async () => {
      stubFamily();
      render(
        <Reschedule
          pricing={DEFAULT_PRICING}
          forUser="customer-7"
          booking={ARJUN_MOVE}
          onConfirm={async () => {
            throw new ApiError({
              status: 409,
              title: 'Duplicate',
              detail: 'You have already booked this session.',
              code: 'duplicate',
            });
          }}
          clock={clock}
        />,
      );
      // The calendar is read afresh (an earlier test's answer may be shown first).
      await waitFor(() =>
        expect(card('Tuesday 3 November 2026').textContent).toContain('Booked for Arjun'),
      );
      // (Toasts of earlier tests may still be on screen: count the customer's wording.)
      const customerWording = () => screen.queryAllByText(/You've already booked/).length;
      const before = customerWording();
      fireEvent.click(card('Tuesday 3 November 2026'));
      expect(
        await screen.findByText('Arjun already has this session. Please choose a different one.'),
      ).toBeTruthy();
      expect(customerWording()).toBe(before);
      // Taken in the meantime: the service's refusal is worded for staff as well.
      fireEvent.click(card('Thursday 5 November 2026'));
      await waitFor(() =>
        expect(card('Thursday 5 November 2026').getAttribute('aria-pressed')).toBe('true'),
      );
      fireEvent.click(
        within(screen.getByRole('complementary')).getByRole('button', { name: /Confirm/ }),
      );
      await waitFor(() =>
        expect(
          screen.getAllByText('Arjun already has this session. Please choose a different one.'),
        ).toHaveLength(2),
      );
    });
  });
});
