// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm, RegisterForm, validateLogin, validateRegister } from './auth-forms.tsx';

afterEach(cleanup);

describe('login form', () => {
  it('requires email and password before calling the service', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
    expect(validateLogin({ email: 'ann@example.com', password: 'x' })).toEqual({});
  });

  it('shows the missing fields next to them and sends nothing', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<LoginForm onForgotPassword={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('opens the forgot-password dialog from its link', () => {
    const onForgot = vi.fn();
    render(<LoginForm onForgotPassword={onForgot} />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(onForgot).toHaveBeenCalledOnce();
  });
});

describe('register form', () => {
  it('asks for a name, an email, 8 characters of password and the terms', () => {
    expect(
      validateRegister({ name: ' ', email: 'nope', password: 'seven77', acceptTerms: false }),
    ).toEqual({
      name: 'Full name is required.',
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters long.',
      acceptTerms: 'Please agree to the Terms and Conditions and Privacy Policy.',
    });
    expect(
      validateRegister({
        name: 'Ann',
        email: 'ann@example.com',
        password: 'eight888',
        acceptTerms: true,
      }),
    ).toEqual({});
  });

  it('links the terms and privacy policy and refuses to submit without agreeing', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<RegisterForm />);
    expect(screen.getByRole('link', { name: /Terms and Conditions/ }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      screen.getByText('Please agree to the Terms and Conditions and Privacy Policy.'),
    ).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
