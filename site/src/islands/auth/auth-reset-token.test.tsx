// The page a password-reset link opens (docs/product-rules.md#accounts-and-roles): a reset asks
// for a new password; an invited tutor's link asks them to choose their first one and lands on
// /teach (docs/decisions/107). The service is a fetch stub.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub.ts';
import { homeForRole, ResetPasswordToken } from './auth-reset-token.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (owner: { firstPassword: boolean; role: 'user' | 'tutor' | 'admin' }) => {
  window.history.replaceState(null, '', '/reset-password-token?token=abc');
  stubApi({
    'GET /api/auth-tokens/reset/:token': { valid: true, email: 'ada@example.com', ...owner },
  });
  render(<ResetPasswordToken />);
};

describe('the password link page', () => {
  it('asks an invited tutor to choose their password', async () => {
    open({ firstPassword: true, role: 'tutor' });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    expect(screen.getByText(/Choose a password for/).textContent).toBe(
      'Choose a password for ada@example.com.',
    );
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeTruthy();
    expect(screen.queryByText(/reset/i)).toBeNull();
  });

  it('asks a customer who forgot theirs for a new one', async () => {
    open({ firstPassword: false, role: 'user' });
    expect(await screen.findByRole('heading', { name: 'Set a New Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeTruthy();
  });

  it('lands each account on its own pages once signed in', () => {
    expect(homeForRole('tutor')).toBe('/teach');
    expect(homeForRole('admin')).toBe('/admin');
    expect(homeForRole('user')).toBe('/');
  });
});
