// The header's Book Now (decisions 050, 088): beside Login and beside a customer's or an admin's
// profile menu, never beside a tutor's (their account books nothing), and not on staff pages,
// which say so on the header's account area (data-offer-booking="false").
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth-client.ts', () => ({ signOutEverywhere: vi.fn() }));

const { AuthMenu, mountAuthMenu } = await import('./auth-menu.tsx');

const person = (role: 'user' | 'admin' | 'tutor') => ({
  id: `id-${role}`,
  name: 'Sam Example',
  email: `${role}@example.com`,
  role,
});
const bookNow = () => screen.queryByRole('link', { name: 'Book Now' });
const profileButton = () => screen.findByRole('button', { name: /Profile menu/ });

afterEach(cleanup);

describe('the header’s Book Now', () => {
  it.each([
    ['a customer', 'user'],
    ['an admin', 'admin'],
  ] as const)('stays beside the profile menu of %s', async (_, role) => {
    render(<AuthMenu initialUser={person(role)} />);
    await profileButton();
    expect(bookNow()?.getAttribute('href')).toBe('/booking');
  });

  it('is not offered to a tutor’s account', async () => {
    render(<AuthMenu initialUser={person('tutor')} />);
    await profileButton();
    expect(bookNow()).toBeNull();
  });

  it('is not offered on a staff page, signed in or out', async () => {
    const { unmount } = render(<AuthMenu initialUser={person('user')} offerBooking={false} />);
    await profileButton();
    expect(bookNow()).toBeNull();
    unmount();
    render(<AuthMenu initialUser={null} offerBooking={false} />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(bookNow()).toBeNull();
  });

  it('follows the header: mounted where data-offer-booking is false, it adds none', async () => {
    const container = document.createElement('div');
    container.dataset.offerBooking = 'false';
    document.body.append(container);
    await act(async () => mountAuthMenu(container, null));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy());
    expect(bookNow()).toBeNull();
    container.remove();
  });
});
