import type { JoinStatus } from '@tuition/api-contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '../../test-support/api-stub.ts';
import { bookingIdFromPath, JoinStatusPage, joinMessage } from './join-status.tsx';

const STATUS: JoinStatus = {
  bookingId: 'b1',
  state: 'too-early',
  label: 'GCSE Higher',
  startsAt: '2026-11-03T19:00:00.000Z',
  endsAt: '2026-11-03T20:00:00.000Z',
  opensAt: '2026-11-03T18:45:00.000Z',
  pupilName: 'Sam',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the join page', () => {
  it('reads the booking id from /join/{id}', () => {
    expect(bookingIdFromPath('/join/abc-123')).toBe('abc-123');
    expect(bookingIdFromPath('/join/')).toBe('');
  });

  it('says when a session opens, in London time', () => {
    expect(joinMessage(STATUS).heading).toBe('Join opens at 6:45 PM');
    expect(joinMessage(STATUS).text).toContain('Tuesday 3 November 2026');
  });

  it('says the tutor will share the link when none is set', () => {
    expect(joinMessage({ ...STATUS, state: 'no-link' }).heading).toBe(
      'Your tutor will share the link shortly',
    );
    expect(joinMessage({ ...STATUS, state: 'ended' }).heading).toBe('This session has ended');
  });

  it("shows not found for another account's booking, as for any unknown one", async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': problem(404, 'No such booking.') });
    render(<JoinStatusPage pathname="/join/6f1c1d1e-0000-4000-8000-000000000001" />);
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
  });

  it('explains too early from the service answer', async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': STATUS });
    render(<JoinStatusPage pathname="/join/b1" />);
    expect(await screen.findByRole('heading', { name: 'Join opens at 6:45 PM' })).toBeTruthy();
  });

  it("gives the business's phone and e-mail when the tutor has not shared the link yet", async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': { ...STATUS, state: 'no-link' } });
    const contact = { phone: '020 7946 0000', email: 'hello@example.com' };
    render(<JoinStatusPage pathname="/join/b1" contact={contact} />);
    expect(
      await screen.findByRole('heading', { name: 'Your tutor will share the link shortly' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '020 7946 0000' }).getAttribute('href')).toBe(
      'tel:02079460000',
    );
    expect(screen.getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe(
      'mailto:hello@example.com',
    );
  });

  it('keeps the contact line to the no-link state', async () => {
    stubApi({ 'GET /api/me/bookings/:id/join': STATUS });
    render(<JoinStatusPage pathname="/join/b1" contact={{ phone: '1', email: 'a@b.c' }} />);
    await screen.findByRole('heading', { name: 'Join opens at 6:45 PM' });
    expect(screen.queryByText(/Need help now/)).toBeNull();
  });
});
