// "Your credit" on /booking (docs/decisions/077): shown to a family that has had credit, hidden
// from one that never had any (the session packs follow the picker there).
import type { Wallet } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test-support/api-stub.ts';

vi.mock('../../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'user-1', name: 'Pat' } }, isPending: false }),
}));

const { CreditPanel } = await import('./credit-panel.tsx');
const { AppProviders, createQueryClient } = await import('../app-providers.tsx');

const clock = fixedClock('2027-06-01T12:00:00Z');

const spent: Wallet = {
  balance: 0,
  held: [],
  lots: [
    {
      id: 'lot-1',
      name: '10-session pack',
      sessions: 10,
      remaining: 0,
      pricePaidPence: 10000,
      purchasedAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2027-05-26T23:00:00.000Z',
      held: 0,
      refundableUntil: null,
    },
  ],
  history: [
    {
      at: '2027-05-26T23:00:00.000Z',
      change: -3,
      reason: 'expire',
      lotId: 'lot-1',
      pupil: null,
      session: null,
      note: null,
    },
  ],
};

const renderPanel = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CreditPanel variant="summary" clock={clock} />
    </AppProviders>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreditPanel on /booking', () => {
  it('says nothing to a family that never had credit', async () => {
    const { calls } = stubApi({
      'GET /api/me/wallet': { balance: 0, held: [], lots: [], history: [] },
    });
    const { container } = renderPanel();
    await waitFor(() => expect(calls).toContain('GET /api/me/wallet'));
    await waitFor(() => expect(container.querySelector('.credit-panel')).toBeNull());
    expect(screen.queryByText('Your credit')).toBeNull();
  });

  it('shows a lapsed pack as lapsed, and links to the history', async () => {
    stubApi({ 'GET /api/me/wallet': spent });
    renderPanel();
    expect(await screen.findByRole('region', { name: 'Your credit' })).toBeTruthy();
    expect(screen.getByText('0 of 10 left')).toBeTruthy();
    expect(screen.getByText('Lapsed after Wednesday 26 May 2027')).toBeTruthy();
    // The history lives on /payments-invoices.
    expect(screen.queryByText('Lapsed: 3 sessions')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'See how you have used your credit' }).getAttribute('href'),
    ).toBe('/payments-invoices');
  });
});

describe('the cooling-off refund in "Your credit"', () => {
  const fresh: Wallet = {
    balance: 7,
    held: [],
    lots: [
      {
        id: 'lot-2',
        name: '10-session pack',
        sessions: 10,
        remaining: 7,
        pricePaidPence: 10000,
        purchasedAt: '2027-05-25T10:00:00.000Z',
        expiresAt: '2027-11-25T00:00:00.000Z',
        held: 0,
        refundableUntil: '2027-06-08T10:00:00.000Z',
      },
    ],
    history: [],
  };

  it('offers the unused sessions back at the pack rate, says how much first, and sends it', async () => {
    const { calls } = stubApi({
      'GET /api/me/wallet': fresh,
      'POST /api/me/wallet/lots/:id/refund': { refundedPence: 7000, sessionsCancelled: 7 },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <CreditPanel clock={clock} />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Refund unused sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    // £70, not 7 × £15: the pack's own price per session.
    expect(dialog.textContent).toContain('We will refund £70.00 to your card');
    expect(dialog.textContent).toContain('until Tuesday 8 June 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Refund £70.00' }));
    await waitFor(() => expect(calls).toContain('POST /api/me/wallet/lots/lot-2/refund'));
  });

  it('offers nothing once the 14 days are over', async () => {
    stubApi({
      'GET /api/me/wallet': { ...fresh, lots: [{ ...fresh.lots[0]!, refundableUntil: null }] },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <CreditPanel clock={clock} />
      </AppProviders>,
    );
    expect(await screen.findByText('7 of 10 left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund unused sessions' })).toBeNull();
  });
});

describe('credit an unfinished payment holds', () => {
  // Five of Maya and Arjun's sessions held by a card payment left open until 1:20 PM (BST).
  const holding: Wallet = {
    balance: 0,
    held: [
      {
        checkoutId: 'co-1',
        sessions: 5,
        pupils: [
          { id: 'p-1', name: 'Maya', yearGroup: 'y10' },
          { id: 'p-2', name: 'Arjun', yearGroup: 'y8' },
        ],
        expiresAt: '2027-06-01T12:20:00.000Z',
        resumeUrl: '/dev/checkout/co-1',
      },
    ],
    lots: [
      {
        id: 'lot-3',
        name: '5-session pack',
        sessions: 5,
        remaining: 0,
        pricePaidPence: 5000,
        purchasedAt: '2027-05-20T10:00:00.000Z',
        expiresAt: '2027-11-21T00:00:00.000Z',
        held: 5,
        refundableUntil: null,
      },
    ],
    history: [
      {
        at: '2027-05-20T10:00:00.000Z',
        change: 5,
        reason: 'purchase',
        lotId: 'lot-3',
        pupil: null,
        session: null,
        note: null,
      },
    ],
  };

  const renderFull = () =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <CreditPanel clock={clock} />
      </AppProviders>,
    );

  it('says the sessions are held until the hold ends, for whom, with Resume and Release', async () => {
    const { calls } = stubApi({
      'GET /api/me/wallet': holding,
      'POST /api/checkout/:id/cancel': { status: 'cancelled' },
    });
    renderFull();
    const hold = await screen.findByTestId('credit-hold');
    expect(hold.textContent).toContain('5 sessions held for an unfinished payment until 1:20 PM');
    expect(hold.textContent).toContain('For Maya and Arjun');
    // Held, not used: the lot says so rather than "All used".
    expect(screen.getByText('5 sessions held for an unfinished payment')).toBeTruthy();
    expect(screen.queryByText('All used')).toBeNull();
    expect(screen.getByRole('link', { name: 'Resume payment' }).getAttribute('href')).toBe(
      '/dev/checkout/co-1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls).toContain('POST /api/checkout/co-1/cancel'));
  });

  it('on /booking names the hold without repeating the Payment pending panel’s Resume and Release', async () => {
    stubApi({ 'GET /api/me/wallet': holding });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <CreditPanel variant="summary" clock={clock} />
      </AppProviders>,
    );
    const hold = await screen.findByTestId('credit-hold');
    expect(hold.textContent).toContain('5 sessions held for an unfinished payment until 1:20 PM');
    expect(hold.textContent).toContain('For Maya and Arjun');
    expect(screen.queryByRole('link', { name: 'Resume payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
  });

  it('shows a hold that ended before payment as one history line', async () => {
    stubApi({
      'GET /api/me/wallet': {
        ...holding,
        held: [],
        balance: 5,
        lots: [{ ...holding.lots[0]!, remaining: 5, held: 0 }],
        history: [
          {
            at: '2027-05-31T11:20:00.000Z',
            change: 0,
            reason: 'hold-ended',
            held: 5,
            lotId: 'lot-3',
            pupil: null,
            session: null,
            note: null,
          },
          ...holding.history,
        ],
      },
    });
    renderFull();
    expect(
      await screen.findByText(
        'Held for a payment that was not finished, then given back: 5 sessions',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('credit-hold')).toBeNull();
    expect(
      screen.getAllByRole('listitem').filter((li) => li.className === 'credit-history__entry'),
    ).toHaveLength(2);
  });
});
