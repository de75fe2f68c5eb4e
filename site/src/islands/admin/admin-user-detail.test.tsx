// The admin user page against a stubbed service: profile, figures and history; cancelling with
// the spec's confirmation; a password reset sent only once confirmed; the not-found and empty
// states; the id read from the address.
import type { AdminCancelledBooking } from '@tuition/api-contract';
import { DEFAULT_PRICING, fixedClock } from '@tuition/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import type { AdminUserDetail as Detail } from './admin-api.ts';

const session = vi.hoisted(() => ({ role: 'admin' as string | null }));
// The admin gate reads the role from one get-session call (src/lib/auth-session.ts).
vi.mock('../../lib/auth-session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/auth-session.ts')>()),
  fetchSessionUser: async () =>
    session.role
      ? { id: 'admin-1', name: 'Grace', email: 'grace@example.com', role: session.role }
      : null,
}));
vi.mock('../../lib/auth-client.ts', () => ({
  useSession: () => ({
    data: session.role ? { user: { id: 'admin-1', name: 'Grace', role: session.role } } : null,
    isPending: false,
  }),
  roleOf: (user: { role?: string | null } | null | undefined) =>
    user?.role === 'admin' ? 'admin' : 'user',
}));

const { AdminUserDetail } = await import('./admin-user-detail.tsx');
const { userIdFromPath } = await import('./use-admin-user.ts');

const clock = fixedClock('2026-11-03T09:00:00Z');

const detail = (
  bookings: Detail['bookings'],
  bookingsNextCursor: string | null = null,
): Detail => ({
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
  pupils: [
    {
      id: 'p1',
      name: 'Byron Lovelace',
      yearGroup: 'y10',
      email: null,
      archived: false,
      consentRecordedAt: '2026-09-01T10:05:00Z',
      consentPolicyVersion: '2026-08-01',
      recordingConsent: false,
      recordingConsentAt: null,
    },
    {
      id: 'p2',
      name: 'Annabella Lovelace',
      yearGroup: null,
      email: null,
      archived: true,
      consentRecordedAt: null,
      consentPolicyVersion: null,
      recordingConsent: false,
      recordingConsentAt: null,
    },
  ],
  statistics: { total: 1, upcoming: 1, previous: 0, cancelled: 1, moved: 1 },
  financial: { totalSpentPence: 3000, lastPaymentAt: '2026-10-20T10:00:00Z' },
  bookings,
  bookingsNextCursor,
});

const upcoming: Detail['bookings'][number] = {
  id: 'b1',
  sessionStartsAt: '2026-11-07T10:00:00Z',
  sessionEndsAt: '2026-11-07T11:00:00Z',
  subject: 'mathematics',
  service: 'sats',
  label: 'SATs',
  status: 'confirmed',
  badge: 'upcoming',
  createdAt: '2026-10-20T10:00:00Z',
  canCancel: true,
  canReschedule: true,
  pupil: { id: 'p1', name: 'Byron Lovelace', yearGroup: 'y10' },
};
const cancelled: Detail['bookings'][number] = {
  ...upcoming,
  id: 'b2',
  sessionStartsAt: '2026-11-05T18:00:00Z',
  sessionEndsAt: '2026-11-05T19:00:00Z',
  service: 'gcse',
  label: 'GCSE Foundation',
  status: 'cancelled',
  badge: 'cancelled',
  createdAt: '2026-10-25T10:00:00Z',
  canCancel: false,
  canReschedule: false,
};

/** What POST /api/admin/bookings/b1/cancel answers: the booking and what the family got back. */
const cancelledB1: AdminCancelledBooking = {
  id: 'b1',
  status: 'cancelled',
  service: 'sats',
  subject: 'mathematics',
  label: 'SATs',
  startsAt: upcoming.sessionStartsAt,
  endsAt: upcoming.sessionEndsAt,
  createdAt: upcoming.createdAt,
  canCancel: false,
  canReschedule: false,
  pupil: upcoming.pupil,
  remedy: { remedy: 'credit', refundedPence: 0, creditReturned: 1 },
};

const navigate = vi.fn();

beforeEach(() => {
  session.role = 'admin';
  navigate.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('userIdFromPath', () => {
  it('reads the id from /admin/users/{id} only', () => {
    expect(userIdFromPath('/admin/users/abc_123')).toBe('abc_123');
    expect(userIdFromPath('/admin/users/a%20b/')).toBe('a b');
    expect(userIdFromPath('/admin/user')).toBeUndefined();
    expect(userIdFromPath('/admin/users/a/b')).toBeUndefined();
  });
});

describe('AdminUserDetail', () => {
  it("shows the user's details, figures and history with actions on upcoming bookings only", async () => {
    stubApi({ 'GET /api/admin/users/:id': detail([upcoming, cancelled]) });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Not provided')).toBeTruthy();
    expect(screen.getByText('£30.00')).toBeTruthy();
    expect(screen.getAllByText('20 Oct 2026')).toHaveLength(2);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Saturday 7 November 2026')).toBeTruthy();
    expect(within(first).getByText('Mathematics')).toBeTruthy();
    expect(within(first).getByText('Upcoming')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /^Reschedule/ })).toBeTruthy();
    expect(within(first).getByRole('button', { name: /^Cancel/ })).toBeTruthy();
    expect(within(second).getByText('Cancelled')).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
    // Every row names the pupil who attends.
    expect(within(first).getByText('Byron Lovelace')).toBeTruthy();
  });

  it('adds the older bookings a page at a time on "Load more bookings", then the button goes', async () => {
    // 50 come with the detail; two more pages after them, as the service's cursors walk.
    const past = (n: number): Detail['bookings'][number] => ({
      ...cancelled,
      id: `b-old-${n}`,
      sessionStartsAt: new Date(Date.UTC(2026, 9, 30 - n, 17)).toISOString(),
      sessionEndsAt: new Date(Date.UTC(2026, 9, 30 - n, 18)).toISOString(),
    });
    const firstPage = Array.from({ length: 50 }, (_, i) => past(i % 20));
    const withIds = firstPage.map((booking, i) => ({ ...booking, id: `b${i + 1}` }));
    const { calls } = stubApi({
      'GET /api/admin/users/:id': detail(withIds, 'b50'),
      'GET /api/admin/users/:id/bookings': ({ url }) =>
        url.searchParams.get('cursor') === 'b50'
          ? { items: [past(21), past(22)], nextCursor: 'b-old-22' }
          : { items: [past(23)], nextCursor: null },
    });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    const loadMore = await screen.findByRole('button', { name: 'Load more bookings' });
    const bookingRows = () => document.querySelectorAll('tr[data-booking-id]');
    expect(bookingRows()).toHaveLength(50);
    // Nothing more is fetched until asked.
    expect(calls.filter((c) => c.includes('/bookings'))).toEqual([]);

    fireEvent.click(loadMore);
    await waitFor(() => expect(bookingRows()).toHaveLength(52));
    expect(calls).toContain('GET /api/admin/users/u1/bookings?cursor=b50');
    expect(
      within(bookingRows()[50] as HTMLElement).getByText('Friday 9 October 2026'),
    ).toBeTruthy();
    // The keyboard carries on at the first booking added.
    expect(document.activeElement).toBe(
      within(bookingRows()[50] as HTMLElement).getByRole('rowheader'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more bookings' }));
    await waitFor(() => expect(bookingRows()).toHaveLength(53));
    expect(calls).toContain('GET /api/admin/users/u1/bookings?cursor=b-old-22');
    expect(screen.queryByRole('button', { name: /Load more bookings/ })).toBeNull();
  });

  it('offers no "Load more bookings" when the first page is the whole history', async () => {
    stubApi({ 'GET /api/admin/users/:id': detail([upcoming, cancelled]) });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    await screen.findByText('Saturday 7 November 2026');
    expect(screen.queryByRole('button', { name: /Load more bookings/ })).toBeNull();
  });

  it('counts bookings as confirmed seats and lists the pupils with theirs', async () => {
    stubApi({ 'GET /api/admin/users/:id': detail([upcoming, cancelled]) });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    const figure = async (label: string) =>
      (await screen.findByText(label)).closest('[class*="DataListItem"]')?.textContent;
    // A booking here is a confirmed seat; cancelled and moved are the service's own counts
    // (the same figures the attendee panel shows), not recounted from the history shown.
    expect(await figure('Bookings (confirmed seats)')).toBe('Bookings (confirmed seats)1');
    expect(await figure('Cancelled (not counted)')).toBe('Cancelled (not counted)1');
    expect(await figure('Moved (not counted)')).toBe('Moved (not counted)1');
    const pupils = screen.getByRole('heading', { name: 'Pupils' }).parentElement as HTMLElement;
    expect(within(pupils).getByText('Byron Lovelace')).toBeTruthy();
    expect(within(pupils).getByText('Year 10')).toBeTruthy();
    expect(
      within(pupils).getByText(
        '1 booking (confirmed seats): 1 upcoming, 0 held. Not counted: 1 cancelled, 0 moved.',
      ),
    ).toBeTruthy();
    expect(within(pupils).getByText('Annabella Lovelace')).toBeTruthy();
    expect(within(pupils).getByText('Removed by the account')).toBeTruthy();
  });

  it('cancels after the spec’s confirmation, a session of credit by default, and says what was done', async () => {
    let done = false;
    const { calls, requests } = stubApi({
      'POST /api/admin/bookings/:id/cancel': () => {
        done = true;
        return cancelledB1;
      },
      // As the service: once cancelled, the seat can no longer be cancelled.
      'GET /api/admin/users/:id': () =>
        detail([
          done
            ? {
                ...upcoming,
                status: 'cancelled',
                badge: 'cancelled',
                canCancel: false,
                canReschedule: false,
              }
            : upcoming,
        ]),
    });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByRole('heading', {
        name: 'Cancel Byron Lovelace’s SATs session on Saturday 7 November 2026?',
      }),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Are you sure you want to cancel this booking? This action cannot be undone.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('The customer will be e-mailed that this session is cancelled.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/will not be refunded/)).toBeNull();
    // The remedy, a labelled group (decision 077): the business cancelled, so credit by default.
    const group = within(dialog).getByRole('group', { name: 'What the family gets back' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    const credit = within(group).getByRole('radio', { name: /^Give a session of credit/ });
    expect(within(group).getByRole('radio', { name: /^Refund to the card/ })).toBeTruthy();
    expect(
      within(group).getByRole('radio', { name: 'No refund (the family asked to cancel)' }),
    ).toBeTruthy();
    expect(credit).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(/^Booking cancelled successfully\.?$/)).toBeTruthy();
    expect(calls).toContain('POST /api/admin/bookings/b1/cancel');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ remedy: 'credit' });
    await waitFor(() =>
      expect(screen.getByTestId('cancel-outcome').textContent).toBe(
        'Byron Lovelace’s SATs session on Saturday 7 November 2026 cancelled: 1 session of credit given back.',
      ),
    );
    // The row's Cancel button is gone; the keyboard carries on from what was done.
    expect(document.activeElement).toBe(screen.getByTestId('cancel-outcome'));
  });

  it.each([
    [
      'Refund to the card',
      'refund',
      { refundedPence: 1000, creditReturned: 0 },
      '£10.00 refunded to the card',
    ],
    ['No refund', 'none', { refundedPence: 0, creditReturned: 0 }, 'Nothing refunded'],
  ] as const)(
    'sends the remedy chosen (%s) and says what the answer did',
    async (label, remedy, done, words) => {
      const { requests } = stubApi({
        'POST /api/admin/bookings/:id/cancel': { ...cancelledB1, remedy: { remedy, ...done } },
        'GET /api/admin/users/:id': detail([upcoming]),
      });
      render(
        <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
      );
      fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
      const dialog = await screen.findByRole('alertdialog');
      fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(`^${label}`) }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
      await waitFor(() =>
        expect(screen.getByTestId('cancel-outcome').textContent).toMatch(
          new RegExp(`cancelled: ${words}\\.$`),
        ),
      );
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ remedy });
    },
  );

  it('sends the reason the admin gives, trimmed, for the e-mail to tell the family', async () => {
    const { requests } = stubApi({
      'POST /api/admin/bookings/:id/cancel': cancelledB1,
      'GET /api/admin/users/:id': detail([upcoming]),
    });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('alertdialog');
    // The same field as a whole-session cancel's, optional here and as long as the service takes.
    const reason = within(dialog).getByRole('textbox', {
      name: 'Reason, if any (sent to the family)',
    }) as HTMLTextAreaElement;
    expect(reason.value).toBe('');
    expect(reason.required).toBe(false);
    expect(reason.maxLength).toBe(300);
    fireEvent.change(reason, { target: { value: '  Our tutor is ill  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        remedy: 'credit',
        reason: 'Our tutor is ill',
      }),
    );
  });

  it('says so when the cancel fails', async () => {
    stubApi({
      'POST /api/admin/bookings/:id/cancel': problem(409, 'no'),
      'GET /api/admin/users/:id': detail([upcoming]),
    });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel/ }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel Booking',
      }),
    );
    expect(await screen.findByText('Failed to cancel booking.')).toBeTruthy();
  });

  it('asks before sending a password reset: Cancel sends nothing, Send sends it once', async () => {
    const { calls } = stubApi({
      'GET /api/admin/users/:id': detail([]),
      'POST /api/admin/users/:id/password-reset': { email: 'ada@example.com' },
    });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    const resets = () => calls.filter((call) => call.endsWith('/password-reset'));
    const openConfirm = async () => {
      fireEvent.keyDown(await screen.findByRole('button', { name: /^Actions/ }), { key: 'Enter' });
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Send Password Reset' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(
        within(dialog).getByText('Send a password reset e-mail to Ada Lovelace (ada@example.com)?'),
      ).toBeTruthy();
      return dialog;
    };

    fireEvent.click(within(await openConfirm()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(resets()).toEqual([]);

    fireEvent.click(within(await openConfirm()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Password reset email sent to ada@example.com.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(resets()).toEqual(['POST /api/admin/users/u1/password-reset']);
  });

  it("marks a 1-to-1 lesson with its tutor's first name, as the family's own list does", async () => {
    const lesson: Detail['bookings'][number] = {
      ...upcoming,
      id: 'b3',
      service: 'gcse-higher',
      label: 'GCSE Higher',
      kind: 'one-to-one',
      tutorName: 'Sam',
    };
    stubApi({ 'GET /api/admin/users/:id': detail([lesson, { ...cancelled, kind: 'group' }]) });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    const row = (await screen.findByText('1-to-1 with Sam · GCSE Higher')).closest('tr');
    expect(row?.getAttribute('data-booking-id')).toBe('b3');
    if (!row) throw new Error('no lesson row');
    // A lesson moves only to its tutor's free hours (on the family's page), never by the class
    // calendar; cancelling it offers a card refund, never credit (a group seat).
    expect(within(row).queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByRole('radio', { name: /^Give a session of credit/ })).toBeNull();
    expect(
      (within(dialog).getByRole('radio', { name: /Refund to the card/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
    // A class keeps its own name, with no 1-to-1 mark.
    const group = document.querySelector('tr[data-booking-id="b2"]') as HTMLElement;
    expect(within(group).getByText('GCSE Foundation')).toBeTruthy();
    expect(group.textContent).not.toContain('1-to-1');
  });

  it("lists the account's last texts with their status and error, the number masked", async () => {
    stubApi({
      'GET /api/admin/users/:id': {
        ...detail([upcoming]),
        texts: [
          {
            id: 't2',
            kind: 'reminders',
            to: '+•••••••••999',
            status: 'undelivered',
            errorCode: '30005',
            note: null,
            at: '2026-11-02T16:01:00Z',
            statusAt: '2026-11-02T16:02:00Z',
          },
          {
            id: 't1',
            kind: 'verification',
            to: '+•••••••••123',
            status: 'delivered',
            errorCode: null,
            note: null,
            at: '2026-10-30T09:00:00Z',
            statusAt: '2026-10-30T09:00:30Z',
          },
          {
            id: 't0',
            kind: 'waitingListOffers',
            to: '+•••••••••123',
            status: 'dropped',
            errorCode: null,
            note: 'too late to be of use',
            at: '2026-10-29T22:00:00Z',
            statusAt: '2026-10-30T08:00:00Z',
          },
        ],
      },
    });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    const section = await screen.findByRole('region', { name: 'Texts' });
    const rows = (await within(section).findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(section).getByText(/^The last 3 texts to this account, newest first,/),
    ).toBeTruthy();
    const [failed, delivered, dropped] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(failed).getByRole('rowheader').textContent).toBe('2 Nov 2026, 4:01 PM');
    expect(within(failed).getByText('Lesson reminder')).toBeTruthy();
    expect(within(failed).getByText('Undelivered (error 30005)')).toBeTruthy();
    expect(within(failed).getByText('number ending 999')).toBeTruthy();
    expect(within(delivered).getByText('Verification code')).toBeTruthy();
    expect(within(delivered).getByText('Delivered')).toBeTruthy();
    expect(within(dropped).getByText('Not sent')).toBeTruthy();
    expect(within(dropped).getByText('too late to be of use')).toBeTruthy();
    // Only the last 3 digits of a number are ever on the page.
    for (const row of rows) {
      const to = row.querySelector('[data-label="To"]')?.textContent ?? '';
      expect(to.replace(/\D/g, '')).toHaveLength(6); // "999" shown, "999" said
    }
  });

  it('says "No texts sent." when the account has had none', async () => {
    stubApi({ 'GET /api/admin/users/:id': { ...detail([upcoming]), texts: [] } });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    const section = await screen.findByRole('region', { name: 'Texts' });
    expect(await within(section).findByText('No texts sent.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says when the user has no bookings', async () => {
    stubApi({ 'GET /api/admin/users/:id': detail([]) });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    expect(await screen.findByText('No bookings found for this user.')).toBeTruthy();
  });

  it('says "User profile not found." for an unknown user', async () => {
    stubApi({ 'GET /api/admin/users/:id': problem(404, 'User profile not found.') });
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="gone" clock={clock} navigate={navigate} />,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User profile not found.' }),
    ).toBeTruthy();
  });

  it('sends a customer to /admin', async () => {
    session.role = 'user';
    stubApi();
    render(
      <AdminUserDetail pricing={DEFAULT_PRICING} userId="u1" clock={clock} navigate={navigate} />,
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin'));
  });
});
