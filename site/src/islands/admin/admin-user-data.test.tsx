// "Data and history" on the admin user page against a stubbed service: the export download, the
// History (who, what, the change), and deleting for a customer only after confirming.
import type { AuditEntry } from '@tuition/api-contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders } from '../shared/app-providers.tsx';

const { UserDataSection, userExportUrl } = await import('./admin-user-data.tsx');

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  at: '2026-11-03T17:30:00.000Z',
  actorId: 'admin-1',
  actorName: 'Grace Admin',
  actorRole: 'admin',
  subjectUserId: 'u1',
  action: 'booking.cancel',
  target: 'booking:b1',
  before: { status: 'confirmed' },
  after: { status: 'cancelled' },
  summary:
    'Booking for Maya (GCSE Higher, Tuesday 3 November 2026, 5:00 PM) cancelled by Grace Admin',
  ...over,
});

function renderSection() {
  return render(
    <AppProviders>
      <UserDataSection userId="u1" name="Ada Lovelace" />
    </AppProviders>,
  );
}

describe('admin user page: data and history', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the history newest first, each entry in words and London time', async () => {
    const { calls } = stubApi({
      'GET /api/admin/audit': {
        entries: [
          entry({}),
          entry({
            id: 'e2',
            at: '2026-07-01T08:05:00.000Z',
            actorId: 'u1',
            actorName: 'Ada Lovelace',
            actorRole: 'customer',
            action: 'booking.reschedule',
            before: { status: 'confirmed', startsAt: '2026-11-08T12:00:00.000Z' },
            after: { status: 'rescheduled', newBookingId: 'b2' },
            summary: 'Booking for Maya (GCSE Higher) moved from … by the customer',
          }),
        ],
        nextCursor: '2026-07-01T08:05:00.000000Z_6f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      },
    });
    renderSection();
    expect(
      await screen.findByText(
        'Booking for Maya (GCSE Higher, Tuesday 3 November 2026, 5:00 PM) cancelled by Grace Admin',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Tuesday 3 November 2026, 5:30 PM')).toBeTruthy();
    // British Summer Time: 08:05 UTC is 9:05 AM in London.
    expect(screen.getByText('Wednesday 1 July 2026, 9:05 AM')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/status|startsAt|booking\.cancel|Z\b/);
    expect(
      screen.getByRole('link', { name: 'Older entries on the audit page' }).getAttribute('href'),
    ).toBe('/admin/audit?userId=u1');
    expect(calls).toContain('GET /api/admin/audit?userId=u1');
    const download = screen.getByRole('link', { name: 'Download data' });
    expect(download.getAttribute('href')).toBe(userExportUrl('u1'));
  });

  it('deletes only after the confirmation, then reloads the history', async () => {
    const { calls } = stubApi({
      'GET /api/admin/audit': { entries: [], nextCursor: null },
      'DELETE /api/admin/users/:id': null,
    });
    renderSection();
    expect(await screen.findByText('No recorded actions on this account yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    expect(await screen.findByText('Delete Ada Lovelace’s account?')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/admin/users/u1'));
    await waitFor(() =>
      expect(calls.filter((c) => c === 'GET /api/admin/audit?userId=u1')).toHaveLength(2),
    );
  });

  it('says so when the account is an admin’s', async () => {
    stubApi({
      'GET /api/admin/audit': { entries: [], nextCursor: null },
      'DELETE /api/admin/users/:id': problem(403, 'Admin accounts cannot be deleted'),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Admin accounts cannot be deleted.')).toBeTruthy();
  });
});
