// History and receipts as a customer meets them (decision 053): /previous-bookings counts
// only sessions that took place as completed and puts cancelled and moved ones under their own
// headings; /payments-invoices shows each seat's state now and links its receipt; the receipt
// prints the seller, the VAT line, the reference and the sessions, and says "Receipt not found"
// for a payment that is not the visitor's.
import type { Receipt } from '@tuition/api-contract';
import { fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../lib/api-client.ts';
import { problem, stubApi } from '../../test-support/api-stub.ts';

vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: { user: { id: 'user-1', name: 'Pat Parent', email: 'pat@example.com' } },
    isPending: false,
  }),
}));

const { BookingsPrevious, previousCountLine } = await import('./bookings-previous.tsx');
const { PaymentHistory } = await import('./payment-history.tsx');
const { PaymentReceipt } = await import('./payment-receipt.tsx');
const { createQueryClient } = await import('../shared/app-providers.tsx');

const clock = fixedClock('2026-11-24T12:00:00Z');
const PUPIL = { id: 'p1', name: 'Sam', yearGroup: 'y10' } as const;

const booking = (over: Partial<Booking>): Booking => ({
  id: 'b1',
  status: 'confirmed',
  service: 'gcse',
  subject: 'mathematics',
  label: 'GCSE Foundation',
  startsAt: '2026-11-10T17:00:00.000Z',
  endsAt: '2026-11-10T18:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  canCancel: false,
  canReschedule: false,
  pupil: PUPIL,
  ...over,
});

const session = (startsAt: string) => ({
  startsAt,
  endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
  date: startsAt.slice(0, 10),
  time: '5-6pm',
  label: 'GCSE Foundation',
  service: 'gcse' as const,
});

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  paymentId: '11111111-1111-4111-8111-111111111111',
  reference: 'pi_local_123',
  paidAt: '2026-11-03T09:00:00.000Z',
  amountPence: 4500,
  refundedPence: 0,
  creditUsed: 0,
  pack: null,
  sessionCount: 3,
  isSpecialOffer: false,
  lines: [
    { ...session('2026-11-10T17:00:00.000Z'), pupil: PUPIL, status: 'confirmed', movedTo: null },
    { ...session('2026-12-01T17:00:00.000Z'), pupil: PUPIL, status: 'cancelled', movedTo: null },
    {
      ...session('2026-12-08T17:00:00.000Z'),
      pupil: PUPIL,
      status: 'rescheduled',
      movedTo: { ...session('2026-12-15T17:00:00.000Z'), status: 'confirmed' },
    },
  ],
  seller: {
    name: 'Maths Mastery Education',
    address: ['1 Example Street', 'London', 'SW1A 1AA'],
    vatNumber: null,
  },
  ...over,
});

const notFound = () => problem(404, 'No such payment.');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/previous-bookings', () => {
  it('counts only sessions that took place as completed, and lists cancelled and moved ones under their own headings', async () => {
    stubApi({
      'GET /api/me/bookings': [
        booking({ id: 'done-1' }),
        booking({ id: 'done-2', startsAt: '2026-11-17T17:00:00.000Z' }),
        // A future session cancelled and one moved: neither is "completed".
        booking({ id: 'cancelled', status: 'cancelled', startsAt: '2026-12-01T17:00:00.000Z' }),
        booking({ id: 'moved', status: 'rescheduled', startsAt: '2026-11-03T17:00:00.000Z' }),
      ],
    });
    render(<BookingsPrevious clock={clock} queryClient={createQueryClient()} />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Showing 2 completed sessions, 1 cancelled and 1 rescheduled');
    const completed = screen.getByRole('region', { name: 'Completed (2)' });
    expect(within(completed).getAllByText('Completed')).toHaveLength(2);
    const cancelled = screen.getByRole('region', { name: 'Cancelled (1)' });
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).getByText('Tuesday 1 December 2026')).toBeTruthy();
    const moved = screen.getByRole('region', { name: 'Rescheduled (1)' });
    expect(within(moved).getByText('Rescheduled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book New Session' }).getAttribute('href')).toBe(
      '/booking',
    );
  });

  it('counts in words that read naturally: 1 completed session, 0 or 2 completed sessions', () => {
    const none = { completed: [], cancelled: [], rescheduled: [] };
    const one = { ...none, completed: [{} as Booking] };
    expect(previousCountLine(none)).toBe('Showing 0 completed sessions');
    expect(previousCountLine(one)).toBe('Showing 1 completed session');
    expect(previousCountLine({ ...one, cancelled: [{} as Booking] })).toBe(
      'Showing 1 completed session, 1 cancelled',
    );
  });

  it('offers Book New Session when there is nothing yet', async () => {
    stubApi({ 'GET /api/me/bookings': [] });
    render(<BookingsPrevious clock={clock} queryClient={createQueryClient()} />);
    expect(await screen.findByText('No previous sessions')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book New Session' })).toBeTruthy();
  });
});

describe('/payments-invoices', () => {
  it("shows each seat's status now, where a moved one went, and links the payment's receipt", async () => {
    const { fetch: fetchStub } = stubApi({ 'GET /api/me/receipts': [receipt()] });
    render(<PaymentHistory clock={clock} queryClient={createQueryClient()} />);
    const heading = await screen.findByRole('heading', { name: 'Paid Tuesday 3 November 2026' });
    const card = heading.closest('li') as HTMLElement;
    expect(fetchStub).toHaveBeenCalledWith('/api/me/receipts', expect.anything());
    expect(within(card).getByText('£45.00')).toBeTruthy();
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(within(card).getByText('Cancelled')).toBeTruthy();
    expect(within(card).getByText('Moved')).toBeTruthy();
    expect(
      within(card).getByText('Moved to Tuesday 15 December 2026, 5-6pm (upcoming)'),
    ).toBeTruthy();
    const link = within(card).getByRole('link', { name: /View receipt/ });
    expect(link.getAttribute('href')).toBe(
      '/payments-invoices/receipt?payment=11111111-1111-4111-8111-111111111111',
    );
    expect(link.textContent).toContain('for £45.00 paid Tuesday 3 November 2026');
  });
});

describe('the receipt page', () => {
  it('prints the seller from content, "Not VAT registered", the date, amount, reference and every session with its pupil', async () => {
    window.history.replaceState(null, '', '/payments-invoices/receipt?payment=abc');
    const { fetch: fetchStub } = stubApi({ 'GET /api/me/receipts/:id': receipt() });
    const print = vi.fn();
    render(<PaymentReceipt clock={clock} print={print} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Maths Mastery Education' })).toBeTruthy();
    expect(fetchStub).toHaveBeenCalledWith('/api/me/receipts/abc', expect.anything());
    expect(screen.getByText('1 Example Street')).toBeTruthy();
    expect(screen.getByText('SW1A 1AA')).toBeTruthy();
    expect(screen.getByText('Not VAT registered')).toBeTruthy();
    expect(screen.getByText('Tuesday 3 November 2026')).toBeTruthy();
    expect(screen.getByText('pi_local_123')).toBeTruthy();
    expect(screen.getByText('£45.00')).toBeTruthy();
    expect(screen.getByText('Pat Parent (pat@example.com)')).toBeTruthy();

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Tuesday 10 November 2026', '5:00 PM – 6:00 PM', 'GCSE Foundation', 'Sam', 'Completed'],
      ['Tuesday 1 December 2026', '5:00 PM – 6:00 PM', 'GCSE Foundation', 'Sam', 'Cancelled'],
      [
        'Tuesday 8 December 2026',
        '5:00 PM – 6:00 PM',
        'GCSE Foundation',
        'Sam',
        'MovedMoved to Tuesday 15 December 2026, 5-6pm (upcoming)',
      ],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints the VAT number when content has one', async () => {
    stubApi({
      'GET /api/me/receipts/:id': receipt({
        seller: { ...receipt().seller, vatNumber: 'GB123456789' },
        isSpecialOffer: true,
      }),
    });
    render(<PaymentReceipt clock={clock} paymentId="abc" queryClient={createQueryClient()} />);
    expect(await screen.findByText('VAT number: GB123456789')).toBeTruthy();
    expect(screen.queryByText('Not VAT registered')).toBeNull();
    expect(screen.getByText('3 sessions · 10-session offer applied')).toBeTruthy();
  });

  it('says "Receipt not found" for a payment that is not yours, and asks only once', async () => {
    const { fetch: fetchStub } = stubApi({ 'GET /api/me/receipts/:id': notFound });
    render(<PaymentReceipt clock={clock} paymentId="theirs" queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payments & Invoices' }).getAttribute('href')).toBe(
      '/payments-invoices',
    );
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('says "Receipt not found" without asking when the address names no payment', async () => {
    window.history.replaceState(null, '', '/payments-invoices/receipt');
    const { fetch: fetchStub } = stubApi({ 'GET /api/me/receipts/:id': notFound });
    render(<PaymentReceipt clock={clock} queryClient={createQueryClient()} />);
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
