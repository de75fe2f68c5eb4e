// The dashboard as an admin meets it, against a stubbed service: the figures, the session and
// user lists with their empty states, search and paging; and a customer is sent away.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Handler, problem, type Routes, stubApi } from '../../test-support/api-stub.ts';
import type { AdminUserRow } from './admin-api.ts';

const session = vi.hoisted(() => ({ role: 'admin' as string | null }));
// The admin gate reads the role from one get-session call (src/lib/auth-session.ts).
vi.mock('../../lib/auth-session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/auth-session.ts')>()),
  fetchSessionUser: async () =>
    session.role
      ? { id: 'admin-1', name: 'Grace', email: 'grace@example.com', role: session.role }
      : null,
}));

const { AdminDashboard } = await import('./admin-dashboard.tsx');
// The sections the dashboard loads as chunks of their own, loaded here once: a first test that
// met them compiling (seconds beside the service's suites) would be timing the compiler, not the
// page, and outwait Testing Library's patience. The page still mounts them as chunks.
await Promise.all([
  import('./admin-sessions.tsx'),
  import('./admin-classes.tsx'),
  import('./admin-users.tsx'),
  import('./admin-tutors.tsx'),
  import('./admin-promotions.tsx'),
]);

const user = (n: number): AdminUserRow => ({
  id: `u${n}`,
  name: `Pupil ${n}`,
  email: `pupil${n}@example.com`,
  phone: null,
  joinedAt: '2026-10-01T10:00:00Z',
  pupilNames: [`Pupil ${n}`],
  bookingsTotal: n % 3,
  totalSpentPence: 1500 * (n % 3),
  lastPaymentAt: n % 3 ? '2026-10-02T10:00:00Z' : null,
});

const FIGURES = {
  'GET /api/admin/summary': {
    totalUsers: 26,
    totalBookings: 8,
    upcomingSessions: 3,
    totalRevenuePence: 9000,
    refundedPence: 1000,
    cashReceivedPence: 8000,
    creditOutstandingSessions: 6,
    creditOutstandingPence: 6000,
    revenueDeliveredPence: 2000,
    atRiskSessions: 2,
  },
  'GET /api/admin/stats': {
    currentWeekStart: '2026-11-02',
    bookingsPerWeek: [
      { weekStart: '2026-10-26', bookings: 2 },
      { weekStart: '2026-11-02', bookings: 6 },
      { weekStart: '2026-11-09', bookings: 1 },
    ],
    revenuePerMonth: [{ month: '2026-11', revenuePence: 3000 }],
  },
} satisfies Routes;

/**
 * `count` users, newest first, 25 a page behind keyset cursors (decision 075), counted up to
 * `cap` as the service does; a search for "zzz" finds nobody.
 */
const usersDirectory =
  (count: number, cap = 1000): Handler<'GET /api/admin/users'> =>
  ({ url }) => {
    const search = url.searchParams.get('search') ?? '';
    const all = search === 'zzz' ? [] : Array.from({ length: count }, (_, i) => user(i + 1));
    const cursor = url.searchParams.get('cursor');
    const from = cursor ? all.findIndex((row) => cursorOf(row) === cursor) + 1 : 0;
    const items = all.slice(from, from + 25);
    const last = items.at(-1);
    return {
      items,
      nextCursor: last && from + 25 < all.length ? cursorOf(last) : null,
      total: Math.min(all.length, cap),
      totalIsCapped: all.length > cap,
    };
  };
const cursorOf = (row: AdminUserRow) => `2026-10-01T10:00:00Z_${row.id}`;

/** 26 users: two pages. */
const directory = usersDirectory(26);

/** One page of users, the last. */
const onePage = (items: AdminUserRow[]) => ({
  items,
  nextCursor: null,
  total: items.length,
  totalIsCapped: false,
});

const NO_SESSIONS = {
  'GET /api/admin/sessions': { items: [], nextCursor: null },
} satisfies Routes;

/** No sessions, and the users as `users` answers. */
const stubUsers = (users: Handler<'GET /api/admin/users'>) =>
  stubApi({ ...NO_SESSIONS, 'GET /api/admin/users': users }).calls;

/** Every part of the dashboard answers: figures, charts, no sessions, 26 users. */
const stubWholeDashboard = () =>
  stubApi({ ...FIGURES, ...NO_SESSIONS, 'GET /api/admin/users': directory }).calls;

const navigate = vi.fn();

beforeEach(() => {
  session.role = 'admin';
  navigate.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminDashboard', () => {
  it('shows the four figures, the charts and the upcoming count', async () => {
    stubWholeDashboard();
    render(<AdminDashboard navigate={navigate} />);
    expect(await screen.findByText('£90.00')).toBeTruthy();
    expect(screen.getByText('Total Users').nextSibling?.textContent).toBe('26');
    // Payments taken before refunds, the refunds beside them, and the net (product rules,
    // "Admin figures"); then lessons still owed for it (decision 077).
    expect(screen.getByText('Payments Taken').nextSibling?.textContent).toBe('£90.00');
    expect(screen.getByText(/before refunds: £10\.00 refunded since$/)).toBeTruthy();
    expect(screen.queryByText('Total Revenue')).toBeNull();
    expect(screen.getByText('Cash Received').nextSibling?.textContent).toBe('£80.00');
    expect(screen.getByText('Credit Outstanding').nextSibling?.textContent).toBe('£60.00');
    expect(screen.getByText('Revenue Delivered').nextSibling?.textContent).toBe('£20.00');
    expect(screen.getByText(/^6 sessions families can still book/)).toBeTruthy();
    expect(screen.getByText('Total Bookings').nextSibling?.textContent).toBe('8');
    expect(
      screen.getByText('Confirmed seats, held and upcoming; cancelled and moved not counted'),
    ).toBeTruthy();
    expect(screen.getByText('Upcoming Sessions').nextSibling?.textContent).toBe('3');
    expect(await screen.findByRole('radio', { name: 'Upcoming (3)' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Bookings per week/ })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Payments taken per month/ })).toBeTruthy();
    // The table alternative names weeks still to come.
    expect(screen.getByText('Week of 9 November 2026 (to come)')).toBeTruthy();
    expect(await screen.findByText('No upcoming sessions found.')).toBeTruthy();
  });

  it('counts the sessions at risk and links the figure to the At risk list', async () => {
    const calls = stubWholeDashboard();
    render(<AdminDashboard navigate={navigate} />);
    expect(await screen.findByText('£90.00')).toBeTruthy();
    expect(screen.getByText('Sessions at Risk').nextSibling?.textContent).toBe('2');
    const link = screen.getByRole('link', { name: 'Review sessions at risk' });
    // Opened in a new tab, the page starts on that list.
    expect(link.getAttribute('href')).toBe('/admin?sessions=at-risk#sessions-overview');
    fireEvent.pointerDown(link);
    fireEvent.click(link);
    const atRisk = await screen.findByRole('radio', { name: 'At risk (2)' });
    await waitFor(() => expect(atRisk.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() =>
      expect(calls).toContain('GET /api/admin/sessions?filter=at-risk&sort=date'),
    );
    // The keyboard is taken to the list.
    expect(document.activeElement?.id).toBe('sessions-overview');
    expect(await screen.findByText(/^No sessions at risk/)).toBeTruthy();
  });

  it('draws the sections below the first screen only as the admin scrolls near them', async () => {
    // A phone: nothing below the figures is near the viewport until the observer says so.
    const observed: { element: Element; report: (near: boolean) => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push({
            element,
            report: (near) =>
              this.callback(
                [
                  {
                    isIntersecting: near,
                    boundingClientRect: { bottom: 500 },
                  } as IntersectionObserverEntry,
                ],
                this as unknown as IntersectionObserver,
              ),
          });
        }
        disconnect() {}
      },
    );
    const calls = stubWholeDashboard();
    render(<AdminDashboard navigate={navigate} />);
    expect(await screen.findByText('£90.00')).toBeTruthy();
    // Each section shows its heading, and asks for nothing yet.
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sessions Overview' })).toBeTruthy();
    await waitFor(() => expect(observed.length).toBeGreaterThanOrEqual(3));
    expect(calls.some((c) => c.includes('/api/admin/users'))).toBe(false);
    expect(calls.some((c) => c.includes('/api/admin/sessions'))).toBe(false);

    // Scrolled near User Management: its users arrive; the sessions still wait their turn.
    const users = observed.find((o) =>
      o.element.textContent?.includes('User Management'),
    ) as (typeof observed)[number];
    act(() => users.report(true));
    expect(await screen.findByText('Showing 1 to 25 of 26 users')).toBeTruthy();
    expect(calls.some((c) => c.includes('/api/admin/sessions'))).toBe(false);

    // The first key (Tab, say) draws every section, so tabbing down meets each one in turn.
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByText('No upcoming sessions found.')).toBeTruthy();
    expect(calls.some((c) => c.includes('/api/admin/sessions'))).toBe(true);
  });

  it('pages the users 25 at a time and opens a user from the row', async () => {
    const calls = stubUsers(directory);
    render(<AdminDashboard navigate={navigate} />);
    expect(await screen.findByText('Showing 1 to 25 of 26 users')).toBeTruthy();
    // No page numbers: keyset pages only know the next one.
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26 to 26 of 26 users')).toBeTruthy();
    expect(calls).toContain(
      `GET /api/admin/users?cursor=${encodeURIComponent(cursorOf(user(25)))}`,
    );
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByText('pupil26@example.com'));
    expect(navigate).toHaveBeenCalledWith('/admin/users/u26');
  });

  it('walks three pages with Next and back with Previous, the total shown as "1,000+" past the cap', async () => {
    stubUsers(usersDirectory(1200));
    render(<AdminDashboard navigate={navigate} />);
    expect(await screen.findByText('Showing 1 to 25 of 1,000+ users')).toBeTruthy();
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const previous = () => fireEvent.click(screen.getByRole('button', { name: 'Previous' }));

    next();
    expect(await screen.findByText('Showing 26 to 50 of 1,000+ users')).toBeTruthy();
    expect(screen.getByText('pupil26@example.com')).toBeTruthy();
    next();
    expect(await screen.findByText('Showing 51 to 75 of 1,000+ users')).toBeTruthy();
    expect(screen.getByText('pupil75@example.com')).toBeTruthy();
    expect(screen.queryByText('pupil25@example.com')).toBeNull();

    previous();
    expect(await screen.findByText('Showing 26 to 50 of 1,000+ users')).toBeTruthy();
    expect(screen.getByText('pupil26@example.com')).toBeTruthy();
    previous();
    expect(await screen.findByText('Showing 1 to 25 of 1,000+ users')).toBeTruthy();
    expect(screen.getByText('pupil1@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('searches on Enter, from page 1, and says when nobody matches', async () => {
    const calls = stubUsers(directory);
    render(<AdminDashboard navigate={navigate} />);
    await screen.findByText('Showing 1 to 25 of 26 users');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 26 to 26 of 26 users');
    const box = screen.getByLabelText("Search users by name, email or pupil's name");
    fireEvent.change(box, { target: { value: '  zzz ' } });
    // Typing alone does not search.
    expect(calls.filter((c) => c.includes('search='))).toEqual([]);
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(await screen.findByText('No users found matching your search.')).toBeTruthy();
    // From the first page: no cursor of the page the admin was on.
    expect(calls).toContain('GET /api/admin/users?search=zzz');
    expect(calls.filter((c) => c.includes('search=') && c.includes('cursor='))).toEqual([]);
  });

  it('says "No users found." when there are no users at all', async () => {
    stubUsers(onePage([]));
    render(<AdminDashboard navigate={navigate} />);
    expect(await screen.findByText('No users found.')).toBeTruthy();
  });

  it('explains a refusal as missing admin rights', async () => {
    stubUsers(problem(403, 'Access denied'));
    render(<AdminDashboard navigate={navigate} />);
    expect(
      // The toast ends like a sentence; the table's note does not.
      await screen.findAllByText(/^Access denied: Admin privileges required\.?$/),
    ).not.toHaveLength(0);
  });

  it('shows a session’s attendees, linking each avatar to the user, and the register', async () => {
    stubApi({
      'GET /api/admin/sessions': {
        nextCursor: null,
        items: [
          {
            id: 's1',
            service: 'gcse',
            subject: 'mathematics',
            label: 'GCSE Foundation',
            startsAt: '2026-11-03T17:00:00Z',
            endsAt: '2026-11-03T18:00:00Z',
            date: '2026-11-03',
            time: '5-6pm',
            bookedCount: 1,
            capacity: 10,
          },
        ],
      },
      'GET /api/admin/sessions/:id/attendees': [
        {
          bookingId: 'b1',
          pupil: { id: 'p1', name: 'Byron Lovelace', yearGroup: 'y10' },
          userId: 'u1',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: '07700 900001',
          bookings: { total: 3, upcoming: 2, previous: 1, cancelled: 1, moved: 1 },
          totalSpentPence: 4500,
          lastPaymentAt: '2026-10-20T10:00:00Z',
        },
      ],
      'GET /api/admin/users': directory,
    });
    render(<AdminDashboard navigate={navigate} />);
    const toggle = await screen.findByRole('button', { name: /GCSE Foundation/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    // The register names the pupil who attends, then the account holder who booked.
    expect(await screen.findByText('Byron Lovelace')).toBeTruthy();
    expect(screen.getByText('(Year 10)')).toBeTruthy();
    expect(screen.getByText('Account holder: Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('07700 900001')).toBeTruthy();
    // Bookings mean confirmed seats; the cancelled and moved ones are shown apart, not counted.
    expect(
      screen.getByText(
        '3 bookings (confirmed seats): 2 upcoming, 1 held. Not counted: 1 cancelled, 1 moved.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Spent £45.00, last paid 20 Oct 2026')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: "Open Ada Lovelace's details" }).getAttribute('href'),
    ).toBe('/admin/users/u1');
    expect(screen.getByRole('link', { name: /Download register/ }).getAttribute('href')).toBe(
      '/api/admin/sessions/s1/attendees.csv',
    );
  });

  it("shows a family's account figures once, with each child's own attendance", async () => {
    const seat = (bookingId: string, pupil: string, userId: string, name: string) => ({
      bookingId,
      pupil: { id: `p-${bookingId}`, name: pupil, yearGroup: 'y10' as const },
      userId,
      name,
      email: `${userId}@example.com`,
      phone: null,
      bookings: { total: 4, upcoming: 4, previous: 0, cancelled: 0, moved: 0 },
      totalSpentPence: 6000,
      lastPaymentAt: null,
    });
    stubApi({
      'GET /api/admin/sessions': {
        nextCursor: null,
        items: [
          {
            id: 's1',
            service: 'gcse',
            subject: 'mathematics',
            label: 'GCSE Foundation',
            startsAt: '2026-11-03T17:00:00Z',
            endsAt: '2026-11-03T18:00:00Z',
            date: '2026-11-03',
            time: '5-6pm',
            bookedCount: 3,
            capacity: 10,
          },
        ],
      },
      'GET /api/admin/sessions/:id/attendees': [
        seat('b1', 'Maya Shah', 'u1', 'Priya Shah'),
        seat('b2', 'Arjun Shah', 'u1', 'Priya Shah'),
        seat('b3', 'Tom Reed', 'u2', 'Jo Reed'),
      ],
      'GET /api/admin/users': directory,
    });
    render(<AdminDashboard navigate={navigate} />);
    fireEvent.click(await screen.findByRole('button', { name: /GCSE Foundation/ }));
    expect(await screen.findByText('Maya Shah')).toBeTruthy();
    expect(screen.getByText('Arjun Shah')).toBeTruthy();
    // Two families: the Shahs' holder and figures once, not once per child.
    expect(screen.getAllByText('Account holder: Priya Shah')).toHaveLength(1);
    expect(screen.getAllByText('Account holder: Jo Reed')).toHaveLength(1);
    expect(screen.getAllByText(/^4 bookings \(confirmed seats\)/)).toHaveLength(2);
    expect(screen.getAllByText('Spent £60.00')).toHaveLength(2);
    // Each child is marked on their own.
    for (const pupil of ['Maya Shah', 'Arjun Shah', 'Tom Reed']) {
      expect(
        screen.getByRole('group', { name: new RegExp(`Attendance\\s*of ${pupil}`) }),
      ).toBeTruthy();
    }
  });

  it('row menu: Reset Password always, View in Stripe only with a Stripe link, no stray code', async () => {
    stubUsers(
      onePage([
        {
          ...user(1),
          name: 'Paid Parent',
          stripeCustomerUrl: 'https://dashboard.stripe.com/customers/cus_1',
        },
        { ...user(2), name: 'New Parent' },
      ]),
    );
    render(<AdminDashboard navigate={navigate} />);
    const openMenu = async (name: string) => {
      const trigger = await screen.findByRole('button', { name: `Actions for ${name}` });
      fireEvent.keyDown(trigger, { key: 'Enter' });
      return screen.findByRole('menu');
    };

    const paid = await openMenu('Paid Parent');
    // The menu once printed its own source: `user.stripeCustomerUrl && (` and `)`.
    expect(paid.textContent).not.toMatch(/stripeCustomerUrl|&&/);
    expect(screen.getByRole('menuitem', { name: 'Reset Password' })).toBeTruthy();
    const stripe = screen.getByRole('menuitem', { name: 'View in Stripe' });
    expect(stripe.getAttribute('href')).toBe('https://dashboard.stripe.com/customers/cus_1');
    fireEvent.keyDown(paid, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const unpaid = await openMenu('New Parent');
    expect(unpaid.textContent).not.toMatch(/stripeCustomerUrl|&&/);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Reset Password',
    ]);
    expect(screen.queryByRole('menuitem', { name: 'View in Stripe' })).toBeNull();
  });

  it('row menu: Reset Password asks before mailing; Cancel sends nothing, Send sends once', async () => {
    const { calls } = stubApi({
      ...NO_SESSIONS,
      'GET /api/admin/users': onePage([user(1)]),
      'POST /api/admin/users/:id/password-reset': { email: user(1).email },
    });
    render(<AdminDashboard navigate={navigate} />);
    const resetFromMenu = async () => {
      const trigger = await screen.findByRole('button', { name: `Actions for ${user(1).name}` });
      fireEvent.keyDown(trigger, { key: 'Enter' });
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset Password' }));
      return screen.findByRole('alertdialog');
    };
    const sent = () => calls.filter((c) => c.endsWith('/password-reset'));

    let dialog = await resetFromMenu();
    expect(dialog.textContent).toContain(`Send a password reset e-mail to ${user(1).name}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent()).toEqual([]);

    dialog = await resetFromMenu();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
  });

  it('sends a customer home without asking the admin API anything', async () => {
    session.role = 'user';
    const { calls } = stubApi();
    render(<AdminDashboard navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(calls.filter((c) => c.includes('/api/admin'))).toEqual([]);
  });
});
