// /payments-invoices shows refunds where families look (docs/product-rules.md, "Admin figures"):
// each payment names its refunds with their London date, and a pack whose unused sessions went
// back to the card reads "5 used · 5 refunded", not "All used".
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

const clock = fixedClock('2026-12-10T12:00:00Z');
const MAYA = { id: 'p2', name: 'Maya', yearGroup: 'y9' } as const;
const PACK_ID = '22222222-2222-4222-8222-222222222222';
const SEATS_ID = '33333333-3333-4333-8333-333333333333';
const seller = { name: 'Maths Mastery Education', address: ['London'], vatNumber: null };

const seat = {
  startsAt: '2026-10-20T16:00:00.000Z',
  endsAt: '2026-10-20T17:00:00.000Z',
  date: '2026-10-20',
  time: '5-6pm',
  label: 'GCSE Higher',
  service: 'gcse' as const,
  pupil: MAYA,
};

const receipts: Receipt[] = [
  {
    paymentId: PACK_ID,
    reference: 'pi_local_pack',
    paidAt: '2026-11-28T10:00:00.000Z',
    amountPence: 10000,
    refundedPence: 5000,
    refunds: [{ amountPence: 5000, refundedAt: '2026-12-03T10:00:00.000Z' }],
    creditUsed: 0,
    pack: { name: '10-session pack', sessions: 10 },
    sessionCount: 10,
    isSpecialOffer: false,
    lines: [],
    seller,
  },
  {
    paymentId: SEATS_ID,
    reference: SEATS_ID,
    paidAt: '2026-10-01T10:00:00.000Z',
    amountPence: 1500,
    refundedPence: 1500,
    // 23:30 in UTC is half past midnight the next day in London (BST).
    refunds: [{ amountPence: 1500, refundedAt: '2026-10-15T23:30:00.000Z' }],
    creditUsed: 0,
    pack: null,
    sessionCount: 1,
    isSpecialOffer: false,
    lines: [{ ...seat, status: 'cancelled', movedTo: null }],
    seller,
  },
];

const payments: Payment[] = [
  {
    id: PACK_ID,
    paidAt: '2026-11-28T10:00:00.000Z',
    amountPence: 10000,
    refundedPence: 5000,
    creditUsed: 0,
    pack: { name: '10-session pack', sessions: 10 },
    sessionCount: 10,
    isSpecialOffer: false,
    sessions: [],
  },
];

const entry = (fields: Partial<Wallet['history'][number]>): Wallet['history'][number] => ({
  at: '2026-11-28T10:00:00.000Z',
  change: 0,
  reason: 'book',
  lotId: 'lot-1',
  pupil: null,
  session: null,
  note: null,
  ...fields,
});

/** Ten sessions bought, five used by Maya, the other five refunded on 3 December. */
const wallet: Wallet = {
  balance: 0,
  held: [],
  lots: [
    {
      id: 'lot-1',
      name: '10-session pack',
      sessions: 10,
      remaining: 0,
      pricePaidPence: 10000,
      purchasedAt: '2026-11-28T10:00:00.000Z',
      expiresAt: '2027-05-29T23:00:00.000Z',
      held: 0,
      refundableUntil: null,
    },
  ],
  history: [
    entry({ at: '2026-12-03T10:00:00.000Z', change: -5, reason: 'refund' }),
    ...Array.from({ length: 5 }, (_, i) =>
      entry({
        at: `2026-12-0${i + 1}T09:00:00.000Z`,
        change: -1,
        reason: 'book',
        pupil: MAYA,
        session: { startsAt: `2026-12-0${i + 1}T17:00:00.000Z`, label: 'GCSE Higher' },
      }),
    ),
    entry({ change: 10, reason: 'purchase' }),
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/payments-invoices with refunds', () => {
  it('names each refund of a payment with its amount and London date', async () => {
    stubApi({
      'GET /api/me/receipts': receipts,
      'GET /api/me/payments': payments,
      'GET /api/me/wallet': wallet,
    });
    render(<PaymentHistory clock={clock} queryClient={createQueryClient()} />);
    const pack = (await screen.findByText('Bought: 10-session pack (10 sessions of credit)'))
      .parentElement as HTMLElement;
    expect(within(pack).getByText('Refunded £50.00 on Thursday 3 December 2026')).toBeTruthy();
    const seats = screen.getByText('Paid Thursday 1 October 2026').closest('li') as HTMLElement;
    expect(within(seats).getByText('Refunded £15.00 on Friday 16 October 2026')).toBeTruthy();
  });

  it('reads a pack partly refunded as used and refunded, not all used', async () => {
    stubApi({
      'GET /api/me/receipts': receipts,
      'GET /api/me/payments': payments,
      'GET /api/me/wallet': wallet,
    });
    render(<PaymentHistory clock={clock} queryClient={createQueryClient()} />);
    const panel = await screen.findByRole('region', { name: 'Your credit' });
    expect(within(panel).getByText('5 used · 5 refunded')).toBeTruthy();
    expect(within(panel).queryByText('All used')).toBeNull();
  });
});
