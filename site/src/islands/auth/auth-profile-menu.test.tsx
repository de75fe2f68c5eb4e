// The header's account links by role (docs/decisions/079): a tutor gets Teach, leading to /teach;
// customers' and admins' menus are as they were.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth-client.ts', () => ({ signOutEverywhere: vi.fn() }));

const { default: AuthProfileMenu, menuItems } = await import('./auth-profile-menu.tsx');

afterEach(cleanup);

describe('the profile menu', () => {
  it('lists Teach first for a tutor, linking to /teach', () => {
    // Spread: biome would read a literal role="tutor" as an ARIA role.
    const tutor = { name: 'Ms Rivera', email: 'rivera@example.com', role: 'tutor' } as const;
    render(<AuthProfileMenu {...tutor} />);
    const account = within(screen.getByRole('list', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Teach' }).getAttribute('href')).toBe('/teach');
    expect(account.getByRole('link', { name: '1-to-1 Hours' }).getAttribute('href')).toBe(
      '/teach/availability',
    );
    expect(account.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('keeps the customer’s and the admin’s menus as they were', () => {
    const labels = (role: 'user' | 'admin') => menuItems(role).map((item) => item.label);
    expect(labels('user')).toEqual(['My Account', 'Manage Bookings']);
    expect(labels('admin')).toEqual(['My Account', 'Manage Bookings', 'Admin Dashboard']);
  });
});
