// "Your credit" on /booking (docs/decisions/077): shown to a family that has had credit, hidden
// from one that never had any (the session packs follow the picker there).
import type { Wallet } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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
