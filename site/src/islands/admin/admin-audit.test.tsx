// /admin/audit against a stubbed service (decision 073): entries in words and London time, the
// filters sent as the service's query, paging by cursor both ways, and non-admins sent away.
import type { AuditEntry } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, type StubRequest, stubApi } from '../../test-support/api-stub.ts';

const session = vi.hoisted(() => ({ role: 'admin' as string | null }));
// The admin gate reads the role from one get-session call (src/lib/auth-session.ts).
vi.mock('../../lib/auth-session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/auth-session.ts')>()),
  fetchSessionUser: async () =>
    session.role
      ? { id: 'admin-1', name: 'Grace', email: 'grace@example.com', role: session.role }
      : null,
}));

const { AdminAudit, auditQuery } = await import('./admin-audit.tsx');

const CURSOR = '2026-11-03T17:30:00.123456Z_6f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const entry = (id: string, summary: string, at = '2026-11-03T17:30:00.000Z'): AuditEntry => ({
  id,
  at,
  actorId: 'admin-1',
  actorName: 'Grace Admin',
  actorRole: 'admin',
  subjectUserId: 'u1',
  action: 'booking.cancel',
  target: `booking:${id}`,
  before: { status: 'confirmed' },
  after: { status: 'cancelled' },
  summary,
});

const CANCELLED =
  'Booking for Maya (GCSE Higher, Tuesday 3 November 2026, 5:00 PM) cancelled by Grace Admin';
const OLDER = 'Role of Bo Peep changed from customer to admin by Grace Admin';

/** First page: one entry and a cursor; the page before CURSOR: one older entry, no cursor. */
function pages(request: StubRequest) {
  return request.url.searchParams.get('before') === CURSOR
    ? { entries: [entry('e2', OLDER, '2026-07-01T08:05:00.000Z')], nextCursor: null }
    : { entries: [entry('e1', CANCELLED)], nextCursor: CURSOR };
}

describe('the audit page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.role = 'admin';
  });

  it('shows each entry in words with its London time, and pages older and newer', async () => {
    const { calls } = stubApi({ 'GET /api/admin/audit': pages });
    render(<AdminAudit />);
    expect(await screen.findByText(CANCELLED)).toBeTruthy();
    expect(screen.getByText('Tuesday 3 November 2026, 5:30 PM')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/booking\.cancel|status|booking:|Z\b/);
    expect(screen.queryByRole('button', { name: 'Newer entries' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await screen.findByText(OLDER)).toBeTruthy();
    // British Summer Time: 08:05 UTC is 9:05 AM in London.
    expect(screen.getByText('Wednesday 1 July 2026, 9:05 AM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
    expect(calls).toContain(`GET /api/admin/audit?before=${encodeURIComponent(CURSOR)}`);

    fireEvent.click(screen.getByRole('button', { name: 'Newer entries' }));
    expect(await screen.findByText(CANCELLED)).toBeTruthy();
  });

  it('sends who, what and when as the service’s filters, from the first page', async () => {
    const { requests } = stubApi({ 'GET /api/admin/audit': pages });
    render(<AdminAudit />);
    await screen.findByText(CANCELLED);
    fireEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText(OLDER);

    fireEvent.change(screen.getByLabelText('Who (name or e-mail)'), {
      target: { value: ' grace ' },
    });
    fireEvent.change(screen.getByLabelText('Acting as'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'booking.cancel' } });
    expect(screen.getByRole('option', { name: 'Booking cancelled' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From (London date)'), {
      target: { value: '2026-11-01' },
    });
    fireEvent.change(screen.getByLabelText('To (London date)'), {
      target: { value: '2026-11-30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)!.url.searchParams)).toEqual({
        actor: 'grace',
        actorRole: 'admin',
        action: 'booking.cancel',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
    expect(await screen.findByText(CANCELLED)).toBeTruthy();
  });

  it('refuses a "to" date before the "from" date without asking the service', async () => {
    const { calls } = stubApi({ 'GET /api/admin/audit': pages });
    render(<AdminAudit />);
    await screen.findByText(CANCELLED);
    fireEvent.change(screen.getByLabelText('From (London date)'), {
      target: { value: '2026-11-05' },
    });
    fireEvent.change(screen.getByLabelText('To (London date)'), {
      target: { value: '2026-11-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The “to” date must be on or after the “from” date.',
    );
    expect(calls).toHaveLength(1);
  });

  it('narrows to one account from the user page, and says when nothing matches', async () => {
    const { calls } = stubApi({ 'GET /api/admin/audit': { entries: [], nextCursor: null } });
    render(<AdminAudit userId="u1" />);
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(calls).toEqual(['GET /api/admin/audit?userId=u1']);
    expect(screen.getByRole('link', { name: 'Show every account' })).toBeTruthy();
    expect(
      auditQuery({ actor: '', actorRole: '', action: '', from: '', to: '' }, 'u1', 'c'),
    ).toEqual({ userId: 'u1', before: 'c' });
  });

  it('says so when the trail cannot be loaded', async () => {
    stubApi({ 'GET /api/admin/audit': problem(400, 'Invalid input') });
    render(<AdminAudit />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The audit trail could not be loaded. Please reload the page.',
    );
  });

  it('sends anyone but an admin to /admin', async () => {
    session.role = 'user';
    stubApi({});
    const navigate = vi.fn();
    render(<AdminAudit navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin'));
  });
});
