// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateLogin, validateRegister } from './auth-form-rules.ts';
import { LoginForm, RegisterForm } from './auth-forms.tsx';
import { UnverifiedNotice } from './auth-unverified-notice.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Answers each call to better-auth with the next of `answers`, recording the paths. */
function stubAuth(...answers: Response[]) {
  const paths: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next;
  });
  return paths;
}

describe('signing in before the address is verified', () => {
  it('explains it, says a new link was sent to the address, and offers Resend', async () => {
    stubAuth(
      Response.json(
        { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
        { status: 403, statusText: 'Forbidden' },
      ),
    );
    const onSuccess = vi.fn();
    render(<LoginForm onForgotPassword={() => {}} onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const notice = await screen.findByTestId('unverified-notice');
    expect(notice.textContent).toContain('not verified');
    expect(notice.textContent).toContain('sent a verification link to ann@example.com');
    expect(notice.textContent).toContain('selected sessions are kept');
    // The dialog stays open: the customer has not signed in.
    expect(onSuccess).not.toHaveBeenCalled();
    // Right after a link went out, Resend waits.
    const resend = screen.getByRole('button', { name: /Resend verification email/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('resends on request; a refusal past the hourly limit reaches the service, not a loop', async () => {
    const paths = stubAuth(
      Response.json({ status: true }),
      Response.json(
        {
          code: 'TOO_MANY_MAILS',
          message: 'Several e-mails have been sent to this address recently.',
        },
        { status: 429, headers: { 'Retry-After': '3600' } },
      ),
    );
    render(<UnverifiedNotice email="ann@example.com" cooldownSeconds={0} />);
    const resend = screen.getByRole('button', { name: /Resend verification email/ });
    fireEvent.click(resend);
    await waitFor(() => expect(paths).toEqual(['/api/auth/send-verification-email']));
    await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false));
    fireEvent.click(resend);
    await waitFor(() => expect(paths).toHaveLength(2));
  });
});

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
