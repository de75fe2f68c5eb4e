// /one-to-one as a family meets it (docs/decisions/108): the tutors' free times grouped by day, a
// weekly series priced from the CMS hourly price and sent as expectedPence, the note that credit
// does not pay, the weeks a tutor is no longer free (409 unavailable) booked without them, a
// code's total confirmed after 409 price-changed, the term's limit under the weeks field, and a
// signed-out visitor asked to log in. The service is a fetch stub.
import type { OneToOneSlot, Pupil } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'user-1', name: 'Pat' } } : null,
    isPending: false,
  }),
}));

const { OneToOneBooking } = await import('./one-to-one-booking.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

// A Wednesday in November: London is on UTC.
const clock = fixedClock('2026-11-11T10:00:00Z');
const OFFER = {
  hourlyPence: 5000,
  lengthsMinutes: [45, 60],
  services: ['gcse', 'alevel'],
} as const;

const slot = (tutorId: string, tutorName: string, startsAt: string, hours = 1): OneToOneSlot => ({
  tutorId,
  tutorName,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + hours * 3600_000).toISOString(),
});
const ADA_WED = slot('t-ada', 'Ada', '2026-11-18T16:00:00.000Z');
const ADA_WED_LATER = slot('t-ada', 'Ada', '2026-11-18T17:15:00.000Z');
const BEN_THU = slot('t-ben', 'Ben', '2026-11-19T16:00:00.000Z');

const MAYA: Pupil = {
  id: 'p1',
  name: 'Maya',
  yearGroup: 'y10',
  email: null,
  archived: false,
  consentRecordedAt: '2026-10-01T10:00:00.000Z',
  consentPolicyVersion: '2026-08-01',
  recordingConsent: false,
  recordingConsentAt: null,
};

const STARTED = {
  checkoutId: 'c1',
  status: 'pending' as const,
  url: '/dev/checkout/c1',
  amountPence: 15000,
  creditUsed: 0,
  sessionCount: 3,
  isSpecialOffer: false,
  expiresAt: '2026-11-11T10:30:00.000Z',
  replacedCheckoutIds: [],
  lessons: [],
  skipped: [],
};

function stubService(routes: Routes = {}) {
  return stubApi({
    'GET /api/one-to-one/availability': ({ url }) => ({
      service: 'gcse',
      lengthMinutes: Number(url.searchParams.get('lengthMinutes') ?? 60),
      from: url.searchParams.get('from') ?? '2026-11-11',
      to: url.searchParams.get('to') ?? '2026-11-24',
      slots: [ADA_WED, ADA_WED_LATER, BEN_THU],
    }),
    'GET /api/me/pupils': { accountType: 'parent', pupils: [MAYA] },
    ...routes,
  });
}

let queryClient: ReturnType<typeof createQueryClient>;
const navigate = vi.fn();

beforeEach(() => {
  session.signedIn = true;
  queryClient = createQueryClient();
  navigate.mockReset();
  window.history.replaceState(null, '', '/one-to-one');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <OneToOneBooking
      offer={OFFER}
      consentStatement="I consent."
      clock={clock}
      navigate={navigate}
      queryClient={queryClient}
    />,
  );

/** Picks Ada's Wednesday 4 PM, every week for `weeks` weeks. */
async function pickWeekly(weeks: number) {
  const wednesday = await screen.findByRole('group', { name: 'Wednesday 18 November 2026' });
  fireEvent.click(within(wednesday).getByRole('radio', { name: '4:00 PM – 5:00 PM with Ada' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Every week at this time' }));
  fireEvent.change(screen.getByRole('combobox', { name: 'Number of weeks' }), {
    target: { value: String(weeks) },
  });
}

describe('OneToOneBooking', () => {
  it('groups the free times by day and prices a weekly series from the CMS hourly price', async () => {
    const checkouts: unknown[] = [];
    stubService({
      'POST /api/checkout/one-to-one': ({ body }) => {
        checkouts.push(body);
        return STARTED;
      },
    });
    show();
    const thursday = await screen.findByRole('group', { name: 'Thursday 19 November 2026' });
    expect(
      within(thursday).getByRole('radio', { name: '4:00 PM – 5:00 PM with Ben' }),
    ).toBeTruthy();
    await pickWeekly(3);
    expect(screen.getByText('3 lessons × £50.00')).toBeTruthy();
    expect(screen.getByTestId('one-to-one-total').textContent).toBe('£150.00');
    expect(screen.getByText('Session credit can’t be used for 1-to-1 lessons.')).toBeTruthy();
    const dates = screen.getByRole('list', { name: 'Lesson dates' });
    expect(
      within(dates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Wednesday 18 November 2026',
      'Wednesday 25 November 2026',
      'Wednesday 2 December 2026',
    ]);
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'An adult will be nearby during the lesson' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay £150.00' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dev/checkout/c1'));
    expect(checkouts).toEqual([
      {
        service: 'gcse',
        tutorId: 't-ada',
        startsAt: ADA_WED.startsAt,
        lengthMinutes: 60,
        pupilId: 'p1',
        weeks: 3,
        adultNearby: true,
        expectedPence: 15000,
      },
    ]);
  });

  it('shows only the chosen tutor’s times, and a 45-minute lesson at its share of the hour', async () => {
    const stub = stubService();
    show();
    await screen.findByRole('group', { name: 'Thursday 19 November 2026' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tutor' }), {
      target: { value: 't-ben' },
    });
    expect(screen.queryByRole('group', { name: 'Wednesday 18 November 2026' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '4:00 PM – 5:00 PM' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Lesson length' }), {
      target: { value: '45' },
    });
    await waitFor(() => expect(stub.calls.some((c) => c.includes('lengthMinutes=45'))).toBe(true));
    expect(screen.getByText('1 lesson × £37.50')).toBeTruthy();
  });

  it('names the weeks the tutor is no longer free, refreshes the times and books the others', async () => {
    const checkouts: Record<string, unknown>[] = [];
    const stub = stubService({
      'POST /api/checkout/one-to-one': ({ body }) => {
        const request = body as Record<string, unknown>;
        checkouts.push(request);
        if (!request.skipUnavailable) {
          return problem(409, 'The tutor is no longer free', {
            code: 'unavailable',
            slots: ['2026-11-25T16:00:00.000Z'],
          });
        }
        return { ...STARTED, amountPence: 10000, skipped: ['2026-11-25T16:00:00.000Z'] };
      },
    });
    show();
    await pickWeekly(3);
    const asked = stub.calls.filter((c) => c.startsWith('GET /api/one-to-one/availability')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Pay £150.00' }));
    const alert = await screen.findByText(
      'Sorry, Ada is no longer free on Wednesday 25 November 2026 at 4:00 PM. The free times have been refreshed.',
    );
    expect(alert).toBeTruthy();
    await waitFor(() =>
      expect(
        stub.calls.filter((c) => c.startsWith('GET /api/one-to-one/availability')).length,
      ).toBeGreaterThan(asked),
    );
    expect(screen.getByText('– no longer free')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book the other 2 lessons (£100.00)' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dev/checkout/c1'));
    expect(checkouts[1]).toMatchObject({ weeks: 3, skipUnavailable: true, expectedPence: 10000 });
  });

  it('shows the total with a code after 409 price-changed and sends it when confirmed', async () => {
    const checkouts: Record<string, unknown>[] = [];
    stubService({
      'POST /api/checkout/one-to-one': ({ body }) => {
        const request = body as Record<string, unknown>;
        checkouts.push(request);
        if (request.expectedPence !== 4500) {
          return problem(409, 'The price has changed: the total is now £45.00, not £50.00.', {
            code: 'price-changed',
            expectedPence: request.expectedPence,
            amountPence: 4500,
          });
        }
        return { ...STARTED, amountPence: 4500 };
      },
    });
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '4:00 PM – 5:00 PM with Ada' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Promo code (optional)' }), {
      target: { value: 'leaflet10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(
      await screen.findByText(
        'With the code LEAFLET10 the total is £45.00, not £50.00. Please check it and press Pay to confirm.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('one-to-one-total').textContent).toBe('£45.00');
    fireEvent.click(screen.getByRole('button', { name: 'Pay £45.00' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dev/checkout/c1'));
    expect(checkouts.map((c) => [c.promoCode, c.expectedPence])).toEqual([
      ['leaflet10', 5000],
      ['leaflet10', 4500],
    ]);
  });

  it('says under the weeks field when the series runs past the end of the term', async () => {
    stubService({
      'POST /api/checkout/one-to-one': problem(400, 'Invalid input', {
        errors: [
          {
            field: 'weeks',
            message:
              'A weekly series can run to Friday 18 December 2026 at the latest: choose fewer weeks.',
          },
        ],
      }),
    });
    show();
    await pickWeekly(6);
    fireEvent.click(screen.getByRole('button', { name: 'Pay £300.00' }));
    const weeks = screen.getByRole('combobox', { name: 'Number of weeks' });
    await waitFor(() => expect(weeks.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(weeks.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toContain('Friday 18 December 2026 at the latest');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows a signed-out visitor the free times and asks them to log in to book', async () => {
    session.signedIn = false;
    const stub = stubService();
    show();
    fireEvent.click(await screen.findByRole('radio', { name: '4:00 PM – 5:00 PM with Ada' }));
    expect(screen.getByText(/Log in to choose which of your children/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to book' }));
    expect(stub.calls.some((c) => c.includes('/api/checkout'))).toBe(false);
    expect(stub.calls.some((c) => c.includes('/api/me/pupils'))).toBe(false);
  });
  it('names the recording rule under the adult box, and drops the box when recording is compulsory', async () => {
    const refusal =
      '1-to-1 lessons are recorded unless an adult will be nearby: tick that box, or turn on recording consent for Maya in your account.';
    stubService({
      'POST /api/checkout/one-to-one': () =>
        problem(400, 'Invalid input', { errors: [{ field: 'adultNearby', message: refusal }] }),
    });
    show();
    await pickWeekly(2);
    fireEvent.click(screen.getByRole('button', { name: 'Pay £100.00' }));
    const box = screen.getByRole('checkbox', { name: 'An adult will be nearby during the lesson' });
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(refusal)).toBeTruthy();
    cleanup();

    render(
      <OneToOneBooking
        offer={{ ...OFFER, recordingCompulsory: true }}
        consentStatement="I consent."
        clock={clock}
        navigate={navigate}
        queryClient={createQueryClient()}
      />,
    );
    await screen.findByRole('group', { name: 'Wednesday 18 November 2026' });
    fireEvent.click(screen.getByRole('radio', { name: '4:00 PM – 5:00 PM with Ada' }));
    expect(
      screen.getByText(
        'Every 1-to-1 lesson is recorded for safeguarding, with your consent for your child.',
      ),
    ).toBeTruthy();
    expect(
      screen.queryByRole('checkbox', { name: 'An adult will be nearby during the lesson' }),
    ).toBeNull();
  });
});
