import { describe, expect, it } from 'vitest';
import { resetPasswordProblem } from './auth-reset-password.tsx';
import { tokenResetProblem } from './auth-reset-token.tsx';

describe('reset page rules', () => {
  it('token page: too short first, then mismatch', () => {
    expect(tokenResetProblem('short', 'other')?.title).toBe('Password too short');
    expect(tokenResetProblem('long-enough-1', 'long-enough-2')).toEqual({
      title: "Passwords don't match",
      description: 'Please ensure both password fields match.',
    });
    expect(tokenResetProblem('long-enough-1', 'long-enough-1')).toBeNull();
  });
  it('/reset-password: both fields, then match, then 8 characters', () => {
    expect(resetPasswordProblem('', 'x')?.title).toBe('Please enter both password fields.');
    expect(resetPasswordProblem('abcdefgh', 'abcdefgi')?.title).toBe('Passwords do not match.');
    expect(resetPasswordProblem('short', 'short')?.title).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(resetPasswordProblem('abcdefgh', 'abcdefgh')).toBeNull();
  });
});
