// /payments-invoices with the family wallet (docs/decisions/077): "Your credit" above the
// payments with each pack's sessions left, the last day to use them and the history in words; a
// pack bought names the pack, and a payment credit paid for says so.
import type { Payment, Receipt, Wallet } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { PaymentHistory } = await import('./payment-history.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const clock = fixedClock('2026-11-26T12:00:00Z');
const MAYA = { id: 'p2', name: 'Maya', yearGroup: 'y9' } as const;
const PACK_ID = '22222222-2222-4222-8222-222222222222';
const SEATS_ID = '33333333-3333-4333-8333-333333333333';

const seat = {
  startsAt: '2026-12-01T17:00:00.000Z',
  endsAt: '2026-12-01T18:00:00.000Z',
  date: '2026-12-01',
  time: '5-6pm',
  label: 'GCSE Higher',
  service: 'gcse' as const,
  pupil: MAYA,
};

const seller = { name: 'Maths Mastery Education', address: ['London'], vatNumber: null };

const receipts: Receipt[] = [
  {
    paymentId: SEATS_ID,
    reference: SEATS_ID,
    paidAt: '2026-11-26T10:00:00.000Z',
    amountPence: 0,
    refundedPence: 0,
    creditUsed: 1,
    pack: null,
    sessionCount: 1,
    isSpecialOffer: false,
    lines: [{ ...seat, status: 'confirmed', movedTo: null }],
    seller,
  },
  {
    paymentId: PACK_ID,
    reference: 'pi_local_pack',
    paidAt: '2026-11-25T10:00:00.000Z',
    amountPence: 10000,
    refundedPence: 0,
    creditUsed: 0,
    pack: { name: '10-session pack', sessions: 10 },
    sessionCount: 10,
    isSpecialOffer: false,
    lines: [],
    seller,
  },
];

/**
 * A payment as GET /api/me/payments answers it; `refundedPence` (refunds, being added beside
 * this work) defaults to none, so the fixture holds with and without it.
 */
const payment = (fields: Omit<Payment, 'refundedPence'>) =>
  ({ refundedPence: 0, ...fields }) as Payment;

const payments: Payment[] = [
  payment({
    id: SEATS_ID,
    paidAt: '2026-11-26T10:00:00.000Z',
    amountPence: 0,
    creditUsed: 1,
    pack: null,
    sessionCount: 1,
    isSpecialOffer: false,
    sessions: [{ ...seat, paidWithCredit: true }],
  }),
  payment({
    id: PACK_ID,
    paidAt: '2026-11-25T10:00:00.000Z',
    amountPence: 10000,
    creditUsed: 0,
    pack: { name: '10-session pack', sessions: 10 },
    sessionCount: 10,
    isSpecialOffer: false,
    sessions: [],
  }),
];

const wallet: Wallet = {
  balance: 9,
  held: [],
  lots: [
    {
      id: 'lot-1',
      name: '10-session pack',
      sessions: 10,
      remaining: 9,
      pricePaidPence: 10000,
      purchasedAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2027-05-26T23:00:00.000Z',
      held: 0,
      refundableUntil: '2026-12-09T10:00:00.000Z',
    },
  ],
  history: [
    {
      at: '2026-11-26T10:00:00.000Z',
      change: -1,
      reason: 'book',
      lotId: 'lot-1',
      pupil: MAYA,
      session: { startsAt: seat.startsAt, label: 'GCSE Higher' },
      note: null,
    },
    {
      at: '2026-11-25T10:00:00.000Z',
      change: 10,
      reason: 'purchase',
      lotId: 'lot-1',
      pupil: null,
      session: null,
      note: null,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/payments-invoices with credit', () => {
  it('shows the credit left, until when, and what it was used for, by child', async () => {
    stubApi({
      'GET /api/me/receipts': receipts,
      'GET /api/me/payments': payments,
      'GET /api/me/wallet': wallet,
    });
    render(<PaymentHistory clock={clock} queryClient={createQueryClient()} />);
    const panel = await screen.findByRole('region', { name: 'Your credit' });
    expect(within(panel).getByTestId('credit-balance').textContent).toBe('9 sessions of credit');
    expect(within(panel).getByText('9 of 10 left')).toBeTruthy();
    expect(within(panel).getByText('Use by Wednesday 26 May 2027')).toBeTruthy();
    const history = within(panel).getByRole('list', { name: 'Credit history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Maya used 1 session: GCSE Higher, Tuesday 1 December', 'Bought: 10-session pack']);
  });

  it('names the pack bought and says which payment credit paid for', async () => {
    stubApi({
      'GET /api/me/receipts': receipts,
      'GET /api/me/payments': payments,
      'GET /api/me/wallet': wallet,
    });
    render(<PaymentHistory clock={clock} queryClient={createQueryClient()} />);
    expect(await screen.findByText('Bought: 10-session pack (10 sessions of credit)')).toBeTruthy();
    const credit = screen.getByText('1 session · Paid with 1 session of credit');
    const card = credit.closest('li') as HTMLElement;
    expect(within(card).getByText(/for Maya · paid with credit/)).toBeTruthy();
  });

  it('tells a family without credit how to get some', async () => {
    stubApi({
      'GET /api/me/receipts': [],
      'GET /api/me/payments': [],
      'GET /api/me/wallet': { balance: 0, held: [], lots: [], history: [] },
    });
    render(<PaymentHistory clock={clock} queryClient={createQueryClient()} />);
    const panel = await screen.findByRole('region', { name: 'Your credit' });
    expect(within(panel).getByText(/You have no credit yet/)).toBeTruthy();
    expect(
      within(panel).getByRole('link', { name: 'See the session packs' }).getAttribute('href'),
    ).toBe('/booking#session-packs');
  });
});
