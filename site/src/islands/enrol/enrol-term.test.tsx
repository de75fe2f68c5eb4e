// /enrol as a family meets it (docs/decisions/083): the re-enrolment link's choices quoted at
// once, each date's status in words and the service's total; the date enrolment opens; a
// checkout refused because sessions filled, retried for the others; a promo code refused under
// its field; and the login prompt for a signed-out visitor. The service is a fetch stub.
import type { Pupil } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TermQuote } from '../../lib/term-api.ts';
import { problem, type Routes, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.signedIn ? { user: { id: 'user-1', name: 'Pat' } } : null,
    isPending: false,
  }),
}));

const { EnrolTerm } = await import('./enrol-term.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');
const { termOpeningWords, termOptionWords } = await import('./enrol-words.ts');

const clock = fixedClock('2026-11-27T09:00:00Z');

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
const MAYA = pupil('p1', 'Maya');
const SAM = pupil('p2', 'Sam');

const SPRING = {
  id: 'spring-2027',
  name: 'Spring 2027',
  firstDay: '2027-01-04',
  lastDay: '2027-03-26',
  priorityOpensOn: '2026-11-23',
  publicOpensOn: '2026-11-30',
  pricePencePerSession: 1400,
};
const SUMMER_2026 = { ...SPRING, id: 'summer-2026', name: 'Summer 2026', lastDay: '2026-07-17' };
const TUESDAY = {
  id: 'gcse-higher-tue-1900',
  service: 'gcse',
  day: 'tue',
  startTime: '19:00',
  label: 'GCSE Higher',
} as const;

const QUOTE: TermQuote = {
  sessions: [
    { startsAt: '2027-01-05T19:00:00.000Z', status: 'ok' },
    { startsAt: '2027-01-12T19:00:00.000Z', status: 'full' },
    { startsAt: '2027-02-16T19:00:00.000Z', status: 'closed' },
    { startsAt: '2027-02-23T19:00:00.000Z', status: 'ok' },
  ],
  sessionsCount: 2,
  amountPence: 5600,
  price: {
    subtotalPence: 5600,
    discountPence: 280,
    totalPence: 5320,
    discount: { kind: 'sibling', label: 'Sibling discount 10%' },
    promo: null,
  },
  creditAvailable: 0,
};

function stubService(routes: Routes = {}) {
  return stubApi({
    'GET /api/terms': [SUMMER_2026, SPRING],
    'GET /api/classes': [TUESDAY],
    'GET /api/me/pupils': { accountType: 'parent', pupils: [MAYA, SAM] },
    'POST /api/terms/:id/quote': QUOTE,
    ...routes,
  });
}

const LINK = `/enrol?term=${SPRING.id}&class=${TUESDAY.id}&pupil=${MAYA.id}`;
let queryClient: ReturnType<typeof createQueryClient>;
const navigate = vi.fn();

beforeEach(() => {
  session.signedIn = true;
  queryClient = createQueryClient();
  navigate.mockReset();
  window.history.replaceState(null, '', LINK);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(<EnrolTerm clock={clock} navigate={navigate} queryClient={queryClient} />);

const quoteRegion = () => screen.getByRole('region', { name: 'Sessions and price' });

describe('EnrolTerm', () => {
  it('quotes the linked class at once: each date in words and the service’s total', async () => {
    const stub = stubService();
    show();
    expect(await screen.findByText('Closed – no lesson')).toBeTruthy();
    const region = quoteRegion();
    expect(within(region).getByText('Full')).toBeTruthy();
    expect(within(region).getAllByText('Included')).toHaveLength(2);
    expect(region.textContent).toContain('Tuesday 5 January 2027');
    expect(region.textContent).toContain('2 sessions × 1 pupil');
    expect(region.textContent).toContain('Sibling discount 10%');
    expect(region.textContent).toContain('−£2.80');
    expect(within(region).getByTestId('enrol-total').textContent).toBe('£53.20');
    expect(screen.getByRole('button', { name: 'Pay £53.20 and enrol' })).toBeTruthy();
    // Only terms not over yet are offered, each saying who may enrol (decision 107); the link's
    // choices are sent.
    const termSelect = screen.getByRole('combobox', { name: 'Term' });
    expect(termSelect.textContent).not.toContain('Summer 2026');
    expect(termSelect.textContent).toBe('Spring 2027 – open to pupils in the class');
    expect(screen.getByText(/^4 January to 26 March 2027\./).textContent).toBe(
      '4 January to 26 March 2027. Open now to pupils already in the class; to everyone from Monday 30 November 2026.',
    );
    const sent = stub.requests.find((r) => r.url.pathname.endsWith('/quote'));
    expect(sent?.url.pathname).toBe('/api/terms/spring-2027/quote');
    expect(sent?.body).toEqual({ classId: TUESDAY.id, pupilIds: [MAYA.id] });
  });

  it('says when enrolment opens for these pupils', async () => {
    stubService({
      'POST /api/terms/:id/quote': problem(409, 'Not open yet', {
        code: 'not-open',
        opensOn: '2026-11-30',
      }),
    });
    show();
    const alert = await screen.findByText(
      'Enrolment for these pupils opens on Monday 30 November 2026.',
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('when sessions filled since the quote, enrols for the others and waitlists the full ones', async () => {
    const checkouts: unknown[] = [];
    stubService({
      'POST /api/checkout/term': ({ body }) => {
        checkouts.push(body);
        if (!(body as { skipFull?: boolean }).skipFull) {
          return problem(409, 'Some sessions are full', {
            code: 'full',
            slots: ['2027-01-12T19:00:00.000Z'],
          });
        }
        return {
          checkoutId: 'c1',
          status: 'pending',
          url: '/dev/checkout/c1',
          amountPence: 5320,
          creditUsed: 0,
          sessionCount: 2,
          isSpecialOffer: false,
          expiresAt: '2026-11-27T09:30:00.000Z',
          replacedCheckoutIds: [],
          waitlisted: ['2027-01-12T19:00:00.000Z'],
        };
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £53.20 and enrol' }));
    const retry = await screen.findByRole('button', {
      name: 'Enrol for the other 2 sessions and join the waiting list for the full ones',
    });
    fireEvent.click(retry);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dev/checkout/c1'));
    // Each with the total the page showed (docs/decisions/102).
    expect(checkouts).toEqual([
      { termId: SPRING.id, classId: TUESDAY.id, pupilIds: [MAYA.id], expectedPence: 5320 },
      {
        termId: SPRING.id,
        classId: TUESDAY.id,
        pupilIds: [MAYA.id],
        skipFull: true,
        expectedPence: 5320,
      },
    ]);
  });

  it('says when credit pays, what it leaves and what the card pays, and lets the family keep it', async () => {
    const checkouts: unknown[] = [];
    stubService({
      // One session of credit: it pays for the first seat, the card for the other at £28.
      'POST /api/terms/:id/quote': {
        ...QUOTE,
        creditAvailable: 1,
        cardPrice: {
          subtotalPence: 2800,
          discountPence: 0,
          totalPence: 2800,
          discount: null,
          promo: null,
        },
      },
      'POST /api/checkout/term': ({ body }) => {
        checkouts.push(body);
        return problem(503, 'Try again later');
      },
    });
    show();
    const region = await waitFor(() => {
      const found = quoteRegion();
      if (!within(found).queryByTestId('enrol-credit')) throw new Error('no credit line yet');
      return found;
    });
    const box = within(region).getByRole('checkbox', {
      name: 'Use my credit (you have 1 session)',
    });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(within(region).getByTestId('enrol-credit').textContent).toBe(
      '1 session (0 left after this)',
    );
    expect(within(region).getByTestId('enrol-total').textContent).toBe('£53.20');
    expect(within(region).getByTestId('enrol-card-total').textContent).toBe('£28.00');
    fireEvent.click(screen.getByRole('button', { name: 'Pay £28.00 and enrol' }));
    await waitFor(() => expect(checkouts).toHaveLength(1));

    // Unticked: the card pays the whole total and the credit is kept.
    fireEvent.click(box);
    expect(within(region).queryByTestId('enrol-credit')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £53.20 and enrol' }));
    await waitFor(() => expect(checkouts).toHaveLength(2));
    const base = { termId: SPRING.id, classId: TUESDAY.id, pupilIds: [MAYA.id] };
    // The total shown before credit is the one named (docs/decisions/102).
    expect(checkouts).toEqual([
      { ...base, expectedPence: 5320 },
      { ...base, expectedPence: 5320, useCredit: false },
    ]);
  });

  it('enrols with credit alone when it covers every seat', async () => {
    stubService({ 'POST /api/terms/:id/quote': { ...QUOTE, creditAvailable: 5 } });
    show();
    expect(await screen.findByRole('button', { name: 'Enrol with credit' })).toBeTruthy();
    expect(screen.getByTestId('enrol-credit').textContent).toBe('2 sessions (3 left after this)');
    expect(screen.getByTestId('enrol-card-total').textContent).toBe('£0.00');
  });

  it('when the price changed since the quote, says so and shows the new total', async () => {
    let quoted = QUOTE;
    stubService({
      'POST /api/terms/:id/quote': () => quoted,
      'POST /api/checkout/term': () =>
        problem(
          409,
          'The price has changed: the total is now £56.00, not £53.20. Please check the new total and confirm again.',
          { code: 'price-changed', expectedPence: 5320, amountPence: 5600 },
        ),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £53.20 and enrol' }));
    quoted = {
      ...QUOTE,
      price: { ...QUOTE.price, discountPence: 0, totalPence: 5600, discount: null },
    };
    expect(
      await screen.findByText(
        'The price has changed: the total is now £56.00, not £53.20. Please check the new total and confirm again.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay £56.00 and enrol' })).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows a refused promo code under its field and still quotes without it', async () => {
    const stub = stubService({
      'POST /api/terms/:id/quote': ({ body }) =>
        (body as { promoCode?: string }).promoCode
          ? problem(400, 'Invalid promo code', {
              errors: [{ field: 'promoCode', message: 'LEAFLET10 ended on 1 November 2026.' }],
            })
          : QUOTE,
    });
    show();
    await screen.findByText('Closed – no lesson');
    const field = screen.getByRole('textbox', { name: 'Promo code (optional)' });
    fireEvent.change(field, { target: { value: 'leaflet10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const message = await screen.findByText('LEAFLET10 ended on 1 November 2026.');
    expect(message.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByRole('button', { name: 'Pay £53.20 and enrol' })).toBeTruthy();
    expect(stub.requests.some((r) => (r.body as { promoCode?: string })?.promoCode)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() =>
      expect(screen.queryByText('LEAFLET10 ended on 1 November 2026.')).toBeNull(),
    );
  });

  it('asks the family to tick a pupil before quoting', async () => {
    window.history.replaceState(null, '', '/enrol');
    const stub = stubService();
    show();
    expect(
      await screen.findByText('Choose a term, a class and at least one pupil to see the price.'),
    ).toBeTruthy();
    await screen.findByRole('option', { name: 'GCSE Higher, Tuesdays 7:00 PM' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Class' }), {
      target: { value: TUESDAY.id },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Sam/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Maya/ }));
    await screen.findByText('Closed – no lesson');
    const sent = stub.requests.filter((r) => r.url.pathname.endsWith('/quote')).at(-1);
    expect(sent?.body).toEqual({ classId: TUESDAY.id, pupilIds: [MAYA.id, SAM.id] });
  });

  it('asks a signed-out visitor to log in', async () => {
    session.signedIn = false;
    stubService();
    show();
    expect(await screen.findByText(/^Please log in to enrol for a term\./)).toBeTruthy();
  });
});

describe('what the term list says of each term (decision 107)', () => {
  it('says who may enrol and from when, in the dates the re-enrolment e-mail gives', () => {
    expect(termOptionWords(SPRING, '2026-11-22')).toBe('Spring 2027 – opens 23 November');
    expect(termOpeningWords(SPRING, '2026-11-22')).toBe(
      'Opens to pupils already in the class on Monday 23 November 2026, to everyone on Monday 30 November 2026.',
    );
    expect(termOptionWords(SPRING, '2026-11-30')).toBe('Spring 2027 – open');
    expect(termOpeningWords(SPRING, '2026-11-30')).toBe('Open to everyone.');
    const noPriority = { ...SPRING, priorityOpensOn: SPRING.publicOpensOn };
    expect(termOpeningWords(noPriority, '2026-11-22')).toBe(
      'Opens to everyone on Monday 30 November 2026.',
    );
  });
});
