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
  lots: [
    {
      id: 'lot-1',
      name: '10-session pack',
      sessions: 10,
      remaining: 0,
      pricePaidPence: 10000,
      purchasedAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2027-05-26T23:00:00.000Z',
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
    const { calls } = stubApi({ 'GET /api/me/wallet': { balance: 0, lots: [], history: [] } });
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
    lots: [
      {
        id: 'lot-2',
        name: '10-session pack',
        sessions: 10,
        remaining: 7,
        pricePaidPence: 10000,
        purchasedAt: '2027-05-25T10:00:00.000Z',
        expiresAt: '2027-11-25T00:00:00.000Z',
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
