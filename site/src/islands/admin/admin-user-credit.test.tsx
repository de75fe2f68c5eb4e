// The family's credit on the admin user page (decision 077) against a stubbed service: the
// shared credit panel worded for staff, "Give credit" sending the grant and refreshing the
// panel, and the field errors a 400 names shown beside their fields.
import type { AdminUserDetail as Detail, Wallet } from '@tuition/api-contract';
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';

// The admin gate reads the role from one get-session call (src/lib/auth-session.ts).
vi.mock('../../lib/auth-session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/auth-session.ts')>()),
  fetchSessionUser: async () => ({
    id: 'admin-1',
    name: 'Grace',
    email: 'grace@example.com',
    role: 'admin',
  }),
}));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({ data: { user: { id: 'admin-1', name: 'Grace', role: 'admin' } } }),
  roleOf: () => 'admin',
}));

const { AdminUserDetail } = await import('./admin-user-detail.tsx');
const { expiresAtAfterUseBy } = await import('./admin-user-credit.tsx');

const clock = fixedClock('2026-11-03T09:00:00Z');

const detail: Detail = {
  profile: {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    role: 'user',
    emailVerified: true,
    joinedAt: '2026-09-01T10:00:00Z',
    accountType: 'parent',
  },
  pupils: [],
  statistics: { total: 0, upcoming: 0, previous: 0, cancelled: 0, moved: 0 },
  financial: { totalSpentPence: 0, lastPaymentAt: null },
  bookings: [],
  bookingsNextCursor: null,
};

const empty: Wallet = { balance: 0, held: [], lots: [], history: [] };
const granted: Wallet = {
  balance: 2,
  held: [],
  lots: [
    {
      id: 'lot-9',
      name: 'Credit from us',
      sessions: 2,
      remaining: 2,
      pricePaidPence: 0,
      purchasedAt: '2026-11-03T09:00:00.000Z',
      expiresAt: '2027-02-01T00:00:00.000Z',
      held: 0,
      refundableUntil: null,
    },
  ],
  history: [
    {
      at: '2026-11-03T09:00:00.000Z',
      change: 2,
      reason: 'grant',
      lotId: 'lot-9',
      pupil: null,
      session: null,
      note: 'Tutor ill on 2 November',
    },
  ],
};

const renderPage = () =>
  render(
    <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={vi.fn()} />,
  );

const creditRegion = async () => screen.findByRole('region', { name: 'Credit' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('expiresAtAfterUseBy', () => {
  it('lapses at the end of the London day chosen, in winter and in summer', () => {
    expect(expiresAtAfterUseBy('2027-01-31')).toBe('2027-02-01T00:00:00.000Z');
    expect(expiresAtAfterUseBy('2027-06-30')).toBe('2027-06-30T23:00:00.000Z');
  });
});

describe("the family's credit on the admin user page", () => {
  it('shows the shared credit panel, worded for staff', async () => {
    stubApi({ 'GET /api/admin/users/:id': detail, 'GET /api/admin/users/:id/wallet': granted });
    renderPage();
    const panel = await creditRegion();
    await waitFor(() =>
      expect(within(panel).getByTestId('credit-balance').textContent).toBe('2 sessions of credit'),
    );
    expect(within(panel).getByText('Credit from us')).toBeTruthy();
    expect(within(panel).getByText('Use by Sunday 31 January 2027')).toBeTruthy();
    expect(
      within(panel).getByText('Added by us: 2 sessions (Tutor ill on 2 November)'),
    ).toBeTruthy();
    expect(within(panel).queryByText(/your children/)).toBeNull();
  });

  it('says when the family has no credit', async () => {
    stubApi({ 'GET /api/admin/users/:id': detail, 'GET /api/admin/users/:id/wallet': empty });
    renderPage();
    const panel = await creditRegion();
    expect(
      await within(panel).findByText('No credit yet: no packs bought and none given.'),
    ).toBeTruthy();
  });

  it('gives credit with a use-by day and refreshes the panel', async () => {
    let given = false;
    const { requests } = stubApi({
      'GET /api/admin/users/:id': detail,
      'GET /api/admin/users/:id/wallet': () => (given ? granted : empty),
      'POST /api/admin/users/:id/credit': () => {
        given = true;
        return { lotId: 'lot-9', expiresAt: '2027-02-01T00:00:00.000Z' };
      },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Give credit' });
    fireEvent.change(within(form).getByLabelText('Sessions'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: ' Tutor ill on 2 November ' },
    });
    fireEvent.change(within(form).getByLabelText('Use by (optional)'), {
      target: { value: '2027-01-31' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Give credit' }));

    expect(await screen.findByText('Credit given')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      sessions: 2,
      reason: 'Tutor ill on 2 November',
      expiresAt: '2027-02-01T00:00:00.000Z',
    });
    const panel = await creditRegion();
    await waitFor(() =>
      expect(within(panel).getByTestId('credit-balance').textContent).toBe('2 sessions of credit'),
    );
    // The form is ready for the next grant.
    expect((within(form).getByLabelText('Reason') as HTMLInputElement).value).toBe('');
  });

  it('leaves the use-by day to the service when none is chosen', async () => {
    const { requests } = stubApi({
      'GET /api/admin/users/:id': detail,
      'GET /api/admin/users/:id/wallet': empty,
      'POST /api/admin/users/:id/credit': { lotId: 'lot-9', expiresAt: '2027-05-04T00:00:00.000Z' },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Give credit' });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        sessions: 1,
        reason: 'Goodwill',
      }),
    );
  });

  it('shows the field errors a 400 names beside their fields', async () => {
    stubApi({
      'GET /api/admin/users/:id': detail,
      'GET /api/admin/users/:id/wallet': empty,
      'POST /api/admin/users/:id/credit': problem(400, 'Invalid request', {
        errors: [
          { field: 'sessions', message: 'At most 20 sessions' },
          { field: 'expiresAt', message: 'Must be in the future' },
        ],
      }),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Give credit' });
    fireEvent.change(within(form).getByLabelText('Sessions'), { target: { value: '21' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.submit(form);

    const sessions = within(form).getByLabelText('Sessions');
    await waitFor(() => expect(sessions.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('At most 20 sessions')).toBeTruthy();
    expect(sessions.getAttribute('aria-describedby')).toContain(
      within(form).getByText('At most 20 sessions').id,
    );
    const useBy = within(form).getByLabelText('Use by (optional)');
    expect(useBy.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Must be in the future')).toBeTruthy();
    expect(within(form).getByLabelText('Reason').getAttribute('aria-invalid')).toBeNull();
  });
});
