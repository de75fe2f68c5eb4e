// "Data and history" on the admin user page against a stubbed service: the export download, the
// History (who, what, the change), and deleting for a customer only after confirming.
import type { AuditEntry } from '@tuition/api-contract';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import { AppProviders } from '../shared/app-providers.tsx';

const { UserDataSection, changeText, userExportUrl } = await import('./admin-user-data.tsx');

configure({ asyncUtilTimeout: 5000 });

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

  it('lists the history newest first with who did what and the change', async () => {
    const { calls } = stubApi({
      'GET /api/admin/audit': {
        entries: [
          entry({}),
          entry({
            id: 'e2',
            actorId: 'u1',
            actorName: 'Ada Lovelace',
            actorRole: 'customer',
            action: 'booking.reschedule',
            before: { status: 'confirmed', startsAt: '2026-11-08T12:00:00.000Z' },
            after: { status: 'rescheduled', newBookingId: 'b2' },
          }),
        ],
      },
    });
    renderSection();
    expect(await screen.findByText('Cancelled a booking')).toBeTruthy();
    expect(screen.getByText('Grace Admin (admin)')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace (customer)')).toBeTruthy();
    expect(screen.getByText('status: confirmed → cancelled')).toBeTruthy();
    expect(calls).toContain('GET /api/admin/audit?userId=u1');
    const download = screen.getByRole('link', { name: 'Download data' });
    expect(download.getAttribute('href')).toBe(userExportUrl('u1'));
  });

  it('hides ids from the change text', () => {
    expect(changeText({ before: null, after: { newBookingId: 'b2', status: 'rescheduled' } })).toBe(
      'status: rescheduled',
    );
  });

  it('deletes only after the confirmation, then reloads the history', async () => {
    const { calls } = stubApi({
      'GET /api/admin/audit': { entries: [] },
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
      'GET /api/admin/audit': { entries: [] },
      'DELETE /api/admin/users/:id': problem(403, 'Admin accounts cannot be deleted'),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Admin accounts cannot be deleted.')).toBeTruthy();
  });
});
